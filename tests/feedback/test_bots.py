"""Practice bots: seeded, legal, styled by the same charts and maths."""

from __future__ import annotations

import pytest

from coach.engine import Hand, TableConfig
from coach.errors import InvalidInput
from coach.feedback.bots import STYLES, Bot


def play(styles: list[str], seed: int, difficulty: float = 0.5) -> list[str]:
    """A whole auto-dealt hand played by bots; returns the PHH codes."""
    cfg = TableConfig(names=tuple(f"b{i}" for i in range(len(styles))), stacks=(200,) * len(styles), button=0)
    hand = Hand.start(cfg, seed=seed)
    bots = [Bot(s, difficulty, seed=seed * 10 + i) for i, s in enumerate(styles)]
    codes = []
    for _ in range(200):
        actor = hand.legal_actions().actor
        if actor is None or hand.is_complete:
            break
        codes.append(bots[actor].act(hand).code)
    assert hand.is_complete
    return codes


def test_bots_play_legal_complete_hands_deterministically() -> None:
    styles = list(STYLES)
    first = play(styles, seed=11)
    assert first == play(styles, seed=11)
    assert len(first) >= 3


def test_a_perfect_bot_follows_the_coach() -> None:
    cfg = TableConfig(names=("a", "b", "c"), stacks=(200, 200, 200), button=0)
    hand = Hand.start(cfg, seed=2, hole_cards={1: "AsAh"})  # seat 1 is the small blind
    hand.apply_code("p3 f")  # the button folds; the small blind with aces is to act
    decision = Bot("loose-passive", difficulty=1.0, seed=1).choose(hand)
    assert decision.followed_coach and decision.code.startswith("p1 cbr")


def test_styles_differ_when_the_coach_is_not_followed() -> None:
    def choices(style: str) -> list[str]:
        out = []
        for seed in range(6):
            cfg = TableConfig(names=("a", "b", "c"), stacks=(200, 200, 200), button=0)
            hand = Hand.start(cfg, seed=seed, hole_cards={1: "7s7d"})
            hand.apply_code("p3 cbr 6")
            out.append(Bot(style, difficulty=0.0, seed=seed).choose(hand).option.kind)
        return out

    aggressive = choices("loose-aggressive")
    passive = choices("tight-passive")
    def raises(kinds: list[str]) -> int:
        return kinds.count("raise") + kinds.count("all_in")

    assert raises(aggressive) > raises(passive)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidInput):
        Bot("maniac")
    with pytest.raises(InvalidInput):
        Bot("tight-aggressive", difficulty=2.0)
