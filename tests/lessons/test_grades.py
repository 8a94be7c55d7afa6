"""A lesson's own grade per option: the schema, and the coach's verdict that carries it.

``grades`` lets a decision point give an option the lesson's grade instead of
the coach's; ``replace`` lets its text stand instead of the coach's explanation.
The lesson page lays both over the coach's analysis through :func:`coach.learning.judge.judge`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from coach.errors import LessonError
from coach.feedback import Grade
from coach.i18n import get_translator
from coach.learning.judge import judge as assess
from coach.learning.script import HandScript
from coach.learning.verdict import AuthoredFeedback, authored_verdict, lesson_authored
from coach.lessons.loader import LessonLoadError, default_lessons_dir, load_lesson
from coach.lessons.schema import GRADES, Decision, ExampleHand

IT = get_translator("it")
EN = get_translator("en")


def decision(**fields: Any) -> Decision:
    base: dict[str, Any] = {"at": 4, "seat": 3, "prompt": "Che cosa fai?",
                            "options": ["p3 f", "p3 cc", "p3 cbr 6"]}
    return Decision.model_validate({**base, **fields})


def refusal(**fields: Any) -> tuple[str, str]:
    """The English and Italian text of the one problem ``fields`` make."""
    from coach.lessons.loader import parse_lesson

    src = (default_lessons_dir().parent / "tests" / "lessons" / "broken" / "04-opzione-illegale.toml")
    text = src.read_text(encoding="utf-8").replace('options = ["p3 f", "p3 cc", "p3 cbr 3", "p3 cbr 6"]\n',
                                                   'options = ["p3 f", "p3 cc", "p3 cbr 6"]\n' + "".join(
                                                       f"{k} = {v}\n" for k, v in fields.items()), 1)
    with pytest.raises(LessonLoadError) as info:
        parse_lesson(text, "01-prova.toml")
    err = info.value
    assert isinstance(err, LessonError)
    assert len(err.problems) == 1, [str(p) for p in err.problems]
    return err.problems[0].render(EN), err.problems[0].render(IT)


def test_the_schema_knows_the_coachs_grades() -> None:
    assert GRADES == tuple(g.value for g in Grade)


def test_grades_and_replace_are_accepted() -> None:
    d = decision(grades={"p3 cc": "buona", "p3 f": "errore grave"}, feedback={"p3 cc": "Va bene."},
                 replace=["p3 cc"])
    assert d.grades == {"p3 cc": "buona", "p3 f": "errore grave"}
    assert decision().grades == {} and decision().replace == []
    # without best any option may be "ottima"; with best, best itself may say so
    assert decision(grades={"p3 cc": "ottima"}).grades["p3 cc"] == "ottima"
    assert decision(best="p3 cc", grades={"p3 cc": "ottima"}).best == "p3 cc"


@pytest.mark.parametrize(("fields", "english", "italian"), [
    ({"grades": '{ "p3 cc" = "discreta" }'},
     "grade 'discreta' for 'p3 cc' is not a grade", "«discreta» per «p3 cc» non è un giudizio"),
    ({"grades": '{ "p3 cbr 3" = "buona" }'},
     "grade for 'p3 cbr 3', which is not among the options",
     "un giudizio per «p3 cbr 3», che non è fra le opzioni"),
    ({"best": '"p3 cbr 6"', "grades": '{ "p3 cbr 6" = "buona" }'},
     "'p3 cbr 6' is the lesson's best choice", "non le si può dare «buona»"),
    ({"best": '"p3 cbr 6"', "grades": '{ "p3 cc" = "ottima" }'},
     "but the lesson's best choice is 'p3 cbr 6'", "solo quella può averlo"),
    ({"replace": '["p3 cbr 3"]'}, "replace lists 'p3 cbr 3', which is not among the options",
     "replace nomina «p3 cbr 3», che non è fra le opzioni"),
    ({"replace": '["p3 cc"]'}, "which has no feedback text", "non ha un testo di feedback"),
])
def test_bad_grades_are_refused_with_a_precise_message(fields: dict[str, str], english: str,
                                                       italian: str) -> None:
    en, it = refusal(**fields)
    assert english in en and "hands[0]" in en
    assert italian in it


def test_a_grade_given_as_a_number_is_refused() -> None:
    en, _ = refusal(grades='{ "p3 cc" = 2 }')
    assert "grades" in en


def test_lesson_authored_maps_options_the_way_the_coach_names_them() -> None:
    d = decision(feedback={"p3 cc": "Paghi.", "p3 f": "Lasci."},
                 grades={"p3 cc": "buona", "p3 cbr 6": "ottima"}, replace=["p3 f"])
    authored = lesson_authored(d)
    assert authored == {
        "f": AuthoredFeedback("Lasci.", grade=None, replace=True),
        "cc": AuthoredFeedback("Paghi.", grade=Grade.BUONA),
        "cbr 6": AuthoredFeedback("", grade=Grade.OTTIMA),
    }
    assert lesson_authored(decision()) == {}


def test_authored_verdict_without_analysis_keeps_the_lessons_grade() -> None:
    d = decision(grades={"p3 cc": "imprecisa"})
    v = authored_verdict("p3 cc", lesson_authored(d))
    assert v.grade == "imprecisa" and v.grade_label == Grade.IMPRECISA.label and not v.authored
    assert authored_verdict("p3 f", lesson_authored(d)).grade is None
    assert authored_verdict("p3 f", None).grade is None


@cache
def lesson3() -> tuple[ExampleHand, Decision, HandScript]:
    """Lesson 3, Carla's first decision: J♠10♠ first to act; the coach calls the limp "imprecisa"."""
    hand = load_lesson(default_lessons_dir() / "03-azioni.toml").hands[0]
    d = hand.decisions[0]
    assert d.at == 4 and "p3 cc" in d.options and d.feedback.get("p3 cc")
    return hand, d, HandScript.from_example(hand)


