"""The lesson's table stays in view: when a hand opens, at a decision and at the end of a hand.

«Vai alla prima mano» used to open the hand with the page still scrolled down where the lesson's
text ended: the table was above the screen and the learner met the buttons without the cards.
"""

from __future__ import annotations

from typing import Any

from support.browser import BROWSER, box, inside, shot, wait_idle

pytestmark = BROWSER


def _scrolled_in(page: Any, selector: str) -> None:
    """Give the page's scroll script its moment (bounded; where there is none, the geometry decides)."""
    try:
        page.locator(f"{selector}[data-scrolled]").first.wait_for(state="attached", timeout=5_000)
    except Exception:
        pass
    page.wait_for_timeout(300)


def test_the_first_hand_opens_with_its_table_in_view(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/lezioni?lezione=03-azioni")
    page.get_by_role("button", name="Vai alla prima mano").wait_for()
    wait_idle(page)
    page.get_by_role("button", name="Vai alla prima mano").scroll_into_view_if_needed()
    page.get_by_role("button", name="Vai alla prima mano").click()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    _scrolled_in(page, ".st-key-lesson_hand")
    assert inside(box(page, ".cc-table"), 1280, 800), box(page, ".cc-table")
    shot(page, "lesson-view-first-hand.png")
    assert errors == [], errors


def test_the_end_of_a_hand_shows_the_way_on(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + "/lezioni?lezione=01-mazzo-carte-punti&mano=1&passo=1")
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    page.locator('[class*="st-key-lesson-01-mazzo-carte-punti-0-last"] button').first.click()
    page.get_by_text("Fine della mano", exact=False).first.wait_for()
    wait_idle(page)
    _scrolled_in(page, ".st-key-lesson_end")
    end = page.get_by_text("Fine della mano", exact=False).first.bounding_box()
    nxt = box(page, ".st-key-lesson_end button")
    assert end is not None and inside(dict(end), 1280, 800) and inside(nxt, 1280, 800), (end, nxt)
    shot(page, "lesson-view-end.png")
    assert errors == [], errors


def test_a_step_redraws_the_hand_and_the_way_on_redraws_the_page(desk: tuple[Any, list[str]],
                                                                 server: str) -> None:
    """▶ and ◀ redraw the hand alone (a fragment: issue 28, a click's CPU); what changes the rest of the
    page (the next hand, the questions) still redraws it: the part's control, the URL and the table agree."""
    page, errors = desk
    page.goto(server + "/lezioni?lezione=01-mazzo-carte-punti&mano=1&passo=1")
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    page.locator('[class*="st-key-lesson-01-mazzo-carte-punti-0-next"] button').first.click()
    page.get_by_text("Passo 2 di", exact=False).first.wait_for()
    page.wait_for_function("() => location.search.includes('passo=2')", timeout=10_000)
    page.locator('[class*="st-key-lesson-01-mazzo-carte-punti-0-last"] button').first.click()
    page.get_by_role("button", name="Mano successiva").wait_for()
    wait_idle(page)
    page.get_by_role("button", name="Mano successiva").click()
    # the part's control (outside the hand) follows: the second hand is the one selected
    page.locator('[class*="st-key-lesson_part"] [aria-checked="true"], '
                 '[class*="st-key-lesson_part"] [kind*="Active"]').filter(has_text="Mano 2").first.wait_for()
    page.wait_for_function("() => location.search.includes('mano=2')", timeout=10_000)
    page.get_by_text("Passo 1 di", exact=False).first.wait_for()
    assert errors == [], errors
