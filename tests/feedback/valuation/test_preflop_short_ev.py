"""Short stacks facing a limp or a raise no table covers (coach/feedback/valuation/preflop_short_ev.py).

Which fail on the code before the module: ``test_the_spots_it_covers`` (those spots went to the
one-street estimate, the all-in without a figure), ``test_a_weak_hand_does_not_3bet_a_third_of_its_stack``
(a heads-up 3-bet to 8 bb with K4o was «ottima») and ``test_a_strong_hand_reshoves_over_an_open_and_a_call``
(the re-shove was «imprecisa»). The others guard what held already: the tables' own spots, the call's
multiway equity (the estimate had it too) and the one grading rule on 32 spots.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coach.feedback.analysis import analyze
from coach.feedback.situation import read_situation

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from test_preflop_short import folds, phh, run  # noqa: E402

from coach.engine.phh import loads_phh  # noqa: E402
from coach.feedback.valuation.preflop_short_ev import spot_kind  # noqa: E402

HU_MIN_RAISE = ["p2 cbr 4"]
BVB_LIMP = [*folds(3, 4, 5, 6), "p1 cc"]
OPEN_CALL = ["p3 cbr 4", "p4 cc", "p5 f"]
BIG_OPEN = [*folds(3, 4), "p5 cbr 7"]


def _sit(players: int, stack: int, hero: int, actions: list[str]):  # type: ignore[no-untyped-def]
    hand = loads_phh(phh(players, stack, hero, "AhKd", actions)).replay(require_complete=False)
    return read_situation(hand)


@pytest.mark.parametrize(("players", "stack", "hero", "actions", "kind"), [
    (2, 20, 1, HU_MIN_RAISE, "facing_open"),
    (2, 15, 1, ["p2 cc"], "limped"),
    (6, 14, 2, BVB_LIMP, "limped"),
    (6, 20, 6, OPEN_CALL, "facing_open"),
    (6, 15, 6, BIG_OPEN, "facing_open"),
])
def test_the_spots_it_covers(players: int, stack: int, hero: int, actions: list[str], kind: str) -> None:
    found = spot_kind(_sit(players, stack, hero, actions), None)
    assert found is not None and found[0] == kind
    a = run(players, stack, hero, "AhKd", actions)
    assert a.model == "chart" and a.details["short_by_value"]["spot"] == kind
    assert all(o.ev_bb is not None for o in a.options)  # every option has its figure, the all-in too


def test_the_tables_still_answer_their_spots() -> None:
    """One open of up to 3 bb at six with everyone else folded stays with the re-shove table; deeper
    than 25 bb, below 5 bb, or facing an all-in, the module does not apply."""
    a = run(6, 20, 6, "AhKd", [*folds(3, 4), "p5 cbr 5"])
    assert "short_table" in a.details and "short_by_value" not in a.details
    assert spot_kind(_sit(6, 40, 6, OPEN_CALL), None) is None
    assert spot_kind(_sit(6, 4, 6, OPEN_CALL), None) is None
    assert spot_kind(_sit(6, 20, 6, [*folds(3, 4), "p5 cbr 40"]), None) is None


def _grades(cards: str, players: int, stack: int, hero: int,
            actions: list[str]) -> dict[str, tuple[str, float]]:
    a = run(players, stack, hero, cards, actions)
    out: dict[str, tuple[str, float]] = {}
    for o in a.options:
        key = "all_in" if o.kind == "all_in" else o.code
        assert o.ev_bb is not None
        out[key] = (o.grade.value, o.ev_bb)
    return out


def test_a_weak_hand_does_not_3bet_a_third_of_its_stack() -> None:
    """K♦4♠ heads-up at 20 bb against a min-raise: the call is the best; a 3-bet to 8 bb, which the
    small blind answers all-in with the hands that call a re-shove, is a leak (it was «ottima»)."""
    g = _grades("Kd4s", 2, 20, 1, HU_MIN_RAISE)
    assert g["cc"][0] == "ottima"
    assert g["cbr 16"][0] in ("imprecisa", "errore") and g["cbr 16"][1] < g["cc"][1]


def test_a_strong_hand_reshoves_over_an_open_and_a_call() -> None:
    """A♣Q♥ on the button at 20 bb over an open and a call: the all-in is the best, folding a leak."""
    g = _grades("AcQh", 6, 20, 6, OPEN_CALL)
    assert g["all_in"][0] == "ottima" and g["f"][0] in ("imprecisa", "errore")


def test_the_call_counts_the_equity_against_everyone_in() -> None:
    """7♣6♣ in the big blind at 20 bb facing an open and a call pays 1.2 bb for a 6 bb pot: with its
    equity against both players (about 30%), not the product of two heads-up equities (14%), the call
    gains; before it was valued below the fold."""
    g = _grades("7c6c", 6, 20, 2, ["p3 cbr 4", "p4 f", "p5 cc", "p6 f", "p1 f"])
    assert g["cc"][1] > 0 and g["cc"][0] == "ottima"


@pytest.mark.parametrize("cards", ["AhAd", "KcQd", "9s9c", "Ah5h", "Jd8d", "Qc9h", "Kd4s", "7h2c"])
@pytest.mark.parametrize(("players", "stack", "hero", "actions"), [
    (2, 20, 1, HU_MIN_RAISE), (6, 14, 2, BVB_LIMP), (6, 20, 6, OPEN_CALL), (6, 15, 6, BIG_OPEN)])
def test_the_grades_follow_the_figures(cards: str, players: int, stack: int, hero: int,
                                       actions: list[str]) -> None:
    """The one rule (test_grading_rule.rule_breaks): an option that loses more never has a better
    grade, and no grade is lifted beyond what its printed loss allows."""
    from test_grading_rule import rule_breaks

    from coach.feedback import analysis as analysis_module

    seen = []
    real = analysis_module.grade_valuation

    def keep(val, ctx):  # type: ignore[no-untyped-def]
        out = real(val, ctx)
        seen.append((out, ctx))
        return out

    analysis_module.grade_valuation = keep  # type: ignore[assignment]
    try:
        analyze(loads_phh(phh(players, stack, hero, cards, actions)).replay(require_complete=False), seed=0)
    finally:
        analysis_module.grade_valuation = real  # type: ignore[assignment]
    graded, ctx = seen[-1]
    assert rule_breaks(graded, ctx) == []


@pytest.mark.parametrize("stack", [13, 20])
def test_the_all_in_tracks_the_re_shove_tables(stack: int) -> None:
    """Where a re-shove table exists (the big blind against a button open) the module's reading of the
    all-in (callers who answer the range that shoves the hero's hand) agrees in sign with the table's
    equilibrium figure for every hand the table does not call a near tie (|EV| ≥ 0.3 bb); the push/fold
    charts' fixed callers, which the module replaces, gave Q8o +2.1 bb where the table says -0.65."""
    from coach.feedback.opponents import opponent_ranges
    from coach.feedback.valuation import preflop_ev
    from coach.feedback.valuation.preflop_sizing import effective_bb
    from coach.theory.classes import class_index

    for cards in ["Qd8c", "Kd7c", "Ah2c", "9h9d", "Th9h", "Jd5c", "Ac9d", "7h7c"]:
        actions = [*folds(3, 4, 5), "p6 cbr 4", "p1 f"]
        hand = loads_phh(phh(6, stack, 2, cards, actions)).replay(require_complete=False)
        table_ev = analyze(hand, seed=0).details["short_table"]["shove_ev_bb"]
        sit = read_situation(hand)
        ranges = {s: r.range for s, r in opponent_ranges(sit, None, {}).items() if s in sit.opponents}
        hero = class_index(sit.hero_cards[0].index, sit.hero_cards[1].index)
        foes = preflop_ev.foes_of(sit, list(sit.opponents), ranges, {})
        ev = preflop_ev.all_in_ev(sit, hero, foes, effective_bb(sit), respond=True) / sit.big_blind
        if abs(table_ev) >= 0.3:
            assert (ev > 0) == (table_ev > 0), (stack, cards, ev, table_ev)
