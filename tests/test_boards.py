"""Board completions as evaluator key sums: how many there are, and that a hand's strength on each
equals the evaluator's on the same seven cards."""

from __future__ import annotations

import numpy as np

from coach.boards import board_strengths, completions
from coach.cards import Card, parse_cards
from coach.evaluator import evaluate


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def test_flop_completions_avoid_the_dead_cards() -> None:
    board, hole = idx("Kh7h2c"), idx("AhJh")
    key, bits, added = completions(board, hole)
    # 52 - 3 - 2 = 47 cards left, two to come: 47 x 46 / 2 = 1081 turn-and-river pairs
    assert len(key) == len(bits) == len(added) == 1081
    assert not set(added.ravel().tolist()) & set(board + hole)


def test_a_complete_board_has_one_completion() -> None:
    key, _, added = completions(idx("Kh7h2c9s3d"), idx("AhJh"))
    assert len(key) == 1 and added.shape == (1, 0)


def test_strengths_match_the_evaluator() -> None:
    board, hole = idx("Kh7h2c9s"), idx("AhJh")
    key, bits, added = completions(board, hole)
    assert len(key) == 52 - 4 - 2  # the river only
    got = board_strengths(key, bits, hole)
    for k in range(0, len(key), 7):  # every seventh river, to stay fast
        seven = [*parse_cards("Kh7h2c9sAhJh"), Card.from_index(int(added[k, 0]))]
        assert int(got[k]) == evaluate(seven)
    # the nine hearts make a flush: every one of them beats every other river (at most two pair)
    heart = parse_cards("2h")[0].suit
    is_heart = np.array([Card.from_index(int(c)).suit == heart for c in added[:, 0]])
    assert is_heart.sum() == 9 and int(got[is_heart].min()) > int(got[~is_heart].max())
