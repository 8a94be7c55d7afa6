"""Lines the engine cannot replay exactly (a returning player's dead small blind with a live big blind,
a small blind posted out of the blinds, a straddle): each hand refused with the line and the reason, the
other hands of the file read."""

from __future__ import annotations

import pytest

from coach.i18n import get_translator
from coach.rooms import import_histories
from coach.rooms.refusals import REASONS
from tests.support.rooms_export import export_histories

from .hands import histories

EN = get_translator("en")
IT = get_translator("it")
# A 3-handed hand (seat 1 small blind, seat 2 big blind, seat 3 the button), then a second hand.
POSTS = {
    "dead_small_blind": ("Carla: posts small & big blinds $3", "a dead small blind and a live big blind"),
    "out_of_turn_small_blind": ("Carla: posts small blind $1", "small blind posted by a player who is not"),
    "straddle": ("Carla: posts straddle $4", "a straddle"),
    "run_it_twice": ("*** FIRST RIVER *** [Ah 8d 3c 9s] [2h]", "ran it twice"),
}


def _file(line: str) -> str:
    text = export_histories(histories()[:2], "pokerstars")
    return text.replace("Bruno: posts big blind $2\n", f"Bruno: posts big blind $2\n{line}\n", 1)


@pytest.mark.parametrize("key", sorted(POSTS))
def test_the_hand_is_refused_naming_the_line_and_the_reason(key: str) -> None:
    line, words = POSTS[key]
    text = _file(line)
    number = text.splitlines().index(line) + 1
    report = import_histories(text, source="s.txt")
    assert [o.status for o in report.hands] == ["refused", "ok"]
    reason = report.hands[0].reason
    assert reason is not None and not isinstance(reason, str)
    said = reason.localized(EN)  # type: ignore[union-attr]
    assert f"s.txt:{number}:" in said and f"«{line}»" in said and words in said
    assert report.hands[0].players == ("Anna_Rossi", "Bruno", "Carla")
    italian = reason.localized(IT)  # type: ignore[union-attr]
    assert f"«{line}»" in italian and italian != said


def test_without_the_line_the_same_hand_is_read() -> None:
    """The refusal is the line's, not the hand's: the file without it is read whole."""
    report = import_histories(export_histories(histories()[:2], "pokerstars"))
    assert [o.status for o in report.hands] == ["ok", "ok"]


def test_every_reason_says_why_the_engine_cannot_replay_it() -> None:
    for key, text in REASONS.items():
        assert "{file}" in text and "{line}" in text and "refused" in text, key


@pytest.mark.parametrize(("line", "words"), [
    ("Carla: posts big blind $3", "a dead small blind and a live big blind"),  # $1 + $2 in one post
    ("Carla: posts big blind $4", "a straddle"),  # twice the big blind: PokerMaster's straddle
])
def test_a_post_larger_than_the_big_blind_is_refused_with_what_it_is(line: str, words: str) -> None:
    text = _file(line)
    report = import_histories(text, source="s.txt")
    assert [o.status for o in report.hands] == ["refused", "ok"]
    reason = report.hands[0].reason
    assert reason is not None and hasattr(reason, "localized")
    said = reason.localized(EN)
    assert f"«{line}»" in said and words in said


def test_a_big_blind_all_in_for_less_called_for_the_whole_blind_is_refused_saying_so() -> None:
    """PokerStars: «Bruno: posts big blind $1 and is all-in» at $1/$2, and Carla calls the whole $2."""
    text = export_histories(histories()[:1], "pokerstars").replace("Seat 2: Bruno ($150 in chips)",
                                                                   "Seat 2: Bruno ($1 in chips)")
    text = text.replace("Bruno: posts big blind $2", "Bruno: posts big blind $1 and is all-in").replace(
        "Carla: folds", "Carla: calls $2")
    report = import_histories(text, source="s.txt")
    reason = report.hands[0].reason
    assert report.hands[0].status == "refused" and reason is not None and hasattr(reason, "localized")
    said = reason.localized(EN)
    assert "«Carla: calls $2»: the big blind Bruno is all-in for 1, less than the big blind" in said
