"""Equity: each player's expected share of the pot, exact or Monte Carlo.

A player is a known hand (``"AsKs"``) or a range (``"TT+, AQs+"`` or a
:class:`~coach.ranges.Range`). A k-way tie pays 1/k to each winner.

* **Known hands** are always enumerated exactly: every completion of the board
  is evaluated once per hand with :func:`~coach.evaluator.evaluate_batch`'s
  tables. The board's key sums are computed once and each hand adds its two
  hole keys, so heads-up preflop (1,712,304 boards) costs a few vector passes.
  All five-card boards are cached per process; a preflop query only filters
  out the boards that use a known card.
* **One range** against known hands: exact when (combos x completions) is
  affordable (any turn or river, most flops), as every (combo, completion)
  pair is one batch row weighted by the combo's weight.
* **Two ranges** alone: exact on the river and turn when affordable (one
  combo-by-combo comparison per completion).
* Otherwise **Monte Carlo**, seeded: boards uniform from the unseen cards, a
  combo per range in proportion to its weight, rows with a card used twice
  dropped (which keeps the deal's true distribution); the result carries the
  standard error of each equity.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from coach.cards import ALL_CARDS, Card, parse_cards
from coach.errors import InvalidInput
from coach.evaluator import (
    BATCH_KEY,
    CARD_BIT,
    Category,
    categories_batch,
    combinations_array,
    evaluate_batch,
    strengths_from_keys,
)
from coach.i18n import N_
from coach.ranges import Range, parse_range

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_BUDGET",
    "EquityResult",
    "Outs",
    "category_distribution",
    "equity",
    "equity_result",
    "hand_vs_range",
    "outs",
    "range_vs_range",
]

Player = str | Range | Sequence[Card | str]
CardsLike = str | Iterable[Card | str]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

DEFAULT_SAMPLES: Final[int] = 100_000
# Above this many hand evaluations an exact answer gives way to Monte Carlo.
EXACT_BUDGET: Final[int] = 6_000_000


@dataclass(frozen=True)
class EquityResult:
    """Equities and how they were obtained.

    ``wins[i]``: deals player i wins alone; ``ties[i]``: deals i shares; both
    weighted by combo weights when ranges are involved. ``boards`` is the
    number of deals counted (board completions, times combos for ranges, or
    Monte Carlo samples). ``stderr`` is zero for an exact result.
    """

    players: tuple[str, ...]
    equities: tuple[float, ...]
    wins: tuple[float, ...]
    ties: tuple[float, ...]
    boards: int
    method: Literal["exact", "monte_carlo"]
    stderr: tuple[float, ...] = field(default=())

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def as_dict(self) -> dict[str, object]:
        return {
            "players": list(self.players), "equities": list(self.equities), "wins": list(self.wins),
            "ties": list(self.ties), "boards": self.boards, "method": self.method,
            "stderr": list(self.stderr),
        }


# ---------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------

def _cards(x: CardsLike) -> tuple[Card, ...]:
    return parse_cards(x) if isinstance(x, str) else parse_cards(list(x))


def _player(x: Player) -> tuple[Card, ...] | Range:
    """A known two-card hand, or a range (notation that is not two exact cards)."""
    if isinstance(x, Range):
        return x
    if isinstance(x, str):
        try:
            cards = parse_cards(x)
        except InvalidInput:
            return parse_range(x)
        if len(cards) == 2:
            return cards
        return parse_range(x)
    cards = _cards(x)
    if len(cards) != 2:
        raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(cards))
    return cards


def _label(p: tuple[Card, ...] | Range) -> str:
    return "".join(str(c) for c in p) if isinstance(p, tuple) else str(p)


def _check_known(known: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for c in known:
        if c in seen:
            raise InvalidInput(N_("The card {card} appears twice."), card=str(c))
        seen.add(c)


def _board(board: CardsLike) -> tuple[Card, ...]:
    b = _cards(board)
    if len(b) not in (0, 3, 4, 5):
        raise InvalidInput(
            N_("The board has 0, 3, 4 or 5 cards (preflop, flop, turn, river), not {count}."),
            count=len(b),
        )
    return b


# ---------------------------------------------------------------------------
# Board completions
# ---------------------------------------------------------------------------

_KEY32: Final[I32] = BATCH_KEY
_BIT: Final[I64] = CARD_BIT


@lru_cache(maxsize=1)
def _all_five_card_boards() -> tuple[I32, I64]:
    """Key sums and card masks of all C(52, 5) boards (cached, 31 MB)."""
    rows = combinations_array(52, 5)
    key = _KEY32[rows[:, 0]].copy()
    bits = _BIT[rows[:, 0]].copy()
    for j in range(1, 5):
        key += _KEY32[rows[:, j]]
        bits |= _BIT[rows[:, j]]
    key.setflags(write=False)
    bits.setflags(write=False)
    return key, bits


def _completions(board: Sequence[int], dead: Sequence[int]) -> tuple[I32, I64, npt.NDArray[np.int8]]:
    """Every completion of ``board`` avoiding ``dead``: key sums, masks, the added cards."""
    used = set(board) | set(dead)
    m = 5 - len(board)
    base_key = int(_KEY32[list(board)].sum()) if board else 0
    base_bits = int(_BIT[list(board)].sum()) if board else 0
    if m == 5:
        key, bits = _all_five_card_boards()
        dead_mask = np.int64(sum(1 << (13 * (c & 3) + (c >> 2)) for c in used))
        keep = (bits & dead_mask) == 0
        return key[keep], bits[keep], np.zeros((0, 0), dtype=np.int8)
    live = np.array([c for c in range(52) if c not in used], dtype=np.int8)
    added = live[combinations_array(len(live), m)]
    key = np.full(added.shape[0], base_key, dtype=np.int32)
    bits = np.full(added.shape[0], base_bits, dtype=np.int64)
    for j in range(m):
        key += _KEY32[added[:, j]]
        bits |= _BIT[added[:, j]]
    return key, bits, added


def _hole_key(cards: Sequence[int]) -> tuple[int, int]:
    return int(_KEY32[list(cards)].sum()), int(_BIT[list(cards)].sum())


def _strengths(key: I32, bits: I64, hole: Sequence[int]) -> npt.NDArray[np.int16]:
    hk, hb = _hole_key(hole)
    return strengths_from_keys(key + np.int32(hk), 7, bits=bits | np.int64(hb))


def _shares(s: npt.NDArray[np.int16]) -> tuple[F64, npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Per player and deal: the pot share, the winner mask and the number of winners."""
    best = s.max(axis=0)
    win = s == best
    n = win.sum(axis=0)
    return win / n, win, n