def test_assess_returns_the_lessons_grade_and_keeps_the_coachs_explanation() -> None:
    _, d, sc = lesson3()
    spot = sc.hand_at(sc.step_of_action(d.at))
    coach = assess(spot, "p3 cc")
    assert coach.grade == "imprecisa" and not coach.authored  # the premise: the coach's own grade
    graded = d.model_copy(update={"grades": {"p3 cc": "buona"}})
    v = assess(spot, "p3 cc", authored=lesson_authored(graded))
    assert v.grade == "buona" and v.grade_label == Grade.BUONA.label and v.authored
    assert coach.explanation is not None and v.explanation is not None
    shown = IT.render(v.explanation)
    assert shown.startswith(IT.render(coach.explanation))  # the coach's words are kept...
    lesson_text = d.feedback["p3 cc"].strip()
    assert lesson_text in shown  # ...the lesson's follow, with no note excusing the coach:
    assert "il modello del coach" not in shown
    assert v.model_grade == "imprecisa"  # the coach's grade is kept for `lessons check`, which fails on it
    row = next(o for o in v.options if o.code == "cc")
    assert row.grade_label == Grade.BUONA.label  # the table of choices agrees
    assert v.ev_loss_bb == coach.ev_loss_bb  # the numbers stay the coach's


def test_replace_puts_the_lessons_text_alone() -> None:
    _, d, sc = lesson3()
    spot = sc.hand_at(sc.step_of_action(d.at))
    replaced = d.model_copy(update={"replace": ["p3 cc"]})
    v = assess(spot, "p3 cc", authored=lesson_authored(replaced))
    assert v.explanation is not None
    assert IT.render(v.explanation) == d.feedback["p3 cc"]
    assert v.grade == "imprecisa"  # no grade given: the coach's stays


def test_an_option_without_anything_authored_keeps_the_coachs_verdict() -> None:
    _, d, sc = lesson3()
    spot = sc.hand_at(sc.step_of_action(d.at))
    graded = d.model_copy(update={"grades": {"p3 cc": "buona"}})
    plain = assess(spot, "p3 cbr 6")
    v = assess(spot, "p3 cbr 6", authored={k: a for k, a in lesson_authored(graded).items() if k == "cc"})
    assert (v.grade, v.explanation, v.authored) == (plain.grade, plain.explanation, False)
