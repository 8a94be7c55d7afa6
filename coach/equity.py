"""Equity: each player's expected share of the pot, exact or Monte Carlo.

A player is a known hand (``"AsKs"``) or a range (``"TT+, AQs+"`` or a
:class:`~coach.ranges.Range`). A k-way tie pays 1/k to each winner.

* **Known hands** are always enumerated exactly: every completion of the board
  is evaluated once per hand with :func:`~coach.evaluator.evaluate_batch`'s
  tables. The board's key sums are computed once and each hand adds its two
  hole keys, so heads-up preflop (1,712,304 boards) costs a few vector passes.
  All five-card boards are cached per process (:mod:`coach.boards`); a
  preflop query only filters out the boards that use a known card.
* **One range** against known hands: exact when (combos x completions) is
  affordable (any turn or river, most flops), as every (combo, completion)
  pair is one batch row weighted by the combo's weight.
* **Two ranges** alone: exact on the river and turn when affordable (one
  combo-by-combo comparison per completion).
* Otherwise **Monte Carlo**, seeded: each range's combo dealt by weight given
  the cards already taken, the deal weighted by the range still available
  (importance sampling), boards uniform from the cards left; the result
  carries the standard error of each equity.

One budget, :data:`EXACT_BUDGET` (hand evaluations), decides exact or Monte
Carlo everywhere. This is the project's one equity engine: the coach's ranges
(:mod:`coach.feedback.rangemodel`, card indices and weight arrays) come in
through :func:`hand_vs_combos` (a hand against each combo of a range, the
same enumeration as the one-range exact path) and
:func:`hand_vs_weighted_ranges` (several ranges, the same dealing).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from coach.boards import board_strengths, completions, hole_key
from coach.cards import Card, parse_cards
from coach.dealing import Pool, deal, shares
from coach.errors import InvalidInput
from coach.evaluator import (
    BATCH_KEY,
    CARD_BIT,
    strengths_from_keys,
)
from coach.i18n import N_
from coach.limits import MAX_RANGE_TEXT, MAX_SAMPLES, MAX_SEED, clip, is_int
from coach.ranges import Range, parse_range

__all__ = [
    "COMBO_SAMPLES",
    "DEFAULT_SAMPLES",
    "EXACT_BUDGET",
    "ComboEquities",
    "EquityResult",
    "equity",
    "equity_result",
    "hand_vs_combos",
    "hand_vs_range",
    "hand_vs_weighted_ranges",
    "range_vs_range",
]

Player = str | Range | Sequence[Card | str]
CardsLike = str | Iterable[Card | str]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

DEFAULT_SAMPLES: Final[int] = 100_000
# The one enumeration budget: above this many hand evaluations (combos x
# completions x players) an exact answer gives way to Monte Carlo. A heads-up
# flop against a full range (1,225 x 1,081 x 2) fits; preflop against a range
# of two or more combos does not.
EXACT_BUDGET: Final[int] = 6_000_000
# Monte Carlo against each combo of a range (hand_vs_combos): about this many
# (combo, runout) pairs, and never fewer than MIN_RUNOUTS runouts per combo.
COMBO_SAMPLES: Final[int] = 150_000
MIN_RUNOUTS: Final[int] = 30


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
# Input (public: coach.outs reads its hands, boards and ranges the same way)
# ---------------------------------------------------------------------------

def read_cards(x: CardsLike) -> tuple[Card, ...]:
    """Cards as a caller gives them (text, or a list of cards and strings); anything else refused."""
    if isinstance(x, str):
        return parse_cards(x)
    if not isinstance(x, list | tuple) or not all(isinstance(c, str | Card) for c in x):
        raise InvalidInput(N_("'{value}' are not cards: write them as text, e.g. AsKd."), value=clip(x))
    return parse_cards(list(x))


def check_run(samples: object, seed: object, exact: object) -> None:
    """The Monte Carlo budget and seed, checked before anything is drawn."""
    if not is_int(samples) or not 1 <= samples <= MAX_SAMPLES:
        raise InvalidInput(N_("Monte Carlo takes 1 to {limit} samples, not {count}."),
                           limit=MAX_SAMPLES, count=clip(samples))
    if seed is not None and (not is_int(seed) or not 0 <= seed <= MAX_SEED):
        raise InvalidInput(N_("The seed must be a whole number from 0 to {limit}, not {seed}."),
                           limit=str(MAX_SEED), seed=clip(seed))
    if exact is not None and not isinstance(exact, bool):
        raise InvalidInput(N_("'{value}' is not true or false."), value=clip(exact))


def read_player(x: Player) -> tuple[Card, ...] | Range:
    """A known two-card hand, or a range (notation that is not two exact cards)."""
    text: str | None
    if isinstance(x, Range):
        rng, text = x, None  # its notation only for the message below: writing it costs ~10 ms
    elif isinstance(x, str):
        if len(x) > MAX_RANGE_TEXT:
            raise InvalidInput(N_("The range '{range}' is longer than {limit} characters."),
                               range=clip(x), limit=MAX_RANGE_TEXT)
        try:
            cards = parse_cards(x)
        except InvalidInput:
            cards = ()
        if len(cards) == 2:
            return cards
        rng, text = parse_range(x), x
    elif isinstance(x, list | tuple):
        cards = read_cards(x)
        if len(cards) != 2:
            raise InvalidInput(N_("A hand in Hold'em is two cards, not {count}."), count=len(cards))
        return cards
    else:
        raise InvalidInput(N_("'{value}' is neither a hand nor a range."), value=clip(x))
    if len(rng) == 0:  # e.g. "AA:0": the message quotes what was typed, never an empty name
        raise InvalidInput(N_("The range '{range}' has no hand with a weight above zero."),
                           range=clip(str(x) if text is None else text))
    return rng


def _label(p: tuple[Card, ...] | Range) -> str:
    return "".join(str(c) for c in p) if isinstance(p, tuple) else str(p)


def check_known(known: Sequence[Card]) -> None:
    """Refuse a card given twice (in the hands, the board and the dead cards together)."""
    seen: set[Card] = set()
    for c in known:
        if c in seen:
            raise InvalidInput(N_("The card {card} appears twice."), card=str(c))
        seen.add(c)


def read_board(board: CardsLike) -> tuple[Card, ...]:
    """A board of 0, 3, 4 or 5 cards."""
    b = read_cards(board)
    if len(b) not in (0, 3, 4, 5):
        raise InvalidInput(
            N_("The board has 0, 3, 4 or 5 cards (preflop, flop, turn, river), not {count}."),
            count=len(b),
        )
    return b


# ---------------------------------------------------------------------------
# Pot shares
# ---------------------------------------------------------------------------

_KEY32: Final[I32] = BATCH_KEY
_BIT: Final[I64] = CARD_BIT
# Seven distinct cards, scored in place of a (combo, completion) pair that shares a card and is ignored.
_SAFE_KEY: Final[np.int32] = np.int32(_KEY32[:7].sum())
_SAFE_BITS: Final[np.int64] = np.int64(np.bitwise_or.reduce(_BIT[:7]))


# ---------------------------------------------------------------------------
# Known hands
# ---------------------------------------------------------------------------

def _exact_known(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> EquityResult:
    known = [c.index for h in hands for c in h]
    b = [c.index for c in board]
    key, bits, _ = completions(b, known + [c.index for c in dead])
    k = len(hands)
    total = np.zeros(k)
    wins = np.zeros(k, dtype=np.int64)
    ties = np.zeros(k, dtype=np.int64)
    chunk = 1 << 18
    for start in range(0, key.shape[0], chunk):
        ks, bs = key[start:start + chunk], bits[start:start + chunk]
        s = np.stack([board_strengths(ks, bs, [c.index for c in h]) for h in hands])
        share, win, n = shares(s)
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
    """Seeded Monte Carlo of known hands and ranges (see :func:`_deal`)."""
    fixed = [c.index for p in players if isinstance(p, tuple) for c in p]
    fixed += [c.index for c in board] + [c.index for c in dead]
    slots: list[list[int] | Pool] = []
    for p in players:
        if isinstance(p, Range):
            cards, w = p.arrays(dead=fixed)
            if cards.shape[0] == 0:
                raise InvalidInput(N_("The range {range} has no hand left once the known cards are out."),
                                   range=str(p))
            slots.append(Pool.of(cards, w))
        else:
            slots.append([c.index for c in p])
    found = deal(slots, [c.index for c in board], fixed, samples, seed)
    if found is None:
        raise InvalidInput(N_("The ranges have no deal in common once the known cards are out."))
    mean, wins, ties, stderr = found
    return EquityResult(
        tuple(_label(p) for p in players), tuple(mean.tolist()), tuple(wins.tolist()),
        tuple(ties.tolist()), samples, "monte_carlo", tuple(stderr.tolist()),
    )


# ---------------------------------------------------------------------------
# One range against known hands, exact
# ---------------------------------------------------------------------------

def _combo_chunks(
    key: I32, bits: I64, cards: npt.NDArray[np.integer], rows: int = 1 << 20,
) -> Iterator[tuple[slice, npt.NDArray[np.int16], npt.NDArray[np.bool_]]]:
    """The strengths of a range's combos on every completion (``key``, ``bits``), in chunks.

    Per chunk of combos: the combos' slice, their strengths (combo,
    completion) and ``valid``, false where the completion uses one of the
    combo's cards (that pair is scored on a stand-in hand, to be ignored).
    About ``rows`` (combo, completion) pairs per chunk, so memory is bounded
    whatever the range.
    """
    hole_keys = _KEY32[cards[:, 0]] + _KEY32[cards[:, 1]]
    hole_bits = _BIT[cards[:, 0]] | _BIT[cards[:, 1]]
    step = max(1, rows // max(key.shape[0], 1))
    for start in range(0, cards.shape[0], step):
        hk, hb = hole_keys[start:start + step], hole_bits[start:start + step]
        valid = (bits[None, :] & hb[:, None]) == 0
        rows_key = key[None, :] + hk[:, None]
        rows_bits = bits[None, :] | hb[:, None]
        clash = ~valid
        if clash.any():  # a card counted twice can make a key outside the tables (five aces)
            np.putmask(rows_key, clash, _SAFE_KEY)
            np.putmask(rows_bits, clash, _SAFE_BITS)
        vs = strengths_from_keys(rows_key.ravel(), 7, bits=rows_bits.ravel()).reshape(valid.shape)
        yield slice(start, start + step), vs, valid


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
    key, bits, _ = completions(b, known + [c.index for c in dead])
    hs = [board_strengths(key, bits, [c.index for c in h]) for h in hands]
    k = len(players)
    total = np.zeros(k)
    wins = np.zeros(k)
    ties = np.zeros(k)
    deals = 0
    for part, vs, valid in _combo_chunks(key, bits, cards):
        rows = [np.broadcast_to(h, vs.shape) for h in hs]
        rows.insert(r_pos, vs)
        share, win, n = shares(np.stack(rows))
        nv = valid.sum(axis=1)
        per = w[part] / nv  # each combo's weight spread over its valid completions
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
    key, bits, _ = completions(b, [c.index for c in dead])
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
# Card indices and combo arrays (the coach's ranges: coach.feedback.rangemodel)
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ComboEquities:
    """A known hand's equity against each combo of a range, heads-up.

    ``per_combo[i]``: the hand's expected share of the pot against combo ``i``,
    over every completion (exact) or the sampled runouts (Monte Carlo) that do
    not use that combo's cards. ``runouts``: completions scored per combo.
    ``stderr``: the standard error of the weighted equity, zero when exact.
    """

    per_combo: F64
    method: Literal["exact", "monte_carlo"]
    runouts: int
    stderr: float


def hand_vs_combos(
    hero: Sequence[int], board: Sequence[int], cards: npt.NDArray[np.integer], weights: F64, *,
    exact: bool | None = None, seed: int | None = 0,
) -> ComboEquities:
    """The equity of ``hero`` against each combo of ``cards`` (n, 2), on ``board`` (card indices).

    The combos must avoid the hero's and the board's cards (the caller
    removes them, keeping its own order). Exact when (combos x completions x
    2 players) fits :data:`EXACT_BUDGET`, as :func:`equity_result` decides
    for a hand against one range, and with the same enumeration, so the two
    agree exactly. Otherwise (or with ``exact=False``) Monte Carlo: about
    :data:`COMBO_SAMPLES` (combo, runout) pairs, the same runouts (drawn
    with ``seed``) for every combo, so each combo keeps its own estimate.
    """
    if exact is not None and not isinstance(exact, bool):
        raise InvalidInput(N_("'{value}' is not true or false."), value=clip(exact))
    n = int(cards.shape[0])
    used = set(hero) | set(board)
    to_come = 5 - len(board)
    deck = [i for i in range(52) if i not in used]
    cost = n * math.comb(len(deck), to_come) * 2
    if exact is True and cost > EXACT_BUDGET:
        raise InvalidInput(
            N_("Exact equity would need {cost} evaluations here, more than the limit of {limit}: "
               "use Monte Carlo."),
            cost=cost, limit=EXACT_BUDGET,
        )
    if to_come == 0 or (exact is not False and cost <= EXACT_BUDGET):
        key, bits, _ = completions(list(board), list(hero))
        method: Literal["exact", "monte_carlo"] = "exact"
    else:
        gen = np.random.default_rng(seed)
        noise = gen.random((max(MIN_RUNOUTS, COMBO_SAMPLES // max(n, 1)), len(deck)))
        runouts = np.array(deck, dtype=np.int64)[np.argsort(noise, axis=1)[:, :to_come]]
        board_key, board_bits = hole_key(list(board)) if len(board) else (0, 0)
        key = (_KEY32[runouts].sum(axis=1) + board_key).astype(np.int32)
        bits = _BIT[runouts].sum(axis=1) | np.int64(board_bits)
        method = "monte_carlo"
    hs = board_strengths(key, bits, list(hero))[None, :]
    per = np.zeros(n)
    # heads-up, two arrays per pair: a full range on the flop (1,324,225 pairs) in one chunk
    for part, vs, valid in _combo_chunks(key, bits, cards, 1 << 21):
        share = (hs > vs) + 0.5 * (hs == vs)  # heads-up: _shares' pot share, without the stacking
        counts = valid.sum(axis=1)
        per[part] = np.where(counts > 0, (share * valid).sum(axis=1) / np.maximum(counts, 1), 0.5)
    r = int(key.shape[0])
    stderr = 0.0
    if method != "exact":
        total = float(weights.sum())
        eq = float((per * weights).sum() / total) if total > 0 else 0.5
        stderr = float(np.sqrt(max(eq * (1 - eq), 1e-4) / r))
    return ComboEquities(per, method, r, stderr)


def hand_vs_weighted_ranges(
    hero: Sequence[int], board: Sequence[int], ranges: Sequence[tuple[npt.NDArray[np.integer], F64]], *,
    samples: int = DEFAULT_SAMPLES, seed: int | None = 0,
) -> EquityResult | None:
    """A known hand against one or more ranges given as (combos, weights) arrays: seeded Monte Carlo.

    The same dealing as :func:`equity_result`'s Monte Carlo (player 0 is the
    hero). Combos that use a known card are left out; None when a range has
    no combo left or no deal keeps the ranges apart, so the caller says what
    that means for its player.
    """
    fixed = list(hero) + list(board)
    fixed_bits = np.int64(0)
    for c in fixed:
        fixed_bits |= _BIT[c]
    slots: list[list[int] | Pool] = [list(hero)]
    for cards, w in ranges:
        c8 = np.asarray(cards, dtype=np.int8)
        keep = ((_BIT[c8[:, 0]] | _BIT[c8[:, 1]]) & fixed_bits) == 0
        keep &= w > 0
        if not keep.any():
            return None
        slots.append(Pool.of(c8[keep], np.asarray(w, dtype=np.float64)[keep]))
    found = deal(slots, list(board), fixed, samples, seed)
    if found is None:
        return None
    mean, wins, ties, stderr = found
    labels = ("".join(str(Card.from_index(c)) for c in hero),
              *(f"{len(cards)} combos" for cards, _ in ranges))
    return EquityResult(labels, tuple(mean.tolist()), tuple(wins.tolist()), tuple(ties.tolist()),
                        samples, "monte_carlo", tuple(stderr.tolist()))


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
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidInput(N_("Give the players as a list of hands or ranges."))
    if not 2 <= len(hands) <= 10:
        raise InvalidInput(N_("Equity is computed for 2 to 10 players, not {count}."), count=len(hands))
    check_run(samples, seed, exact)
    players = [read_player(h) for h in hands]
    b = read_board(board)
    d = read_cards(dead)
    known = [c for p in players if isinstance(p, tuple) for c in p]
    check_known(known + list(b) + list(d))
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
    if exact is True and cost < 0:
        raise InvalidInput(
            N_("Exact equity is computed with one range, or with two ranges heads-up; here there are "
               "{ranges} ranges among {players} players: use Monte Carlo."),
            ranges=len(ranges), players=len(players))
    if exact is True and not affordable:
        raise InvalidInput(
            N_("Exact equity would need {cost} evaluations here, more than the limit of {limit}: "
               "use Monte Carlo."),
            cost=cost, limit=EXACT_BUDGET,
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
