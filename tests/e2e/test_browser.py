"""End to end in a real headless Chromium: the app served on localhost, clicked like a learner.

Debian's ``chromium`` is driven by Playwright through ``executable_path`` (Playwright
never downloads a browser here). Without Chromium the tests skip with the reason,
except under ``CI=true``, where they fail: CI installs it, so its absence means the
run is not testing what it claims. Screenshots go to ``test-output/`` (gitignored),
with ``axe.json``: the accessibility violations axe-core found on each page.

What is checked here and nowhere else: layout (bounding boxes at 1280x800, 390x844 and
1920x1080), keyboard focus, the browser console (zero errors on every page), the cookie
that gives each browser its own profile, and accessibility with axe-core (0 critical
and 0 serious violations on every page, a lesson decision, the practice table and the
classroom view).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.browser import (
    BROWSER,
    DECISION,
    OUT,
    PAGES,
    SPOT_LABEL,
    WAIT_MS,
    box,
    check_axe,
    inside,
    join_class,
    open_context,
    open_decision,
    pick,
    shot,
    teacher_view,
    wait_idle,
    wait_or_reload,
)
from support.hands import DECIMAL_PHH
from support.server import ROOT

from coach.lessons.loader import load_lesson

pytestmark = BROWSER


# -- every page ------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_every_page_opens_without_console_errors_and_passes_axe(desk: tuple[Any, list[str]], server: str,
                                                                name: str) -> None:
    page, errors = desk
    page.goto(f"{server}/{'' if name == 'home' else name}")  # the home page is the root
    page.locator("h1").first.wait_for()
    wait_idle(page)
    page.wait_for_timeout(500)
    # the document's language is the page's (a screen reader reads Italian as Italian)
    try:
        page.wait_for_function("document.documentElement.lang === 'it'", timeout=10_000)
    except Exception:  # the assertion says what it was
        pass
    assert page.evaluate("document.documentElement.lang") == "it"
    check_axe(page, name)
    shot(page, f"page-{name}.png")
    assert errors == [], errors


def test_home_opens_in_italian_with_a_clickable_course(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/")
    page.get_by_text("Benvenuto", exact=False).first.wait_for()
    wait_idle(page)
    assert page.get_by_text("nessun denaro reale", exact=False).count() >= 1
    page.locator('a[href*="lezione=04-preflop"]').first.click()  # every lesson of the list is a link
    page.get_by_text("Lezione 4 di 16", exact=False).first.wait_for()
    wait_idle(page)
    assert "lezione=04-preflop" in page.url
    assert errors == [], errors


# -- the lesson player -----------------------------------------------------------------


def test_lesson_decision_fits_a_laptop_screen(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    open_decision(page, server)
    table = box(page, ".cc-table")
    fold = box(page, ".st-key-dec-03-azioni-0-4-fold button")
    bet = box(page, ".st-key-dec-03-azioni-0-4-raise button")
    steps = box(page, '[class*="st-key-steps-lesson"]')
    for b in (table, fold, bet, steps):
        assert inside(b, 1280, 800), b  # all in the first viewport, no scrolling
    # the price of the call, next to the buttons, before the answer; the same pot on the table
    assert page.get_by_text("Per chiamare 2 · piatto 3 · ti serve il 40,0%").is_visible()
    assert "Piatto totale: 3" in page.locator(".cc-pots").first.inner_text()
    check_axe(page, "lesson-decision")
    shot(page, "lesson-decision.png")
    assert errors == [], errors


def test_lesson_refusal_then_choice_in_words(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    open_decision(page, server)
    amount = page.get_by_label("Rilancia a", exact=True).and_(page.locator("input"))
    amount.fill("3")
    amount.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Bet / Raise").click()
    page.get_by_text("rilancio minimo", exact=False).first.wait_for()
    wait_idle(page)
    # the rule is named in words (no internal code) and links to the glossary
    assert page.get_by_role("link", name="Regola: Il rilancio minimo").count() >= 1
    page.get_by_role("button", name="Call 2").click()
    page.get_by_text("Hai scelto: Carla paga 2.", exact=False).first.wait_for()
    wait_idle(page)
    assert page.get_by_text("Paghi il grande buio (call)", exact=False).count() >= 1
    page.get_by_text("Perché? I numeri del coach", exact=False).first.click()  # lesson 3: essential
    wait_idle(page)
    assert page.get_by_text("Rilancio a 5", exact=False).count() >= 1  # the coach's choice, in Italian
    shot(page, "lesson-feedback.png", height=1600)
    assert errors == [], errors


def test_enter_on_next_keeps_the_focus_and_arrows_step(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/lezioni?lezione=03-azioni&mano=2&passo=1")
    page.get_by_text("Passo 1 di", exact=False).first.wait_for()
    wait_idle(page)
    nxt = page.locator('[class*="st-key-lesson-03-azioni-1-next"] button').first
    nxt.focus()
    for n in (2, 3):
        page.keyboard.press("Enter")
        page.get_by_text(f"Passo {n} di", exact=False).first.wait_for()
        wait_idle(page)
        focused = page.evaluate("document.activeElement.closest('[class*=\"st-key-\"]')?.className || ''")
        assert "st-key-lesson-03-azioni-1-next" in focused, focused
    page.keyboard.press("ArrowRight")  # the arrow keys are not single-letter shortcuts: always on
    page.get_by_text("Passo 4 di", exact=False).first.wait_for()
    wait_idle(page)
    assert "passo=4" in page.url
    assert errors == [], errors


def test_a_single_letter_does_nothing_until_turned_on(desk: tuple[Any, list[str]], server: str) -> None:
    # WCAG 2.1.4: "F" must not fold a hand by accident.
    page, errors = desk
    open_decision(page, server)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("f")
    page.wait_for_timeout(1500)
    wait_idle(page)
    assert page.get_by_text("Hai scelto", exact=False).count() == 0
    assert page.locator("button kbd", has_text="F").count() == 0
    # turned on in the settings, the letters work and show their hints
    letters_on(page, server)
    open_decision(page, server)
    page.locator("button kbd", has_text="F").first.wait_for(state="visible")  # the profile's settings applied
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("f")
    page.get_by_text("Hai scelto: Carla folda.", exact=False).first.wait_for()
    assert errors == [], errors


def letters_on(page: Any, server: str) -> None:
    """Impostazioni: turn the single-letter shortcuts on for this browser's profile.

    The toggle's own run stores the setting. On a loaded machine the status widget may not have
    appeared yet when ``wait_idle`` looks, and leaving the page then drops the run: so the page is
    reloaded until it shows the toggle on (stored), clicking again only when it shows it off.
    """
    label = "Scorciatoie da tastiera con una lettera"
    page.goto(server + "/impostazioni")
    for _ in range(6):
        wait_idle(page)
        switch = page.get_by_label(label).first
        switch.wait_for(state="attached", timeout=WAIT_MS)
        if switch.is_checked():
            return
        page.get_by_text(label).first.click()
        page.wait_for_timeout(1000)
        wait_idle(page)
        page.reload()
    raise AssertionError("the single-letter shortcuts never showed as on in Impostazioni")


def test_range_chart_draws_every_rank(desk: tuple[Any, list[str]], server: str) -> None:
    """The flop decision: one opponent left (Dario, after his raise), his grid open beside the verdict."""
    page, errors = desk
    open_decision(page, server, "/lezioni?lezione=03-azioni&mano=1&passo=11")
    page.get_by_role("button", name="Call 24").click()
    page.get_by_text("Hai scelto", exact=False).first.wait_for()
    page.locator("[data-testid=stExpander] summary", has_text="Perché?").first.click()  # lesson 3: essential
    grid = page.locator(".cc-rg").first
    grid.wait_for(state="visible")  # open by default: the only opponent
    wait_idle(page)
    grid.scroll_into_view_if_needed()
    assert grid.locator('th[scope="col"]').all_text_contents() == list("AKQJT98765432")
    assert grid.locator('th[scope="row"]').all_text_contents() == list("AKQJT98765432")
    assert grid.locator("td b").count() == 169
    labels = grid.locator("td b")
    assert labels.nth(1).inner_text() == "AKs" and labels.nth(13).inner_text() == "AKo"
    check_axe(page, "lesson-feedback-charts")
    grid.screenshot(path=str(OUT / "range-grid-flop.png"))
    shot(page, "lesson-range-chart.png", height=2200)
    assert errors == [], errors


@pytest.mark.parametrize(("step", "street", "cards"), [(6, "Preflop", 0), (12, "Flop", 3), (15, "Turn", 4)])
def test_street_label_follows_the_cards(desk: tuple[Any, list[str]], server: str, step: int, street: str,
                                        cards: int) -> None:
    # step 6: the preflop round is over but no flop yet; 12: an all-in before the turn.
    page, errors = desk
    page.goto(f"{server}/lezioni?lezione=03-azioni&mano=1&passo={step}")
    page.get_by_text(f"Passo {step} di", exact=False).first.wait_for()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    assert page.locator(".cc-street").first.text_content() == street
    assert page.locator(".cc-board .cc-card").count() == cards
    assert errors == [], errors


def test_a_hand_without_hero_shows_both_hands(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/lezioni?lezione=01-mazzo-carte-punti&mano=1&passo=5")
    page.get_by_text("Chi dei due è avanti?", exact=False).first.wait_for()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    assert page.locator('.cc-table [aria-label="Carta coperta"]').count() == 0
    assert page.locator(".cc-hole .cc-card").count() >= 4  # Anna's and Bruno's, face up
    shot(page, "lesson-no-hero.png")
    assert errors == [], errors


def test_lesson_on_a_phone(browser: Any, server: str) -> None:
    context, pg, errors = open_context(browser, 390, 844, device_scale_factor=2, is_mobile=True,
                                       has_touch=True)
    try:
        letters_on(pg, server)  # even with the letters on, a touch screen shows no key to press
        open_decision(pg, server)
        width = pg.evaluate("document.querySelector('.cc-table').getBoundingClientRect().width")
        assert 300 <= width <= 390
        # the buttons come before the log, and no keyboard hint on a touch screen
        fold = box(pg, ".st-key-dec-03-azioni-0-4-fold button")
        log = box(pg, ".cc-logbox")
        assert fold["y"] < log["y"]
        hints = pg.evaluate("Array.from(document.querySelectorAll('button kbd'))"
                            ".filter(k => getComputedStyle(k).display !== 'none').length")
        assert hints == 0
        shot(pg, "lesson-phone.png", height=2400)
        assert errors == [], errors
    finally:
        context.close()


# -- practice, replayer, settings ------------------------------------------------------


def test_practice_table(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/pratica")
    page.get_by_role("button", name="Siediti al tavolo").click()
    page.locator(".cc-table").first.wait_for()
    page.locator(".cc-seat").nth(1).wait_for()
    wait_idle(page)
    assert page.locator(".cc-seat").count() >= 2
    check_axe(page, "practice-table")
    # play until the coach comments on a choice: in words, above the next buttons
    for _ in range(12):
        if page.get_by_text("hai scelto:", exact=False).count():
            break
        call = page.get_by_role("button", name="Call", exact=False)
        target = page.get_by_role("button", name="Check") if call.count() == 0 else call.first
        if page.get_by_role("button", name="Mano successiva").count():
            target = page.get_by_role("button", name="Mano successiva")
        target.first.click()
        wait_idle(page)
        page.wait_for_timeout(300)
    comment = page.get_by_text("hai scelto:", exact=False).first
    assert " cc" not in comment.inner_text() and "cbr" not in comment.inner_text()
    fold = page.get_by_role("button", name="Fold")
    if fold.count():  # the comment on the last choice sits above the next decision's buttons
        assert box(page, '[data-testid="stAlert"]')["y"] < fold.bounding_box()["y"]
    shot(page, "practice.png", height=1600)
    assert errors == [], errors


DOLLARS = DECIMAL_PHH.replace('"Anna"', '"Anna Maria Bartolomei"')  # a long name on the table


def test_replayer_speaks_in_the_files_units(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/replayer")
    page.get_by_role("tab", name="Incolla il testo").click()
    page.get_by_label("Testo PHH").fill(DOLLARS)
    page.get_by_role("button", name="Carica").click()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    page.get_by_role("button", name="Avanti").click()
    page.get_by_text("Prossima azione: Anna Maria Bartolomei rilancia a 30,50.").first.wait_for()
    wait_idle(page)
    log = page.locator(".cc-logbox").first.inner_text()
    assert "piccolo buio di 5,00" in log and "500" not in log
    # a long name is cut, its SB marker stays
    assert page.locator(".cc-seat", has_text="SB").locator(".cc-marker.cc-sb").is_visible()
    shot(page, "replayer-decimal.png")
    assert errors == [], errors


def test_settings_preview_is_visible_on_the_dark_page(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/impostazioni")
    page.locator(".cc-preview .cc-card").first.wait_for()
    wait_idle(page)
    card = page.locator(".cc-preview .cc-card").first
    b = card.bounding_box()
    assert b is not None and b["width"] > 20 and b["height"] > 30
    assert card.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    assert errors == [], errors


def test_each_browser_has_its_own_profile(browser: Any, server: str) -> None:
    # Two visitors: different profiles (signed ids in their cookies, never on the page); a reload
    # keeps the same one; the second visitor's language does not change the first's.
    first, a, a_errors = open_context(browser, 1280, 800)
    second, b, b_errors = open_context(browser, 1280, 800)
    try:
        cookies = []
        for context, pg in ((first, a), (second, b)):
            pg.goto(server + "/")
            pg.get_by_text("Profilo: Ospite", exact=False).first.wait_for()
            wait_idle(pg)
            pg.wait_for_function("document.cookie.includes('coach_profile=')")  # the page's last script
            cookies.append(next(c["value"] for c in context.cookies() if c["name"] == "coach_profile"))
        assert cookies[0] != cookies[1] and "." in cookies[0]  # itsdangerous: value.signature
        b.goto(server + "/impostazioni")
        b.get_by_text("Lingua", exact=True).first.wait_for()
        wait_idle(b)
        b.get_by_role("combobox", name="Lingua").first.click()
        b.get_by_role("option", name="English").click()
        wait_idle(b)
        a.reload()
        a.get_by_text("Benvenuto", exact=False).first.wait_for()
        wait_idle(a)
        assert a.get_by_text("Profilo: Ospite", exact=False).count() == 1
        assert next(c["value"] for c in first.cookies() if c["name"] == "coach_profile") == cookies[0]
        assert a_errors == [] and b_errors == [], a_errors + b_errors
    finally:
        first.close()
        second.close()


# -- classroom -------------------------------------------------------------------------


def test_classroom_fits_a_projector_and_lets_the_teacher_out(browser: Any, server: str) -> None:
    context, pg, errors = open_context(browser, 1920, 1080)
    try:
        open_decision(pg, server, "/lezioni?aula=1&lezione=03-azioni&mano=1&passo=1")
        pg.locator(".cc-large").first.wait_for()
        assert pg.locator('[data-testid="stSidebar"]').is_hidden()
        # one step on one screen: table, narration, step controls and decision buttons
        for selector in (".cc-table", '[class*="st-key-steps-lesson"]',
                         ".st-key-dec-03-azioni-0-4-fold button", ".st-key-dec-03-azioni-0-4-call button"):
            assert inside(box(pg, selector), 1920, 1080), selector
        # every text readable from the back row
        small = pg.evaluate(SMALL_TEXT_JS)
        assert small == [], small[:10]
        assert pg.locator('[aria-label="Re di picche"]').count() == 0  # Dario's cards are hidden
        pg.get_by_text("Mostra le carte di tutti").click()
        pg.locator('[aria-label="Re di picche"]').first.wait_for()
        wait_idle(pg)
        check_axe(pg, "classroom")
        shot(pg, "classroom.png")
        # the pages are one click away, and the exit button takes a real mouse click
        nav = pg.locator('[data-testid="stHeader"] a', has_text="Glossario")
        assert nav.count() >= 1
        # the hand scrolled into view at the decision: the teacher scrolls back up to the button
        pg.evaluate("document.querySelector('.st-key-leave_classroom').scrollIntoView({block: 'center'})")
        pg.wait_for_timeout(300)
        exit_box = box(pg, ".st-key-leave_classroom button")
        header = box(pg, '[data-testid="stHeader"]')
        assert exit_box["y"] >= header["y"] + header["height"]
        pg.mouse.click(exit_box["x"] + exit_box["width"] / 2, exit_box["y"] + exit_box["height"] / 2)
        pg.locator('[data-testid="stSidebar"]').wait_for(state="visible")
        wait_idle(pg)
        assert "aula=1" not in pg.url
        assert errors == [], errors
    finally:
        context.close()


# Every visible text node of the app with its font size, when under 24 px.
SMALL_TEXT_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('[data-testid="stApp"]'),
                                           NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walker.nextNode())) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('style,script')) continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || r.width === 0 || r.height === 0
        || r.bottom < 0 || r.top > innerHeight) continue;
    const size = parseFloat(style.fontSize);
    if (size < 24) out.push([size, text.slice(0, 30)]);
  }
  return out;
}"""


