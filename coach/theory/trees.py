"""Betting trees for a single street between two players, configurable by sizes.

A tree is built from the pot, the effective stack and the sizes each player may
use. Sizes are fractions of the pot:

* a **bet** of ``f`` puts ``f * pot`` in;
* a **raise** of ``f`` raises *to* the bet faced plus ``f`` times the pot after
  calling it (a "pot-size raise" with ``f = 1``), and at least by the last bet
  or raise increment (the No-Limit minimum raise);
* an amount at or above the stack is the all-in (offered once);
* at most ``max_raises`` raises per street; a player facing an all-in can only
  call or fold.

Player 0 acts first (out of position on the river), player 1 second. Action
labels are what the coach prints: ``check``, ``bet 75``, ``raise 240``,
``allin 400``, ``call``, ``fold``, with amounts in the chips of the spot
(what each player has put in on this street after the action).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coach.theory.cfr import DECISION, FOLD, SHOWDOWN, Node, Tree

DEFAULT_BETS: tuple[float, ...] = (0.33, 0.75, 1.25)
DEFAULT_RAISES: tuple[float, ...] = (0.75,)


@dataclass(frozen=True)
class TreeConfig:
    """The sizes of a tree; ``ip_bets`` default to ``oop_bets``.

    ``allin`` offers the all-in as its own action wherever betting is open;
    ``min_bet`` is the smallest bet (the big blind in real play; a smaller
    amount is only possible as the all-in); ``chip`` > 0 rounds every amount
    to a multiple of it (real chips), 0 keeps exact fractions (toy games).
    """

    oop_bets: tuple[float, ...] = DEFAULT_BETS
    ip_bets: tuple[float, ...] | None = None
    raises: tuple[float, ...] = DEFAULT_RAISES
    max_raises: int = 2
    allin: bool = True
    min_bet: float = 0.0
    chip: float = 0.0

    def rounded(self, amount: float) -> float:
        if self.chip <= 0:
            return amount
        return max(self.chip, round(amount / self.chip) * self.chip)

    def bets_for(self, player: int) -> tuple[float, ...]:
        if player == 1 and self.ip_bets is not None:
            return self.ip_bets
        return self.oop_bets


DEFAULT_CONFIG = TreeConfig()


@dataclass(frozen=True)
class RootState:
    """Where a tree starts when it does not start at the beginning of the street.

    The coach solves from the decision in front of the learner: ``contrib``
    is what the player to act (player 0 of the tree) and his opponent have
    already put in on this street, ``raises`` how many raises were made
    (a first bet is not a raise), ``last_inc`` the last full bet or raise
    increment (the minimum raise), ``checked`` that the opponent checked to
    him (so a check ends the street), and ``amounts`` the bet or raise sizes
    offered at the root, as amounts "to" (the options the coach grades),
    instead of the fractions of the config.

    ``lines`` fixes the sizes at other nodes, by their path from the root: (path, amounts "to").
    The coach solves a street from its start and puts the sizes actually played on that street
    (and the learner's options at his decision) in the tree, the other nodes keeping the config's.
    """

    contrib: tuple[float, float] = (0.0, 0.0)
    raises: int = 0
    last_inc: float = 0.0
    checked: bool = False
    amounts: tuple[float, ...] | None = None
    lines: tuple[tuple[tuple[str, ...], tuple[float, ...]], ...] = ()


def _fmt(x: float) -> str:
    return str(round(x)) if abs(x - round(x)) < 1e-9 else f"{x:g}"


def build_tree(
    pot: float, stack: float, config: TreeConfig | None = None, root: RootState | None = None,
) -> Tree:
    """The public tree of one street: ``pot`` already in, ``stack`` the most either can put in on it.

    ``root`` starts the tree in the middle of the street (see :class:`RootState`).
    """
    config = config if config is not None else DEFAULT_CONFIG
    if pot <= 0:
        raise ValueError("the pot must be positive")
    if stack < 0:
        raise ValueError("the stack cannot be negative")
    tree = Tree(pot=float(pot))
    fixed_at = dict(root.lines) if root is not None else {}

    def add(node: Node) -> int:
        return tree.add(node)

    def grow(at: int, player: int, contrib: tuple[float, float], raises: int, last_inc: float,
             checked: bool, path: tuple[str, ...], parent: int) -> None:
        """Fill the decision at index ``at`` (already appended as a placeholder)."""
        me, opp = player, 1 - player
        fixed = root.amounts if (root is not None and root.amounts is not None and at == 0) else None
        if fixed is None:
            fixed = fixed_at.get(path)
        to_call = contrib[opp] - contrib[me]
        options: list[tuple[str, tuple[float, float] | None, str]] = []  # label, new contrib, kind
        pot_now = pot + contrib[0] + contrib[1]
        if to_call <= 0:
            options.append(("check", None, "check"))
            amounts: list[float] = []
            if fixed is not None:
                amounts = [a for a in fixed if a > contrib[me]]
            elif stack > 0:
                for f in config.bets_for(player):
                    amounts.append(max(f * pot_now, config.min_bet))
                if config.allin:
                    amounts.append(stack)
            seen: set[float] = set()
            for amt in amounts:
                amt = min(amt if fixed is not None else config.rounded(amt), stack)
                key = round(amt, 6)
                if amt <= 0 or key in seen:
                    continue
                seen.add(key)
                new = list(contrib)
                new[me] = amt
                label = ("allin " if amt >= stack else "bet ") + _fmt(amt)
                options.append((label, (new[0], new[1]), "bet"))
        else:
            options.append(("fold", None, "fold"))
            options.append(("call", None, "call"))
            can_raise = raises < config.max_raises and contrib[opp] < stack and contrib[me] + to_call < stack
            if fixed is not None:
                can_raise = contrib[opp] < stack and contrib[me] + to_call < stack
            if can_raise:
                after_call = pot_now + to_call
                if fixed is not None:
                    amounts = [a for a in fixed if a > contrib[opp]]
                else:
                    amounts = [contrib[opp] + f * after_call for f in config.raises]
                    if config.allin:
                        amounts.append(stack)
                seen = set()
                for amt in amounts:
                    if fixed is not None:
                        amt = min(amt, stack)
                    else:
                        amt = min(max(config.rounded(amt), contrib[opp] + last_inc), stack)
                    key = round(amt, 6)
                    if key in seen:
                        continue
                    seen.add(key)
                    new = list(contrib)
                    new[me] = amt
                    label = ("allin " if amt >= stack else "raise ") + _fmt(amt)
                    options.append((label, (new[0], new[1]), "raise"))
        labels = tuple(o[0] for o in options)
        children: list[int] = []
        pending: list[tuple[int, str, tuple[float, float] | None, str]] = []
        for label, new_contrib, kind in options:
            child_path = (*path, label)
            if kind == "fold":
                idx = add(Node(FOLD, contrib, folder=me, parent=at, path=child_path))
            elif kind == "call":
                matched = (contrib[opp], contrib[opp])
                idx = add(Node(SHOWDOWN, matched, parent=at, path=child_path))
            elif kind == "check" and (checked or player == 1):
                idx = add(Node(SHOWDOWN, contrib, parent=at, path=child_path))
            else:
                idx = add(Node(DECISION, contrib, parent=at, path=child_path))  # placeholder
                pending.append((idx, kind, new_contrib, label))
            children.append(idx)
        tree.nodes[at] = Node(DECISION, contrib, player=player, actions=labels, children=tuple(children),
                              parent=parent, path=path)
        for idx, kind, new_contrib, _label in pending:
            if kind == "check":
                grow(idx, opp, contrib, raises, last_inc, True, tree.nodes[idx].path, at)
            else:
                assert new_contrib is not None
                inc = new_contrib[me] - contrib[opp]
                grow(idx, opp, new_contrib, raises + (1 if kind == "raise" else 0), max(inc, last_inc),
                     checked, tree.nodes[idx].path, at)

    start = root if root is not None else RootState(last_inc=config.min_bet)
    first = add(Node(DECISION, start.contrib))
    grow(first, 0, start.contrib, start.raises, max(start.last_inc, config.min_bet), start.checked, (), -1)
    _check_order(tree)
    return tree


def _check_order(tree: Tree) -> None:
    """Children after parents: the solver's top-down and bottom-up passes rely on it."""
    for i, n in enumerate(tree.nodes):
        for c in n.children:
            if c <= i:
                raise AssertionError("tree nodes out of order")


def sizes_from_text(text: str) -> tuple[float, ...]:
    """``"33,75,125"`` or ``"0.33 0.75"`` to pot fractions (percent when above 3)."""
    parts: Sequence[str] = [p for p in text.replace(",", " ").split() if p]
    out = []
    for p in parts:
        v = float(p.rstrip("%"))
        out.append(v / 100 if (p.endswith("%") or v > 3) else v)
    return tuple(out)
