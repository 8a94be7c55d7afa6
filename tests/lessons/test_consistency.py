"""The lesson's words and the coach's grade agree at every decision point.

At a decision the lesson page shows two things side by side: the lesson's
authored text for the learner's option and the coach's automatic grade
(:func:`coach.ui.coaching.assess`, the same call the page makes), replaced by
the lesson's own grade where the decision gives one (``grades``), and raised to
"ottima" when the option is the one the lesson marks ``best``. A lesson text
that calls a choice sensible next to a coach that grades it "imprecisa" leaves
the learner not knowing whom to believe. These tests rebuild that moment for
every decision of every lesson and check, per option, what the learner is
finally shown:

- the lesson's choice (``best``, or the coach's favourite among the options
  when the lesson marks none) is never graded "errore"/"errore grave";
- a text that approves the option ("Giusto", "va bene", "sensata") is not
  shown with a grade below "buona";
- a text on an option shown "imprecisa" or worse says what is wrong with it
  (a reservation: "ma", "troppo", "errore", "il coach"...), so a rule-only
  text never sits silently beside a bad grade;
- a text that calls the option an error is not shown "ottima";
- when the lesson overrules the coach (``best`` is an option the coach calls
  a mistake, or ``grades`` shows an option better than the coach grades it),
  the lesson says why in that option's text.

The word lists are deliberately small and Italian: they read the way the
lessons are written (an opening "Giusto."/"Bene.", "è una scelta sensata").

Run as a script for the full table, one row per option:
``python tests/lessons/test_consistency.py``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache

import pytest

from coach.feedback import Grade
from coach.lessons.loader import default_lessons_dir, load_lessons
from coach.lessons.schema import Decision, ExampleHand, Lesson
from coach.ui.coaching import assess, lesson_authored, option_code
from coach.ui.player import HandScript

MISTAKES = {Grade.ERRORE.value, Grade.ERRORE_GRAVE.value}
RANK = {g.value: g.rank for g in Grade}

# An approving opening ("Giusto.", "Bene:", "Ottimo:") or phrase, not negated.
_APPROVES_OPENING = re.compile(r"^\s*(giusto|bene|ottimo|esatto|corretto)\b", re.IGNORECASE)
_APPROVES_PHRASE = re.compile(
    r"(?<!non )\b(scelta sensata|è sensat[oa]|ragionevole|va bene|va benissimo|la scelta giusta|"
    r"decisione era giusta|è giusto)\b", re.IGNORECASE)
# Words with which a teacher says what is wrong with a choice.
_RESERVATION = re.compile(
    r"\b(ma|però|troppo|troppa|errore|errori|conviene|meglio|rischi\w*|cost[ao]|costos[oa]|coach|"
    r"sbagli\w*|prudente|perdi|peccato)\b", re.IGNORECASE)
_CALLS_IT_AN_ERROR = re.compile(r"(?<!non è un )\b(errore|sbagli\w*)\b", re.IGNORECASE)


def approves(text: str) -> bool:
    """The authored text presents the option as right or sensible."""
    return bool(_APPROVES_OPENING.search(text) or _APPROVES_PHRASE.search(text))


def has_reservation(text: str) -> bool:
    return bool(_RESERVATION.search(text))


def calls_it_an_error(text: str) -> bool:
    return bool(_CALLS_IT_AN_ERROR.search(text))


@dataclass(frozen=True)
class Row:
    """One option of one decision: the lesson's side and the coach's side."""

    code: str
    authored: str
    is_best: bool
    coach_grade: str | None  # None: no analysis (show or muck, or the coach cannot run)
    coach_best: str | None  # the coach's preferred option code ("cbr 5"), maybe not among the options
    ev_bb: float | None
    lesson_grade: str | None = None  # the lesson's own grade (``grades``), as assess returns it

    @property
    def shown(self) -> str | None:
        """The grade the learner sees (as the lesson page does): the lesson's best is
        "ottima", an option the lesson grades has the lesson's grade, others the coach's."""
        if self.is_best:
            return Grade.OTTIMA.value
        return self.lesson_grade or self.coach_grade


@dataclass(frozen=True)
class Spot:
    lesson: Lesson
    hand_index: int
    hand: ExampleHand
    decision: Decision

    @property
    def id(self) -> str:
        return f"{self.lesson.id}/{self.hand.id}/at{self.decision.at}"


@cache
def spots() -> tuple[Spot, ...]:
    out: list[Spot] = []
    for lesson in load_lessons(default_lessons_dir()):
        for i, hand in enumerate(lesson.hands):
            out += [Spot(lesson, i, hand, d) for d in hand.decisions]
    return tuple(out)


def _is_show_or_muck(code: str) -> bool:
    return code.split()[1] == "sm"


@cache
def rows(spot_id: str) -> tuple[Row, ...]:
    """Every option of the decision as the lesson page would grade it."""
    spot = next(s for s in spots() if s.id == spot_id)
    d = spot.decision
    script = HandScript.from_example(spot.hand)
    out = []
    for code in d.options:
        grade = coach_best = ev = lesson_grade = None
        if not _is_show_or_muck(code):
            spot_hand = script.hand_at(script.step_of_action(d.at))
            verdict = assess(spot_hand, code, profiles=spot.hand.profiles)
            grade, coach_best = verdict.grade, verdict.best_code
            ev = next((o.ev_bb for o in verdict.options if o.code == option_code(code)), None)
            if code in d.grades:  # what the page shows: the analysis with the lesson's grades
                lesson_grade = assess(spot_hand, code, authored=lesson_authored(d),
                                      profiles=spot.hand.profiles).grade
                assert lesson_grade == d.grades[code], (spot_id, code, lesson_grade)
        elif code in d.grades:
            lesson_grade = d.grades[code]
        out.append(Row(code, d.feedback.get(code, ""), code == d.best, grade, coach_best, ev, lesson_grade))
    return tuple(out)


def lesson_choice(spot: Spot) -> Row | None:
    """The option the lesson teaches, or else the one the coach grades highest among the options."""
    rs = rows(spot.id)
    if spot.decision.best is not None:
        return next(r for r in rs if r.is_best)
    graded = [r for r in rs if r.shown is not None]
    if not graded:
        return None
    return min(graded, key=lambda r: (RANK[r.shown or ""], -(r.ev_bb or 0.0)))


def problems(spot: Spot) -> list[str]:
    """Every disagreement a learner would see at this decision, in words."""
    return problems_of(rows(spot.id), lesson_choice(spot))


def problems_of(rs: tuple[Row, ...], choice: Row | None) -> list[str]:
    """The checks of :func:`problems` on the rows of one decision and the lesson's choice."""
    out = []
    if choice is not None and choice.shown in MISTAKES:
        out.append(f"{choice.code}: the lesson's choice is shown as '{choice.shown}'")
    for r in rs:
        if r.is_best and r.coach_grade in MISTAKES | {Grade.IMPRECISA.value} and "coach" not in r.authored:
            out.append(f"{r.code}: best overrules the coach's '{r.coach_grade}' without saying why "
                       "(its text should mention the coach)")
        if r.lesson_grade is not None and r.coach_grade is not None and not r.is_best \
                and RANK[r.lesson_grade] < RANK[r.coach_grade] and "coach" not in r.authored:
            out.append(f"{r.code}: the lesson grades it '{r.lesson_grade}' over the coach's "
                       f"'{r.coach_grade}' without saying why (its text should mention the coach)")
        if not r.authored or r.shown is None:
            continue
        if approves(r.authored) and RANK[r.shown] > Grade.BUONA.rank:
            out.append(f"{r.code}: the text approves it but it is shown '{r.shown}': {r.authored!r}")
        if RANK[r.shown] >= Grade.IMPRECISA.rank and not has_reservation(r.authored):
            out.append(f"{r.code}: shown '{r.shown}' but the text says nothing against it: {r.authored!r}")
        if r.shown == Grade.OTTIMA.value and calls_it_an_error(r.authored) and not r.is_best \
                and "coach" not in r.authored:
            out.append(f"{r.code}: the text calls it an error but it is shown 'ottima': {r.authored!r}")
    return out


