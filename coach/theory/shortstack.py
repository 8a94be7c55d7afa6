"""Short stacks at full tables (12-25 big blinds): opening and re-shove tables from push/fold equilibria.

Above the push/fold cut (12 bb first in) a first-in player at six or nine opens
with a small raise, goes all-in, or folds; a player facing that open re-shoves
(a 3-bet all-in), calls or folds. This module computes both from the same
equilibrium machinery as :mod:`coach.theory.pushfold`, and ships the result
(``coach/theory/data/shortstack.npz``, rebuilt by ``python tools/build_shortstack.py``):

**The re-shove game** (facing a single open). The opener X has raised to
:data:`RAISE_TO` big blinds with a fixed range (his opening table); everyone
between folded. The hero Y goes all-in or folds; the players behind Y, then X,
call or fold; the first call closes the action (as in the push/fold game,
overcalls are not modelled); a called all-in is settled by the exact 169x169
preflop equity table, card removal exact between the shover and each caller at
the class level, X's hands weighted by his opening range. Discounted CFR finds
Y's re-shove range and every caller's calling range together, and the
exploitability of the result is computed and kept (:data:`TARGET_BB`).

**The opening table** (first in). For the opener's class h:

* the all-in is worth what the push/fold equilibrium at that stack says (the
  same solver as the shipped charts, here solved up to 25 bb);
* the small raise is worth: the blinds and antes when nobody re-shoves, and
  against each re-shove (the re-shove equilibrium's range for that seat) the
  better of folding the raise and calling for the stacks. Flat calls of the
  raise are not modelled: they are counted as the raise winning the blinds,
  which favours the raise, so a hand moved to the all-in is one whose all-in
  beats even that optimistic raise;
* a hand of the opening range (X's 100 bb range, given by the caller) raises,
  unless it would fold to most re-shoves and the all-in is worth more than
  the raise by a tenth of a big blind (the all-in takes the place of raising
  to fold; within that margin the model cannot tell them apart); a hand that
  calls a re-shove keeps the raise (it gets the stacks in when re-shoved, and
  the raise wins more from the hands that flat or fold, which this model does
  not count); a hand outside the range goes all-in when the all-in gains
  against folding; the rest folds.

The opening range then used by the re-shove game is the table's raise range:
the two are solved in turn until the raise ranges settle
(``tools/build_shortstack.py``).

Values are chip EV in big blinds, relative to folding now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.positions import position_names
from coach.theory.classes import N_CLASSES, class_sizes, disjoint_pairs
from coach.theory.preflop import equity_table
from coach.theory.pushfold import _Game

F64 = npt.NDArray[np.float64]

DATA_FILE: Final[Path] = Path(__file__).resolve().parent / "data" / "shortstack.npz"
TABLES: Final[tuple[int, ...]] = (6, 9)
STACKS: Final[tuple[float, ...]] = (12.5, 15.0, 17.5, 20.0, 22.5, 25.0)
ANTES: Final[tuple[float, ...]] = (0.0, 0.125)
RAISE_TO: Final[float] = 2.2  # the open the tables assume (the 2-2.5 bb of the sizing rule)
TARGET_BB: Final[float] = 1e-3
MAX_ITERATIONS: Final[int] = 6000
CHECK_EVERY: Final[int] = 200
FOLD, RAISE, SHOVE, CALL = 0, 1, 2, 3  # the actions of the tables


@dataclass(frozen=True)
class Reshove:
    """One re-shove equilibrium: Y re-shoves over X's open; the callers (players behind Y, then X).

    ``shove`` Y's all-in frequency per class; ``calls[j]`` caller j's calling frequency (the last one is
    the opener, within his opening range); ``ev_shove`` Y's EV of the all-in minus folding, per class (bb);
    ``exploitability_bb`` the sum of the players' best-response gains.
    """

    players: int
    opener: int
    hero: int
    stack_bb: float
    ante_bb: float
    shove: F64
    calls: tuple[F64, ...]
    ev_shove: F64
    exploitability_bb: float


class _ReshoveGame:
    """The numbers of one re-shove spot (the shape of :class:`coach.theory.pushfold._Game`)."""

    def __init__(self, players: int, opener: int, hero: int, stack: float, ante: float,
                 open_range: F64) -> None:
        eq = equity_table()
        sizes = class_sizes().astype(np.float64)
        cond = disjoint_pairs().astype(np.float64) / (sizes[:, None] * 1225.0)  # P(B | A)
        blinds = [0.0] * (players - 2) + [0.5, 1.0]
        posted = [min(stack, b + ante) for b in blinds]
        posted[opener] = min(stack, max(RAISE_TO, blinds[opener]) + ante)
        order = [*range(hero + 1, players), opener]
        self.eq = eq
        self.conds: list[F64] = []
        for seat in order:
            c = cond * open_range[None, :] if seat == opener else cond
            norm = c.sum(axis=1)
            self.conds.append(c / np.where(norm > 0, norm, 1.0)[:, None])
        reach_open = (cond * open_range[None, :]).sum(axis=1)  # P(X opened | A)
        prior = sizes / 1326.0 * reach_open
        self.prior = prior / prior.sum()
        self.eq_conds = [c * eq for c in self.conds]
        dead = sum(posted)
        self.posted_shover = posted[hero]
        self.posted_callers = [posted[s] for s in order]
        self.win_blinds = dead - self.posted_shover
        self.pots = [2 * stack + dead - self.posted_shover - p for p in self.posted_callers]
        self.stack = stack
        self.k = len(order)

    def shover_values(self, calls: Sequence[F64]) -> tuple[F64, F64]:
        still = np.ones(N_CLASSES)
        ev = np.zeros(N_CLASSES)
        for j, c in enumerate(calls):
            q = self.conds[j] @ c
            ev += still * (self.eq_conds[j] @ c * self.pots[j] - self.stack * q)
            still = still * (1.0 - q)
        ev += still * self.win_blinds
        return ev, np.full(N_CLASSES, -self.posted_shover)

    def caller_reach(self, push: F64, calls: Sequence[F64]) -> list[F64]:
        out = []
        u = self.prior * push
        for j, c in enumerate(calls):
            out.append(u)
            u = u * (1.0 - self.conds[j] @ c)
        return out

    def caller_values(self, j: int, u: F64) -> tuple[F64, F64, F64]:
        cond = self.conds[j]
        w = u @ cond
        win = (u[:, None] * cond * (1.0 - self.eq)).sum(axis=0)
        return win * self.pots[j] - self.stack * w, -self.posted_callers[j] * w, w

    def exploitability(self, push: F64, calls: Sequence[F64]) -> float:
        evp, evf = self.shover_values(calls)
        gain = float((self.prior * (np.maximum(evp, evf) - (push * evp + (1 - push) * evf))).sum())
        for j, u in enumerate(self.caller_reach(push, calls)):
            c, f, _ = self.caller_values(j, u)
            gain += float((np.maximum(c, f) - (calls[j] * c + (1 - calls[j]) * f)).sum())
        return gain


def _cfr(game: _ReshoveGame | _Game, target_bb: float, max_iterations: int) -> tuple[F64, list[F64], float]:
    """CFR+ with linear averaging on a shove-then-call game; returns (shove, calls, exploitability)."""
    k = game.k
    rp = [np.zeros(N_CLASSES), np.zeros(N_CLASSES)]
    rc = [[np.zeros(N_CLASSES), np.zeros(N_CLASSES)] for _ in range(k)]
    avg_p = np.zeros(N_CLASSES)
    avg_c = [np.zeros(N_CLASSES) for _ in range(k)]
    wsum = 0.0

    def match(a: F64, f: F64) -> F64:
        tot = a + f
        return np.where(tot > 0, a / np.where(tot > 0, tot, 1.0), 0.5)

    push, calls, expl = avg_p, avg_c, float("inf")
    for t in range(1, max_iterations + 1):
        push = match(*rp)
        calls = [match(a, f) for a, f in rc]
        evp, evf = game.shover_values(calls)
        mix = push * evp + (1 - push) * evf
        rp = [np.maximum(rp[0] + evp - mix, 0.0), np.maximum(rp[1] + evf - mix, 0.0)]
        push = match(*rp)
        for j, u in enumerate(game.caller_reach(push, calls)):
            c, f, _ = game.caller_values(j, u)
            m = calls[j] * c + (1 - calls[j]) * f
            rc[j] = [np.maximum(rc[j][0] + c - m, 0.0), np.maximum(rc[j][1] + f - m, 0.0)]
            calls[j] = match(*rc[j])
        avg_p = avg_p + t * push
        avg_c = [a + t * c for a, c in zip(avg_c, calls, strict=True)]
        wsum += t
        if t % CHECK_EVERY == 0 or t == max_iterations:
            push, calls = avg_p / wsum, [a / wsum for a in avg_c]
            expl = game.exploitability(push, calls)
            if expl <= target_bb:
                break
    return push, calls, expl


def solve_reshove(players: int, opener: int, hero: int, stack_bb: float, ante_bb: float, open_range: F64,
                  *, target_bb: float = TARGET_BB, max_iterations: int = MAX_ITERATIONS) -> Reshove:
    """The re-shove equilibrium of ``hero`` (a preflop index after ``opener``) over ``opener``'s open."""
    if not 0 <= opener < hero < players:
        raise ValueError(f"seat {hero} does not act after {opener} at {players}")
    game = _ReshoveGame(players, opener, hero, stack_bb, ante_bb, open_range)
    push, calls, expl = _cfr(game, target_bb, max_iterations)
    evp, evf = game.shover_values(calls)
    return Reshove(players, opener, hero, stack_bb, ante_bb, push, tuple(calls), evp - evf, expl)


