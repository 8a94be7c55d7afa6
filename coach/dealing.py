"""Monte Carlo dealing for the equity engine: ranges dealt by weight, without a card twice.

Why its own module: dealing several weighted ranges so that no card is dealt twice, and
weighting each deal by how much of every range was still available (importance sampling), is
the one delicate part of :mod:`coach.equity`; it is shared by the equity of known hands and
ranges (:func:`coach.equity.equity_result`) and by the coach's weighted multiway equity
(:func:`coach.equity.hand_vs_weighted_ranges`), and its memory is bounded by :data:`MC_CHUNK`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.boards import board_strengths, hole_key
from coach.evaluator import BATCH_KEY, CARD_BIT, strengths_from_keys

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

MC_CHUNK: Final[int] = 1 << 13  # deals per batch: memory stays bounded whatever the players


def shares(s: npt.NDArray[np.int16]) -> tuple[F64, npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Per player and deal: the pot share, the winner mask and the number of winners."""
    best = s.max(axis=0)
    win = s == best
    n = win.sum(axis=0)
    return win / n, win, n


@dataclass(frozen=True)
class Pool:
    """One range ready for sampling: its combos, their probabilities and, for the
    importance weights, the weight of the combos through each card and each pair."""

    cards: npt.NDArray[np.int8]
    prob: F64
    bits: I64
    total: float
    through: F64  # (52,) weight of the combos holding each card
    pair: F64  # (52, 52) weight of the combo made of exactly those two cards

    @classmethod
    def of(cls, cards: npt.NDArray[np.int8], w: F64) -> Pool:
        total = float(w.sum())
        through = np.zeros(52)
        np.add.at(through, cards[:, 0], w)
        np.add.at(through, cards[:, 1], w)
        pair = np.zeros((52, 52))
        pair[cards[:, 0], cards[:, 1]] = w
        pair[cards[:, 1], cards[:, 0]] = w
        return cls(cards, w / total, CARD_BIT[cards[:, 0]] | CARD_BIT[cards[:, 1]], total, through, pair)

    def available(self, taken: npt.NDArray[np.int8]) -> F64:
        """Per row, the weight of the combos that avoid the ``taken`` cards (n, t).

        Inclusion-exclusion over the taken cards: a combo touching two of them
        is subtracted twice and added back once. ``t`` is at most 18 cards, so
        this is a few vector passes, never an (n x combos) matrix.
        """
        avail = np.full(taken.shape[0], self.total)
        t = taken.shape[1]
        if t:
            avail -= self.through[taken].sum(axis=1)
            for j in range(t):
                for k in range(j + 1, t):
                    avail += self.pair[taken[:, j], taken[:, k]]
        return np.where(avail > self.total * 1e-9, avail, 0.0)

    def draw(self, rng: np.random.Generator, used: I64, alive: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
        """A combo per row from this range, avoiding the row's ``used`` cards.

        Draws from the whole range and redraws only the rows that collide, a few
        times; rows still colliding (a range mostly blocked in that row) draw from
        their masked weights directly, in blocks of bounded size.
        """
        n = used.shape[0]
        size = self.prob.size
        pick: npt.NDArray[np.intp] = np.asarray(rng.choice(size, size=n, p=self.prob), dtype=np.intp)
        bad = np.flatnonzero(((self.bits[pick] & used) != 0) & alive)
        for _ in range(6):
            if bad.size == 0:
                return pick
            pick[bad] = rng.choice(self.prob.size, size=bad.size, p=self.prob)
            bad = bad[(self.bits[pick[bad]] & used[bad]) != 0]
        block = max(1, (1 << 22) // self.prob.size)
        for start in range(0, bad.size, block):
            rows = bad[start:start + block]
            ok = (self.bits[None, :] & used[rows, None]) == 0
            cw = np.cumsum(np.where(ok, self.prob[None, :], 0.0), axis=1)
            u = rng.random(rows.size) * cw[:, -1]
            pick[rows] = np.minimum((cw < u[:, None]).sum(axis=1), self.prob.size - 1)
        return pick


def deal(
    slots: list[list[int] | Pool], board: list[int], fixed: list[int], samples: int, seed: int | None,
) -> tuple[F64, F64, F64, F64] | None:
    """Seeded Monte Carlo by sequential dealing with importance weights.

    ``slots`` holds each player's known hole cards or his range's pool;
    ``fixed`` every known card (hands, board, dead). Each range's combo is
    drawn given the cards the ranges before it took (so a deal never fails,
    whatever the number of ranges: rejecting whole deals, as before, needed
    millions of tries for nine ``random`` players), and the deal is weighted by
    how much of each range was still available, which makes the estimate exact
    in expectation for the true joint distribution (combos weighted by the
    product of their weights, no card twice). The board is drawn uniformly
    from the cards left in each deal. Returns per player the mean share, the
    wins and ties scaled to ``samples`` deals, and the standard error; None
    when no deal keeps the ranges apart (every weight is zero).
    """
    rng = np.random.default_rng(seed)
    fixed_bits = np.int64(0)
    for c in fixed:
        fixed_bits |= CARD_BIT[c]
    m = 5 - len(board)
    k = len(slots)
    sums = np.zeros(k)
    sq = np.zeros(k)
    s1 = np.zeros(k)
    wins = np.zeros(k)
    ties = np.zeros(k)
    wsum = 0.0
    w2sum = 0.0
    done = 0
    board_key, board_bits = hole_key(board) if board else (0, 0)
    while done < samples:
        n = min(samples - done, MC_CHUNK)
        used = np.zeros(n, dtype=np.int64)
        weight = np.ones(n)
        taken = np.zeros((n, 0), dtype=np.int8)
        picks: list[npt.NDArray[np.intp] | None] = []
        for pool in slots:
            if not isinstance(pool, Pool):
                picks.append(None)
                continue
            weight *= pool.available(taken) / pool.total
            alive = weight > 0
            pick = pool.draw(rng, used, alive)
            used |= pool.bits[pick]
            taken = np.concatenate([taken, pool.cards[pick]], axis=1)
            picks.append(pick)
        key = np.full(n, board_key, dtype=np.int32)
        bits = np.full(n, board_bits, dtype=np.int64)
        if m:
            out = ((used | fixed_bits)[:, None] & CARD_BIT[None, :]) != 0
            noise = rng.random((n, 52))
            noise[out] = 2.0
            added = np.argpartition(noise, m - 1, axis=1)[:, :m]
            for j in range(m):
                key += BATCH_KEY[added[:, j]]
                bits |= CARD_BIT[added[:, j]]
        strengths = []
        for pool, chosen in zip(slots, picks, strict=True):
            if not isinstance(pool, Pool) or chosen is None:
                assert isinstance(pool, list)
                strengths.append(board_strengths(key, bits, pool))
            else:
                hk = BATCH_KEY[pool.cards[chosen, 0]] + BATCH_KEY[pool.cards[chosen, 1]]
                strengths.append(strengths_from_keys(key + hk, 7, bits=bits | pool.bits[chosen]))
        share, win, cnt = shares(np.stack(strengths))
        w2 = weight * weight
        sums += (share * weight).sum(axis=1)
        sq += (share * share * w2).sum(axis=1)
        s1 += (share * w2).sum(axis=1)
        wins += ((win & (cnt == 1)) * weight).sum(axis=1)
        ties += ((win & (cnt > 1)) * weight).sum(axis=1)
        wsum += float(weight.sum())
        w2sum += float(w2.sum())
        done += n
    if wsum <= 0:
        return None
    mean = sums / wsum
    # self-normalised importance sampling: Var ~ sum w^2 (x - mean)^2 / (sum w)^2
    var = np.maximum(sq - 2 * mean * s1 + mean * mean * w2sum, 0.0) / (wsum * wsum)
    scale = done / wsum
    return mean, np.round(wins * scale, 6), np.round(ties * scale, 6), np.sqrt(var)