# ---------------------------------------------------------------------------
# Known hands
# ---------------------------------------------------------------------------

def _exact_known(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> EquityResult:
    known = [c.index for h in hands for c in h]
    b = [c.index for c in board]
    key, bits, _ = _completions(b, known + [c.index for c in dead])
    k = len(hands)
    total = np.zeros(k)
    wins = np.zeros(k, dtype=np.int64)
    ties = np.zeros(k, dtype=np.int64)
    chunk = 1 << 18
    for start in range(0, key.shape[0], chunk):
        ks, bs = key[start:start + chunk], bits[start:start + chunk]
        s = np.stack([_strengths(ks, bs, [c.index for c in h]) for h in hands])
        share, win, n = _shares(s)
        total += share.sum(axis=1)
        wins += (win & (n == 1)).sum(axis=1)
        ties += (win & (n > 1)).sum(axis=1)
    boards = int(key.shape[0])
    return EquityResult(
        tuple(_label(h) for h in hands), tuple((total / boards).tolist()), tuple(wins.tolist()),
        tuple(ties.tolist()), boards, "exact", (0.0,) * k,
    )


# ---------------------------------------------------------------------------
# Monte Carlo (any mix of hands and ranges)
# ---------------------------------------------------------------------------

def _monte_carlo(
    players: list[tuple[Card, ...] | Range], board: tuple[Card, ...], dead: tuple[Card, ...],
    samples: int, seed: int | None,
) -> EquityResult:
    rng = np.random.default_rng(seed)
    fixed = [c.index for p in players if isinstance(p, tuple) for c in p]
    fixed += [c.index for c in board] + [c.index for c in dead]
    live = np.array([c for c in range(52) if c not in set(fixed)], dtype=np.int8)
    m = 5 - len(board)
    pools: list[tuple[npt.NDArray[np.int8], F64] | None] = []
    for p in players:
        if isinstance(p, Range):
            cards, w = p.arrays(dead=fixed)
            if cards.shape[0] == 0:
                raise InvalidInput(N_("The range {range} has no hand left once the known cards are out."),
                                   range=str(p))
            pools.append((cards, w / w.sum()))
        else:
            pools.append(None)
    k = len(players)
    sums = np.zeros(k)
    sq = np.zeros(k)
    wins = np.zeros(k)
    ties = np.zeros(k)
    done = 0
    board_key, board_bits = _hole_key([c.index for c in board]) if board else (0, 0)
    hole_keys = [
        None if pool is None else (_KEY32[pool[0][:, 0]] + _KEY32[pool[0][:, 1]],
                                   _BIT[pool[0][:, 0]] | _BIT[pool[0][:, 1]])
        for pool in pools
    ]
    accept = 0.5
    rounds = 0
    while done < samples:
        want = min(samples - done, 1 << 16)
        n = int(want / accept * 1.1) + 64
        # board completion drawn with replacement; rows repeating a card are
        # dropped below with the rows where range combos collide, which leaves
        # every deal equally likely (rejection sampling)
        added = live[rng.integers(0, live.size, size=(n, m))]
        picks = [None if pool is None else rng.choice(pool[0].shape[0], size=n, p=pool[1])
                 for pool in pools]
        cols = [added] + [pool[0][pick] for pool, pick in zip(pools, picks, strict=True)
                          if pool is not None and pick is not None]
        used = np.concatenate(cols, axis=1) if cols else added
        if used.shape[1] > 1:
            srt = np.sort(used, axis=1)
            ok = (srt[:, 1:] != srt[:, :-1]).all(axis=1)
        else:
            ok = np.ones(n, dtype=bool)
        rounds += 1
        accept = max(float(ok.mean()), 0.01)
        rows_ok = np.flatnonzero(ok)[:want]
        if rows_ok.size == 0:
            if rounds > 20:
                raise InvalidInput(N_("The ranges have no deal in common once the known cards are out."))
            continue
        a = added[rows_ok]
        key = np.full(rows_ok.size, board_key, dtype=np.int32)
        bits = np.full(rows_ok.size, board_bits, dtype=np.int64)
        for j in range(m):
            key += _KEY32[a[:, j]]
            bits |= _BIT[a[:, j]]
        strengths = []
        for p, pick, hk in zip(players, picks, hole_keys, strict=True):
            if hk is None:
                assert isinstance(p, tuple)
                strengths.append(_strengths(key, bits, [c.index for c in p]))
            else:
                assert pick is not None
                sel = pick[rows_ok]
                strengths.append(strengths_from_keys(key + hk[0][sel], 7, bits=bits | hk[1][sel]))
        share, win, cnt = _shares(np.stack(strengths))
        sums += share.sum(axis=1)
        sq += (share**2).sum(axis=1)
        wins += (win & (cnt == 1)).sum(axis=1)
        ties += (win & (cnt > 1)).sum(axis=1)
        done += rows_ok.size
    mean = sums / done
    var = np.maximum(sq / done - mean**2, 0.0) * done / max(done - 1, 1)
    stderr = np.sqrt(var / done)
    return EquityResult(
        tuple(_label(p) for p in players), tuple(mean.tolist()), tuple(wins.tolist()),
        tuple(ties.tolist()), done, "monte_carlo", tuple(stderr.tolist()),
    )


# ---------------------------------------------------------------------------
# One range against known hands, exact
# ---------------------------------------------------------------------------

def _exact_one_range(
    players: list[tuple[Card, ...] | Range], board: tuple[Card, ...], dead: tuple[Card, ...],
) -> EquityResult:
    r_pos = next(i for i, p in enumerate(players) if isinstance(p, Range))
    rng_p = players[r_pos]
    assert isinstance(rng_p, Range)
    hands = [p for p in players if isinstance(p, tuple)]
    known = [c.index for h in hands for c in h]
    b = [c.index for c in board]
    fixed = known + b + [c.index for c in dead]
    cards, w = rng_p.arrays(dead=fixed)
    if cards.shape[0] == 0:
        raise InvalidInput(N_("The range {range} has no hand left once the known cards are out."),
                           range=str(rng_p))
    key, bits, _ = _completions(b, known + [c.index for c in dead])
    # strengths of the known hands on every completion, then the range's
    # combos in chunks of (combos x completions) rows, all vectorised
    hs = np.stack([_strengths(key, bits, [c.index for c in h]) for h in hands]) if hands else None
    hole_key = _KEY32[cards[:, 0]] + _KEY32[cards[:, 1]]
    hole_bits = _BIT[cards[:, 0]] | _BIT[cards[:, 1]]
    k = len(players)
    total = np.zeros(k)
    wins = np.zeros(k)
    ties = np.zeros(k)
    n_comp = key.shape[0]
    step = max(1, (1 << 20) // max(n_comp, 1))
    deals = 0
    for start in range(0, cards.shape[0], step):
        hk, hb, wc = hole_key[start:start + step], hole_bits[start:start + step], w[start:start + step]
        valid = (bits[None, :] & hb[:, None]) == 0
        vs = strengths_from_keys((key[None, :] + hk[:, None]).ravel(), 7,
                                 bits=(bits[None, :] | hb[:, None]).ravel()).reshape(valid.shape)
        rows = [vs] if hs is None else [np.broadcast_to(h, vs.shape) for h in hs]
        if hs is not None:
            rows.insert(r_pos, vs)
        share, win, n = _shares(np.stack(rows))
        nv = valid.sum(axis=1)
        per = wc / nv  # each combo's weight spread over its valid completions
        total += ((share * valid).sum(axis=2) * per).sum(axis=1)
        wins += (((win & (n == 1)) & valid).sum(axis=2) * per).sum(axis=1)
        ties += (((win & (n > 1)) & valid).sum(axis=2) * per).sum(axis=1)
        deals += int(nv.sum())
    weight_sum = float(w.sum())
    return EquityResult(
        tuple(_label(p) for p in players), tuple((total / weight_sum).tolist()),
        tuple(np.round(wins / weight_sum * deals, 6).tolist()),
        tuple(np.round(ties / weight_sum * deals, 6).tolist()),
        deals, "exact", (0.0,) * k,
    )


def _exact_two_ranges(
    r1: Range, r2: Range, board: tuple[Card, ...], dead: tuple[Card, ...]
) -> EquityResult:
    b = [c.index for c in board]
    fixed = b + [c.index for c in dead]
    a1, w1 = r1.arrays(dead=fixed)
    a2, w2 = r2.arrays(dead=fixed)
    if a1.shape[0] == 0 or a2.shape[0] == 0:
        raise InvalidInput(N_("The range {range} has no hand left once the known cards are out."),
                           range=str(r1 if a1.shape[0] == 0 else r2))
    bit1 = _BIT[a1[:, 0]] | _BIT[a1[:, 1]]
    bit2 = _BIT[a2[:, 0]] | _BIT[a2[:, 1]]
    hk1 = _KEY32[a1[:, 0]] + _KEY32[a1[:, 1]]
    hk2 = _KEY32[a2[:, 0]] + _KEY32[a2[:, 1]]
    pair_ok = (bit1[:, None] & bit2[None, :]) == 0
    key, bits, _ = _completions(b, [c.index for c in dead])
    ww = w1[:, None] * w2[None, :]
    eq = np.zeros(2)
    wins = np.zeros(2)
    ties = np.zeros(2)
    total_w = 0.0
    deals = 0
    for kb, bb in zip(key.tolist(), bits.tolist(), strict=True):
        ok1 = (bit1 & bb) == 0
        ok2 = (bit2 & bb) == 0
        s1 = strengths_from_keys(hk1 + np.int32(kb), 7, bits=bit1 | np.int64(bb))
        s2 = strengths_from_keys(hk2 + np.int32(kb), 7, bits=bit2 | np.int64(bb))
        valid = pair_ok & ok1[:, None] & ok2[None, :]
        wv = np.where(valid, ww, 0.0)
        gt = s1[:, None] > s2[None, :]
        lt = s1[:, None] < s2[None, :]
        eqm = ~(gt | lt)
        win1 = float((wv * gt).sum())
        win2 = float((wv * lt).sum())
        tie = float((wv * eqm).sum())
        eq += (win1 + tie / 2, win2 + tie / 2)
        wins += (win1, win2)
        ties += (tie, tie)
        total_w += win1 + win2 + tie
        deals += int(valid.sum())
    if total_w == 0:
        raise InvalidInput(N_("The ranges have no deal in common once the known cards are out."))
    scale = deals / total_w
    return EquityResult(
        (str(r1), str(r2)), tuple((eq / total_w).tolist()), tuple(np.round(wins * scale, 6).tolist()),
        tuple(np.round(ties * scale, 6).tolist()), deals, "exact", (0.0, 0.0),
    )


# ---------------------------------------------------------------------------
# Public entry points
# ---------------------------------------------------------------------------

def equity_result(
    hands: Sequence[Player], board: CardsLike = "", dead: CardsLike = "", *,
    exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> EquityResult:
    """Equity of 2 to 10 players (known hands or ranges) on ``board``.

    ``exact=None`` enumerates whenever it is affordable (always for known
    hands), ``True`` insists (raising when the enumeration is too large),
    ``False`` forces Monte Carlo with ``samples`` deals and ``seed``.
    """
    players = [_player(h) for h in hands]
    if not 2 <= len(players) <= 10:
        raise InvalidInput(N_("Equity is computed for 2 to 10 players, not {count}."), count=len(players))
    b = _board(board)
    d = _cards(dead)
    known = [c for p in players if isinstance(p, tuple) for c in p]
    _check_known(known + list(b) + list(d))
    if samples < 1:
        raise InvalidInput(N_("Monte Carlo needs at least one sample."))
    ranges = [p for p in players if isinstance(p, Range)]
    m = 5 - len(b)
    unseen = 52 - len(known) - len(b) - len(d)
    n_completions = math.comb(unseen, m)
    if not ranges:
        cost = n_completions * len(players)
        if exact is not False:
            return _exact_known([p for p in players if isinstance(p, tuple)], b, d)
    elif len(ranges) == 1:
        cost = len(ranges[0]) * n_completions * len(players)
    elif len(ranges) == 2 and len(players) == 2:
        cost = len(ranges[0]) * len(ranges[1]) * n_completions * 2
    else:
        cost = -1  # three or more ranges: Monte Carlo only
    affordable = 0 <= cost <= EXACT_BUDGET
    if exact is True and not affordable:
        raise InvalidInput(
            N_("Exact equity would need {cost} evaluations here: use Monte Carlo."),
            cost=max(cost, 0),
        )
    if exact is not False and affordable:
        if len(ranges) == 1:
            return _exact_one_range(players, b, d)
        return _exact_two_ranges(ranges[0], ranges[1], b, d)
    return _monte_carlo(players, b, d, samples, seed)


def equity(
    hands: Sequence[Player], board: CardsLike = "", dead: CardsLike = "", *,
    exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> list[float]:
    """Each player's expected share of the pot (see :func:`equity_result`)."""
    return list(equity_result(hands, board, dead, exact=exact, samples=samples, seed=seed).equities)


def hand_vs_range(
    hand: Player, villain: str | Range, board: CardsLike = "", dead: CardsLike = "", *,
    exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> EquityResult:
    """A known hand against a range (weighted combos, known cards removed)."""
    return equity_result([hand, parse_range(villain)], board, dead, exact=exact, samples=samples,
                         seed=seed)


def range_vs_range(
    hero: str | Range, villain: str | Range, board: CardsLike = "", dead: CardsLike = "", *,
    exact: bool | None = None, samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> EquityResult:
    """Range against range: exact on the turn and river when affordable, else Monte Carlo."""
    return equity_result([parse_range(hero), parse_range(villain)], board, dead, exact=exact,
                         samples=samples, seed=seed)


# ---------------------------------------------------------------------------
# Outs and the final category
# ---------------------------------------------------------------------------

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
    h = _cards(hand)
    if len(h) != 2:
        raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(h))
    b = _board(board)
    if len(b) not in (3, 4):
        raise InvalidInput(N_("Outs are counted on the flop or the turn."))
    d = _cards(dead)
    v = _player(villain)
    known = list(h) + list(b) + list(d) + (list(v) if isinstance(v, tuple) else [])
    _check_known(known)
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
    vil_after = evaluate_batch(rows).reshape(n_v, n_u)
    live = (vc[:, :, None] != unseen[None, None, :]).all(axis=1)
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
    h = _cards(hand)
    b = _board(board)
    d = _cards(dead)
    _check_known(list(h) + list(b) + list(d))
    if len(h) != 2:
        raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(h))
    hole = [c.index for c in h]
    if exact is False:
        rng = np.random.default_rng(seed)
        used = {c.index for c in (*h, *b, *d)}
        live = np.array([c for c in range(52) if c not in used], dtype=np.int64)
        m = 5 - len(b)
        fixed = np.array(hole + [c.index for c in b], dtype=np.int64)
        rows = np.tile(fixed, (samples, 1))
        if m:
            pick = live[np.argpartition(rng.random((samples, live.size)), m - 1, axis=1)[:, :m]]
            rows = np.concatenate([rows, pick], axis=1)
        s = evaluate_batch(rows)
    else:
        key, bits, _ = _completions([c.index for c in b], hole + [c.index for c in d])
        s = _strengths(key, bits, hole)
    counts = np.bincount(categories_batch(s), minlength=len(Category))
    total = counts.sum()
    return {c: float(counts[c] / total) for c in Category}
