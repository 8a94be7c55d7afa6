"""Short stacks at six and nine (coach/feedback/valuation/preflop_short.py): the 12-25 bb tables in the coach.

Which fail on the code before the tables: every test here (before, a short open faced went to the
one-street estimate, and the opening tables did not exist); ``test_outside_the_tables_the_values_answer``
fails on the code before preflop_short_ev.py (the open and the call went to the one-street estimate).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coach.cards import parse_cards
from coach.engine.phh import loads_phh
from coach.feedback import analysis as analysis_module
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.policy import Graded
from coach.feedback.situation import read_situation
from coach.feedback.valuation import Context, Valuation
from coach.feedback.valuation.preflop_short import vs_open_spot
from coach.theory import shortstack
from coach.theory.classes import CLASS_NAMES, class_index

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from test_grading_rule import rule_breaks  # noqa: E402


def phh(players: int, stack_bb: int, hero: int, cards: str, actions: list[str]) -> str:
    """A spot in the PHH of tests/feedback/spots_v2 (blinds 1 and 2 chips, every stack ``stack_bb``)."""
    deal = [f'  "d dh p{p} {cards if p == hero else "????"}",' for p in range(1, players + 1)]
    return "\n".join([
        'variant = "NT"', "ante_trimming_status = true", f"antes = {[0] * players}",
        f"blinds_or_straddles = {[1, 2] + [0] * (players - 2)}", "min_bet = 2",
        f"starting_stacks = {[2 * stack_bb] * players}", "actions = [", *deal,
        *[f'  "{a}",' for a in actions], "]"]) + "\n"


def folds(*players: int) -> list[str]:
    return [f"p{p} f" for p in players]


UTG_OPENS_9 = ["p3 cbr 5", *folds(4, 5, 6, 7, 8)]  # nine-handed: UTG opens, folds to the button (p9)
CO_OPENS_6 = [*folds(3, 4), "p5 cbr 5", "p6 f"]  # six-handed: the cutoff opens, folds to the small blind


def run(players: int, stack_bb: int, hero: int, cards: str, actions: list[str]) -> DecisionAnalysis:
    text = phh(players, stack_bb, hero, cards, actions)
    hand = loads_phh(text, source="test").replay(require_complete=False)
    return analyze(hand, solver=False)


def grades(a: DecisionAnalysis) -> dict[str, str]:
    out: dict[str, str] = {}
    for o in a.options:
        out.setdefault("all_in" if o.kind == "all_in" else o.code, o.grade.value)
    return out


@pytest.mark.parametrize(("cards", "fold", "all_in"), [
    ("Ah9h", ("ottima",), ("buona", "imprecisa")),  # A9s: dominated by UTG's calls, outside the re-shove
    ("6h6c", ("ottima",), ("ottima", "buona", "imprecisa")),  # 66: a near tie (-0.02 bb)
    ("KhJc", ("ottima",), ("buona", "imprecisa")),  # KJo: fold
    ("AhKd", ("errore", "errore grave"), ("ottima",)),  # AKo: the re-shove; folding it a clear mistake
])
def test_the_issue_examples_at_nine(cards: str, fold: tuple[str, ...], all_in: tuple[str, ...]) -> None:
    """Nine-handed, 18 bb, UTG opens, the button: the re-shove table grades, with the table's all-in EV."""
    a = run(9, 18, 9, cards, UTG_OPENS_9)
    assert a.model == "chart"
    table = a.details["short_table"]
    assert (table["players"], table["opener"], table["seat"], table["stack_bb"]) == (9, "UTG", "BTN", 17.5)
    g = grades(a)
    assert g["f"] in fold and g["all_in"] in all_in
    jam = next(o for o in a.options if o.kind == "all_in")
    assert jam.ev_bb == pytest.approx(table["shove_ev_bb"], abs=1e-4)  # the table's figure (4 decimals)
    assert not jam.estimate


def test_the_small_blind_a2s_against_a_cutoff_open() -> None:
    """Six-handed, 14 bb, the cutoff opens, A2s in the small blind: a near tie between folding and the
    re-shove; calling out of position with the big blind behind is a mistake."""
    a = run(6, 14, 1, "As2s", CO_OPENS_6)
    assert a.model == "chart" and a.details["short_table"]["opener"] == "CO"
    g = grades(a)
    assert g["f"] in ("ottima", "buona") and g["all_in"] in ("ottima", "buona", "imprecisa")
    assert g["cc"] in ("errore", "errore grave")


def test_the_spot_is_one_open_with_12_to_25_bb() -> None:
    def sit(players: int, stack: int, hero: int, actions: list[str]):  # type: ignore[no-untyped-def]
        text = phh(players, stack, hero, "AhKd", actions)
        return read_situation(loads_phh(text, source="t").replay(require_complete=False))

    assert vs_open_spot(sit(9, 18, 9, UTG_OPENS_9), None) is not None
    assert vs_open_spot(sit(9, 11, 9, UTG_OPENS_9), None) is None  # under 12 bb
    assert vs_open_spot(sit(9, 30, 9, UTG_OPENS_9), None) is None  # deep: the 100 bb charts
    called = ["p3 cbr 5", "p4 cc", *folds(5, 6, 7, 8)]
    assert vs_open_spot(sit(9, 18, 9, called), None) is None  # an open and a call
    big = ["p3 cbr 8", *folds(4, 5, 6, 7, 8)]
    assert vs_open_spot(sit(9, 18, 9, big), None) is None  # a 4 bb open: another spot
    assert vs_open_spot(sit(9, 18, 9, UTG_OPENS_9), "p3: AA") is None  # a lesson's given range


