"""«Equilibrio calcolato»: heads-up on the river, the solver's value of each action for the hero's hand.

Applies on the river when one opponent is left, he can still bet (not
all-in), and he is assumed balanced (the ``equilibrio`` profile: against a
known leak the coach uses the profile's estimate instead, which is what
exploiting him means). The hero's range and the opponent's are the coach's
assumptions for that point of the hand (:mod:`coach.feedback.opponents`, the
hero's actual hand included), the tree starts at the hero's decision with his
options as the root sizes, and the solver (:mod:`coach.theory.river`) plays
both sides to an equilibrium from there. Each option's EV is the hero's hand's
value for that action at the root, in chips relative to folding.

A grade must never wait, and must not depend on how busy the machine is: the
solve stops at ``TARGET_PCT`` of the pot or after ``MAX_ITERATIONS`` (a count,
not the clock: the same spot gets the same model and grade on an idle machine,
on a class server under load and in a test suite on two workers). Measured on
this project's 2-core machine, an iteration of the largest spots (a full range
against 800 combos) takes about 7 ms, so the count bounds a cold grade at about
2 s; most spots reach ``TARGET_PCT`` in 200 to 300 iterations, and the largest
stop between it and ``ACCEPT_PCT``. If it has not reached
``ACCEPT_PCT`` of the pot by then, this model declines and the estimate
answers, saying why. Only a machine many times slower than expected stops on
``SAFETY_SECONDS``. Solutions are cached by spot, so a learner who
reopens a decision gets the same answer at once.
"""

from __future__ import annotations

import numpy as np

from coach.feedback import texts as T
from coach.feedback.grading import PLAYED_FREQ
from coach.feedback.valuation.base import Context, Declined, Rule, Valuation, Valued
from coach.feedback.valuation.headsup import heads_up_inputs
from coach.feedback.valuation.heuristic import context_sentence
from coach.feedback.valuation.streetstart import MIN_LINE_SHARE, line_equity, line_share, street_start
from coach.feedback.wording import noun
from coach.i18n import N_, Message, Percent
from coach.theory.river import RiverResult, RiverSpot, solve_river
from coach.theory.trees import TreeConfig

TARGET_PCT = 0.5
ACCEPT_PCT = 1.0
MAX_ITERATIONS = 300
#: facing a bet, the river from its start first: its tree is larger, and when the villain's line is one it
#: barely takes the subgame after the bet is solved too, so its count is smaller (a solve not within
#: ``ACCEPT_PCT`` by then falls back to the subgame after the bet, as a rare line does)
MAX_ITERATIONS_START = 150
SAFETY_SECONDS = 20.0


