"""The river solver model: where it answers (heads-up on the river against a balanced opponent who can
still bet), and what its answer holds (EVs relative to folding, a strategy, the options it plays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.engine import Hand
from coach.engine.phh import load_phh
from coach.feedback.analysis import analyze

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"


def spot(name: str) -> Hand:
    return load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)


def test_heads_up_river_against_a_balanced_opponent_is_solved() -> None:
    a = analyze(spot("river-hu-top-pair-calls-small-bet"), profiles={1: "equilibrio"})
    assert a.model == "solver" and not any(o.estimate for o in a.options)
    assert a.option("f").ev_bb == 0.0  # EVs are relative to folding
    # top pair facing 6 into 18 needs 6 / 30 = 20% equity: against a balanced bettor calling wins
    assert a.option("cc").ev_bb > 0
    strategy = a.details["solver"]["hero_strategy"]
    assert set(strategy) == {o.code for o in a.options}
    assert sum(strategy.values()) == pytest.approx(1.0, abs=1e-3)  # the hero's mix at the root


def test_against_a_range_of_pure_bluffs_calling_wins_the_whole_pot() -> None:
    # the lesson gives p2 only Q♣J♣-style hands (QJs): K♥T♣ beats every one on K♦8♣4♥2♠6♣. The pot
    # is 18 + his bet of 6 = 24 chips: calling wins them all, 24 chips = 12 bb more than folding
    a = analyze(spot("river-hu-top-pair-calls-small-bet"), villain_ranges={1: "QJs"},
                profiles={1: "equilibrio"})
    assert a.model == "solver"
    assert a.option("cc").ev_bb == pytest.approx(12.0, abs=0.01)


@pytest.mark.parametrize(("name", "kwargs"), [
    # a known leak: the estimate exploits it
    ("river-hu-top-pair-calls-small-bet", {"profiles": {1: "roccia"}}),
    ("river-hu-top-pair-calls-small-bet", {"profiles": {1: "equilibrio"}, "solver": False}),  # solver off
    ("river-9max-3way-overcall-folds", {}),  # more than one opponent
])
def test_elsewhere_another_model_answers(name: str, kwargs: dict[str, object]) -> None:
    assert analyze(spot(name), **kwargs).model != "solver"  # type: ignore[arg-type]
