"""The street solved from its start: the tree holds the line played, the ranges are the ones brought into the
street, the lightest combos are pruned, and a line the equilibrium barely takes is declined, saying why."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from coach.engine.phh import load_phh
from coach.feedback.analysis import analyze
from coach.feedback.handread import read_hand
from coach.feedback.opponents import opponent_range
from coach.feedback.options import candidate_options
from coach.feedback.situation import read_situation
from coach.feedback.valuation import streetstart as ss
from coach.feedback.valuation.base import Context
from coach.i18n import render
from coach.theory.cfr import DECISION
from coach.theory.river import RiverSpot, solve_river
from coach.theory.trees import build_tree

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"
EXPECTED = tomllib.loads((SPOTS / "expected.toml").read_text(encoding="utf-8"))
# the hero bets the turn in position and faces the big blind's check-raise
CHECK_RAISE = "turn-6max-tptk-calls-balanced-check-raise"
# the hero faces a half-pot lead, out of the blinds, heads-up on the turn
LEAD = "turn-6max-bluff-raise-into-a-turn-lead"


def _ctx(name: str) -> Context:
    hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
    sit = read_situation(hand)
    hand_read = read_hand(sit.hero_cards, sit.board)
    return Context(sit, {}, {}, candidate_options(sit), None, None, hand_read, None, 0)


def test_the_actual_size_replaces_the_nearest_and_the_all_in_stays() -> None:
    labels = ("check", "bet 8", "bet 16", "bet 24", "bet 36", "allin 188")
    assert ss._with_size(labels, 12.0, 188.0) == (8.0, 12.0, 24.0, 36.0, 188.0)  # 12 is nearer 16 than 8
    assert ss._with_size(labels, 188.0, 188.0) == (8.0, 16.0, 24.0, 36.0, 188.0)  # the all-in is in already


def test_prune_drops_the_lightest_up_to_the_share_and_the_floor_up_to_the_most() -> None:
    combos = {(51, 50): 1.0, (49, 48): 1.0, (47, 46): 0.05, (45, 44): 0.01, (43, 42): 0.005}
    total = sum(combos.values())
    kept = ss.prune(combos, keep=(43, 42), share=0.01)
    # (45, 44) is under 2% of the heaviest: dropped up to PRUNE_MOST even beyond the share; the hand stays
    assert kept == {(51, 50): 1.0, (49, 48): 1.0, (47, 46): 0.05, (43, 42): 0.005}
    assert total - sum(kept.values()) <= ss.PRUNE_MOST * total
    assert ss.prune(combos, share=0.0) == {k: w for k, w in combos.items() if w >= 0.05}


def test_a_check_raise_line_is_in_the_tree_and_the_hero_decides_after_it() -> None:
    ctx = _ctx(CHECK_RAISE)
    start = ss.street_start(ctx)
    assert start is not None
    assert start.hero_player == 1  # the button acts second on the street
    assert start.path[0] == "check" and start.path[1].startswith("bet") and start.path[2].startswith("raise")
    tree = build_tree(start.pot, start.stack, start.config, start.root)
    node = next(n for n in tree.nodes if n.path == start.path and n.kind == DECISION)
    assert node.player == 1 and node.actions[:2] == ("fold", "call")
    # the villain's node facing the bet offers his menu of raises, his actual one among them
    menu = dict(start.root.lines)[start.path[:2]]
    assert float(start.path[2].split()[1]) in menu and len(menu) >= 3
    # the ranges are those brought into the turn: his check-raise is not read into his range
    sit = ctx.sit
    before = replace(sit, history=tuple(a for a in sit.history if a.street != "turn"))
    board = tuple(c.index for c in sit.board)
    brought = opponent_range(before, sit.opponents[0], dead=board).range
    now = opponent_range(sit, sit.opponents[0], dead=board).range
    first_weight = sum(start.first.values())
    assert first_weight > float(now.weights.sum())
    assert first_weight <= float(brought.weights.sum()) + 1e-9


def test_a_lessons_range_at_the_decision_is_not_a_range_brought_into_the_street() -> None:
    ctx = _ctx(LEAD)
    ctx.given = {ctx.sit.opponents[0]: "AA, 55"}
    assert ss.street_start(ctx) is None


def test_the_line_share_is_how_often_his_range_takes_his_actions_on_the_line() -> None:
    # the river of a banded spot solved from its start: the share equals the reach of his bet over his weight
    name = "river-hu-top-pair-calls-small-bet"
    ctx = _ctx(name)
    sit = ctx.sit
    start = ss.street_start(ctx)
    assert start is not None
    spot = RiverSpot.make(sit.board, start.first, start.second, start.pot, start.stack, start.config,
                          start.root)
    result = solve_river(spot, target_pct=1.0, max_iterations=200)
    v = 1 - start.hero_player
    share = ss.line_share(result.nodes, result.hands[v].weights, start.path, v)
    node = result.node(start.path[:-1])
    assert node.player == v
    by_hand = node.reach * node.strategy[:, node.actions.index(start.path[-1])]
    assert share == pytest.approx(float(by_hand.sum() / result.hands[v].weights.sum()))
    assert 0.0 <= share <= 1.0
    assert ss.line_share(result.nodes, result.hands[v].weights, (), v) == 1.0


def test_facing_a_lead_the_equilibrium_barely_makes_the_estimate_answers_and_says_so() -> None:
    hand = load_phh(SPOTS / f"{LEAD}.phh").replay(require_complete=False)
    a = analyze(hand, candidates=[c for c in EXPECTED[LEAD]["bands"] if c.startswith("cbr")])
    assert a.model == "heuristic"
    said = [render(m, "it") for m in a.summary]
    assert any("Risolto dall'inizio del giro" in s for s in said)
    assert np.isfinite(a.equity.value) if a.equity is not None else True
