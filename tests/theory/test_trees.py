"""Betting trees of one street: which actions each node offers, with amounts worked out by hand from the
sizing rules in ``coach/theory/trees.py``'s docstring (pot 100, stack 200 unless said)."""

from __future__ import annotations

import pytest

from coach.theory.cfr import DECISION, FOLD, SHOWDOWN, Tree
from coach.theory.trees import RootState, TreeConfig, build_tree, sizes_from_text

SMALL = TreeConfig(oop_bets=(0.5,), raises=(1.0,), max_raises=1, chip=1.0)


def at(tree: Tree, *path: str) -> int:
    """The node reached by the action labels ``path`` from the root."""
    i = 0
    for label in path:
        node = tree.nodes[i]
        i = node.children[node.actions.index(label)]
    return i


def test_root_bets_are_pot_fractions_and_the_all_in() -> None:
    tree = build_tree(100, 200, SMALL)
    assert tree.nodes[0].actions == ("check", "bet 50", "allin 200")  # half the pot; the stack
    assert tree.nodes[0].player == 0
    assert tree.nodes[at(tree, "check")].actions == ("check", "bet 50", "allin 200")
    assert tree.nodes[at(tree, "check", "check")].kind == SHOWDOWN  # two checks end the street


def test_a_pot_raise_above_the_stack_is_the_all_in_offered_once() -> None:
    tree = build_tree(100, 200, SMALL)
    # facing 50 into 100: a pot raise goes to 50 + (150 + 50) = 250, above the stack: all-in 200
    assert tree.nodes[at(tree, "bet 50")].actions == ("fold", "call", "allin 200")
    fold = tree.nodes[at(tree, "bet 50", "fold")]
    assert fold.kind == FOLD and fold.folder == 1 and fold.contrib == (50.0, 0.0)
    call = tree.nodes[at(tree, "bet 50", "call")]
    assert call.kind == SHOWDOWN and call.contrib == (50.0, 50.0)
    # facing an all-in only fold or call
    assert tree.nodes[at(tree, "allin 200")].actions == ("fold", "call")


def test_raises_stop_at_max_raises_and_respect_the_minimum_raise() -> None:
    deep = TreeConfig(oop_bets=(0.1,), raises=(0.1,), max_raises=1, allin=False, chip=1.0)
    tree = build_tree(100, 1000, deep)
    # bet 10 into 100; a 0.1 raise would go to 10 + 0.1 x 120 = 22, the minimum raise is to 20: 22 stands
    assert tree.nodes[at(tree, "bet 10")].actions == ("fold", "call", "raise 22")
    # one raise is the limit: facing it, only fold or call
    assert tree.nodes[at(tree, "bet 10", "raise 22")].actions == ("fold", "call")
    tiny = TreeConfig(oop_bets=(0.1,), raises=(0.01,), max_raises=1, allin=False, chip=1.0)
    # a raise of 0.01 x 120 = 1.2 more is below the last increment of 10: raised to 10 + 10 = 20
    small_raise = build_tree(100, 1000, tiny)
    assert small_raise.nodes[at(small_raise, "bet 10")].actions[-1] == "raise 20"


def test_a_root_in_the_middle_of_the_street_offers_the_given_sizes() -> None:
    # the hero faces a bet of 6 into 18 (contributions 0 and 6) and may raise to 18 or 30
    root = RootState(contrib=(0.0, 6.0), raises=0, last_inc=6.0, amounts=(18.0, 30.0))
    tree = build_tree(18, 191, TreeConfig(chip=1.0), root)
    assert tree.nodes[0].actions == ("fold", "call", "raise 18", "raise 30")
    checked = build_tree(18, 191, TreeConfig(chip=1.0), RootState(checked=True, amounts=(9.0,)))
    assert checked.nodes[0].actions == ("check", "bet 9")
    assert checked.nodes[at(checked, "check")].kind == SHOWDOWN  # checked to: a check ends the street


def test_children_come_after_their_parents() -> None:
    tree = build_tree(100, 10_000, TreeConfig())
    assert all(c > i for i, n in enumerate(tree.nodes) for c in n.children)
    assert all(n.kind != DECISION or len(n.actions) == len(n.children) for n in tree.nodes)


def test_bad_trees_are_refused() -> None:
    with pytest.raises(ValueError):
        build_tree(0, 100)
    with pytest.raises(ValueError):
        build_tree(100, -1)


@pytest.mark.parametrize(("text", "sizes"), [
    ("33,75,125", (0.33, 0.75, 1.25)),  # above 3: percent
    ("0.33 0.75", (0.33, 0.75)),
    ("50%, 2", (0.5, 2.0)),  # a percent sign always means percent; 2 is twice the pot
    ("", ()),
])
def test_sizes_from_text(text: str, sizes: tuple[float, ...]) -> None:
    assert sizes_from_text(text) == pytest.approx(sizes)
