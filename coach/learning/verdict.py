"""The coach's verdict on one choice, in the shape the pages show.

:func:`verdict_from` picks the learner's option out of the coach's analysis
(pot odds, equity, EV of every legal option); the one judge that asks the coach
for it is :func:`coach.learning.judge.judge`. If the analysis cannot run for a
spot (an unknown hole card in a replayed hand, say) the verdict is empty and the
page keeps the lesson's own words: a missing number is better than an invented one.

This is the one place where a lesson's own grade meets the coach's. A lesson's
decision point may carry its own text and grade per option
(:func:`lesson_authored`, :class:`AuthoredFeedback`); :func:`lesson_options`
lays them over the coach's analysis, so the grade the learner sees for that
option is the lesson's, the coach's own grade (when different) follows as a
secondary note, and the text follows the coach's explanation (or stands alone
where the lesson says ``replace``). :func:`lesson_best` badges the lesson's best
choice «ottima», and :func:`authored_verdict` keeps the lesson's grade where the
coach has no analysis. The coach (:mod:`coach.feedback`) knows nothing of lessons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from coach.engine import Hand
from coach.feedback import DecisionAnalysis, Grade, OptionGrade
from coach.feedback.wording import join
from coach.i18n import Message
from coach.learning.ranges import PLAYER, RangeView, range_view
from coach.lessons.schema import Decision


@dataclass(frozen=True)
class OptionRow:
    """One analysed option, for the "every choice with its numbers" table."""

    code: str
    kind: str
    amount: int | None
    grade_label: Message
    ev_bb: float | None
    estimate: bool


@dataclass(frozen=True)
class Verdict:
    """What the page shows after a legal choice."""

    code: str
    grade: str | None = None  # coach.feedback.Grade value ("ottima" ... "errore grave")
    grade_label: Message | None = None
    explanation: Message | None = None
    best_code: str | None = None
    best_kind: str | None = None  # fold check call bet raise all_in
    best_amount: int | None = None
    best_explanation: Message | None = None
    equity: float | None = None
    equity_needed: float | None = None
    stderr: float | None = None
    pot: int | None = None
    to_call: int | None = None
    ev_loss_bb: float | None = None
    estimate: bool = False
    figures: tuple[Message, ...] = field(default=())
    range_grid: tuple[tuple[float, ...], ...] | None = None
    ranges: tuple[RangeView, ...] = field(default=())  # each opponent the coach assumed, for the grid
    options: tuple[OptionRow, ...] = field(default=())
    authored: bool = False  # the explanation already carries the lesson's text for this option
    model_grade: str | None = None  # the coach's own grade when the lesson's replaced it
    headline: Message | None = None  # the coach's plain sentence (OptionGrade.headline), for «Essenziale»
    model: str | None = None  # the valuation model that answered (``chart``, ``solver``...)
    reason: Message | None = None  # why the best choice is best, in plain words (coach.learning.reasons)


@dataclass(frozen=True)
class AuthoredFeedback:
    """Feedback a lesson writes for one option of one decision point.

    ``text`` is added after the coach's explanation, or replaces it with
    ``replace``; ``grade`` is the badge the learner sees for that option (the
    lesson knows something the model does not: a read on the opponent, the
    point being taught); the coach's own grade, when different, stays in the
    explanation as a secondary note.
    """

    text: Message | str
    grade: Grade | None = None
    replace: bool = False


@dataclass(frozen=True)
class LessonOption:
    """One of the coach's graded options as a lesson shows it.

    ``grade`` and ``explanation`` are what the learner reads (the lesson's where
    it wrote them); ``authored`` says the explanation carries the lesson's text;
    ``model_grade`` is the coach's own grade when the lesson's replaced it.
    """

    option: OptionGrade
    grade: Grade
    explanation: Message
    authored: bool = False
    model_grade: Grade | None = None


def option_code(code: str) -> str:
    """``p3 cbr 6`` -> ``cbr 6`` (the analysis names options without the player)."""
    head, _, rest = code.partition(" ")
    return rest if head.startswith("p") and head[1:].isdigit() else code


def villain_views(analysis: DecisionAnalysis, names: Sequence[str] = ()) -> tuple[RangeView, ...]:
    """The range of each opponent the coach assumed, on the grid, without the cards the learner sees.

    ``names`` are the hand's players' names by seat (``hand.config.names``); a seat
    without one is «Giocatore N».
    """
    dead = [c.index for c in (*analysis.hero_cards, *analysis.board)]
    out = []
    for seat, r in sorted(analysis.villain_ranges.items()):
        if len(r.range) == 0:
            continue
        name: str | Message = names[seat] if 0 <= seat < len(names) else Message(PLAYER, {"n": seat + 1})
        out.append(range_view(seat, name, r.story, r.range, dead))
    return tuple(out)


def lesson_options(analysis: DecisionAnalysis, authored: Mapping[str, AuthoredFeedback] | None = None,
                   ) -> tuple[tuple[LessonOption, ...], LessonOption]:
    """Every option of ``analysis`` with the lesson's grade and text over the coach's, and the best one.

    ``authored`` is keyed as the analysis names options (``cc``, ``cbr 6``; see
    :func:`lesson_authored`). Without it the options and the best are the coach's.
    With it the lesson's grades may change which option is best, so the best is
    chosen again by the same rule on what is shown: the best grade, then the
    higher EV, a trusted figure before an estimate, a check or call before a bet.
    """
    if not authored:
        plain = tuple(LessonOption(o, o.grade, o.explanation) for o in analysis.options)
        return plain, next(o for o in plain if o.option.code == analysis.best)
    shown = tuple(_lesson_option(o, authored.get(o.code)) for o in analysis.options)
    best = min(shown, key=lambda o: (o.grade.rank, -round(o.option.ev_bb or 0.0, 1), o.option.estimate,
                                     o.option.code.startswith("cbr")))
    return shown, best


def _lesson_option(o: OptionGrade, fb: AuthoredFeedback | None) -> LessonOption:
    if fb is None:
        return LessonOption(o, o.grade, o.explanation)
    text = fb.text if isinstance(fb.text, Message) else Message("{text}", {"text": fb.text})
    # A lesson's grade other than the coach's is recorded (``model_grade``) for
    # ``python -m coach lessons check``, which fails on it: no note excuses it on the page.
    model_grade = o.grade if (fb.grade is not None and fb.grade != o.grade) else None
    expl = text if fb.replace else join(o.explanation, text)
    return LessonOption(o, fb.grade or o.grade, expl, authored=True, model_grade=model_grade)


def verdict_from(analysis: DecisionAnalysis, code: str, names: Sequence[str] = (),
                 authored: Mapping[str, AuthoredFeedback] | None = None) -> Verdict:
    """The learner's option out of a full analysis (``names``: the players' names by seat), with the
    lesson's grades and texts (``authored``, see :func:`lesson_options`) over the coach's."""
    opt = option_code(code)
    shown, best = lesson_options(analysis, authored)
    chosen = next((o for o in shown if o.option.code == opt or o.option.kind == opt), None)
    if chosen is None:
        return Verdict(code)
    grid = None
    live = [r for r in analysis.villain_ranges.values() if len(r.range) > 0]
    if len(live) == 1:
        grid = tuple(tuple(row) for row in live[0].range.grid())
    eq = analysis.equity
    return Verdict(
        code=code,
        grade=chosen.grade.value,
        grade_label=chosen.grade.label,
        explanation=chosen.explanation,
        best_code=best.option.code,
        best_kind=best.option.kind,
        best_amount=best.option.amount,
        best_explanation=best.explanation if best.option.code != chosen.option.code else None,
        equity=eq.value if eq is not None else None,
        equity_needed=analysis.equity_needed if analysis.to_call > 0 else None,
        stderr=eq.stderr if eq is not None and eq.method != "exact" else None,
        pot=analysis.pot,
        to_call=analysis.to_call,
        ev_loss_bb=chosen.option.ev_loss_bb,
        estimate=chosen.option.estimate,
        figures=tuple(analysis.summary),
        range_grid=grid,
        ranges=villain_views(analysis, names),
        options=tuple(OptionRow(o.option.code, o.option.kind, o.option.amount, o.grade.label, o.option.ev_bb,
                                o.option.estimate) for o in shown),
        authored=chosen.authored,
        model_grade=None if chosen.model_grade is None else chosen.model_grade.value,
        headline=chosen.option.headline,
        model=analysis.model,
    )


def lesson_authored(decision: Decision) -> dict[str, AuthoredFeedback]:
    """The lesson's own text and grade per option, keyed as the analysis names options (``cc``).

    Only options with something authored are in the map: an option without text
    or grade keeps the coach's analysis untouched. ``best`` is not turned into a
    grade here: the page shows it "ottima" after the analysis, so the coach's
    own preference stays visible (and explained) when it differs.
    """
    out: dict[str, AuthoredFeedback] = {}
    for code in decision.options:
        text = decision.feedback.get(code, "")
        grade = decision.grades.get(code)
        if not text and grade is None:
            continue
        out[option_code(code)] = AuthoredFeedback(
            text, grade=Grade(grade) if grade is not None else None, replace=code in decision.replace)
    return out


def lesson_best(verdict: Verdict) -> Verdict:
    """The verdict on the lesson's best choice: «ottima». Where the coach grades it lower, its grade is
    kept in ``model_grade`` for ``python -m coach lessons check``, which fails on it (no note on the page)."""
    if verdict.grade is None or verdict.grade == Grade.OTTIMA.value:
        return replace(verdict, grade=Grade.OTTIMA.value, grade_label=Grade.OTTIMA.label)
    return replace(verdict, grade=Grade.OTTIMA.value, grade_label=Grade.OTTIMA.label,
                   model_grade=verdict.grade)


def authored_verdict(code: str, authored: Mapping[str, AuthoredFeedback] | None) -> Verdict:
    """The verdict when the coach has no analysis: the lesson's grade for ``code``, if it gives one.

    The text is not put in the verdict (``authored`` stays false), so the page shows
    the lesson's words on their own, as it does for any option without analysis.
    """
    fb = (authored or {}).get(option_code(code))
    if fb is None or fb.grade is None:
        return Verdict(code)
    return Verdict(code, grade=fb.grade.value, grade_label=fb.grade.label)


def hand_profiles(hand: Hand, profiles: Mapping[str, str] | None) -> dict[int, str] | None:
    """A lesson hand's ``{"p2": "principiante"}`` as the analysis' ``{seat: profile}``."""
    if not profiles:
        return None
    return {hand.config.seat_of_player(int(label[1:])): name for label, name in profiles.items()}
