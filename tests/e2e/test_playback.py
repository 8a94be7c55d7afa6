"""A lesson hand in the browser: «Riproduci» plays it by itself and stops at the learner's decision, a
six-handed table names every seat by its position, and a showdown highlights the winning five cards
and says with what the hand was won."""

from __future__ import annotations

import re
from typing import Any

from support.browser import BROWSER, WAIT_MS, check_axe, shot, wait_idle

pytestmark = BROWSER

# Lesson 13, hand 4: six players, the learner's decision at step 6 of 13.
POSITION_HAND = "/lezioni?lezione=13-posizione-mani-iniziali&mano=4&passo=1"
# Lesson 1, hand 1, its last step: Anna and Bruno show down, Anna wins.
SHOWDOWN = "/lezioni?lezione=01-mazzo-carte-punti&mano=1&passo=15"


def _step(page: Any) -> tuple[int, int]:
    text = page.get_by_text(re.compile(r"Passo \d+ di \d+")).first.inner_text()
    found = re.search(r"Passo (\d+) di (\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


def test_a_lesson_hand_plays_itself_and_stops_at_the_decision(desk: tuple[Any, list[str]],
                                                                server: str) -> None:
    page, errors = desk
    page.goto(server + POSITION_HAND)
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)
    assert _step(page) == (1, 13)

    # Six players: every seat is named by its position, the button «BTN» instead of «D».
    markers = [m.strip() for m in page.locator(".cc-table .cc-marker").all_inner_texts()]
    for label in ("UTG", "MP", "CO", "BTN", "SB", "BB"):
        assert label in markers, markers
    assert "D" not in markers
    shot(page, "playback-positions.png", height=1000)

    page.get_by_text("Veloce", exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Riproduci").click()
    # No more clicks: the step moves by itself, one at a time, up to the learner's decision.
    seen = {1}
    deadline = WAIT_MS / 1000
    waited = 0.0
    while _step(page)[0] < 6 and waited < deadline:
        seen.add(_step(page)[0])
        page.wait_for_timeout(100)
        waited += 0.1
    assert _step(page) == (6, 13), seen
    assert len(seen) >= 3, f"the steps went by one at a time: {sorted(seen)}"
    page.get_by_text("Tocca a te", exact=False).first.wait_for()
    page.get_by_role("button", name="Riproduci").wait_for()  # paused by itself: the learner answers
    wait_idle(page)
    page.wait_for_timeout(2500)  # three beats of «Veloce»: the step must not move past the decision
    assert _step(page) == (6, 13)
    assert page.get_by_role("button", name="Riproduci").is_disabled()
    shot(page, "playback-stopped-at-decision.png", height=1000)
    check_axe(page, "lezioni-playback")
    assert not errors, errors


def test_the_showdown_highlights_the_winning_five_and_names_the_hand(desk: tuple[Any, list[str]],
                                                                        server: str) -> None:
    page, errors = desk
    page.goto(server + SHOWDOWN)
    page.locator(".cc-result").first.wait_for()
    wait_idle(page)
    result = page.locator(".cc-result").first.inner_text()
    assert result.startswith("Anna vince con coppia d'Assi"), result
    winner = page.locator(".cc-seat", has=page.locator(".cc-best"))
    assert winner.count() == 1
    assert "Anna" in winner.first.inner_text()
    on_board = page.locator(".cc-board .cc-best").count()
    in_hand = winner.first.locator(".cc-best").count()
    assert on_board + in_hand == 5, (on_board, in_hand)
    # Anna's cards are shown high card first, and both shown hands are named on their seats.
    assert winner.first.locator(".cc-card").first.get_attribute("aria-label") == "Asso di cuori"
    assert page.locator(".cc-seat .cc-note", has_text="Coppia").count() == 2
    shot(page, "playback-showdown.png", height=1000)
    assert not errors, errors
