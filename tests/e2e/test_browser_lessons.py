"""End to end in a real headless Chromium: the lesson player, the range grid and the classroom view.

Debian's ``chromium`` is driven by Playwright through ``executable_path`` (Playwright
never downloads a browser here). Without Chromium the tests skip with the reason,
except under ``CI=true``, where they fail: CI installs it, so its absence means the
run is not testing what it claims. Screenshots go to ``test-output/`` (gitignored),
with ``axe.json``: the accessibility violations axe-core found on each page.

These tests were one module (``test_browser.py``); they are three so that the suite's workers
share them (one xdist group per browser module, tests/e2e/conftest.py). Each worker starts one
app server and one Chromium for all its browser modules, and every test opens its own context
(its own profile cookie), so no test depends on another's order or module.

Checked here: layout (bounding boxes at 1280x800, 390x844 and 1920x1080), keyboard focus and the
single-letter shortcuts, and axe-core on a lesson decision, its verdict and the classroom view.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.browser import (
    BROWSER,
    DECISION,
    OUT,
    WAIT_MS,
    box,
    check_axe,
    inside,
    open_context,
    open_decision,
    shot,
    wait_idle,
)

pytestmark = BROWSER


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
    # the price of the call, next to the buttons, before the answer; the same pot on the table. The
    # percentage a call needs waits for the lesson on pot odds (lesson 11): this is lesson 3.
    price = page.get_by_text("Per chiamare 2 · piatto 3")
    assert price.is_visible()
    assert "ti serve" not in price.inner_text()
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

    The toggle's own run stores the setting; ``wait_idle`` waits for that run (it counts finished
    runs), where a fixed second of sleep once covered a status widget not yet shown. Should the run
    still be dropped, the page is reloaded until it shows the toggle on (stored), clicking again
    only when it shows it off.
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
        wait_idle(page)
        page.reload()
    raise AssertionError("the single-letter shortcuts never showed as on in Impostazioni")


def test_range_chart_draws_every_rank(desk: tuple[Any, list[str]], server: str) -> None:
    """The flop decision: one opponent left (Dario, after his raise), his grid open beside the verdict."""
    page, errors = desk
    open_decision(page, server, "/lezioni?lezione=03-azioni&mano=1&passo=11")
    page.get_by_role("button", name="Call 24").click()
    page.get_by_text("Hai scelto", exact=False).first.wait_for()
    wait_idle(page)  # the verdict's rerun is over: an expander opened now stays open
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
