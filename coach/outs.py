"""What a hand can become: its outs against an opponent, and the odds of each final category.

Built on :mod:`coach.equity`'s reading of hands, boards and ranges and on the
board completions of :mod:`coach.boards`: an out is a next card after which the
hand is ahead (of a known hand, or of enough of a range), counted exactly over
the unseen cards; the final categories are counted over every completion (or
sampled, on request).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from coach.boards import board_strengths, completions
from coach.cards import ALL_CARDS, Card
from coach.dealing import MC_CHUNK
from coach.equity import (
    DEFAULT_SAMPLES,
    CardsLike,
    Player,
    check_known,
    check_run,
    read_board,
    read_cards,
    read_player,
)
from coach.errors import InvalidInput
from coach.evaluator import Category, categories_batch, evaluate_batch
from coach.i18n import N_

__all__ = ["Outs", "category_distribution", "outs"]


@dataclass(frozen=True)
class Outs:
    """The cards that take a hand from behind to ahead on the next street.

    ``cards``: the outs, strongest resulting category first; ``by_category``:
    the same grouped by the category the hand becomes; ``ahead``: whether the
    hand already wins now (then there are no outs to count); ``unseen``: cards
    the next one can be; ``beat_now`` / ``beat_after``: the (weighted) share of
    the opponent's hands beaten now and after each out.
    """

    cards: tuple[Card, ...]
    by_category: dict[Category, tuple[Card, ...]]
    ahead: bool
    unseen: int
    beat_now: float
    beat_after: dict[Card, float]

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def hit_next_card(self) -> float:
        """Chance that the next card is an out."""
        return self.count / self.unseen if self.unseen else 0.0

    def hit_by_river(self, cards_to_come: int) -> float:
        """Chance of at least one out in ``cards_to_come`` cards (1 or 2): exact, not the rule of 4."""
        if cards_to_come <= 1:
            return self.hit_next_card
        miss = math.comb(self.unseen - self.count, 2) / math.comb(self.unseen, 2)
        return 1.0 - miss


def outs(
    hand: CardsLike, board: CardsLike, villain: Player, dead: CardsLike = "", *,
    threshold: float = 0.5,
) -> Outs:
    """The next cards after which ``hand`` beats ``villain`` (a hand or a range).

    Against a hand, an out turns a loss or a tie into a win. Against a range,
    an out lifts the share of the range beaten (weighted, ties half) from below
    ``threshold`` to at least it. The board must be a flop or a turn.
    """
    h = read_cards(hand)
    if len(h) != 2:
        raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(h))
    b = read_board(board)
    if len(b) not in (3, 4):
        raise InvalidInput(N_("Outs are counted on the flop or the turn."))
    d = read_cards(dead)
    v = read_player(villain)
    known = list(h) + list(b) + list(d) + (list(v) if isinstance(v, tuple) else [])
    check_known(known)
    used = {c.index for c in known}
    unseen = np.array([c for c in range(52) if c not in used], dtype=np.int64)
    hb = np.array([c.index for c in (*h, *b)], dtype=np.int64)
    hero_now = int(evaluate_batch(hb[None, :])[0]) if len(hb) in (5, 6, 7) else 0
    hero_after = evaluate_batch(np.concatenate([np.tile(hb, (unseen.size, 1)), unseen[:, None]], axis=1))
    bidx = np.array([c.index for c in b], dtype=np.int64)
    if isinstance(v, tuple):
        vc = np.array([c.index for c in v], dtype=np.int64)[None, :]
        vw = np.ones(1)
    else:
        vc8, vw = v.arrays(dead=sorted(used))
        vc = vc8.astype(np.int64)
        if vc.shape[0] == 0:
            raise InvalidInput(N_("The range {range} has no hand left once the known cards are out."),
                               range=str(v))
    vrows = np.concatenate([vc, np.tile(bidx, (vc.shape[0], 1))], axis=1)
    vil_now = evaluate_batch(vrows)
    beat_now = float((vw * ((hero_now > vil_now) + 0.5 * (hero_now == vil_now))).sum() / vw.sum())
    # villain strength after each unseen card (combos holding that card drop out)
    n_u, n_v = unseen.size, vc.shape[0]
    rows = np.concatenate([np.repeat(vrows, n_u, axis=0), np.tile(unseen, n_v)[:, None]], axis=1)
    live = (vc[:, :, None] != unseen[None, None, :]).all(axis=1)
    # Only the pairs where the next card is not one of the combo's own cards are real hands: a
    # row holding a card twice is not a hand, and can even fall outside the evaluator's tables
    # (five aces, with two on the board and the combo and the next card sharing the third).
    flat = np.zeros(n_v * n_u, dtype=np.int64)
    flat[live.reshape(-1)] = evaluate_batch(rows[live.reshape(-1)])
    vil_after = flat.reshape(n_v, n_u)
    wmat = vw[:, None] * live
    score = (hero_after[None, :] > vil_after) + 0.5 * (hero_after[None, :] == vil_after)
    after = (wmat * score).sum(axis=0) / np.maximum(wmat.sum(axis=0), 1e-12)
    ahead_now = beat_now >= threshold if not isinstance(v, tuple) else hero_now > int(vil_now[0])
    out_idx: list[int] = []
    if not ahead_now:
        if isinstance(v, tuple):
            out_idx = [i for i in range(n_u) if hero_after[i] > vil_after[0, i]]
        else:
            out_idx = [i for i in range(n_u) if after[i] >= threshold]
    cats = categories_batch(hero_after)
    out_idx.sort(key=lambda i: (-int(cats[i]), -int(unseen[i])))
    cards = tuple(ALL_CARDS[int(unseen[i])] for i in out_idx)
    by_cat: dict[Category, tuple[Card, ...]] = {}
    for i in out_idx:
        cat = Category(int(cats[i]))
        by_cat[cat] = (*by_cat.get(cat, ()), ALL_CARDS[int(unseen[i])])
    return Outs(cards, by_cat, bool(ahead_now), int(n_u), beat_now,
                {ALL_CARDS[int(unseen[i])]: float(after[i]) for i in range(n_u)})


def category_distribution(
    hand: CardsLike, board: CardsLike = "", dead: CardsLike = "", *,
    exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> dict[Category, float]:
    """Probability of each final category of ``hand`` by the river, given ``board``.

    Every category is a key (weakest first, the royal flush apart), so a chart
    shows the zeros too. Exact by default (preflop: 2,118,760 boards in one
    batch); ``exact=False`` samples ``samples`` boards with ``seed``.
    """
    check_run(samples, seed, exact)
    h = read_cards(hand)
    b = read_board(board)
    d = read_cards(dead)
    check_known(list(h) + list(b) + list(d))
    if len(h) != 2:
        raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(h))
    hole = [c.index for c in h]
    if exact is False:
        rng = np.random.default_rng(seed)
        used = {c.index for c in (*h, *b, *d)}
        live = np.array([c for c in range(52) if c not in used], dtype=np.int64)
        m = 5 - len(b)
        fixed = np.array(hole + [c.index for c in b], dtype=np.int64)
        parts = []
        for start in range(0, samples, MC_CHUNK):  # bounded memory for any sample count
            n = min(MC_CHUNK, samples - start)
            rows = np.tile(fixed, (n, 1))
            if m:
                pick = live[np.argpartition(rng.random((n, live.size)), m - 1, axis=1)[:, :m]]
                rows = np.concatenate([rows, pick], axis=1)
            parts.append(evaluate_batch(rows))
        s = np.concatenate(parts)
    else:
        key, bits, _ = completions([c.index for c in b], hole + [c.index for c in d])
        s = board_strengths(key, bits, hole)
    counts = np.bincount(categories_batch(s), minlength=len(Category))
    total = counts.sum()
    return {c: float(counts[c] / total) for c in Category}