# -- the learning loop -------------------------------------------------------------------


def test_the_course_path_leads_to_the_next_lesson(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/")
    page.get_by_text("Benvenuto", exact=False).first.wait_for()
    wait_idle(page)
    page.get_by_role("button", name="Prossima lezione: 1.", exact=False).click()
    page.get_by_text("Lezione 1 di 16", exact=False).first.wait_for()
    wait_idle(page)
    page.locator('[data-testid="stButtonGroup"] button', has_text="Domande").click()
    page.get_by_text("Domanda 1 —", exact=False).first.wait_for()
    wait_idle(page)
    questions = load_lesson(ROOT / "lessons" / "01-mazzo-carte-punti.toml").questions
    for n in range(1, 30):  # each answered right: a lesson is complete only with its questions right
        title = page.get_by_text(f"Domanda {n} —", exact=False)
        question = page.locator('[data-testid="stVerticalBlock"]', has=title)
        if question.count() == 0:
            break
        block = question.last
        answer = block.get_by_role("button", name="Rispondi", exact=True)
        if answer.count() == 0:
            continue
        radio = block.locator('[role="radiogroup"] label')
        radio.or_(block.locator('input[type="number"]')).first.wait_for()
        if radio.count():
            radio.nth(questions[n - 1].answer).click()
        else:
            block.locator('input[type="number"]').fill(str(questions[n - 1].answer))
            block.locator('input[type="number"]').press("Tab")
        wait_idle(page)
        answer.click()
        wait_idle(page)
    nxt = page.get_by_role("button", name="Prossima lezione: 2.", exact=False)
    nxt.wait_for()
    page.wait_for_timeout(1200)  # the page scrolls to the message smoothly
    size = page.viewport_size
    assert inside(dict(nxt.bounding_box()), size["width"], size["height"]), "«Prossima lezione» is off screen"
    shot(page, "lesson-completed-next.png")
    nxt.click()
    page.get_by_text("Lezione 2 di 16", exact=False).first.wait_for()
    wait_idle(page)
    assert "lezione=02-bottone-bui" in page.url
    assert errors == [], errors


def test_practice_history_opens_a_hand_in_the_replayer(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/pratica")
    page.get_by_role("button", name="Siediti al tavolo").click()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    finished = 0
    for _ in range(80):
        deal = page.get_by_role("button", name="Mano successiva")
        rebuy = page.get_by_role("button", name="Ricompra", exact=False)
        try:
            deal.or_(rebuy).or_(page.get_by_role("button", name="Check", exact=True)).first.wait_for()
        except Exception as err:  # say what the page shows instead
            shot(page, "practice-history-stuck.png", height=1600)
            buttons = [b.inner_text() for b in page.get_by_role("button").all()]
            raise AssertionError(f"no next hand, rebuy or decision on the page; buttons: {buttons}") from err
        if deal.count() or rebuy.count():  # the hand is over
            finished += 1
            if finished == 3:
                break
            if rebuy.count():  # lost every chip calling everything down: buy in again
                rebuy.first.click()
                deal.first.wait_for()
            deal.first.click()
            gone = page.locator(".st-key-prac_next")
        else:
            # The decision's buttons are keyed by it (prac.<hand>.<actions so far>.<kind>): call when
            # there is something to call («Call 2»), else check (a check is always offered).
            check = page.get_by_role("button", name="Check", exact=True).first
            try:
                key = check.evaluate("b => [...b.closest('[class*=\"st-key-prac-\"]').classList]"
                                     ".find(c => c.startsWith('st-key-prac-'))", timeout=10_000)
                decision = key.removesuffix("-check")
                call = page.locator(f".{decision}-call button").filter(has_text=re.compile(r"Call \d"))
                target = call if call.count() else page.locator(f".{key} button")
                target.first.click(timeout=10_000)
            except Exception:  # a page still showing a decision already answered: look again
                wait_idle(page)
                continue
            gone = page.locator(f".{key}")
        try:  # the next page, not the one before the click (wait_idle may see the run not yet begun)
            gone.wait_for(state="detached", timeout=20_000)
        except Exception:  # the click was a stale one (the page had moved on): the loop looks again
            pass
        wait_idle(page)
        page.wait_for_timeout(200)
    assert finished == 3, "three practice hands were not played"
    history = page.get_by_text("Le tue mani di pratica (3)", exact=False)
    history.first.click()
    wait_idle(page)
    shot(page, "practice-history.png", height=1600)
    opens = page.get_by_role("button", name="Apri nel Replayer")
    assert opens.count() == 3
    opens.nth(1).click()  # newest first: the second hand
    page.get_by_role("heading", name="Replayer").first.wait_for()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    assert "/replayer" in page.url
    assert page.get_by_text("Carica una mano per iniziare", exact=False).count() == 0
    shot(page, "practice-hand-in-replayer.png")
    assert errors == [], errors


def test_a_lesson_mistake_is_reviewed_on_the_table(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    open_decision(page, server)
    page.get_by_role("button", name="Fold").first.click()
    page.get_by_text("hai scelto", exact=False).first.wait_for()
    wait_idle(page)
    page.goto(server + "/ripasso")
    page.get_by_text("La prima volta hai scelto", exact=False).first.wait_for()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    check_axe(page, "review-card")
    fold = page.get_by_role("button", name="Fold")
    size = page.viewport_size
    assert inside(dict(fold.bounding_box()), size["width"], size["height"]), "the answer is off screen"
    shot(page, "review-card.png")
    page.get_by_role("button", name=re.compile(r"^Call \d")).click()
    page.get_by_text("Questa situazione torna", exact=False).first.wait_for()
    wait_idle(page)
    shot(page, "review-answered.png", height=1400)
    assert errors == [], errors


# -- the live class: a projector and three phones on one server -----------------------------
# One server, four browser contexts (four browsers, each with its own profile cookie). The
# teacher creates a class, the pupils join by its code, the teacher opens a vote, one pupil
# first types an illegal amount (refused with the rule, nothing sent), the projector's count
# goes up without any reload (the ~1 s poll), the teacher closes the vote, the projector shows
# the distribution and the coach's verdict, and each phone shows its pupil's own grade.
PUPILS = ("Anna", "Bruno", "Chiara")


def test_a_live_class_with_a_projector_and_three_phones(browser: Any, server: str) -> None:
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        teacher.get_by_label("Nome della classe (facoltativo)").fill("3B")
        teacher.get_by_label("Nome della classe (facoltativo)").press("Enter")
        wait_idle(teacher)
        teacher.get_by_role("button", name="Crea la classe").click()
        teacher.locator(".cc-joincode").wait_for()
        wait_idle(teacher)
        code = teacher.locator(".cc-joincode").inner_text().replace(" ", "")
        assert len(code) == 6 and f"codice={code}" in teacher.url
        qr = box(teacher, ".cc-qrbox img")
        assert inside(qr, 1920, 1080) and qr["width"] >= 250  # readable from the back of the room
        shot(teacher, "live-projector-join.png")

        phones = []
        for name in PUPILS:
            ctx, page, errors = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            join_class(page, server, code, name)
            phones.append((name, page, errors))
        shot(phones[0][1], "live-phone-waiting.png")
        # the names arrive on the projector by themselves (no reload)
        teacher.get_by_text("3 alunni in classe").first.wait_for()
        # the view's tab counts them too, without a reload (it once stayed at «Alunni (0)»)
        teacher.get_by_text("Alunni (3)").first.wait_for()
        for name in PUPILS:
            assert teacher.get_by_role("button", name=name).count() == 1
        shot(teacher, "live-projector-pupils.png")

        # the question: the teacher picks a lesson's decision and opens the vote
        teacher_view(teacher, "Domanda")
        wait_idle(teacher)
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 3 hanno risposto").first.wait_for()
        wait_idle(teacher)
        assert inside(box(teacher, ".cc-table"), 1920, 1080)
        shot(teacher, "live-projector-vote-open.png")

        # each phone shows the question by itself
        for _, page, _ in phones:
            wait_or_reload(page, page.get_by_role("button", name="Call 2"))
            wait_idle(page)
        anna = phones[0][1]
        for sel in ('[class*="st-key-live-pupil"] button',):
            b = box(anna, sel)
            assert b["height"] >= 44  # a touch target
        shot(anna, "live-phone-question.png")
        # the buttons are in the first screen of a phone, even a small one (360x640)
        assert inside(box(anna, '[class*="st-key-live-pupil-actions"] button'), 390, 844)
        check_axe(anna, "live-phone-question")
        # an illegal amount: refused with the rule, nothing sent
        amount = anna.get_by_label("Rilancia a", exact=True).and_(anna.locator("input"))
        amount.fill("3")
        amount.press("Enter")
        wait_idle(anna)
        anna.get_by_role("button", name="Bet / Raise").click()
        anna.get_by_text("rilancio minimo", exact=False).first.wait_for()
        wait_idle(anna)
        assert anna.get_by_role("link", name="Regola: Il rilancio minimo").count() >= 1
        assert anna.get_by_text("Non è cambiato nulla", exact=False).count() >= 1
        shot(anna, "live-phone-refused.png", height=1400)
        assert teacher.get_by_text("0 su 3 hanno risposto").count() >= 1  # nothing was sent

        choices = {"Anna": "Call 2", "Bruno": "Call 2", "Chiara": "Fold"}
        for n, (name, page, _) in enumerate(phones, start=1):
            page.get_by_role("button", name=choices[name]).click()
            page.get_by_text("Risposta inviata", exact=False).first.wait_for()
            wait_idle(page)
            # the projector's count follows without a reload
            teacher.get_by_text(f"{n} su 3 " + ("ha" if n == 1 else "hanno") + " risposto").first.wait_for()
        shot(phones[0][1], "live-phone-sent.png")
        shot(teacher, "live-projector-all-answered.png")

        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)
        teacher.get_by_text("3 su 3 hanno risposto · 0 senza risposta", exact=False).first.wait_for()
        shot(teacher, "live-projector-distribution.png")
        teacher.get_by_role("button", name="Mostra il verdetto del coach").click()
        teacher.get_by_text("Il verdetto del coach", exact=False).first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-verdict.png", height=1800)

        for name, page, _ in phones:
            page.get_by_text("giudizio:", exact=False).first.wait_for()
            wait_idle(page)
            said = "Hai scelto: " + choices[name]
            assert page.get_by_text(said, exact=False).count() >= 1
            shot(page, f"live-phone-grade-{name.lower()}.png", height=1400)

        teacher_view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-results.png")
        errors = t_errors + [e for _, _, errs in phones for e in errs]
        assert errors == [], errors
    finally:
        for ctx in contexts:
            ctx.close()


def _pick(page: Any, label: str, typed: str, option: str) -> None:
    pick(page, label, typed, option)


def test_a_small_phone_answers_a_decision_and_a_lessons_question(browser: Any, server: str) -> None:
    """A pupil on a 360x640 phone: the question and the answer buttons in the first screen (no
    scrolling), axe clean, for a lesson's decision and for a lesson's question (big choice buttons,
    then right or wrong on the phone and the right answer and the explanation on the projector)."""
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        teacher.get_by_role("button", name="Crea la classe").click()
        teacher.locator(".cc-joincode").wait_for()
        wait_idle(teacher)
        code = teacher.locator(".cc-joincode").inner_text().replace(" ", "")
        ctx, phone, p_errors = open_context(browser, 360, 640, is_mobile=True, has_touch=True)
        contexts.append(ctx)
        join_class(phone, server, code, "Dora")
        teacher.get_by_text("1 alunno in classe").first.wait_for()
        teacher_view(teacher, "Domanda")

        # a lesson's decision
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 1 hanno risposto").first.wait_for()
        phone.get_by_role("button", name="Call 2").wait_for()
        wait_idle(phone)
        shot(phone, "live-phone-360-decision.png")
        buttons = phone.locator('[class*="st-key-live-pupil-actions"] button:visible')
        assert buttons.count() >= 3
        for i in range(buttons.count()):
            b = dict(buttons.nth(i).bounding_box())
            assert inside(b, 360, 640), f"an answer button is below the first screen: {b}"
            assert b["height"] >= 44
        assert inside(box(phone, '[data-testid="stMarkdownContainer"] strong'), 360, 640)
        check_axe(phone, "live-phone-360-decision")
        phone.get_by_role("button", name="Call 2").click()
        phone.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("1 su 1 ha risposto").first.wait_for()
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        # a lesson's question
        teacher.locator('[class*="st-key-live-teacher-source"] button').filter(
            has_text="Domanda di una lezione").first.click()
        wait_idle(teacher)
        board = "Nella seconda mano il board"
        _pick(teacher, "Domanda da porre alla classe", board, board)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 1 hanno risposto").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-question-open.png")
        right = "C. Anna e Bruno si dividono il piatto"
        phone.get_by_role("button", name=right).wait_for()
        wait_idle(phone)
        buttons = phone.locator('[class*="st-key-live-pupil-quiz"] button')
        assert buttons.count() == 3
        for i in range(3):
            b = dict(buttons.nth(i).bounding_box())
            assert inside(b, 360, 640), f"a choice is below the first screen: {b}"
            assert b["height"] >= 44
        check_axe(phone, "live-phone-360-question")
        shot(phone, "live-phone-360-question.png")
        phone.get_by_role("button", name=right).click()
        phone.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("1 su 1 ha risposto").first.wait_for()
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        teacher.get_by_role("button", name="Mostra la risposta giusta").click()
        teacher.get_by_text("La risposta giusta:", exact=False).first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-question-answer.png")
        phone.get_by_text("Giusto:", exact=False).first.wait_for()
        wait_idle(phone)
        check_axe(phone, "live-phone-360-question-right")
        shot(phone, "live-phone-360-question-right.png")
        errors = t_errors + p_errors
        assert errors == [], errors
    finally:
        for c in contexts:
            c.close()


# -- hostile pupil names: the teacher's page makes no image or link of them, and no request leaves
# for the address they name (Playwright's request log). Names are protocol-relative
# (``//127.0.0.1:9/...``: the page's http) so that they fit the 24 characters of a pupil's name;
# port 9 (discard) answers nothing, so a request would only be seen in the log, which is checked.
IMAGE = "![](//127.0.0.1:9/x.png)"
LINK = "[Anna](//127.0.0.1:9/a)"
HOSTILE = "127.0.0.1:9"


def _visible(text: str) -> str:
    """Text as read, without the invisible isolates and word joiners the app adds."""
    return "".join(c for c in text if c not in "\u2060\u2068\u2069")


def _join_hostile(page: Any, server: str, code: str, name: str) -> None:
    """A hostile name is shown escaped, so only «Ciao» is waited for."""
    page.goto(f"{server}/classe?codice={code}")
    page.get_by_label("Il tuo nome").fill(name)
    page.get_by_label("Il tuo nome").press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Entra nella classe").click()
    page.get_by_text("Ciao", exact=False).first.wait_for()
    wait_idle(page)


def test_hostile_names_make_no_request_and_no_element_on_the_teachers_results(
        browser: Any, server: str) -> None:
    contexts = []
    requests: list[str] = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1280, 900)
        contexts.append(tctx)
        teacher.on("request", lambda r: requests.append(r.url))
        teacher.goto(server + "/insegnante")
        teacher.get_by_role("button", name="Crea la classe").click()
        teacher.locator(".cc-joincode").wait_for()
        wait_idle(teacher)
        code = teacher.locator(".cc-joincode").inner_text().replace(" ", "")

        phones = []
        for name in (IMAGE, LINK):
            ctx, page, _ = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            page.on("request", lambda r: requests.append(r.url))
            _join_hostile(page, server, code, name)
            phones.append(page)
        teacher.get_by_text("2 alunni in classe").first.wait_for()
        wait_idle(teacher)
        removers = teacher.locator('[class*="st-key-live-remove"] button')
        buttons = _visible(" | ".join(removers.all_inner_texts()))
        assert IMAGE in buttons and LINK in buttons, buttons

        teacher_view(teacher, "Domanda")
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 2 hanno risposto").first.wait_for()
        for page in phones:
            page.get_by_role("button", name="Call 2").click()
            page.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("2 su 2 hanno risposto").first.wait_for()
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        teacher_view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        teacher.wait_for_timeout(1500)  # time for any image or link a name made to be fetched
        shot(teacher, "names-teacher-results.png", height=1400)
        # the names are cells of text in the per-pupil table
        cells = _visible(" | ".join(teacher.locator("table td").all_inner_texts()))
        assert IMAGE in cells and LINK in cells, cells
        # no element made from a name, and nothing fetched from the address in it
        assert teacher.locator(f'img[src*="{HOSTILE}"]').count() == 0
        assert teacher.locator(f'a[href*="{HOSTILE}"]').count() == 0
        assert teacher.locator('[data-testid="stMain"] img').count() == teacher.locator(
            '[data-testid="stMain"] img.cc-qr, [data-testid="stMain"] .cc-table img').count()
        assert [u for u in requests if HOSTILE in u] == []
        assert t_errors == [], t_errors
        assert (OUT / "names-teacher-results.png").exists()
    finally:
        for ctx in contexts:
            ctx.close()


