"""On a phone (issue 22): the learner's cards, the board, the pot and the decision buttons on the first
screen of a 360x640 touch screen, every touch target at least 44 px, and a bet preset that bets in
one tap at the coach's own size.

Two journeys, a lesson decision and a practice hand, each with its screenshots in test-output/.
"""

from __future__ import annotations

from typing import Any

from support.browser import (
    BROWSER,
    box,
    check_axe,
    inside,
    open_context,
    open_decision,
    practice_turn,
    shot,
    wait_idle,
)

from coach.feedback.situation import read_situation
from coach.feedback.valuation.preflop_ranges import chart_situation, standard_size
from coach.ui.lessons import script

pytestmark = BROWSER

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DEC = ".st-key-dec-03-azioni-0-4"  # Carla's first decision (DECISION): call 2 into 3, or raise
BLOCK = '[data-testid="stHorizontalBlock"]:has(.cc-table)'  # the table, the panel, the steps
FIRST_SCREEN = (".cc-seat.cc-hero .cc-card", ".cc-board", ".cc-pots")

# Every visible button or link inside the elements matched by the selector, with its size.
_TARGETS = """sel => Array.from(document.querySelectorAll(sel)).flatMap(root =>
  Array.from(root.querySelectorAll('button, a[href], [role="button"], [role="tab"]')))
  .filter(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                 return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none'; })
  .map(e => { const r = e.getBoundingClientRect();
              return [(e.innerText || e.getAttribute('aria-label') || '').trim().slice(0, 40),
                      Math.round(r.width), Math.round(r.height)]; })"""


def small_targets(page: Any, selector: str) -> list[Any]:
    found = page.evaluate(_TARGETS, selector)
    assert found, f"no button or link in {selector}"
    return [t for t in found if t[1] < 44 or t[2] < 44]




def assert_first_screen(page: Any, width: int, height: int, buttons: list[str]) -> None:
    """Everything on the first screen once the page's scroll to the table is over: the scroll is
    smooth and starts after the run, so on a busy machine the boxes are looked at again for a while."""
    selectors = [*FIRST_SCREEN, *buttons]
    for _ in range(25):
        if all(inside(box(page, sel), width, height) for sel in selectors):
            return
        page.wait_for_timeout(200)
    for sel in selectors:
        assert inside(box(page, sel), width, height), (sel, box(page, sel))


def test_a_lesson_decision_on_a_small_phone(browser: Any, server: str) -> None:
    context, page, errors = open_context(browser, 360, 640, **PHONE)
    try:
        open_decision(page, server)
        fold, call = f"{DEC}-fold button", f"{DEC}-call button"
        assert_first_screen(page, 360, 640, [fold, f"{DEC}-check button", call])
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360  # no sideways scrolling
        assert small_targets(page, BLOCK) == []
        assert small_targets(page, '[data-testid="stButtonGroup"]') == []  # the lesson's tabs
        shot(page, "phone-360-lesson-decision.png")
        # the bigger phone too
        page.set_viewport_size({"width": 390, "height": 844})
        wait_idle(page)
        assert_first_screen(page, 390, 844, [fold, call])
        shot(page, "phone-390-lesson-decision.png")
        page.set_viewport_size({"width": 360, "height": 640})
        wait_idle(page)
        check_axe(page, "phone-lesson-decision")
        # the preflop bet buttons are the coach's standard raise, and one tap raises
        sit = read_situation(script("03-azioni", 0).hand_at(0))
        chart = chart_situation(sit, None)
        assert chart is not None
        band = standard_size(sit, chart[0])
        presets = page.locator('[class*="st-key-dec-03-azioni-0-4-preset-"] button:visible')
        amounts = [int(text.rsplit(" ", 1)[-1]) for text in presets.all_inner_texts()
                   if not text.startswith("All-in")]
        assert amounts and all(band.lo <= a <= band.hi for a in amounts), (amounts, band)
        assert "Rilancio a 5" in presets.all_inner_texts()
        raise_to = page.get_by_role("button", name="Rilancio a 5")
        assert inside(raise_to.bounding_box(), 360, 640)
        raise_to.tap()
        page.get_by_text("Hai scelto: Carla rilancia a 5", exact=False).first.wait_for()
        wait_idle(page)
        assert page.locator(f"{DEC}-fold").count() == 0  # answered: the buttons gave way to the verdict
        shot(page, "phone-360-lesson-preset-tapped.png", height=1400)
        # the course path's links on the home page
        page.goto(server + "/")
        page.locator('[data-testid="stPageLink"] a:visible').first.wait_for()
        wait_idle(page)
        assert small_targets(page, '[data-testid="stPageLink"]') == []
        assert errors == [], errors
    finally:
        context.close()


def test_a_practice_hand_on_a_small_phone(browser: Any, server: str) -> None:
    context, page, errors = open_context(browser, 360, 640, **PHONE)
    try:
        page.goto(server + "/pratica")
        page.get_by_role("button", name="Siediti al tavolo").tap()
        page.locator(".cc-seat.cc-hero .cc-card").first.wait_for()
        practice_turn(page, tap=True)  # a hand folded to his big blind is dealt past
        buttons = [f'[class*="st-key-prac-"][class*="-{name}"] button' for name in ("fold", "call")]
        assert_first_screen(page, 360, 640, buttons)
        assert small_targets(page, BLOCK) == []
        check_axe(page, "phone-practice")
        shot(page, "phone-360-practice.png")
        # one tap on the first bet button bets: the coach comments on the choice
        first = page.locator('[class*="st-key-cc_presets_"] button:visible').first
        assert inside(first.bounding_box(), 360, 640)
        first.tap()
        page.get_by_text("hai scelto:", exact=False).first.wait_for()
        wait_idle(page)
        shot(page, "phone-360-practice-preset-tapped.png", height=1400)
        assert errors == [], errors
    finally:
        context.close()

