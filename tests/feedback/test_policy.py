"""The grading policy's named rules: one test per rule, on a spot where it acts.

Each rule of :class:`coach.feedback.valuation.Rule` corrects a known blind
spot of the one-street estimate (``docs/COACH.md``, «Le regole che restano»).
Each test grades a spot twice, with the estimate's full set of rules and
without the rule under test, and checks that the rule moves the grade (or
adds its sentence) in the direction its documentation says. No exact model
(the push/fold charts, the river solver) declares any of them.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from coach.engine.hand import Hand
from coach.engine.phh import load_phh, loads_phh
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.grading import Grade
from coach.feedback.handplay import is_bluff, is_weak, showdown_value
from coach.feedback.valuation import MODELS, Rule, heuristic

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from test_invariants import random_spot  # noqa: E402


@contextmanager
def without(rule: Rule) -> Iterator[None]:
    """The estimate without one of its rules (restored afterwards)."""
    full = heuristic.Heuristic.caps
    heuristic.Heuristic.caps = frozenset(full - {rule})
    try:
        yield
    finally:
        heuristic.Heuristic.caps = full


def banded(folder: str, name: str, candidates: tuple[str, ...] = ()) -> tuple[Hand, dict[str, Any]]:
    exp = tomllib.loads((HERE / folder / "expected.toml").read_text(encoding="utf-8"))[name]
    hand = load_phh(HERE / folder / f"{name}.phh").replay(require_complete=False)
    seat = hand.config.seat_of_player
    kw: dict[str, Any] = {"solver": False, "candidates": [*candidates, *(
        c for c in exp.get("bands", exp.get("grades", {})) if c.startswith("cbr"))]}
    if exp.get("profiles"):
        kw["profiles"] = {seat(int(p[1:])): k for p, k in exp["profiles"].items()}
    if exp.get("ranges"):
        kw["villain_ranges"] = {seat(int(p[1:])): r for p, r in exp["ranges"].items()}
    return hand, kw


def both(rule: Rule, hand: Hand, kw: dict[str, Any]) -> tuple[DecisionAnalysis, DecisionAnalysis]:
    with_rule = analyze(hand, **kw)
    with without(rule):
        without_rule = analyze(hand, **kw)
    assert with_rule.model == "heuristic"
    return with_rule, without_rule


def grade(a: DecisionAnalysis, code: str) -> Grade:
    return a.option(code).grade


def text(a: DecisionAnalysis, code: str) -> str:
    return next(o["explanation"] for o in a.to_json("en")["options"] if o["action"] == code)


def test_no_exact_model_declares_a_rule() -> None:
    for model in MODELS:
        if model.exact:
            assert model.caps == frozenset(), model.name
    assert heuristic.MODEL.caps == frozenset(Rule)


def test_bluff_catcher() -> None:
    """Raising a bluff-catcher into an aggressive bettor is «buona» at best."""
    # seed 6919: 7c2h in a limped pot, top pair with no draw on 3d-7d-4s, facing an aggressive player's
    # half-pot bet: the estimate likes raising (his bluffs fold) and the rule keeps the raise below the
    # call. (With the ranges that follow the hand, the banded spot flop-6max-middle-pair-calls-aggressivo
    # is already graded so by the estimate alone; a combo draw's raise is a semi-bluff the rule leaves.)
    hand, profiles, _ = random_spot(6919)
    kw: dict[str, Any] = {"profiles": profiles, "solver": False, "seed": 0}
    a, b = both(Rule.BLUFF_CATCHER, hand, kw)
    assert a.best == "cc"
    raises = [o.code for o in a.options if o.code.startswith("cbr")]
    assert all(grade(a, c).rank >= Grade.BUONA.rank for c in raises)
    assert any(grade(b, c) is Grade.OTTIMA for c in raises)
    assert "bluffing into you" in text(a, raises[0])


def test_multiway_bluff() -> None:
    """A weak hand raising a bettor and a caller is «imprecisa» at best; a pair is not called a bluff."""
    # seed 1480: 5s5c on Jd-Td-Qs-4h-Jh (two pair, jacks and fives: the board's pair and his own; it beats
    # only the hands with no pair, ~0% against a bettor and a caller), a calling station bets 4 into 145
    # and a balanced player calls: the estimate counts both folding to a raise; the rule does not. (With
    # the ranges that follow the hand the banded spot river-9max-3way-overcall-folds no longer binds.)
    hand, profiles, _ = random_spot(1480)
    kw: dict[str, Any] = {"profiles": profiles, "solver": False, "seed": 0}
    a, b = both(Rule.MULTIWAY_BLUFF, hand, kw)
    # without the rule the raise is within a fifth of a bb of the best raise (ottima or buona: the loss is
    # also measured against the stack, docs/COACH.md «La scala dei giudizi»)
    assert grade(a, "cbr 10") is Grade.IMPRECISA and grade(b, "cbr 10").rank <= Grade.BUONA.rank
    assert a.best == "f" and "only better hands call" in text(a, "cbr 10")
    assert "no showdown value" not in text(a, "cbr 10") and "A bluff raise" not in text(a, "cbr 10")


def test_break_even_bluff() -> None:
    """A bet with no showdown value that only breaks even is «imprecisa» at best."""
    # a stab into two players who checked the turn (a free check): since the estimate's callers read
    # the bettor's range, the free-check-fold spot's small bluffs lose on their own numbers
    hand, kw = banded("spots_v2", "turn-9max-3way-free-check")
    a, b = both(Rule.BREAK_EVEN_BLUFF, hand, kw)
    assert grade(a, "cbr 8") is Grade.IMPRECISA and grade(b, "cbr 8").rank < Grade.IMPRECISA.rank
    assert "the bluff breaks even" in text(a, "cbr 8")


def test_river_overbet() -> None:
    """On the river, above twice the pot without the nuts heads-up: «buona» at best (4x: «imprecisa»)."""
    # the nuts three-way (not heads-up): with the ranges that follow the hand the trips spot's overbet
    # is only «buona» without the rule; here the estimate alone would grade it «ottima»
    hand, kw = banded("spots_v2", "river-9max-3way-nuts-bets-normal-size")
    a, b = both(Rule.RIVER_OVERBET, hand, kw)
    assert grade(a, "cbr 187") is Grade.IMPRECISA and grade(b, "cbr 187") is Grade.OTTIMA
    assert a.best != "cbr 187"


def test_deep_overbet() -> None:
    """Before the river, more than three times the pot is «errore» at best, and its EV is not given."""
    hand, kw = banded("spots", "flop-6max-seed-bet")
    a, b = both(Rule.DEEP_OVERBET, hand, kw)
    assert grade(a, "cbr 195").is_mistake and not grade(b, "cbr 195").is_mistake
    best = a.option(a.best)
    shove = a.option("cbr 195")
    assert shove.ev_bb is None or best.ev_bb is None or shove.ev_bb <= best.ev_bb


def test_overbet() -> None:
    """Before the river, two to three times the pot and not all-in is never above the standard sizes."""
    # a set three-way, a bet of 2.5 pots (the nut flush draw's raise that was here is now valued against
    # the hands that call it, multiway, and loses on its own numbers: the rule no longer binds there)
    hand, kw = banded("spots", "flop-6max-3way-set", ("cbr 37",))
    a, b = both(Rule.OVERBET, hand, kw)
    assert grade(a, "cbr 37").rank >= Grade.BUONA.rank > grade(b, "cbr 37").rank
    words = "more than twice the pot"
    assert words in text(a, "cbr 37") and words not in text(b, "cbr 37")


def test_min_raise() -> None:
    """A flop or turn raise below 2.5 times the bet is «buona» at best."""
    hand, kw = banded("spots_v2", "flop-6max-3bet-pot-qq-calls-cbet")
    a, b = both(Rule.MIN_RAISE, hand, kw)
    assert grade(a, "cbr 24") is Grade.BUONA and grade(b, "cbr 24") is Grade.OTTIMA
    assert "minimum raise" in text(a, "cbr 24")


def test_bluff_raise() -> None:
    """A flop or turn raise with no showdown value against a bet is «imprecisa» at best."""
    # a gutshot's raise of a half-pot turn bet: the estimate alone grades it «buona» (the bettor's range
    # folds often enough on one street); lesson 01's wheel-board raise now loses on its own numbers
    hand, kw = banded("spots_v2", "turn-9max-gutshot-calls-half-pot-deep")
    a, b = both(Rule.BLUFF_RAISE, hand, kw)
    assert grade(a, "cbr 26").rank >= Grade.IMPRECISA.rank > grade(b, "cbr 26").rank
    assert "no showdown value" in text(a, "cbr 26")


def test_noise_tie() -> None:
    """A loss within twice the Monte Carlo error of the equity is no loss."""
    # seed 453, a flop bet: the old seeds were a short-stack preflop spot (399, now graded by its values,
    # preflop_short_ev.py) and a multiway flop bet (312, now valued against the hands that call it,
    # where the two sizes are no longer within the noise)
    hand, profiles, _ = random_spot(453)
    a, b = both(Rule.NOISE_TIE, hand, {"profiles": profiles, "solver": False})
    assert a.equity is not None and a.equity.method == "montecarlo"
    assert grade(a, "cbr 2") is Grade.OTTIMA and grade(b, "cbr 2") is not Grade.OTTIMA


def test_passive_vs_estimate() -> None:
    """A passive play beaten only by an estimated bet or raise loses a capped penalty."""
    hand, kw = banded("spots", "flop-6max-seed-bet")
    a, b = both(Rule.PASSIVE_VS_ESTIMATE, hand, kw)
    assert grade(a, "cc").rank < grade(b, "cc").rank


def test_fold_great_price() -> None:
    """Folding 30% equity or more before the river at half the price it needs is «errore»."""
    # seed 97, a flop decision; the ranges that follow the hand moved seed 1006 off the rule, and seed
    # 2198 (AKo completing the small blind behind a limp with a short stack) is now graded by its values
    # (preflop_short_ev.py), not by the one-street estimate whose rule this is
    hand, profiles, _ = random_spot(97)
    a, b = both(Rule.FOLD_GREAT_PRICE, hand, {"profiles": profiles, "solver": False})
    assert grade(a, "f").rank >= Grade.ERRORE.rank
    assert "great odds" in text(a, "f") and "great odds" not in text(b, "f")


def test_fold_price_pays() -> None:
    """A strong hand's fold at a price its equity beats is graded on the plain scale (post29 audit).

    Q-Q facing a check-raise and a two-thirds turn bet on 9-6-2-3 (41% against 28.6% needed); the
    nut flush draw facing a bet and a call four-way (35% to hit against 19.6%). Both folds were
    «imprecisa» on the estimate's doubled thresholds; the small pair that calls a small c-bet (a
    weak pair, which realises little of its equity) keeps them.
    """
    for name in ("turn-6max-qq-calls-checkraise-and-two-thirds-turn",
                 "flop-6max-4way-nut-flush-draw-calls-bet-and-call"):
        hand, kw = banded("spots_v2", name)
        a, b = both(Rule.FOLD_GREAT_PRICE, hand, kw)
        assert grade(a, "f").rank >= Grade.ERRORE.rank > grade(b, "f").rank, name
        assert "price alone" in text(a, "f") and "price alone" not in text(b, "f"), name
    hand, kw = banded("spots_v2", "flop-6max-small-pair-calls-small-cbet")
    a = analyze(hand, **kw)
    assert grade(a, "f").rank <= Grade.IMPRECISA.rank and "price alone" not in text(a, "f")


def test_bluff_loses() -> None:
    """A bluff that loses against checking says so: the opponent does not fold often enough."""
    hand, kw = banded("spots", "flop-hu-free-check-fold", ("cbr 10",))
    a, b = both(Rule.BLUFF_LOSES, hand, kw)
    words = "does not fold often enough"
    said = [o["action"] for o in a.to_json("en")["options"] if words in o["explanation"]]
    assert said and all(words not in text(b, c) for c in said)


def test_strong_passive() -> None:
    """A strong hand calling or checking before the river is at least «buona» in the standard lines."""
    hand, kw = banded("spots", "flop-6max-3way-set")
    a, b = both(Rule.STRONG_PASSIVE, hand, kw)
    assert grade(a, "cc") is Grade.BUONA and grade(b, "cc").is_mistake


def test_strong_passive_draw_pays_its_price() -> None:
    """A draw facing a bet is not a strong hand slowplaying: below the price its call is not floored."""
    # 4h3h on KhJh7c 5s facing a pot-size bet: 12 outs, about 31% where the call needs 33%
    hand, kw = banded("spots_v2", "turn-6max-combo-draw-folds-to-pot-bet")
    a, b = both(Rule.STRONG_PASSIVE, hand, kw)
    assert a.equity is not None and a.equity.value < 1 / 3
    assert grade(a, "cc") is grade(b, "cc") is Grade.IMPRECISA
    assert "standard line" not in text(a, "cc")


def test_strong_passive_made_hand_pays_its_price() -> None:
    """A strong made hand whose call the price does not cover is not slow-playing (post29 audit).

    A♣K♦ on K♠7♦2♣ 4♥ facing a check-raise and a pot-sized turn lead: about 26% where the call needs
    33%; the call lost 4.4 bb and was «buona» beside «with a hand this strong, this is a standard line:
    it keeps the opponent's bluffs in». Now it has the grade of its figure and no such sentence.
    """
    codes = ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Ks7d2c", "p2 cc", "p6 cbr 4",
             "p2 cbr 14", "p6 cc", "d db 4h", "p2 cbr 39"]
    deal = [f"d dh p{p} {'AcKd' if p == 6 else '????'}" for p in range(1, 7)]
    text_ = "\n".join([
        'variant = "NT"', "ante_trimming_status = true", f"antes = {[0] * 6}",
        f"blinds_or_straddles = {[1, 2, 0, 0, 0, 0]}", "min_bet = 2", f"starting_stacks = {[200] * 6}",
        "actions = [", *[f'  "{a}",' for a in deal + codes], "]"]) + "\n"
    hand = loads_phh(text_).replay(require_complete=False)
    a, b = both(Rule.STRONG_PASSIVE, hand, {"solver": False})
    assert a.equity is not None and a.equity.value < 1 / 3
    assert "standard line" not in text(a, "cc") and "hand this strong" not in text(a, "cc")
    assert grade(a, "cc") is grade(b, "cc")


def test_nuts_passive() -> None:
    """Calling or checking the nuts on the river is «imprecisa» at worst."""
    hand, kw = banded("spots", "river-6max-seed-nuts-vs-bet")
    a, b = both(Rule.NUTS_PASSIVE, hand, kw)
    assert grade(a, "cc") is Grade.IMPRECISA and grade(b, "cc").is_mistake


def test_other_size() -> None:
    """A bet that beats every passive play is «buona» at least when the best is another size."""
    # top pair against a calling station: the pot-sized bet is best; the bet of 12 (two thirds of the pot)
    # loses 2.5 bb by the estimate's guessed curve of calls by size, «errore» by its numbers: the rule
    # makes it a close second (the size is where the estimate leans most on its assumptions)
    hand, kw = banded("spots_v2", "turn-hu-thin-value-vs-principiante")
    a, b = both(Rule.OTHER_SIZE, hand, kw)
    assert grade(a, "cbr 12") is Grade.BUONA and grade(b, "cbr 12").rank > Grade.BUONA.rank


def test_other_size_not_for_a_token_bet() -> None:
    """A bet of less than a quarter of the pot is no "other size" of a value bet: its numbers grade it.

    Fails on the code before the one grading rule: a 2-chip bet into 15 with a set three-way was
    «buona» by this rule while its text said the bet of 10 earns more.
    """
    hand, kw = banded("spots", "flop-6max-3way-set")
    with without(Rule.STRONG_PASSIVE):  # so that the call's slow-play floor does not lift it by the order
        a = analyze(hand, **kw)
    assert grade(a, "cbr 2") is Grade.IMPRECISA


def test_fold_when_free_holds_for_every_model() -> None:
    """The rule of the game: folding when checking is free is «errore» at least, and never above a check."""
    hand, kw = banded("spots", "flop-hu-free-check-fold")
    a = analyze(hand, **kw)
    assert grade(a, "f").rank >= Grade.ERRORE.rank >= grade(a, "cc").rank


def test_showdown_value_is_never_a_bluff() -> None:
    """A pair with a hole card has showdown value: not a bluff, though it may be a weak hand."""
    hand, kw = banded("spots_v2", "river-9max-3way-overcall-folds")
    a = analyze(hand, **kw)
    assert a.equity is not None and a.equity.value < 0.25
    from coach.feedback.handread import read_hand
    from coach.feedback.situation import read_situation
    from coach.feedback.valuation import Context

    sit = read_situation(hand)
    hand_read = read_hand(sit.hero_cards, sit.board)
    ctx = Context(sit, a.villain_ranges, {}, [], a.equity, None, hand_read, None, 0)
    assert showdown_value(ctx) and not is_bluff(ctx) and is_weak(ctx)


@pytest.mark.parametrize("rule", list(Rule))
def test_every_rule_has_its_test(rule: Rule) -> None:
    assert f"test_{rule.value}" in globals(), f"no test for the rule {rule.value}"
