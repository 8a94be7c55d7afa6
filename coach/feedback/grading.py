"""Grades from EV loss: ottima / buona / imprecisa / errore / errore grave.

The scale is in big blinds lost against the best option, because a big blind
is the unit a learner already counts in ("ho 100 big blind"), and it is the
scale trainers use (a mistake of half a big blind in a single spot is small, of
five big blinds is large whatever the stakes):

=============  ======================  =============================
grade          loss vs the best        meaning
=============  ======================  =============================
ottima         < 0.1 bb (or best)      the best choice or equal to it
buona          < 0.5 bb                a close second
imprecisa      < 1.5 bb                costs something; learn why
errore         < 5 bb                  a clear mistake
errore grave   >= 5 bb                 a costly mistake
=============  ======================  =============================

When the option's value is an *estimate* (a one-street model: bets, raises,
calls before the river) the thresholds are doubled: the model is not precise
enough to call a sizing difference of one big blind an error. Monte Carlo
error is handled by the caller, which counts a loss within two standard errors
as no loss. Folding when checking is free is always graded ``errore``,
whatever the EV (it can never gain anything and gives up the pot): the same
grade the rule feedback gives it.
"""

from __future__ import annotations

from enum import Enum

from coach.i18n import N_, Message


class Grade(Enum):
    """The five grades, best first; ``value`` is the stable key used in JSON."""

    OTTIMA = "ottima"
    BUONA = "buona"
    IMPRECISA = "imprecisa"
    ERRORE = "errore"
    ERRORE_GRAVE = "errore grave"

    @property
    def rank(self) -> int:
        """0 for the best grade, 4 for the worst (for comparisons)."""
        return list(Grade).index(self)

    @property
    def label(self) -> Message:
        return Message(_LABELS[self])

    @property
    def is_mistake(self) -> bool:
        return self.rank >= Grade.ERRORE.rank

    def at_least(self, other: Grade) -> Grade:
        """The worse of the two grades."""
        return self if self.rank >= other.rank else other


_LABELS = {
    Grade.OTTIMA: N_("Excellent"),
    Grade.BUONA: N_("Good"),
    Grade.IMPRECISA: N_("Inaccurate"),
    Grade.ERRORE: N_("Mistake"),
    Grade.ERRORE_GRAVE: N_("Blunder"),
}

# Upper bounds (exclusive) of the loss in big blinds for each grade but the last.
THRESHOLDS_BB: tuple[tuple[Grade, float], ...] = (
    (Grade.OTTIMA, 0.1),
    (Grade.BUONA, 0.5),
    (Grade.IMPRECISA, 1.5),
    (Grade.ERRORE, 5.0),
)
ESTIMATE_FACTOR = 2.0


def grade_for_loss(loss_bb: float, *, estimate: bool = False) -> Grade:
    """The grade of an option losing ``loss_bb`` big blinds against the best."""
    factor = ESTIMATE_FACTOR if estimate else 1.0
    for grade, bound in THRESHOLDS_BB:
        if loss_bb < bound * factor:
            return grade
    return Grade.ERRORE_GRAVE
