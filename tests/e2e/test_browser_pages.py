"""End to end in a real headless Chromium: every page, the practice table, the replayer, the
settings, the course path and the profile cookie, clicked like a learner.

Debian's ``chromium`` is driven by Playwright through ``executable_path`` (Playwright
never downloads a browser here). Without Chromium the tests skip with the reason,
except under ``CI=true``, where they fail: CI installs it, so its absence means the
run is not testing what it claims. Screenshots go to ``test-output/`` (gitignored),
with ``axe.json``: the accessibility violations axe-core found on each page.

These tests were one module (``test_browser.py``); they are three so that the suite's workers
share them (one xdist group per browser module, tests/e2e/conftest.py). Each worker starts one
app server and one Chromium for all its browser modules, and every test opens its own context
(its own profile cookie), so no test depends on another's order or module.

Checked here: every page at 1280x800 with zero console errors and 0 critical and 0 serious axe-core
violations, the cookie that gives each browser its own profile, and the practice and course loops.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.browser import (
    BROWSER,
    PAGES,
    box,
    check_axe,
    inside,
    open_context,
    shot,
    wait_idle,
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