class RiverSolver:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`)."""

    name = "solver"
    label = Message(N_("computed equilibrium"))
    exact = True
    measures_ev = True
    shows_range_equity = True
    ev_text: str | None = T.IS_BEST_EV_SOLVER
    # an exact model: graded by its EVs alone, none of the estimate's rules (issue 19)
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        return value(ctx)


MODEL = RiverSolver()


class RiverTooSlow(Declined):
    """The solve did not converge in time: the caller falls back to the estimate."""


def applies(ctx: Context) -> bool:
    sit = ctx.sit
    if sit.street != "river" or len(sit.opponents) != 1 or not ctx.solver:
        return False
    villain = sit.opponents[0]
    if villain in sit.all_in or sit.to_call >= sit.hero_stack:
        return False  # nothing left to play: calling or folding is exact by the equity alone
    prof = ctx.profiles.get(villain)
    return prof is None or prof.equilibrium


Solved = tuple[RiverResult, tuple[str, ...], int, float]  # the solve, the hero's line and tree player, share


def _from_start(ctx: Context) -> Solved | None:
    """The river solved from its first action; the hero's node; how often the villain takes his line."""
    sit = ctx.sit
    start = street_start(ctx)
    if start is None:
        return None
    try:
        spot = RiverSpot.make(sit.board, start.first, start.second, start.pot, start.stack, start.config,
                              start.root)
    except ValueError:
        return None
    result = _solve(spot, MAX_ITERATIONS_START)
    if result.exploitability_pct > ACCEPT_PCT:
        return None
    v = 1 - start.hero_player
    share = line_share(result.nodes, result.hands[v].weights, start.path, v)
    return result, start.path, start.hero_player, share


def _from_decision(ctx: Context) -> Solved | None:
    """The subgame rooted at the hero's decision, the ranges as the range model reads the hand so far."""
    sit = ctx.sit
    hu = heads_up_inputs(ctx)
    config = TreeConfig(max_raises=min(4, max(0, hu.aggressive - 1) + 2), min_bet=float(sit.big_blind),
                        chip=1.0)
    try:
        spot = RiverSpot.make(sit.board, hu.hero_combos, hu.villain_combos, hu.dead_pot, hu.stack, config,
                              hu.root)
    except ValueError:
        return None
    return _solve(spot), (), 0, 1.0


def _solve(spot: RiverSpot, iterations: int = MAX_ITERATIONS) -> RiverResult:
    return solve_river(spot, target_pct=TARGET_PCT, max_iterations=iterations, max_seconds=SAFETY_SECONDS)


def value(ctx: Context) -> Valuation | None:
    if not applies(ctx):
        return None
    sit = ctx.sit
    given = (ctx.given or {}).get(sit.opponents[0]) is not None
    solved = None
    share = 1.0
    if sit.to_call > 0 and not given:  # facing a bet: the river solved from its start (:mod:`.streetstart`)
        solved = _from_start(ctx)  # None when it cannot be built or is not precise enough in its count
        if solved is not None:
            share = solved[3]
            if share < MIN_LINE_SHARE:
                # a line the equilibrium barely takes: what he holds there is the solve's noise. On the river
                # no card is left for the learner's later play to recover a price (what made the turn's
                # subgame after a bet unreliable), so the solver answers from the bet, against his range as
                # the range model reads it, and the text says so
                solved = None
    if solved is None:
        solved = _from_decision(ctx)
        if solved is None:
            return None
    result, path, player, _ = solved
    if result.exploitability_pct > ACCEPT_PCT:
        raise RiverTooSlow
    node = result.node(path)
    i = result.hand_index(player, sit.hero_cards)
    evs = node.ev[i]
    freqs = node.strategy[i]
    by_label = {label: (float(ev), float(f)) for label, ev, f in zip(node.actions, evs, freqs, strict=True)}
    valued: list[Valued] = []
    strategy: dict[str, float] = {}
    for o in ctx.options:
        if o.kind == "fold" and "fold" not in by_label:  # folding with a free check: worth 0, never right
            valued.append(Valued(o, 0.0, False))
            continue
        label = _label(o.kind, o.amount, by_label)
        if label is None:
            return None
        ev, f = by_label[label]
        if np.isnan(ev):
            return None
        valued.append(Valued(o, ev, False))
        strategy[o.code] = f
    by_code = {o.code: o for o in ctx.options}
    ranked = [(by_code[code], f) for code, f in sorted(strategy.items(), key=lambda t: -t[1]) if f >= 0.05]
    note = Message(T.MODEL_SOLVER, {"expl": Percent(result.exploitability_pct / 100, 2)})
    summary: list[Message] = []
    if share < MIN_LINE_SHARE:
        summary.append(Message(T.RARE_LINE_RIVER, {"share": Percent(share, 1)}))
    if ranked:
        mix: Message = Message(T.MIX_ITEM, {"noun": noun(ranked[0][0]), "pct": Percent(ranked[0][1], 0)})
        for o, f in ranked[1:]:
            mix = Message(T.OUTS_LIST, {"first": mix, "second": Message(T.MIX_ITEM, {"noun": noun(o),
                                                                                      "pct": Percent(f, 0)})})
        summary.append(Message(T.SOLVER_MIX, {"mix": mix}))
    details = {"solver": {"exploitability_pct": round(result.exploitability_pct, 4),
                          "iterations": result.iterations,
                          "hero_strategy": {k: round(v, 4) for k, v in strategy.items()},
                          "hero_combos": len(result.hands[player]),
                          "villain_combos": len(result.hands[1 - player]), "line_share": round(share, 4),
                          "from_street_start": bool(path)}}
    played = frozenset(code for code, f in strategy.items() if f >= PLAYED_FREQ)
    board = tuple(c.index for c in sit.board)
    line_eq = (line_equity(result.nodes, result.hands, path, player, i, board)
               if path and share >= MIN_LINE_SHARE else None)
    if line_eq is not None:
        details["solver"]["line_equity"] = round(line_eq.value, 4)
    return Valuation(MODEL, valued, note, headline=context_sentence(sit, line_eq or ctx.equity),
                     summary=summary, details=details, played=played, equity=line_eq)


def _label(kind: str, amount: int | None, labels: dict[str, tuple[float, float]]) -> str | None:
    """The tree's action label for an option (``bet 45``, ``raise 132``, ``allin 150``, ``call``).

    The hero's all-in is the tree's all-in whatever his own stack: the tree stops at the effective
    stack (a hero covering the villain shoves 250, the tree's ``allin 88``), as in the turn model.
    """
    if kind in ("fold", "check"):
        return kind if kind in labels else None
    if amount is None:  # calling (all-in or not)
        return "call" if "call" in labels else None
    if kind == "all_in":
        shove = [label for label in labels if label.startswith("allin")]
        if shove:
            return shove[0]
    for label in labels:
        parts = label.split()
        if len(parts) == 2 and float(parts[1]) == float(amount):
            return label
    return None
