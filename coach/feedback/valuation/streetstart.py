"""Facing a bet heads-up after the flop: the street solved from its start, not from the bet.

Why: a subgame rooted at the learner's decision after the villain's bet keeps the villain's
range fixed as the range model reads his bet (bluffs that give up on the river included), and
the learner's river play then recovers most of any price: K9o called a lead on A-2-3-4, a
gutshot a half-pot double barrel, a flush draw a pot-sized bet. A strong player's answer
comes from the other side: which hands bet this size *at equilibrium*, given the hands both
players brought into the street. So the street is solved from its first action:

* the ranges are the ones each player brought into the street: the range model
  (:func:`coach.feedback.opponents.opponent_range`) read over the actions of the earlier
  streets only, the learner's own range from his own line the same way (his actual hand always
  in it);
* the tree starts at the first action of the street (the player out of position acts first)
  and offers, at every node, check or the sizes of :data:`STREET_BETS` (a third, two thirds,
  the pot, one and a half pots) and the all-in; over a bet a raise of :data:`STREET_RAISES` and
  the all-in. On the line actually played, each size the players chose replaces the nearest
  size of the tree (so the villain's actual bet is in the tree exactly), and at the learner's
  decision the tree offers the learner's own options;
* the learner's options are valued at the node of the line actually played: each is the
  equilibrium value of his hand there, the villain's choice of checking, betting small, big or
  over the pot and check-raising being part of the solve.

The module only builds the spot (:func:`street_start`); the river and turn models solve it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from coach.equity import hand_vs_combos
from coach.feedback import texts as T
from coach.feedback.opponents import opponent_range
from coach.feedback.valuation.base import Context, Declined, EquityInfo
from coach.feedback.valuation.headsup import Combos, _combos
from coach.i18n import Message, Percent
from coach.theory.cfr import DECISION, F64, Hands, Node
from coach.theory.river import NodeResult
from coach.theory.trees import RootState, TreeConfig, build_tree

#: the villain's choices where he acted on the line played, as fractions of the pot: a third, two thirds,
#: the pot, one and a half pots (and the all-in), or a check
STREET_BETS: Final = (0.33, 0.66, 1.0, 1.5)
#: and over a bet (a raise or a check-raise): to the bet plus these fractions of the pot after calling it
STREET_RAISES: Final = (0.5, 1.0)
#: elsewhere in the tree (the lines not played, the river) one bet of two thirds of the pot and the all-in,
#: raised only all-in: the sizes that decide the villain's choice are at his node, the others cost the
#: solve time and move the learner's values by less than its precision
OFF_LINE: Final = TreeConfig(oop_bets=(0.66,), raises=(), max_raises=2)
#: after a bet the range model leaves every hand a small weight (a bluff stays possible): the lightest
#: combos of each range brought into the street that together hold this share of it are left out, and
#: beyond it, up to :data:`PRUNE_MOST`, the combos lighter than :data:`PRUNE_FLOOR` times the heaviest
#: (a check-raise range of 14 combos' weight spread over 300 combos, most at the model's floor)
PRUNE_SHARE: Final = 0.05
PRUNE_FLOOR: Final = 0.02
PRUNE_MOST: Final = 0.10
#: below this share of his range the villain's line is one the equilibrium barely takes (a size it does not
#: use, a check-raise it does not make): the hands that reach it are what the solve's noise leaves there,
#: not an answer, and the learner's values at that node are not graded from it
MIN_LINE_SHARE: Final = 0.05


class RareLine(Declined):
    """At equilibrium the villain almost never takes the line played: the solve cannot say what he holds."""

    def __init__(self, share: float) -> None:
        super().__init__(Message(T.RARE_LINE, {"share": Percent(share, 1)}))
        self.share = share


@dataclass(frozen=True)
class StreetStart:
    """A heads-up street solved from its first action, and where the learner's decision is in it."""

    first: Combos  # the range of the player who acts first on the street (tree player 0)
    second: Combos
    pot: int  # chips in the middle at the start of the street
    stack: int  # the effective stack at the start of the street
    config: TreeConfig
    root: RootState  # the sizes of the line actually played and the learner's options (``lines``)
    path: tuple[str, ...]  # the line actually played, in the tree's labels: the learner's decision
    hero_player: int  # 0 when the learner acts first on the street


