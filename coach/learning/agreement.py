"""Lessons that agree with the coach: what a lesson's words say against what the page shows.

Why here: a lesson's text is written once, the coach's figures move with every change of
a model, and a learner who reads «errore grave» under an «Errore» badge, or «perde circa
0,4 bb» beside a table that says 0,6, stops trusting both. ``python -m coach lessons
check`` runs :func:`disagreements` on the course (it needs the judge, so it lives in
``coach.learning``, above the lessons' own checks) and fails on any of them:

* the text for an option names a grade («è un errore grave», «il coach lo giudica
  «buona»») other than the one the page shows for that option;
* it quotes a loss in big blinds («circa 0,4 bb») that is not the one the page shows for
  that option, within the page's rounding (one decimal);
* an option shows «Ottima» while the page says the lesson suggests another choice;
* the page shows the lesson's grade (its ``grades``, or «ottima» for its ``best``) where the
  coach grades the option otherwise;
* any lesson text keeps a hedge about the coach (:data:`HEDGES`): where the lesson and
  the coach disagree, the lesson or the coach is fixed, not excused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from coach.i18n import N_, Decimal, Message
from coach.learning.answers import decision_answer, decision_verdict, graded_decisions, is_show_or_muck
from coach.learning.script import HandScript
from coach.lessons.problems import Problem
from coach.lessons.schema import Lesson

__all__ = ["HEDGES", "disagreements", "hedges_in", "named_grades", "quoted_losses"]

# Phrases that excuse a disagreement instead of fixing it (issue 30). Lower case, compared
# with the text lower-cased and its spaces normalised.
HEDGES: tuple[str, ...] = (
    "guarda avanti di una sola strada",
    "il giudizio mostrato è quello della lezione",
    "la stima guarda un solo giro e preferisce",
    "sceglierebbe diversamente",
    "si può chiedere di più",
)

_GRADE_NAMES = ("errore grave", "imprecisa", "errore", "buona", "ottima")
# «è un errore grave», «Un errore grave:», «sarebbe un errore» (not «non è un errore»)
_CALLED = re.compile(r"(?<![Nn]on )(?<![Nn]on è )\b(?:(?:è|sarebbe)\s+(?:un\s+)?|^[Uu]n\s+"
                     r"|(?<=[.:;!] )[Uu]n\s+)(?P<grade>errore grave|errore)\b(?! grave)", re.MULTILINE)
# «il coach lo giudica «imprecisa»», «per lui è «ottima»»
_QUOTED = re.compile(r"\b(?:giudica|giudicano|è)\s+«(?P<grade>errore grave|errore|imprecisa|buona|ottima)»",
                     re.IGNORECASE)
# «circa 0,4 bb» in a sentence about what the option loses
_LOSS = re.compile(r"circa (?P<bb>\d+(?:,\d+)?) bb")
_ABOUT_LOSS = re.compile(r"\b(perde|perdita|differenza|di poco)\b", re.IGNORECASE)
_SENTENCES = re.compile(r"[^.;]+")
LOSS_QUOTED = N_("the text quotes a loss of {quoted} bb, the page shows {shown}")
OVERRULED = N_("the page shows the lesson's «{shown}», the coach grades it «{coach}»")


def _plain(text: str) -> str:
    return " ".join(text.split())


def named_grades(text: str) -> list[str]:
    """The grades the text gives the option it is written for («è un errore grave» -> ``errore grave``)."""
    plain = _plain(text)
    return [m.group("grade").lower() for m in (*_CALLED.finditer(plain), *_QUOTED.finditer(plain))]


def quoted_losses(text: str) -> list[float]:
    """The losses in big blinds the text quotes for its option («perde circa 0,4 bb» -> 0.4)."""
    out = []
    for sentence in _SENTENCES.findall(_plain(text)):
        if _ABOUT_LOSS.search(sentence):
            out += [float(m.group("bb").replace(",", ".")) for m in _LOSS.finditer(sentence)]
    return out


def hedges_in(text: str) -> list[str]:
    low = _plain(text).lower()
    return [h for h in HEDGES if h in low]


def _texts(lesson: Lesson) -> Iterator[tuple[str, str]]:
    """Every text of a lesson with where it is: sections, hands' intros, steps, outros, feedback."""
    for i, s in enumerate(lesson.sections):
        yield f"sections[{i}]", s.text
    for h in lesson.hands:
        yield f"hands[{h.id}].intro", h.intro or ""
        yield f"hands[{h.id}].outro", h.outro or ""
        for st in h.steps:
            yield f"hands[{h.id}].steps", st.text
        for d in h.decisions:
            for code, text in d.feedback.items():
                yield f"hands[{h.id}].at{d.at}.{code}", text


def disagreements(lessons: Iterable[Lesson], files: dict[str, str] | None = None) -> list[Problem]:
    """Every place where a lesson's words disagree with what its page shows (see the module).

    ``files`` names each lesson's file by id (default ``lessons/<id>.toml``).
    """
    course = list(lessons)
    out: list[Problem] = []

    def problem(lesson: Lesson, where: str, msgid: str, **params: object) -> None:
        file = (files or {}).get(lesson.id, str(Path("lessons") / f"{lesson.id}.toml"))
        out.append(Problem(file, where, Message(msgid, dict(params))))

    for lesson in course:
        for where, text in _texts(lesson):
            for hedge in hedges_in(text):
                problem(lesson, where, N_("a hedge about the coach: «{phrase}» (fix the lesson or the coach "
                                          "instead)"), phrase=hedge)
    scripts: dict[tuple[str, str], HandScript] = {}
    for g in graded_decisions(course):
        key = (g.lesson.id, g.example.id)
        sc = scripts.setdefault(key, HandScript.from_example(g.example))
        for code in g.codes:
            if is_show_or_muck(code):
                continue
            verdict = decision_verdict(sc, g.decision.at, code)
            answer = decision_answer(sc, g.decision.at, code, None, verdict)
            shown = answer.verdict.grade
            where = f"hands[{g.example.id}].at{g.decision.at}.{code}"
            text = g.decision.feedback.get(code, "")
            for named in named_grades(text):
                if shown is not None and named != shown:
                    problem(g.lesson, where, N_("the text says «{named}», the page shows «{shown}»"),
                            named=named, shown=shown)
            loss = answer.verdict.ev_loss_bb
            for quoted in quoted_losses(text):
                if loss is None or abs(quoted - loss) > 0.05 + 1e-9:
                    problem(g.lesson, where, LOSS_QUOTED, quoted=Decimal(quoted, 1),
                            shown="—" if loss is None else Message("{bb} bb", {"bb": Decimal(loss, 1)}))
            coach = answer.verdict.model_grade
            if coach is not None and shown is not None and coach != shown:
                problem(g.lesson, where, OVERRULED, shown=shown, coach=coach)
            if answer.is_best is False and shown == "ottima":
                problem(g.lesson, where, N_("the page shows «ottima» beside «the lesson suggests another "
                                            "choice»"))
    return out