def shove_values(players: int, seat: int, stack_bb: float, ante_bb: float) -> tuple[F64, float]:
    """The push/fold equilibrium's EV of shoving minus folding per class (bb), and its exploitability:
    the game of :mod:`coach.theory.pushfold`, solved here above its shipped 15 bb."""
    game = _Game(players, seat, stack_bb, ante_bb)
    _push, calls, expl = _cfr(game, TARGET_BB, MAX_ITERATIONS)
    evp, evf = game.shover_values(calls)
    return evp - evf, expl


def raise_values(players: int, opener: int, stack_bb: float, ante_bb: float,
                 reshoves: Sequence[Reshove]) -> tuple[F64, F64]:
    """The opener's EV of a small raise minus folding, per class (bb), against the re-shove ranges of the
    players behind (``reshoves``, in preflop order): the blinds when nobody re-shoves, else the better of
    folding the raise and calling for the stacks (flat calls counted as the raise winning the blinds);
    and, per class, the share of the re-shoves it faces that it calls (0: it raises to fold)."""
    eq = equity_table()
    sizes = class_sizes().astype(np.float64)
    cond = disjoint_pairs().astype(np.float64) / (sizes[:, None] * 1225.0)
    blinds = [0.0] * (players - 2) + [0.5, 1.0]
    posted = [min(stack_bb, b + ante_bb) for b in blinds]
    mine = min(stack_bb, max(RAISE_TO, blinds[opener]) + ante_bb)
    fold_now = -posted[opener]
    dead_others = sum(posted) - posted[opener]
    ev = np.zeros(N_CLASSES)
    still = np.ones(N_CLASSES)
    faced = np.zeros(N_CLASSES)
    called = np.zeros(N_CLASSES)
    for r in reshoves:
        p = cond @ r.shove  # P(he holds a re-shove | the opener's hand)
        with np.errstate(invalid="ignore", divide="ignore"):
            eq_vs = np.where(p > 0, (cond * eq) @ r.shove / np.where(p > 0, p, 1.0), 0.5)
        pot = 2 * stack_bb + dead_others - posted[r.hero]
        call = eq_vs * pot - stack_bb
        ev += still * p * np.maximum(call, -mine)
        faced += still * p
        called += still * p * (call > -mine)
        still = still * (1.0 - p)
    ev += still * dead_others
    with np.errstate(invalid="ignore", divide="ignore"):
        calls = np.where(faced > 0, called / np.where(faced > 0, faced, 1.0), 1.0)
    return ev - fold_now, calls