def first_to_act(ctx: Context) -> int:
    """The seat that acts first after the flop of the learner and his only opponent."""
    sit = ctx.sit
    villain = sit.opponents[0]
    order = {s: (s - sit.button - 1) % len(sit.stacks) for s in (sit.hero, villain)}
    return sit.hero if order[sit.hero] < order[villain] else villain


def _amounts(labels: tuple[str, ...]) -> list[float]:
    return [float(label.split()[1]) for label in labels if len(label.split()) == 2]


def _with_size(labels: tuple[str, ...], amount: float, stack: float) -> tuple[float, ...]:
    """The node's sizes with the one nearest to ``amount`` replaced by it (the all-in is kept)."""
    sizes = _amounts(labels)
    if amount >= stack:
        return tuple(sizes)
    plain = [a for a in sizes if a < stack]
    if plain:
        # sizes are geometric: 12 is nearer 16 than 8
        nearest = min(plain, key=lambda a: abs(math.log(a / amount)))
        sizes.remove(nearest)
    return tuple(sorted({*sizes, amount}))


def _menu(node: Node, pot: float, stack: float, bb: float, actual: float) -> tuple[float, ...]:
    """The villain's sizes at his node on the line played: the full menu, the actual size in it."""
    me = node.player
    mine, theirs = node.contrib[me], node.contrib[1 - me]
    pot_now = pot + mine + theirs
    if theirs <= mine:
        sizes = [max(f * pot_now, bb) for f in STREET_BETS]
    else:
        after_call = pot_now + theirs - mine
        least = theirs + max(theirs - mine, bb)
        sizes = [max(theirs + f * after_call, least) for f in STREET_RAISES]
    sizes = [float(round(a)) for a in sizes if a < stack]
    sizes.append(stack)
    labels = tuple(f"bet {_fmt(a)}" for a in sizes)
    return _with_size(labels, actual, stack)


def prune(combos: Combos, *, keep: tuple[int, int] | None = None, share: float = PRUNE_SHARE) -> Combos:
    """The range without its lightest combos that together hold at most ``share`` of its weight.

    The hundreds of hands the range model keeps at a few percent each cost the solver as much as the
    hands that matter and move its answer by less than its precision. ``keep`` (the learner's own hand)
    always stays.
    """
    total = sum(combos.values())
    floor = PRUNE_FLOOR * max(combos.values(), default=0.0)
    dropped = 0.0
    out = dict(combos)
    for combo, w in sorted(combos.items(), key=lambda kv: (kv[1], kv[0])):
        if combo == keep:
            continue
        if dropped + w > (share if w >= floor else max(share, PRUNE_MOST)) * total:
            break
        dropped += w
        del out[combo]
    return out


