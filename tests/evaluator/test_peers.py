"""Our hand ordering equals the peers' (the ``bench`` extra: eval7, phevaluator, treys; pokerkit).

Each library evaluates the same random seven-card hands; the orderings agree
when there is a strictly increasing one-to-one map between our strengths and
theirs (ties included). Skipped, with the reason, when a peer is not installed.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from coach.cards import ALL_CARDS
from coach.evaluator import evaluate, evaluate_batch

N = 200_000


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    pairs = np.unique(np.stack([ours.astype(np.int64), theirs.astype(np.int64)], axis=1), axis=0)
    if len(pairs) != len(np.unique(ours)) or len(pairs) != len(np.unique(theirs)):
        return False
    return bool(np.all(np.diff(pairs[:, 1]) > 0))


@pytest.fixture(scope="module")
def hands() -> tuple[np.ndarray, list[list[str]], np.ndarray]:
    rng = np.random.default_rng(2024)
    idx = np.argsort(rng.random((N, 52)), axis=1)[:, :7].astype(np.int8)
    names = [str(c) for c in ALL_CARDS]  # each card's text made once, not once per hand
    texts = [[names[i] for i in row] for row in idx.tolist()]
    return idx, texts, evaluate_batch(idx)


def test_same_order_detects_a_difference() -> None:
    a = np.array([1, 2, 2, 3])
    assert same_order(a, np.array([10, 20, 20, 30]))
    assert not same_order(a, np.array([10, 20, 21, 30]))  # we tie, they do not
    assert not same_order(a, np.array([10, 30, 30, 20]))  # order swapped


def test_eval7_order(hands: tuple[np.ndarray, list[list[str]], np.ndarray]) -> None:
    eval7 = pytest.importorskip("eval7", reason="eval7 is in the bench extra")
    _, texts, ours = hands
    card = {str(c): eval7.Card(str(c)) for c in ALL_CARDS}  # eval7 parses each text once
    theirs = np.array([eval7.evaluate([card[c] for c in h]) for h in texts])
    assert same_order(ours, theirs)


def test_phevaluator_order(hands: tuple[np.ndarray, list[list[str]], np.ndarray]) -> None:
    phe = pytest.importorskip("phevaluator", reason="phevaluator is in the bench extra")
    _, texts, ours = hands
    theirs = np.array([phe.evaluate_cards(*h) for h in texts])
    assert same_order(ours, -theirs)  # phevaluator: smaller is stronger


def test_treys_order(hands: tuple[np.ndarray, list[list[str]], np.ndarray]) -> None:
    treys = pytest.importorskip("treys", reason="treys is in the bench extra")
    _, texts, ours = hands
    ev = treys.Evaluator()
    n = 20_000  # treys is pure Python (~30k hands/s): a tenth of the hands
    card = {str(c): treys.Card.new(str(c)) for c in ALL_CARDS}  # treys parses each text once
    theirs = np.array([ev.evaluate([card[c] for c in h[2:]], [card[c] for c in h[:2]]) for h in texts[:n]])
    assert same_order(ours[:n], -theirs)


def test_pokerkit_order(hands: tuple[np.ndarray, list[list[str]], np.ndarray]) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    _, texts, ours = hands
    n = 2_000  # pokerkit's evaluator is slow (~2k hands/s)
    pk = [pokerkit.StandardHighHand.from_game("".join(h[:2]), "".join(h[2:])) for h in texts[:n]]
    rank = {h: i for i, h in enumerate(sorted(set(pk)))}
    assert same_order(ours[:n], np.array([rank[h] for h in pk]))


Hands = tuple[np.ndarray, list[list[str]], np.ndarray]


def test_single_path_equals_batch_on_peer_hands(hands: Hands) -> None:
    _, texts, ours = hands
    assert [evaluate(h) for h in texts[:50_000]] == ours[:50_000].tolist()


@pytest.mark.slow
def test_all_five_card_hands_order_as_eval7() -> None:
    eval7 = pytest.importorskip("eval7", reason="eval7 is in the bench extra")
    # every five-card hand in itertools' order, as our indices and as eval7's cards (tuples made in C)
    rows = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                       dtype=np.int8).reshape(-1, 5)
    ours = evaluate_batch(rows)
    cards = [eval7.Card(str(c)) for c in ALL_CARDS]
    theirs = np.array([eval7.evaluate(h) for h in itertools.combinations(cards, 5)])
    assert len(theirs) == len(ours) == 2_598_960
    assert same_order(ours, theirs)
