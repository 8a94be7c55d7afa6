"""The push/fold model's caller model: the players behind call a first-in all-in as their profiles do."""

from __future__ import annotations

import pytest

from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.grading import Grade
from coach.i18n import render

ORDER = [Grade.OTTIMA, Grade.BUONA, Grade.IMPRECISA, Grade.ERRORE, Grade.ERRORE_GRAVE]


def _button_first_in(cards: str, stack: int = 20) -> Hand:
    """Six-handed, blinds 1/2, everyone folds to the button (the hero, ``cards``), ``stack`` chips each."""
    deal = [f"d dh p{p} ????" for p in range(1, 6)] + [f"d dh p6 {cards}"]
    actions = ", ".join(f'"{a}"' for a in [*deal, "p3 f", "p4 f", "p5 f"])
    stacks = ", ".join([str(stack)] * 6)
    text = (f'variant = "NT"\nante_trimming_status = true\nantes = [0, 0, 0, 0, 0, 0]\n'
            f"blinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\nstarting_stacks = [{stacks}]\n"
            f"actions = [{actions}]\n")
    return loads_phh(text).replay(require_complete=False)


def _analyze(hand: Hand, profile: str | None) -> DecisionAnalysis:
    seat = hand.config.seat_of_player
    profiles = None if profile is None else {seat(1): profile, seat(2): profile}
    return analyze(hand, profiles=profiles, seed=0)


def _option(a: DecisionAnalysis, kind: str):  # type: ignore[no-untyped-def]
    return next(o for o in a.options if o.kind == kind)


def test_a_shove_gains_more_against_a_rock_behind_than_against_a_maniac() -> None:
    # K2o on the button with 10 bb: at equilibrium the blinds call wide enough that the chart folds it.
    # Two rocks in the blinds call only their strongest hands (0.6 times the chart's calls): they fold
    # often enough that the all-in gains, and every strong player shoves it. Two aggressive players call
    # wider than the chart: the shove loses more than it does at equilibrium, and folding is right.
    hand = _button_first_in("Kc2d")
    balanced, rocks, maniacs = (_analyze(hand, p) for p in (None, "roccia", "aggressivo"))
    assert {a.model for a in (balanced, rocks, maniacs)} == {"pushfold"}
    ev = {name: _option(a, "all_in").ev_bb for name, a in
          (("balanced", balanced), ("rocks", rocks), ("maniacs", maniacs))}
    assert ev["rocks"] > 0 > ev["balanced"] > ev["maniacs"]
    assert rocks.best == _option(rocks, "all_in").code and maniacs.best == _option(maniacs, "fold").code
    shove_rocks, shove_maniacs = _option(rocks, "all_in"), _option(maniacs, "all_in")
    assert ORDER.index(shove_rocks.grade) < ORDER.index(shove_maniacs.grade)
    assert ORDER.index(_option(rocks, "fold").grade) > ORDER.index(_option(maniacs, "fold").grade)
    assert rocks.details["chart"]["caller_keeps"] == [0.6, 0.6]
    assert "caller_keeps" not in balanced.details["chart"]


@pytest.mark.parametrize("cards", ["Ac2d", "Qc5d", "9c6d"])
def test_the_shove_is_worth_more_the_tighter_the_callers(cards: str) -> None:
    hand = _button_first_in(cards)
    ev = [_option(_analyze(hand, p), "all_in").ev_bb for p in ("roccia", None, "aggressivo")]
    assert ev[0] > ev[1] > ev[2], ev


def test_a_profile_in_front_changes_nothing() -> None:
    # the players who already folded (under the gun, the hijack, the cutoff) do not call: their
    # profiles do not move the shove
    hand = _button_first_in("Qc5d")
    seat = hand.config.seat_of_player
    folded = analyze(hand, profiles={seat(3): "roccia", seat(4): "aggressivo", seat(5): "roccia"}, seed=0)
    assert _option(folded, "all_in").ev_bb == pytest.approx(_option(_analyze(hand, None), "all_in").ev_bb)


@pytest.mark.parametrize(("cards", "stack"), [("Kc7d", 20), ("Ac8d", 20), ("7c2d", 12), ("9c6d", 24)])
def test_the_limp_and_the_small_raise_have_a_figure_agreeing_with_their_grade(cards: str, stack: int) -> None:
    # issue 29: first in with a push/fold stack the limp and the raise that is not all-in had no EV
    # (outside the push/fold game): now every option has one, an estimate for those two, and within the
    # decision an option worth less (beyond the estimate's tie margin) is never graded better.
    a = _analyze(_button_first_in(cards, stack), None)
    assert a.model == "pushfold"
    assert all(o.ev_bb is not None for o in a.options), [(o.code, o.ev_bb) for o in a.options]
    outside = [o for o in a.options if o.kind in ("call", "raise")]
    assert outside and all(o.estimate for o in outside)
    for o in outside:  # an estimate says so: never «secondo la tabella» beside a figure the chart lacks
        text = render(o.explanation, "it")
        assert "stimato dai range delle tabelle" in text and "secondo la tabella" not in text, text
    best = next(o for o in a.options if o.code == a.best)
    assert best.kind in ("fold", "all_in")  # what the chart plays stays the yardstick
    stake_bb = stack / 2
    for hi in a.options:
        for lo in a.options:
            assert hi.ev_bb is not None and lo.ev_bb is not None
            if hi.ev_bb - lo.ev_bb > 0.02 * stake_bb:
                assert ORDER.index(hi.grade) <= ORDER.index(lo.grade), (hi.code, lo.code)