@pytest.mark.parametrize("spot", spots(), ids=lambda s: s.id)
def test_lesson_and_coach_agree(spot: Spot) -> None:
    found = problems(spot)
    assert not found, f"{spot.id}:\n  " + "\n  ".join(found)


def test_every_decision_is_graded_by_the_coach() -> None:
    """The check above means something only if the coach really grades the betting decisions."""
    betting = [s for s in spots() if not all(_is_show_or_muck(c) for c in s.decision.options)]
    assert len(betting) >= 20
    for s in betting:
        assert all(r.coach_grade is not None for r in rows(s.id)), s.id


def test_authored_grades_are_what_is_shown_and_checked() -> None:
    """A lesson grade replaces the coach's in every check, and lifting it needs a reason."""
    limp = Row("p3 cc", "Giusto: paghi e vedi il flop.", False, "imprecisa", "cbr 5", -0.2)
    assert limp.shown == "imprecisa"
    assert any("approves it but it is shown 'imprecisa'" in p for p in problems_of((limp,), None))
    lifted = Row("p3 cc", limp.authored, False, "imprecisa", "cbr 5", -0.2, lesson_grade="buona")
    assert lifted.shown == "buona"
    found = problems_of((lifted,), None)
    assert [p for p in found if "over the coach's 'imprecisa' without saying why" in p], found
    explained = Row("p3 cc", "Giusto: il coach preferisce il rilancio, ma qui Anna rilancia sempre.", False,
                    "imprecisa", "cbr 5", -0.2, lesson_grade="buona")
    assert problems_of((explained,), explained) == []
    lowered = Row("p3 cbr 5", "Rilanci, ma troppo poco: un errore qui.", False, "ottima", "cbr 5", 1.0,
                  lesson_grade="errore")
    assert lowered.shown == "errore"
    assert problems_of((explained, lowered), explained) == []
    assert Row("p3 cc", "", True, "errore", None, None, lesson_grade=None).shown == "ottima"


