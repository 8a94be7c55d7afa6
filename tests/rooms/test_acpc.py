"""ACPC logs under the competition's heads-up No-Limit game (coach.rooms.acpc.PRESET): a multi-hand log
written by the exporter is read back to the same final stacks; doctored lines are refused with the rule."""

from __future__ import annotations

import pytest

from coach.engine.phh import HandHistory, loads_phh
from coach.i18n import get_translator
from coach.rooms import import_histories
from coach.rooms.acpc import PRESET, AcpcGame
from tests.support.rooms_export import export_histories

from .hands import ACPC_HANDS

EN = get_translator("en")


def _hands() -> list[HandHistory]:
    return [loads_phh(text, f"acpc {k}") for k, text in enumerate(ACPC_HANDS)]


def _stacks(h: HandHistory) -> tuple[int, ...]:
    result = h.replay().result
    assert result is not None
    return tuple(result.finishing_stacks)


def _reason(text: str) -> str:
    report = import_histories(text, source="log")
    assert report.room == "ACPC" and report.hands[0].status == "refused"
    reason = report.hands[0].reason
    assert reason is not None and hasattr(reason, "localized")
    return str(reason.localized(EN))


def test_the_preset_is_the_competitions_heads_up_game() -> None:
    assert PRESET == AcpcGame(small_blind=50, big_blind=100, stack=20_000)


def test_a_multi_hand_log_round_trips_to_the_same_stacks() -> None:
    source = _hands()
    text = "# ACPC dealer log\n" + export_histories(source, "acpc")
    assert "STATE:1000002:r20000c///:AhAs|KdKc/2c3d4h/5s/9c:20000|-20000:Bob|Alice" in text
    report = import_histories(text, source="log")
    assert report.problem is None and report.room == "ACPC"
    assert [o.status for o in report.hands] == ["ok"] * len(source)
    for original, outcome in zip(source, report.hands, strict=True):
        assert outcome.history is not None
        assert _stacks(outcome.history) == _stacks(original)
        assert outcome.history.names() == original.names()
    assert report.hands[0].line == 2  # the line of the log, for the refusals


def test_a_result_that_does_not_add_up_is_refused() -> None:
    text = export_histories(_hands()[:1], "acpc").replace(":-1200|1200:", ":1200|-1200:")
    said = _reason(text)
    assert "log:1:" in said and "the pot does not add up" in said and "Alice" in said


def test_a_card_shown_twice_is_refused_with_the_rule() -> None:
    text = export_histories(_hands()[:1], "acpc").replace("/9c7h3s/", "/Ks7h3s/")
    assert "Ks" in _reason(text)


def test_a_raise_below_the_minimum_is_refused_with_the_rule() -> None:
    text = export_histories(_hands()[3:], "acpc").replace("r300r800f", "r150r800f")
    assert "minimum" in _reason(text)


@pytest.mark.parametrize(("old", "new", "words"), [
    (":Bob|Alice", ":Bob|Alice|Carla", "heads-up"),
    ("r300r800f", "r300rf", "No-Limit"),
    ("/2s3d4h:", "/2s3d4h/5c/6c/7c:", "cannot be read"),
])
def test_other_games_and_broken_lines_are_refused_with_the_reason(old: str, new: str, words: str) -> None:
    text = export_histories(_hands()[3:], "acpc")
    assert old in text
    assert words in _reason(text.replace(old, new))
