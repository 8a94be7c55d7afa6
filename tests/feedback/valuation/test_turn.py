"""The turn model: it answers heads-up turn decisions with the two-street solver's EVs, declines when too
slow, leaves other spots alone, and ships the solutions of every lesson decision it answers."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest
from babel.numbers import format_percent

from coach.cli.theory import lesson_spots
from coach.engine.phh import load_phh
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.valuation import MODELS, model_named
from coach.feedback.valuation import turn as turn_model
from coach.i18n import get_translator, render
from coach.theory.turn import TurnSpot, solve_turn

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"
EXPECTED = tomllib.loads((SPOTS / "expected.toml").read_text(encoding="utf-8"))


def _hand(name: str):  # type: ignore[no-untyped-def]
    return load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)


def _given(name: str, hand) -> dict[int, str]:  # type: ignore[no-untyped-def]
    return {hand.config.seat_of_player(int(p[1:])): r for p, r in EXPECTED[name].get("ranges", {}).items()}


# heads-up on the turn in a 3-bet pot, checked to the hero: both ranges narrow, solved live
CHECKED_TO = "turn-6max-3bet-pot-tptk-bets-when-checked-to"
# heads-up on the turn facing a lead: K9o on A-2-3-4, solved from the turn's start (61 x 75 combos), a lead
# of this size the equilibrium barely makes
FACING_BET = "turn-6max-bluff-raise-into-a-turn-lead"
# JhTh facing a half-pot double barrel on Kh9c4d 2s: 78 x 180 combos from the turn's start, solved live
GUTSHOT = "turn-9max-gutshot-calls-half-pot-deep"


@pytest.fixture(autouse=True)
def _forget_live_solves() -> object:
    """A test that makes a spot decline must not leave it declined for the banded spots run after it."""
    turn_model.clear_memory()
    yield
    turn_model.clear_memory()


def _analyze(name: str, **kw: object) -> DecisionAnalysis:
    hand = _hand(name)
    cands = [c for c in EXPECTED[name]["bands"] if c.startswith("cbr")]
    return analyze(hand, villain_ranges=_given(name, hand) or None, candidates=cands, **kw)  # type: ignore[arg-type]


def test_it_is_asked_after_the_river_solver_and_before_the_estimate() -> None:
    names = [m.name for m in MODELS]
    assert names.index("turn_solver") == names.index("solver") + 1 == names.index("heuristic") - 1
    assert model_named("turn_solver") is turn_model.MODEL
    assert turn_model.MODEL.exact and turn_model.MODEL.measures_ev
    assert render(turn_model.MODEL.label, "it") == "equilibrio calcolato su turn e river"


def test_a_heads_up_turn_decision_gets_the_solver_evs(monkeypatch: pytest.MonkeyPatch) -> None:
    turn_model.clear_memory()
    solved: list[tuple[TurnSpot, turn_model.Answer]] = []
    original = turn_model._answer

    def spy(q: turn_model.TurnQuestion, hero: tuple[int, int], **kw: object) -> turn_model.Answer:
        answer = original(q, hero, **kw)  # type: ignore[arg-type]
        solved.append((q.spot, answer))
        return answer

    monkeypatch.setattr(turn_model, "_answer", spy)
    a = _analyze(CHECKED_TO)
    assert a.model == "turn_solver"
    assert a.details["turn_solver"]["exploitability_pct"] <= turn_model.ACCEPT_PCT
    (spot, answer), = solved
    assert spot.river_first == 1  # the hero is on the button: the villain acts first on the river too
    # the same spot solved again for as many iterations (deterministic): the hero's root EVs, in bb
    again = solve_turn(spot, iterations=answer.iterations, target_pct=None, use_cache=False)
    node = again.node(())
    i = again.hand_index(0, "".join(str(c) for c in a.hero_cards))
    for o in a.options:
        if o.kind == "fold":  # folding with a free check: worth 0
            assert o.ev_bb == 0.0
            continue
        label = o.kind if o.kind == "check" else next(
            x for x in node.actions if x.split()[-1] == f"{float(o.amount or 0):g}")
        ev = node.ev[i][node.actions.index(label)]
        assert o.ev_bb == pytest.approx(ev / a.big_blind, abs=0.01), (o.code, label)
    # asked again: the cached answer, no second solve
    assert _analyze(CHECKED_TO).model == "turn_solver" and len(solved) == 1


def test_it_declines_when_the_spot_is_too_large(monkeypatch: pytest.MonkeyPatch) -> None:
    turn_model.clear_memory()
    monkeypatch.setattr(turn_model, "EXPECTED_ITERATIONS", 10_000)
    a = _analyze(CHECKED_TO)
    assert a.model == "heuristic"
    assert "would have taken too long" in json.dumps(a.to_json("en"))


def test_not_against_a_known_leak_nor_facing_a_bet_when_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    turn_model.clear_memory()
    monkeypatch.setattr(turn_model, "FACING_BET", False)
    assert _analyze(GUTSHOT).model == "heuristic"
    hand = _hand(CHECKED_TO)
    villain = hand.config.seat_of_player(5)
    assert _analyze(CHECKED_TO, profiles={villain: "principiante"}).model == "heuristic"


def test_the_shipped_solutions_match_the_lessons() -> None:
    # every heads-up turn decision of the lessons has its solution shipped, and nothing else is: when the
    # lessons or the coach's ranges change, `python -m coach theory build-turn-cache` rebuilds the file
    wanted = {ls.key: ls for ls in lesson_spots()}
    shipped = turn_model.shipped()
    assert wanted, "no lesson decision is a heads-up turn decision any more: drop the shipped file"
    missing = sorted(ls.where for key, ls in wanted.items() if key not in shipped)
    assert not missing, f"rebuild with python -m coach theory build-turn-cache: {missing}"
    assert set(shipped) == set(wanted)
    for key, answer in shipped.items():
        assert answer.exploitability_pct <= turn_model.BUILD_TARGET_PCT + 1e-9, wanted[key].where
        assert np.isclose(sum(answer.strategy), 1.0, atol=1e-3)


def test_facing_a_bet_it_solves_the_street_from_its_start(monkeypatch: pytest.MonkeyPatch) -> None:
    # the tree starts at the street's first action (the villain, out of position, leads): his check and his
    # sizes are part of the solve, his actual lead replaced the nearest size, and the hero's decision after
    # it offers his own options; the ranges are the ones brought into the turn
    turn_model.clear_memory()
    monkeypatch.setattr(turn_model, "SAFETY_SECONDS", 600.0)  # a busy machine must not make it decline
    questions: list[turn_model.TurnQuestion] = []
    original = turn_model._answer

    def spy(q: turn_model.TurnQuestion, hero: tuple[int, int], **kw: object) -> turn_model.Answer:
        questions.append(q)
        return original(q, hero, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(turn_model, "_answer", spy)
    a = _analyze(GUTSHOT)
    (q,) = questions
    assert q.path == ("bet 13",) and q.player == 1 and q.spot.root is not None
    assert q.spot.root.contrib == (0.0, 0.0)  # the street's start
    root = dict(q.spot.root.lines)[()]
    assert 13.0 in root and len(root) == 5  # four sizes, the actual 13 among them, and the all-in
    assert a.model == "turn_solver"
    assert 0.05 <= a.details["turn_solver"]["line_share"] <= 1.0
    assert {o.kind for o in a.options} >= {"fold", "call", "raise"}


def test_a_line_the_equilibrium_barely_takes_is_left_to_the_estimate_and_says_why() -> None:
    # K9o facing a half-pot lead on A-2-3-4: solved from the turn's start, the small blind leads this size
    # about 1% of the time (he checks or bets bigger): what he holds when he does is the solve's noise
    a = _analyze(FACING_BET)
    assert a.model == "heuristic"
    said = " ".join(render(m, "en") for m in a.summary)
    assert "takes this line only" in said


def test_a_solve_that_failed_in_time_is_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    turn_model.clear_memory()
    monkeypatch.setattr(turn_model, "ACCEPT_PCT", -1.0)  # no solve is precise enough: every one declines
    calls: list[TurnSpot] = []
    original = turn_model._answer

    def spy(q: turn_model.TurnQuestion, hero: tuple[int, int], **kw: object) -> turn_model.Answer:
        calls.append(q.spot)
        return original(q, hero, iterations=5, target=None, budget=None)

    monkeypatch.setattr(turn_model, "_answer", spy)
    assert _analyze(CHECKED_TO).model == "heuristic"
    assert _analyze(CHECKED_TO).model == "heuristic"
    assert len(calls) == 1
    turn_model.clear_memory()
    assert _analyze(CHECKED_TO).model == "heuristic" and len(calls) == 2


def test_facing_a_bet_the_equity_printed_is_against_the_hands_the_solve_bets_with() -> None:
    # solved from the start of the turn: the price sentence and the equity beside the options are the
    # hero's against the hands with which the equilibrium reaches the villain's bet (every river card
    # dealt), the range model's figure named beside it in the summary
    a = analyze(load_phh(SPOTS / "turn-9max-gutshot-calls-half-pot-deep.phh").replay(require_complete=False))
    assert a.model == "turn_solver"
    line = a.details["turn_solver"]["line_equity"]
    assert a.equity is not None and a.equity.method == "exact"
    assert a.equity.value == pytest.approx(line, abs=1e-4)
    said = get_translator("it").render(a.option("cc").explanation)
    assert f"ne hai il {format_percent(line, '#,##0.0%', locale='it')}" in said, said
    assert sum("the equilibrium plays the opponent's line" in m.msgid for m in a.summary) == 1
