"""Monte Carlo dealing: pot shares per deal, deals that never reuse a card, the importance weights that
keep a range's blocked combos out, and the case where no deal is possible. Exact answers are counted
by hand from the cards left in the deck."""

from __future__ import annotations

import numpy as np
import pytest

from coach.cards import parse_cards
from coach.dealing import Pool, deal, shares


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def pool(*hands: str) -> Pool:
    cards = np.array([idx(h) for h in hands], dtype=np.int8)
    return Pool.of(cards, np.ones(len(hands)))


def test_shares_split_ties() -> None:
    share, win, n = shares(np.array([[5, 3], [5, 7]], dtype=np.int16))  # players x deals
    assert share.tolist() == [[0.5, 0.0], [0.5, 1.0]]
    assert n.tolist() == [2, 1] and win.tolist() == [[True, False], [True, True]]


def test_a_complete_board_is_one_certain_deal() -> None:
    board, aa, kk = idx("2c3d7h8c9d"), idx("AsAh"), idx("KsKh")
    got = deal([aa, kk], board, board + aa + kk, 100, seed=1)
    assert got is not None
    mean, wins, ties, se = got
    assert mean.tolist() == [1.0, 0.0] and wins.tolist() == [100.0, 0.0] and ties.tolist() == [0.0, 0.0]
    assert se.tolist() == [0.0, 0.0]


def test_one_card_to_come_matches_the_count_of_outs() -> None:
    board, aa, kk = idx("2c3d7h8c"), idx("AsAh"), idx("KsKd")
    got = deal([aa, kk], board, board + aa + kk, 20_000, seed=3)
    assert got is not None
    mean, _, _, se = got
    # kings win only on one of the two kings left among the 44 unseen cards: 2 / 44
    assert mean[1] == pytest.approx(2 / 44, abs=4 * se[1] + 1e-9)


def test_a_range_never_holds_a_card_another_range_took() -> None:
    # (the callers take the known cards out of a range before dealing: ranges meet only each other)
    board = idx("2c3d7h8c9d")
    # the first range is Q♣Q♦ only; the second Q♣Q♥ (blocked by it) or J♠J♥: always the jacks, so
    # the queens win every deal (a Q♣Q♥ dealt would split the pot)
    got = deal([pool("QcQd"), pool("QcQh", "JsJh")], board, board, 500, seed=2)
    assert got is not None
    assert got[0].tolist() == [1.0, 0.0]


def test_no_possible_deal_is_none() -> None:
    board = idx("2c3d7h8c9d")
    assert deal([pool("AsKs"), pool("AsKs")], board, board, 100, seed=1) is None  # one combo for two
