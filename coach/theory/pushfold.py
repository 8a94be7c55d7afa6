"""Push/fold equilibria: when a short stack should go all-in first, and who should call.

With few big blinds the only sensible first-in plays are all-in or fold (a
raise that is not all-in commits most of the stack anyway). The model is the
standard one used by tournament trainers:

* every player has the same stack ``S`` big blinds (the effective stack),
  blinds of 0.5 and 1, and an optional ante per player;
* everyone before the shover has folded; the shover goes all-in or folds;
* the players behind, in turn, call or fold; the first to call closes the
  action (players left to act after a call fold: overcalls are not modelled,
  they are rare enough at equilibrium to move figures by hundredths of a big
  blind);
* a called all-in is settled by the 169x169 equity table
  (:mod:`coach.theory.preflop`); card removal between shover and caller is
  exact at the class level.

Values are chip EV in big blinds, counted from the start of the hand (a fold
loses what the player had posted). The equilibrium is found by Discounted CFR
over the 169 classes of each player (a few thousand cheap iterations), and each
chart carries its *exploitability*: the sum over the players of what a best
response to the others would gain, in big blinds per hand. Every shipped chart is
within ``TARGET_BB`` (1e-4 bb); the figure is in every chart so a learner can see
how exact "the chart" is.

Charts for the usual stacks are precomputed and shipped
(``coach/theory/data/pushfold.npz``, rebuilt by ``python -m coach theory
build-tables``); any other stack or ante is solved on demand in a fraction of a
second and cached.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from threading import Lock
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.cards import parse_cards
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.positions import position_names
from coach.theory.classes import (
    CLASS_OF_NAME,
    N_CLASSES,
    class_index,
    class_sizes,
    disjoint_pairs,
    grid_of,
    range_text,
)
from coach.theory.preflop import equity_table

F64 = npt.NDArray[np.float64]

DATA_FILE: Final[Path] = Path(__file__).resolve().parent / "data" / "pushfold.npz"
HU_STACKS: Final[tuple[float, ...]] = tuple(x / 2 for x in range(2, 51))  # 1 .. 25 bb
MW_STACKS: Final[tuple[float, ...]] = tuple(x / 2 for x in range(2, 31))  # 1 .. 15 bb
ANTES: Final[tuple[float, ...]] = (0.0, 0.125)
MAX_PLAYERS: Final[int] = 9
MAX_STACK_BB: Final[float] = 25.0  # heads-up; multiway up to 15
MAX_MW_STACK_BB: Final[float] = 15.0
TARGET_BB: Final[float] = 1e-4
MAX_ITERATIONS: Final[int] = 20_000
CHECK_EVERY: Final[int] = 200  # iterations between two exploitability checks


def shove_order(players: int) -> tuple[str, ...]:
    """Positions in preflop order for ``players`` (the coach's names, UTG ... BTN, SB, BB), as push/fold
    names them: heads-up the button is called SB, because he is the small blind who shoves first."""
    if players == 2:
        return ("SB", "BB")
    return position_names(players)


def seat_index(players: int, seat: int | str) -> int:
    """The shover's index in preflop order from a position name or an index."""
    names = shove_order(players)
    refusal = N_("{seat} cannot shove first at a table of {players}: choose one of {names}.")
    if isinstance(seat, str):
        key = seat.upper()
        if players == 2 and key == "BTN":
            key = "SB"
        if key not in names or key == "BB":
            raise InvalidInput(refusal, seat=seat, players=players, names=", ".join(names[:-1]))
        return names.index(key)
    if not 0 <= seat < players - 1:
        raise InvalidInput(refusal, seat=str(seat), players=players, names=", ".join(names[:-1]))
    return seat


@dataclass(frozen=True)
class PushFoldChart:
    """One push/fold equilibrium.

    ``push`` the shover's all-in frequency per class (grid order, see
    :mod:`coach.theory.classes`), ``calls[j]`` the calling frequency of the
    j-th player behind when everyone between has folded; ``ev_push``,
    ``ev_fold`` (shover) and ``ev_call[j]``, ``ev_fold_caller[j]`` per class in
    big blinds from the start of the hand; ``exploitability_bb`` the sum of
    the players' best-response gains.
    """

    players: int
    seat: int
    stack_bb: float
    ante_bb: float
    push: F64
    calls: tuple[F64, ...]
    ev_push: F64
    ev_fold: F64
    ev_call: tuple[F64, ...]
    ev_fold_caller: tuple[float, ...]
    exploitability_bb: float
    iterations: int

    @property
    def shover(self) -> str:
        return shove_order(self.players)[self.seat]

    @property
    def callers(self) -> tuple[str, ...]:
        return shove_order(self.players)[self.seat + 1:]

    def push_share(self) -> float:
        """The share of all 1,326 hands shoved."""
        return float((self.push * class_sizes()).sum() / 1326)

    def call_share(self, caller: int = 0) -> float:
        return float((self.calls[caller] * class_sizes()).sum() / 1326)

    def push_grid(self) -> list[list[float]]:
        return grid_of(self.push)

    def call_grid(self, caller: int = 0) -> list[list[float]]:
        return grid_of(self.calls[caller])

    def push_text(self) -> str:
        return range_text(self.push)

    def call_text(self, caller: int = 0) -> str:
        return range_text(self.calls[caller])

    def caller_index(self, position: str) -> int:
        key = position.upper()
        if self.players == 2 and key in ("BB",):
            return 0
        try:
            return self.callers.index(key)
        except ValueError:
            raise InvalidInput(N_("{seat} does not act after {shover} at a table of {players}."),
                               seat=position, shover=self.shover, players=self.players) from None


class _Game:
    """The numbers of one push/fold spot, precomputed for the solver and the best responses."""

    def __init__(self, players: int, seat: int, stack: float, ante: float) -> None:
        eq = equity_table()
        pairs = disjoint_pairs().astype(np.float64)
        sizes = class_sizes().astype(np.float64)
        self.prior = sizes / 1326.0
        self.cond = pairs / (sizes[:, None] * 1225.0)  # P(B | A), row-stochastic
        self.eq = eq
        self.eq_cond = self.cond * eq  # P(B | A) * eq(A, B)
        self.k = players - 1 - seat
        blinds = [0.0] * (players - 2) + [0.5, 1.0]
        posted = [min(stack, b + ante) for b in blinds]
        self.posted_shover = posted[seat]
        self.posted_callers = [posted[seat + 1 + j] for j in range(self.k)]
        dead = sum(posted)
        self.win_blinds = dead - self.posted_shover
        self.pots = [2 * stack + dead - self.posted_shover - pc for pc in self.posted_callers]
        self.stack = stack

    # -- values ---------------------------------------------------------------------

    def shover_values(self, calls: Sequence[F64]) -> tuple[F64, F64]:
        """(EV push, EV fold) per class of the shover."""
        still = np.ones(N_CLASSES)
        ev = np.zeros(N_CLASSES)
        for j, c in enumerate(calls):
            q = self.cond @ c
            ev += still * (self.eq_cond @ c * self.pots[j] - self.stack * q)
            still = still * (1.0 - q)
        ev += still * self.win_blinds
        return ev, np.full(N_CLASSES, -self.posted_shover)

    def caller_reach(self, push: F64, calls: Sequence[F64]) -> list[F64]:
        """Per caller: u_j(A) = P(A) * push(A) * P(everyone before j folded | A)."""
        out = []
        u = self.prior * push
        for c in calls:
            out.append(u)
            u = u * (1.0 - self.cond @ c)
        return out

    def caller_values(self, j: int, u: F64) -> tuple[F64, F64, F64]:
        """Counterfactual (call, fold) values of caller j per class, and his reach per class."""
        w = u @ self.cond  # sum over A of u(A) P(B | A)
        win = (u[:, None] * self.cond * (1.0 - self.eq)).sum(axis=0)  # sum_A u P(B|A) eq(B, A)
        call = win * self.pots[j] - self.stack * w
        fold = -self.posted_callers[j] * w
        return call, fold, w

    # -- exploitability ------------------------------------------------------------------

    def exploitability(self, push: F64, calls: Sequence[F64]) -> float:
        """Sum over players of what a best response gains (bb per hand)."""
        evp, evf = self.shover_values(calls)
        gain = float((self.prior * (np.maximum(evp, evf) - (push * evp + (1 - push) * evf))).sum())
        for j, u in enumerate(self.caller_reach(push, calls)):
            # a deviation by caller j changes what later callers face but not j's own value; his values
            # are counterfactual, already weighted by the chance of his hand (``u @ cond`` sums
            # P(A) P(B | A) = P(A, B)), so they are summed as they are, not weighted by the prior again
            c, f, _ = self.caller_values(j, u)
            mix = calls[j] * c + (1 - calls[j]) * f
            gain += float((np.maximum(c, f) - mix).sum())
        return gain


def solve(
    players: int, seat: int | str, stack_bb: float, ante_bb: float = 0.0, *,
    target_bb: float = TARGET_BB, max_iterations: int = MAX_ITERATIONS,
) -> PushFoldChart:
    """Compute one push/fold equilibrium (see the module doc)."""
    _check(players, stack_bb, ante_bb)
    s = seat_index(players, seat)
    game = _Game(players, s, float(stack_bb), float(ante_bb))
    k = game.k
    # regrets of "act" (push or call) and "fold", CFR+ style (floored at zero)
    rp_act = np.zeros(N_CLASSES)
    rp_fold = np.zeros(N_CLASSES)
    rc_act = [np.zeros(N_CLASSES) for _ in range(k)]
    rc_fold = [np.zeros(N_CLASSES) for _ in range(k)]
    avg_p = np.zeros(N_CLASSES)
    avg_c = [np.zeros(N_CLASSES) for _ in range(k)]
    wsum = 0.0

    def match(a: F64, f: F64) -> F64:
        tot = a + f
        return np.where(tot > 0, a / np.where(tot > 0, tot, 1.0), 0.5)

    iterations = 0
    t = 0
    while t < max_iterations:
        t += 1
        push = match(rp_act, rp_fold)
        calls = [match(a, f) for a, f in zip(rc_act, rc_fold, strict=True)]
        evp, evf = game.shover_values(calls)
        mix = push * evp + (1 - push) * evf
        rp_act = np.maximum(rp_act + evp - mix, 0.0)
        rp_fold = np.maximum(rp_fold + evf - mix, 0.0)
        push = match(rp_act, rp_fold)
        for j, u in enumerate(game.caller_reach(push, calls)):
            c, f, _ = game.caller_values(j, u)
            m = calls[j] * c + (1 - calls[j]) * f
            rc_act[j] = np.maximum(rc_act[j] + c - m, 0.0)
            rc_fold[j] = np.maximum(rc_fold[j] + f - m, 0.0)
            calls[j] = match(rc_act[j], rc_fold[j])
        weight = float(t)  # linear averaging (CFR+)
        avg_p += weight * push
        for j in range(k):
            avg_c[j] += weight * calls[j]
        wsum += weight
        iterations = t
        if t % CHECK_EVERY == 0 or t == max_iterations:
            # the test is on what is returned (purified, at the stored precision), not on the raw average
            push, calls, expl = _purify(game, avg_p / wsum, [a / wsum for a in avg_c], target_bb)
            if expl <= target_bb:
                break
    return _chart(game, players, s, stack_bb, ante_bb, push, calls, expl, iterations)


PURE_MARGIN: Final[float] = 1e-3  # bb: a hand this much better one way plays it always
STORED_DECIMALS: Final[int] = 4  # frequencies are kept (and shipped) to 1e-4


def stored(freq: F64) -> F64:
    """A frequency vector at the precision the shipped file keeps (four decimals, as float32).

    Charts are returned at this precision whether shipped or solved on demand, so
    the exploitability a chart carries is the one of the frequencies it serves
    (rounding alone can add a few 1e-5 bb to a mixed chart).
    """
    return np.round(freq, STORED_DECIMALS).astype(np.float32).astype(np.float64)


def _purify(game: _Game, push: F64, calls: list[F64], target_bb: float = TARGET_BB,
            ) -> tuple[F64, list[F64], float]:
    """Make pure the hands that are not indifferent; return the strategies and their exploitability.

    The average of CFR's iterates keeps a trace of its early, worse strategies
    (a hand shoved 99% of the time whose shove is clearly better). At an
    equilibrium only hands whose actions are worth the same may mix, so a hand
    whose best action is better by more than ``PURE_MARGIN`` plays it always,
    first for the shover, then for the callers, as far as the result stays an
    equilibrium to ``target_bb`` (checked on the frequencies rounded as stored).
    """
    evp, evf = game.shover_values(calls)
    new_push = np.where(evp - evf > PURE_MARGIN, 1.0, np.where(evf - evp > PURE_MARGIN, 0.0, push))
    new_calls = list(calls)
    for j, u in enumerate(game.caller_reach(new_push, calls)):
        c, f, w = game.caller_values(j, u)
        with np.errstate(invalid="ignore", divide="ignore"):
            diff = np.where(w > 0, (c - f) / np.where(w > 0, w, 1.0), 0.0)
        new_calls[j] = np.where(diff > PURE_MARGIN, 1.0, np.where(diff < -PURE_MARGIN, 0.0, calls[j]))
    # the most purified candidate that is still an equilibrium to target_bb, else the least exploitable
    candidates = [(new_push, new_calls), (new_push, list(calls)), (push, list(calls))]
    scored = []
    for raw_push, raw_calls in candidates:
        cand_push, cand_calls = stored(raw_push), [stored(x) for x in raw_calls]
        expl = game.exploitability(cand_push, cand_calls)
        if expl <= target_bb:
            return cand_push, cand_calls, expl
        scored.append((expl, cand_push, cand_calls))
    best_expl, best_push, best_calls = min(scored, key=lambda t: t[0])
    return best_push, best_calls, best_expl


def _chart(game: _Game, players: int, seat: int, stack: float, ante: float, push: F64,
           calls: Sequence[F64], expl: float, iterations: int) -> PushFoldChart:
    evp, evf = game.shover_values(calls)
    ev_call = []
    folds = []
    for j, u in enumerate(game.caller_reach(push, calls)):
        c, _f, w = game.caller_values(j, u)
        with np.errstate(invalid="ignore", divide="ignore"):
            ev_call.append(np.where(w > 0, c / np.where(w > 0, w, 1.0), np.nan))
        folds.append(-game.posted_callers[j])
    for arr in (push, evp, evf, *calls, *ev_call):
        arr.setflags(write=False)
    return PushFoldChart(players, seat, float(stack), float(ante), push, tuple(calls), evp, evf,
                         tuple(ev_call), tuple(folds), expl, iterations)


def _check(players: int, stack_bb: float, ante_bb: float) -> None:
    if not 2 <= players <= MAX_PLAYERS:
        raise InvalidInput(N_("Push/fold charts are for 2 to {max} players, not {players}."),
                           max=MAX_PLAYERS, players=players)
    limit = MAX_STACK_BB if players == 2 else MAX_MW_STACK_BB
    if not (0.5 <= stack_bb <= limit) or stack_bb != stack_bb:
        raise InvalidInput(N_("Push/fold charts go from 1 to {limit} big blinds at this table, not {stack}."),
                           limit=int(limit), stack=str(stack_bb))
    if not (0 <= ante_bb <= 1):
        raise InvalidInput(N_("The ante is between 0 and 1 big blind, not {ante}."), ante=str(ante_bb))


# -- shipped charts and queries --------------------------------------------------------------


def _key(players: int, seat: int, stack: float, ante: float) -> str:
    return f"{players}/{seat}/{stack:g}/{ante:g}"


@lru_cache(maxsize=1)
def _shipped() -> dict[str, tuple[F64, tuple[F64, ...], int]]:
    if not DATA_FILE.exists():
        return {}
    out: dict[str, tuple[F64, tuple[F64, ...], int]] = {}
    with np.load(DATA_FILE) as data:
        keys = [str(k) for k in data["keys"]]
        strategies = np.asarray(data["strategies"], dtype=np.float64)
        offsets = np.asarray(data["offsets"], dtype=np.int64)
        iters = np.asarray(data["iterations"], dtype=np.int64)
    for i, key in enumerate(keys):
        rows = strategies[offsets[i]:offsets[i + 1]]
        out[key] = (rows[0], tuple(rows[1:]), int(iters[i]))
    return out


_lock = Lock()
_solved: dict[str, PushFoldChart] = {}


def chart(players: int, seat: int | str, stack_bb: float, ante_bb: float = 0.0) -> PushFoldChart:
    """The equilibrium for a spot: the shipped chart when there is one, else solved now (cached)."""
    _check(players, stack_bb, ante_bb)
    s = seat_index(players, seat)
    key = _key(players, s, float(stack_bb), float(ante_bb))
    with _lock:
        hit = _solved.get(key)
    if hit is not None:
        return hit
    shipped = _shipped().get(key)
    if shipped is not None:
        push, calls, iters = shipped
        game = _Game(players, s, float(stack_bb), float(ante_bb))
        result = _chart(game, players, s, stack_bb, ante_bb, push.copy(), [c.copy() for c in calls],
                        game.exploitability(push, calls), iters)
    else:
        result = solve(players, s, stack_bb, ante_bb)
    with _lock:
        _solved[key] = result
    return result


def hand_ev(
    players: int, seat: int | str, stack_bb: float, hand: str, ante_bb: float = 0.0,
) -> dict[str, float]:
    """EV in big blinds of shoving and of folding one class (``"A2o"``) for the shover."""
    c = chart(players, seat, stack_bb, ante_bb)
    i = _class(hand)
    return {"push": float(c.ev_push[i]), "fold": float(c.ev_fold[i]), "frequency": float(c.push[i])}


def scaled_calls(c: PushFoldChart, keep: Sequence[float]) -> tuple[F64, ...]:
    """The callers' calling frequencies when caller ``j`` calls ``keep[j]`` times as many hands as the chart.

    A player who calls all-ins tighter than the equilibrium (``keep`` < 1, a rock) keeps the chart's
    most profitable calls, those whose EV of calling minus folding (``ev_call[j] - ev_fold_caller[j]``,
    against the shover's chart range) is highest; a looser one (``keep`` > 1) adds the hands the chart
    folds in that order, the least bad first. That order is the one a player who only misjudges the
    price follows: he still calls his best hands first.
    """
    sizes = class_sizes().astype(np.float64)
    out: list[F64] = []
    for j, calls in enumerate(c.calls):
        k = float(keep[j]) if j < len(keep) else 1.0
        if k == 1.0:
            out.append(calls.copy())
            continue
        combos = calls * sizes
        target = min(1.0, float(combos.sum()) / 1326.0 * max(k, 0.0)) * 1326.0
        order = np.argsort(-(c.ev_call[j] - c.ev_fold_caller[j]), kind="stable")
        new = np.zeros(N_CLASSES) if k < 1.0 else calls.copy()
        left = target if k < 1.0 else target - float(combos.sum())
        for i in order:
            if left <= 1e-12:
                break
            room = combos[i] if k < 1.0 else (1.0 - calls[i]) * sizes[i]
            take = min(room, left)
            new[i] += take / sizes[i]
            left -= take
        out.append(np.clip(new, 0.0, 1.0))
    return tuple(out)


def shove_gain(c: PushFoldChart, calls: Sequence[F64]) -> F64:
    """Per class, the shover's EV of going all-in minus folding (bb) when the players behind call
    with ``calls`` (for instance :func:`scaled_calls`) instead of the chart's own frequencies."""
    game = _game(c.players, c.seat, c.stack_bb, c.ante_bb)
    ev_push, ev_fold = game.shover_values(calls)
    gain: F64 = ev_push - ev_fold
    return gain


@lru_cache(maxsize=64)
def _game(players: int, seat: int, stack: float, ante: float) -> _Game:
    return _Game(players, seat, stack, ante)


def _class(hand: str) -> int:
    text = hand.strip()
    if text in CLASS_OF_NAME:
        return CLASS_OF_NAME[text]
    # two cards, e.g. "As2d"
    try:
        cards = parse_cards(text)
    except InvalidInput:
        cards = ()
    if len(cards) == 2:
        return class_index(cards[0].index, cards[1].index)
    raise InvalidInput(N_("'{hand}' is not a starting hand: write AKs, AKo, TT or two cards."), hand=hand)


# -- building the shipped file ------------------------------------------------------------


def chart_specs() -> list[tuple[int, int, float, float]]:
    """Every (players, seat, stack, ante) shipped: heads-up 1-25 bb, 3-9 players 1-15 bb, two antes."""
    specs = [(2, 0, s, a) for a in ANTES for s in HU_STACKS]
    for players in range(3, MAX_PLAYERS + 1):
        for seat in range(players - 1):
            specs += [(players, seat, s, a) for a in ANTES for s in MW_STACKS]
    return specs


def build_charts(progress: Callable[[int, int, float], None] | None = None) -> dict[str, PushFoldChart]:
    specs = chart_specs()
    out: dict[str, PushFoldChart] = {}
    start = time.perf_counter()
    for n, (players, seat, stack, ante) in enumerate(specs, 1):
        out[_key(players, seat, stack, ante)] = solve(players, seat, stack, ante)
        if progress is not None:
            progress(n, len(specs), time.perf_counter() - start)
    return out


def save_charts(charts: dict[str, PushFoldChart], path: Path = DATA_FILE) -> None:
    keys = list(charts)
    rows: list[F64] = []
    offsets = [0]
    for k in keys:
        c = charts[k]
        rows += [c.push, *c.calls]
        offsets.append(len(rows))
    # four decimals: far below any frequency a learner reads, and the file compresses to a third
    strategies = np.round(np.array(rows, dtype=np.float64), 4).astype(np.float32)
    np.savez_compressed(path, keys=np.array(keys), strategies=strategies,
                        offsets=np.array(offsets, dtype=np.int64),
                        iterations=np.array([charts[k].iterations for k in keys], dtype=np.int64))


def shipped_keys() -> list[tuple[int, int, float, float]]:
    out = []
    for key in _shipped():
        p, s, st, a = key.split("/")
        out.append((int(p), int(s), float(st), float(a)))
    return out