def position_index(players: int, position: str) -> int:
    """The preflop index of a position name at a full table of ``players`` (6 or 9)."""
    return position_names(players).index(position)


# -- the shipped file -------------------------------------------------------------------------------


def _key(*parts: object) -> str:
    return "/".join(f"{p:g}" if isinstance(p, float) else str(p) for p in parts)


def open_key(players: int, seat: int, stack: float, ante: float) -> str:
    return _key("open", players, seat, stack, ante)


def reshove_key(players: int, opener: int, hero: int, stack: float, ante: float) -> str:
    return _key("reshove", players, opener, hero, stack, ante)


@dataclass(frozen=True)
class OpenRow:
    """One opening table: action per class (FOLD, RAISE, SHOVE), and the EVs behind it (bb vs folding)."""

    action: F64
    ev_raise: F64
    ev_shove: F64
    players: int
    stack_bb: float
    ante_bb: float


@dataclass(frozen=True)
class ReshoveRow:
    """One re-shove table: action per class (FOLD, CALL, SHOVE), the re-shove's EV (bb vs folding), the
    re-shove frequency and the opener's calling frequency against it."""

    action: F64
    ev_shove: F64
    shove: F64
    opener_calls: F64
    exploitability_bb: float
    players: int
    stack_bb: float
    ante_bb: float