def test_outside_the_tables_the_values_answer() -> None:
    """An open and a call at 18 bb is not a table spot: no table grades it, its values do
    (preflop_short_ev.py; it was the one-street estimate): A♥K♦ re-shoves, folding is a mistake."""
    a = run(9, 18, 9, "AhKd", ["p3 cbr 5", "p4 cc", *folds(5, 6, 7, 8)])
    assert a.model == "chart" and "short_by_value" in a.details
    assert grades(a)["all_in"] == "ottima" and grades(a)["f"] == "errore"


def test_first_in_uses_the_opening_table() -> None:
    """Nine-handed UTG with 18 bb: the table shoves A5s (outside the raise range), raises AJs."""
    a = run(9, 18, 3, "As5s", [])
    assert a.details["short_table"]["action"] == "all_in"
    assert grades(a)["all_in"] == "ottima"
    b = run(9, 18, 3, "AhJh", [])
    assert b.details["short_table"]["action"] == "raise"


@pytest.mark.parametrize(("players", "stack", "hero", "actions"), [
    (9, 18, 9, UTG_OPENS_9),
    (6, 14, 1, CO_OPENS_6),
    (6, 22, 2, [*folds(3, 4, 5), "p6 cbr 5", "p1 f"]),  # the big blind against the button, 22 bb
    (9, 20, 3, []),  # first in, UTG at nine
    (6, 17, 5, folds(3, 4)),  # first in, the cutoff at six
])
def test_the_grading_rule_holds_for_every_fifth_hand(players: int, stack: int, hero: int,
                                                     actions: list[str]) -> None:
    """The one rule (tests/feedback/test_grading_rule.py) on 34 hands of each spot: an option that loses
    more never gets a better grade, and no grade says more than its printed loss allows."""
    broken: list[str] = []
    real = analysis_module.grade_valuation

    def check(val: Valuation, ctx: Context) -> list[Graded]:
        graded = real(val, ctx)
        broken.extend(rule_breaks(graded, ctx))
        return graded

    analysis_module.grade_valuation = check  # type: ignore[assignment]
    try:
        for name in CLASS_NAMES[::5]:
            cards = _cards_of(name)
            a = run(players, stack, hero, cards, actions)
            assert a.model == "chart", name
    finally:
        analysis_module.grade_valuation = real  # type: ignore[assignment]
    assert broken == []


def _cards_of(name: str) -> str:
    """Two cards of a class: "AKs" -> "AhKh", "AKo" -> "AhKd", "77" -> "7h7d"."""
    hi, lo = name[0], name[1]
    cards = f"{hi}h{lo}h" if name.endswith("s") else f"{hi}h{lo}d"
    c = parse_cards(cards)
    assert CLASS_NAMES[class_index(c[0].index, c[1].index)] == name
    return cards


def test_the_tables_load_once() -> None:
    """The tables are data read once per process (no solve while grading)."""
    shortstack._shipped()
    assert shortstack._shipped.cache_info().currsize == 1


def test_a_small_raise_whose_figure_beats_the_fold_is_not_graded_below_it() -> None:
    """T9s first in four-handed with 15 bb (the Replayer's PokerStars hand): the table shoves it, and the
    fold and the small raise are both second choices. The raise's estimate beats folding by about 0.1 bb and
    its sentence says so («rende circa 0,1 bb in più»): it was «imprecisa» beside a «buona» fold that
    loses 0.2 bb. Now no option whose printed figure beats the fold is graded below it."""
    text = "\n".join([
        'variant = "NT"', "ante_trimming_status = false", "antes = [25, 25, 25, 25]",
        "blinds_or_straddles = [100, 200, 0, 0]", "min_bet = 200",
        "starting_stacks = [3000, 1500, 4000, 2500]", "actions = [",
        '  "d dh p1 ????",', '  "d dh p2 ????",', '  "d dh p3 Th9h",', '  "d dh p4 ????",', "]"])
    a = analyze(loads_phh(text + "\n", source="test").replay(require_complete=False), solver=False)
    g = grades(a)
    assert g["all_in"] == "ottima"
    fold = next(o for o in a.options if o.kind == "fold")
    for o in a.options:
        assert o.ev_bb is not None and fold.ev_bb is not None
        if o.ev_bb - fold.ev_bb >= 0.06:
            assert o.grade.rank <= fold.grade.rank, (o.code, o.grade, o.ev_bb, fold.grade, fold.ev_bb)
    assert g["cbr 500"] == "buona"


def test_a_shove_worth_nothing_is_not_printed_minus_zero() -> None:
    """K♦Q♣ under the gun at 15 bb: the push/fold chart's all-in is worth -0.004 bb against folding;
    the sentence said «l'all-in vale -0 bb» (issue 29 audit). Fails on the code before."""
    import re

    a = run(6, 15, 3, "KdQc", [])
    texts = [o["explanation"] for o in a.to_json("it")["options"]]
    assert any("vale 0 bb" in t for t in texts)
    assert not [t for t in texts if re.search(r"[-\u2212]0 bb", t)]
