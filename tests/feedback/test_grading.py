"""The grade scale: a loss measured against what is at stake, the estimate's wider bands, the stake itself.

Bands (loss / stake): ottima < 1%, buona < 4%, imprecisa < 12%, errore < 40%, errore grave beyond; an
estimate's bands are twice as wide. The cases sit just inside and just outside each band at a stake
of 10 big blinds, where the bands are 0.1, 0.4, 1.2 and 4 big blinds.
"""

from __future__ import annotations

import pytest

from coach.feedback.grading import Grade, grade_for_loss, stake_bb, tie_margin
from coach.i18n import render


@pytest.mark.parametrize(("loss", "grade"), [
    (0.0, Grade.OTTIMA), (0.099, Grade.OTTIMA), (0.1, Grade.BUONA),  # 1% of 10 is 0.1: the bound is out
    (0.399, Grade.BUONA), (0.4, Grade.IMPRECISA),
    (1.199, Grade.IMPRECISA), (1.2, Grade.ERRORE),
    (3.999, Grade.ERRORE), (4.0, Grade.ERRORE_GRAVE), (50.0, Grade.ERRORE_GRAVE),
])
def test_bands_at_a_stake_of_ten(loss: float, grade: Grade) -> None:
    assert grade_for_loss(loss, 10.0) is grade


@pytest.mark.parametrize(("loss", "grade"), [
    (0.199, Grade.OTTIMA), (0.2, Grade.BUONA),  # twice 0.1
    (0.799, Grade.BUONA), (2.399, Grade.IMPRECISA), (7.999, Grade.ERRORE), (8.0, Grade.ERRORE_GRAVE),
])
def test_an_estimates_bands_are_twice_as_wide(loss: float, grade: Grade) -> None:
    assert grade_for_loss(loss, 10.0, estimate=True) is grade


def test_the_bands_scale_with_the_stake() -> None:
    # the same 1 bb loss: 10% of a 10 bb pot (imprecisa), 1% of a 100 bb pot (buona, the bound is out),
    # 66% of a 1.5 bb pot (errore grave)
    assert grade_for_loss(1.0, 10.0) is Grade.IMPRECISA
    assert grade_for_loss(1.0, 100.0) is Grade.BUONA
    assert grade_for_loss(1.0, 1.5) is Grade.ERRORE_GRAVE


def test_nothing_at_stake_grades_any_loss_as_the_worst() -> None:
    assert grade_for_loss(0.0, 0.0) is Grade.OTTIMA
    assert grade_for_loss(0.01, 0.0) is Grade.ERRORE_GRAVE


def test_the_stake_is_the_pot_or_a_short_stack_before_the_flop() -> None:
    assert stake_bb(12.0, 100.0, preflop=False) == 12.0
    assert stake_bb(1.5, 25.0, preflop=True) == 25.0  # 25 bb is still short: the stack is at stake
    assert stake_bb(1.5, 25.5, preflop=True) == 1.5  # deeper: the pot
    assert stake_bb(1.5, 10.0, preflop=False) == 1.5  # after the flop the stack never counts
    assert stake_bb(0.2, 0.0, preflop=True) == 1.0  # never below one big blind


def test_tie_margin_is_the_ottima_band() -> None:
    assert tie_margin(10.0) == pytest.approx(0.1)
    assert tie_margin(10.0, estimate=True) == pytest.approx(0.2)
    assert grade_for_loss(tie_margin(10.0) * 0.99, 10.0) is Grade.OTTIMA


def test_grade_order_and_combinators() -> None:
    assert [g.rank for g in Grade] == [0, 1, 2, 3, 4]
    assert [g.is_mistake for g in Grade] == [False, False, False, True, True]
    assert Grade.BUONA.at_least(Grade.ERRORE) is Grade.ERRORE  # the worse of the two
    assert Grade.ERRORE.at_least(Grade.BUONA) is Grade.ERRORE
    assert Grade.BUONA.at_best(Grade.ERRORE) is Grade.BUONA  # the better of the two
    assert Grade.ERRORE_GRAVE.at_best(Grade.IMPRECISA) is Grade.IMPRECISA
    assert [render(g.label, "en") for g in Grade] == ["Excellent", "Good", "Inaccurate", "Mistake", "Blunder"]
    assert Grade("errore grave") is Grade.ERRORE_GRAVE  # the JSON key reads back