def street_start(ctx: Context, config: TreeConfig = OFF_LINE) -> StreetStart | None:
    """The street from its start for the decision in ``ctx`` (heads-up, after the flop), or None.

    None when the line cannot be put in a two-player tree (a third player bet on this street) or
    a lesson gives the villain's range at the decision (its range before the bet is not known).
    """
    sit = ctx.sit
    villain = sit.opponents[0]
    if (ctx.given or {}).get(villain) is not None:
        return None
    street = [a for a in sit.street_actions() if a.kind != "fold"]
    if any(a.seat not in (sit.hero, villain) for a in street):
        return None
    before = replace(sit, history=tuple(a for a in sit.history if a.street != sit.street))
    board = tuple(c.index for c in sit.board)
    v_range = opponent_range(before, villain, dead=board).range
    h_range = opponent_range(before, sit.hero, dead=board).range
    hero = _combos(h_range)
    hi, lo = sorted((c.index for c in sit.hero_cards), reverse=True)
    hero[(hi, lo)] = max(hero.get((hi, lo), 0.0), 1.0)
    hero = prune(hero, keep=(hi, lo))
    villain_combos = prune(_combos(v_range))
    bb = float(sit.big_blind)
    config = replace(config, min_bet=bb, chip=1.0)
    c_hero, c_villain = sit.hero_in_front, sit.bets[villain]
    pot = sit.pot - c_hero - c_villain
    stack = min(sit.hero_stack + c_hero, sit.stacks[villain] + c_villain)
    first = first_to_act(ctx)
    hero_player = 0 if first == sit.hero else 1
    lines: dict[tuple[str, ...], tuple[float, ...]] = {}
    path: tuple[str, ...] = ()
    for act in street:
        if act.kind == "check":
            path = (*path, "check")
            continue
        if act.kind not in ("bet", "raise"):
            return None  # a call ends the street heads-up: no decision can follow it
        tree = build_tree(pot, stack, config, RootState(last_inc=bb, lines=tuple(lines.items())))
        node = next((n for n in tree.nodes if n.path == path and n.kind == DECISION), None)
        if node is None:
            return None
        amount = float(min(act.to, stack))
        if act.seat == villain:
            lines[path] = _menu(node, pot, stack, bb, amount)
        else:
            lines[path] = _with_size(node.actions, amount, stack)
        word = "allin" if amount >= stack else ("bet" if node.actions[0] == "check" else "raise")
        path = (*path, f"{word} {_fmt(amount)}")
    options = tuple(float(o.amount) for o in ctx.options if o.aggressive and o.amount is not None)
    lines[path] = options
    root = RootState(last_inc=bb, lines=tuple(lines.items()))
    tree = build_tree(pot, stack, config, root)
    node = next((n for n in tree.nodes if n.path == path and n.kind == DECISION), None)
    if node is None or node.player != hero_player:
        return None
    first_combos, second_combos = (hero, villain_combos) if hero_player == 0 else (villain_combos, hero)
    return StreetStart(first_combos, second_combos, pot, stack, config, root, path, hero_player)


def line_share(nodes: Mapping[tuple[str, ...], NodeResult], weights: F64, path: tuple[str, ...],
               player: int) -> float:
    """How often ``player``'s range takes his actions on ``path`` (his own choices only), from the solve."""
    total = float(weights.sum())
    if total <= 0:
        return 0.0
    reach = line_reach(nodes, path, player)
    return 1.0 if reach is None else float(reach.sum()) / total


def line_reach(nodes: Mapping[tuple[str, ...], NodeResult], path: tuple[str, ...], player: int) -> F64 | None:
    """How much of each of ``player``'s hands reaches the end of ``path``: his weight times his own actions
    on it (his reach at his last action, times that action's frequency); None when he did not act on it."""
    weights: F64 | None = None
    for k in range(len(path)):
        node = nodes.get(path[:k])
        if node is not None and node.player == player:
            weights = node.reach * node.strategy[:, node.actions.index(path[k])]
    return weights


def line_equity(nodes: Mapping[tuple[str, ...], NodeResult], hands: tuple[Hands, Hands],
                path: tuple[str, ...], player: int, hand: int, board: tuple[int, ...]) -> EquityInfo | None:
    """The hero's equity against the hands the solve brings the villain to the decision with.

    Why: solved from the start of the street, the villain's bet is made by the hands that make it at
    equilibrium, not by the range model's reading of it; the EVs come from those hands, so the price
    sentence must too (a call worth 19 bb beside «ne hai il 34,7%» said the opposite of its grade).
    Exact: on the river a comparison of two made hands, on the turn every river card."""
    weights = line_reach(nodes, path, 1 - player)
    if weights is None:
        return None
    mine, theirs = hands[player], hands[1 - player]
    hero = [int(c) for c in mine.cards[hand]]
    free = ~np.isin(theirs.cards, hero).any(axis=1)  # his hands sharing no card with the hero's
    w = np.where(free, weights, 0.0)
    keep = w > 0
    total = float(w.sum())
    if total <= 0:
        return None
    if len(board) == 5:
        own = mine.strength[hand]
        won = float(w[theirs.strength < own].sum()) + 0.5 * float(w[theirs.strength == own].sum())
        return EquityInfo(won / total, "exact", 0.0, int(keep.sum()))
    found = hand_vs_combos(hero, board, theirs.cards[keep], w[keep], exact=True)
    return EquityInfo(float((found.per_combo * w[keep]).sum()) / total, "exact", 0.0, int(keep.sum()))


def _fmt(x: float) -> str:
    return str(round(x)) if abs(x - round(x)) < 1e-9 else f"{x:g}"
