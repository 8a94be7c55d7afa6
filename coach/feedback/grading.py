"""Grades from EV loss relative to what is at stake: ottima / buona / imprecisa / errore / errore grave.

A strong player measures a mistake against what is at stake: losing half a big
blind in a 100 bb pot is a rounding error, losing it in a 1.5 bb pot is a third
of everything there is to win. Solver-based study tools report EV loss as a
share of the pot for the same reason. So a grade is the EV an option loses
against the best option, divided by the **stake** of the decision
(:func:`stake_bb`):

* the pot at the decision (the chips in the middle, bets of this round included);
* before the flop with a short stack (an effective stack of at most
  :data:`SHORT_STACK_BB` big blinds), the larger of the pot and the effective
  stack: every option there (shoving, calling a shove, folding) decides the
  fate of the whole stack, and the pot (1.5 bb and the antes) is a small part
  of what is risked. The push/fold charts' own figures are per stack too.

=============  ===================  ========================================
grade          loss / stake         meaning
=============  ===================  ========================================
ottima         < 1%                 the best choice, or the same within precision
buona          < 4%                 a close second
imprecisa      < 12%                costs something; learn why
errore         < 40%                a clear mistake
errore grave   >= 40%               a costly mistake
=============  ===================  ========================================

The thresholds were calibrated on the banded spots (``tests/feedback/spots*``):
at a stake of about ten big blinds (the typical single-raised flop pot, a
ten-big-blind push/fold stack) they are the big-blind scale trainers use (0.1,
0.4, 1.2, 4 bb), and they grow or shrink with the stake. The big blinds are
still what the learner reads in every sentence.

When the option's value is an *estimate* (the one-street model: bets, raises,
calls before the river) the thresholds are doubled (:data:`ESTIMATE_FACTOR`):
the model is not precise enough to call a sizing difference an error (but
not for a call with next to no equity when folding is best: there is nothing
to realise, see :data:`coach.feedback.policy.DEAD_CALL_EQUITY`). Monte
Carlo error is handled by the caller, which counts a loss within two standard
errors as no loss.
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

    def at_best(self, other: Grade) -> Grade:
        """The better of the two grades."""
        return self if self.rank <= other.rank else other


_LABELS = {
    Grade.OTTIMA: N_("Excellent"),
    Grade.BUONA: N_("Good"),
    Grade.IMPRECISA: N_("Inaccurate"),
    Grade.ERRORE: N_("Mistake"),
    Grade.ERRORE_GRAVE: N_("Blunder"),
}

# Upper bounds (exclusive) of the loss as a share of the stake, for each grade but the last.
THRESHOLDS: tuple[tuple[Grade, float], ...] = (
    (Grade.OTTIMA, 0.01),
    (Grade.BUONA, 0.04),
    (Grade.IMPRECISA, 0.12),
    (Grade.ERRORE, 0.40),
)
ESTIMATE_FACTOR = 2.0
PLAYED_FREQ = 0.1  # a chart or solver "plays" an option it takes at least this often (coach.feedback.policy)
PRINTED_TIE_BB = 0.06  # two figures closer than this (in bb) read the same as printed (to 0.1 bb)
SHORT_STACK_BB = 25.0  # before the flop, at or below this effective stack the stack is what is at stake


def stake_bb(pot_bb: float, effective_stack_bb: float, *, preflop: bool) -> float:
    """What is at stake in a decision, in big blinds (see the module doc).

    The pot; before the flop with a short stack, the larger of the pot and the
    effective stack. Never below one big blind (a pot always holds the blinds).
    """
    stake = pot_bb
    if preflop and 0 < effective_stack_bb <= SHORT_STACK_BB:
        stake = max(stake, effective_stack_bb)
    return max(stake, 1.0)


def tie_margin(stake: float, *, estimate: bool = False) -> float:
    """The largest loss (in the stake's unit) still graded «ottima»: two options this close are a tie."""
    return THRESHOLDS[0][1] * stake * (ESTIMATE_FACTOR if estimate else 1.0)


def _grade_for_share(loss: float, base: float, factor: float) -> Grade:
    share = loss / base if base > 0 else float("inf") if loss > 0 else 0.0
    for grade, bound in THRESHOLDS:
        if share < bound * factor:
            return grade
    return Grade.ERRORE_GRAVE


def grade_for_loss(loss: float, stake: float, *, estimate: bool = False, stack: float | None = None) -> Grade:
    """The grade of an option losing ``loss`` against the best, when ``stake`` is at stake (same unit).

    With ``stack`` (the effective stack at the start of the hand, same unit)
    the loss is also measured against the stack, on the same thresholds, and
    the worse of the two grades counts: a loss that is a large part of the
    stack is never small because the pot has grown larger than the stacks
    (folding K-K to a 4-bet all-in loses 41 bb, a third of the pot but 41% of
    a 100 bb stack: «errore grave», never milder than calling the nuts
    instead of raising it in a smaller pot). The stack measure only matters
    where the pot is larger than the stack: everywhere else the share of the
    pot is the larger one.
    """
    factor = ESTIMATE_FACTOR if estimate else 1.0
    grade = _grade_for_share(loss, stake, factor)
    if stack is not None and stack > 0:
        grade = grade.at_least(_grade_for_share(loss, stack, factor))
    return grade


def lift_limit(by_numbers: Grade, *, estimate: bool = False) -> Grade:
    """The best grade a rule may give an option its numbers grade ``by_numbers``.

    A rule that lifts an option (a slow play, a standard line, the nuts
    called, the right action at another size) says why in words, and may move
    it one grade at most above what its loss says: «buona» beside a loss its
    own figures call «errore» would say the opposite of its figure. Two
    grades for a one-street estimate, whose thresholds are already doubled for
    the same reason: its figure leaves out every later street (a set that flats
    a bet and a raise with 1.9 pots behind gets the rest in on the turn) and
    leans on a guessed curve of folds by size.
    """
    return list(Grade)[max(0, by_numbers.rank - (2 if estimate else 1))]


def drop_limit(by_numbers: Grade, *, estimate: bool = False) -> Grade:
    """The worst grade a chart may give an option its numbers grade ``by_numbers``: one grade below
    (two for an estimate), the mirror of :func:`lift_limit` («errore» beside a loss its own figure
    calls «buona» would say the opposite of it too)."""
    order = list(Grade)
    return order[min(len(order) - 1, by_numbers.rank + (2 if estimate else 1))]
