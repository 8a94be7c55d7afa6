"""The live class's pure helpers (coach/ui/live/common.py) on a hand a teacher pastes.

A pasted hand's decision points and their labels come from ONE replay of the hand,
kept with its script: counted here by wrapping ``HandHistory.replay`` (never timed:
``benchmarks/bench_hostile.py`` prints the CPU seconds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hostile.cases import BASE, long_hand

from coach.engine.phh import HandHistory
from coach.i18n import get_translator
from coach.learning.replay import script_for
from coach.live import SpotRef, hand_digest
from coach.ui.live import common

IT = get_translator("it")


@pytest.fixture()
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every replay of a hand history, by the number of actions it was given."""
    calls: list[int] = []
    original = HandHistory.replay

    def counting(self: HandHistory, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(self.actions))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(HandHistory, "replay", counting)
    yield calls


def test_a_300_action_hands_decision_points_and_labels_take_one_replay(replays: list[int]) -> None:
    text = long_hand(300)  # as the worker wrote it (coach.review.parsejobs), read by the page
    sc = common.pasted_script(SpotRef.pasted(hand_digest(text), 0), text)
    assert len(sc.history.actions) == 300
    replays.clear()
    points = common.decision_points(sc)
    labels = [common.point_label(sc, at, IT) for at in points]
    assert replays == [300]  # one replay of the whole hand, not one per step
    assert len(points) == 298  # every action after the two deals is a decision
    assert labels[0] == "Azione 3 (preflop): tocca a p1"
    assert labels[-1] == "Azione 300 (preflop): tocca a p2"
    # the teacher's next click: the same script (cached by the text's digest), nothing replayed
    again = common.pasted_script(SpotRef.pasted(hand_digest(text), 0), text)
    assert again is sc
    assert common.decision_points(again) == points and replays == [300]


def test_the_one_replay_agrees_with_replaying_each_step() -> None:
    sc = script_for(common.pasted_script(SpotRef.pasted(hand_digest(BASE), 0), BASE).history)
    slow = [at for step, at in enumerate(sc.stops) if sc.hand_at(step).actor is not None]
    assert common.decision_points(sc) == slow
    for step, at in enumerate(sc.stops):
        hand, view = sc.hand_at(step), sc.views[step]
        assert (view.at, view.actor, view.street) == (at, hand.actor, hand.street)