def test_the_word_lists_read_the_lessons_right() -> None:
    assert approves("Giusto. K-A-2-3-4 non è una scala.")
    assert approves("Paghi 24 e vai a vedere: è un call ragionevole.")
    assert approves("Pagare va bene: con le Donne sei avanti.")
    assert not approves("Lasceresti 100 fiche: il piatto ti offre un prezzo ottimo.")
    assert not approves("Il call non va bene qui.")
    assert has_reservation("Il call è legale, ma il coach ti dirà che un rilancio rende di più.")
    assert not has_reservation("Paghi il grande buio (call) e resti in mano.")
    assert calls_it_an_error("È proprio l'errore che commette Bruno.")
    assert not calls_it_an_error("Non è un errore.")


def report() -> str:
    """The full table: per option, the lesson's grade/best/text and the coach's grade and best."""
    lines = []
    for s in spots():
        d = s.decision
        lines.append(f"\n{s.id}  p{d.seat}  lesson best: {d.best or '-'}")
        for r in rows(s.id):
            ev = "" if r.ev_bb is None else f" ev {r.ev_bb:+.1f}"
            mark = "*" if r.is_best else " "
            lesson = f" lesson {r.lesson_grade}" if r.lesson_grade else ""
            lines.append(f" {mark}{r.code:<14} coach {r.coach_grade or '-':<12}{ev:<10} "
                         f"coach best {r.coach_best or '-':<9} shown {r.shown or '-'}{lesson}")
            if r.authored:
                lines.append(f"      text: {' '.join(r.authored.split())}")
        for p in problems(s):
            lines.append(f"   !! {p}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(report() + "\n")
