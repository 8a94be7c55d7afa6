"""What the heads-up solver models read off a decision: both ranges, the pot, the stack, the tree's root.

The river and turn models solve the same kind of spot (one opponent, postflop): both players'
ranges as the range model narrowed them (the hero's own cards always in his range), the chips
already in the middle, the effective stack, and where the street's betting stands (who checked,
how many raises, the last increment, the sizes the learner may choose). Read once, here.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.feedback.opponents import opponent_range
from coach.feedback.rangemodel import WeightedRange
from coach.feedback.valuation.base import Context
from coach.theory.trees import RootState

Combos = dict[tuple[int, int], float]


@dataclass(frozen=True)
class HeadsUpInputs:
    hero_combos: Combos
    villain_combos: Combos
    dead_pot: int  # chips in the middle from earlier streets
    stack: int  # the effective stack, counting what each has put in on this street
    aggressive: int  # bets and raises on this street so far
    root: RootState


def _combos(rng: WeightedRange) -> Combos:
    return {(max(a, b), min(a, b)): float(w)
            for (a, b), w in zip(rng.cards.tolist(), rng.weights.tolist(), strict=True)}


def heads_up_inputs(ctx: Context) -> HeadsUpInputs:
    """The spot's inputs for a solver (``ctx`` is a heads-up postflop decision)."""
    sit = ctx.sit
    villain = sit.opponents[0]
    board = tuple(c.index for c in sit.board)
    given = (ctx.given or {}).get(villain)
    v_range = opponent_range(sit, villain, given=given, dead=board).range
    h_range = opponent_range(sit, sit.hero, dead=board).range
    hi, lo = sorted((c.index for c in sit.hero_cards), reverse=True)
    combos = _combos(h_range)
    combos[(hi, lo)] = max(combos.get((hi, lo), 0.0), 1.0)
    c_hero, c_villain = sit.hero_in_front, sit.bets[villain]
    street = sit.street_actions()
    aggressive = sum(1 for a in street if a.kind in ("bet", "raise"))
    last_inc = (sit.min_raise_to - sit.to_match) if sit.min_raise_to is not None else sit.big_blind
    checked = any(a.seat == villain and a.kind == "check" for a in street) and sit.to_call == 0
    amounts = tuple(float(o.amount) for o in ctx.options if o.aggressive and o.amount is not None)
    root = RootState(contrib=(float(c_hero), float(c_villain)), raises=max(0, aggressive - 1),
                     last_inc=float(max(last_inc, sit.big_blind)), checked=checked, amounts=amounts)
    return HeadsUpInputs(combos, _combos(v_range), sit.pot - c_hero - c_villain,
                         min(sit.hero_stack + c_hero, sit.stacks[villain] + c_villain), aggressive, root)