def _open_grid(page: Any, server: str, url: str = DECISION) -> Any:
    """A lesson decision answered (Carla calls), then Dario's range opened beside the verdict."""
    open_decision(page, server, url)
    page.locator(".st-key-dec-03-azioni-0-4-call button").click()
    page.get_by_text("Hai scelto", exact=False).first.wait_for()
    wait_idle(page)  # the verdict's rerun is over: an expander opened now stays open
    # lesson 3 speaks essential: the numbers are behind «Perché?» («Dettagli» on the projector)
    page.locator("[data-testid=stExpander] summary", has_text=re.compile("Perché\\?|Dettagli")).first.click()
    title = page.get_by_text("Il range che il coach attribuisce a Dario", exact=False).first
    title.wait_for()
    wait_idle(page)
    title.click()
    grid = page.locator(".cc-rg").filter(has=page.locator("caption", has_text="Dario")).first
    grid.wait_for(state="visible")
    grid.scroll_into_view_if_needed()
    wait_idle(page)
    return grid


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_range_grid_beside_a_verdict(browser: Any, server: str, width: int, height: int) -> None:
    phone = width < 500
    kw: dict[str, Any] = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True} if phone else {}
    context, pg, errors = open_context(browser, width, height, **kw)
    try:
        grid = _open_grid(pg, server)
        b = grid.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width, b  # fits: no sideways scroll
        cells = pg.evaluate("""(g) => Array.from(g.querySelectorAll('td b')).map(e => {
            const r = e.getBoundingClientRect(), c = e.parentElement.getBoundingClientRect();
            return [r.width <= c.width + 0.5, parseFloat(getComputedStyle(e).fontSize)]; })""",
                            grid.element_handle())
        assert len(cells) == 169 and all(fit for fit, _ in cells)  # every label inside its cell
        assert min(size for _, size in cells) >= (8 if phone else 9)
        check_axe(pg, f"range-grid-{width}")
        grid.screenshot(path=str(OUT / f"range-grid-{width}.png"))
        shot(pg, f"range-grid-page-{width}.png")
        assert errors == [], errors
    finally:
        context.close()


def test_the_range_grid_on_a_projector(browser: Any, server: str) -> None:
    context, pg, errors = open_context(browser, 1920, 1080)
    try:
        grid = _open_grid(pg, server, "/lezioni?aula=1&lezione=03-azioni&mano=1&passo=1")
        b = grid.bounding_box()
        assert b is not None and b["x"] + b["width"] <= 1920
        small = pg.evaluate("""(g) => Array.from(g.querySelectorAll('th,td b,td i,p'))
            .map(e => parseFloat(getComputedStyle(e).fontSize)).filter(s => s < 24)""", grid.element_handle())
        assert small == [], small[:5]  # readable from the back row, like every text in classroom mode
        check_axe(pg, "range-grid-classroom")
        grid.screenshot(path=str(OUT / "range-grid-1920.png"))
        assert errors == [], errors
    finally:
        context.close()