def save_tables(rows: dict[str, F64], expl: dict[str, float], path: Path = DATA_FILE) -> None:
    keys = sorted(rows)
    width = 4 * N_CLASSES  # an opening row has three vectors, a re-shove row four: padded with zeros
    data = np.stack([np.pad(rows[k], (0, width - len(rows[k]))) for k in keys]).astype(np.float32)
    np.savez_compressed(path, keys=np.array(keys), data=data,
                        expl=np.array([expl.get(k, 0.0) for k in keys], dtype=np.float64))


@lru_cache(maxsize=1)
def _shipped() -> dict[str, tuple[F64, float]]:
    if not DATA_FILE.exists():
        return {}
    with np.load(DATA_FILE) as f:
        keys = [str(k) for k in f["keys"]]
        data = np.asarray(f["data"], dtype=np.float64)
        expl = np.asarray(f["expl"], dtype=np.float64)
    return {k: (data[i], float(expl[i])) for i, k in enumerate(keys)}


def nearest(values: Sequence[float], x: float) -> float:
    return min(values, key=lambda v: (abs(v - x), v))


def open_row(players: int, seat: int, stack_bb: float, ante_bb: float) -> OpenRow | None:
    """The shipped opening table for a full table of ``players`` (6 or 9), the seat's preflop index,
    the stack and ante nearest to the shipped ones; None when there is none."""
    stack, ante = nearest(STACKS, stack_bb), nearest(ANTES, ante_bb)
    hit = _shipped().get(open_key(players, seat, stack, ante))
    if hit is None:
        return None
    d = hit[0].reshape(4, N_CLASSES)
    return OpenRow(d[0], d[1], d[2], players, stack, ante)


def reshove_row(players: int, opener: int, hero: int, stack_bb: float, ante_bb: float) -> ReshoveRow | None:
    """The shipped re-shove table (see :func:`open_row`)."""
    stack, ante = nearest(STACKS, stack_bb), nearest(ANTES, ante_bb)
    hit = _shipped().get(reshove_key(players, opener, hero, stack, ante))
    if hit is None:
        return None
    d = hit[0].reshape(4, N_CLASSES)
    return ReshoveRow(d[0], d[1], d[2], d[3], hit[1], players, stack, ante)
