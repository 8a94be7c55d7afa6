"""Ripasso: the decisions the learner got wrong, answered again when the scheduler says so.

A card is a spot, not a picture: the table is rebuilt by the engine from the
hand history kept with the card, the learner answers with the same buttons as
in the lessons, and the coach grades the answer the same way (a lesson's spot
with the lesson's own texts and choice). The answer goes to the scheduler
(``coach.learning.review``, the fsrs library): right pushes the card further out, wrong
brings it back. «Una mano simile» deals the same spot with new cards, so the
answer cannot be learnt by heart; «Rigioca questa decisione» in the practice
page and the Replayer lands here with that one spot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import streamlit as st
from babel.dates import format_datetime, format_timedelta

from coach.errors import CoachError, IllegalAction, InvalidInput
from coach.i18n import N_, NN_, Translator
from coach.learning.answers import DecisionAnswer, question_answer, spot_verdict
from coach.learning.completion import lesson_state
from coach.learning.review import (
    DrillSpot,
    QuestionSpot,
    ReviewSpot,
    answer,
    card_key,
    drill_from_json,
    due_cards,
    question_from_json,
    record_graded,
    similar_spot,
    spot_from_json,
)
from coach.learning.script import Attempt, try_choice
from coach.learning.verdict import Verdict, option_code
from coach.lessons.drills import make_drill
from coach.lessons.schema import Decision, Lesson, Question
from coach.store.records import ReviewCard
from coach.ui import coursepath, feedbacklevel, inputs, state
from coach.ui.controls import action_panel
from coach.ui.coursepath import learner_feedback
from coach.ui.drills import DRILL_LABELS, drill_choice, drill_view, missing_answer, show_result
from coach.ui.feedbacklevel import Level
from coach.ui.figures import GRADE_LABELS
from coach.ui.handview import display_street, table_view
from coach.ui.lessons import lessons, script, topic_of
from coach.ui.navigation import target
from coach.ui.phone import QUESTION_KEY
from coach.ui.review import ANSWER, CARD, REFUSAL, ROUND, SPOT, card_origin, open_spot
from coach.ui.verdict import action_label, show_answer_details, show_verdict
from coach.ui.widgets import (
    page_header,
    refuse_input,
    show_log,
    show_refusal,
    street_stepper,
    table_and_panel,
    unit_label,
)

DUE_NOW = NN_("{n} mistake to review now", "{n} mistakes to review now")
NOTHING_DUE = NN_("Nothing to review now. Your next card comes back {when} ({date}); {n} card in all.",
                  "Nothing to review now. Your next card comes back {when} ({date}); {n} cards in all.")
def grade_spot(spot: ReviewSpot, code: str) -> Verdict:
    """The coach's verdict on ``code`` in ``spot`` (:func:`coach.learning.answers.spot_verdict`), with
    the lesson's decision when the card is a lesson's decision point still in the course."""
    lesson = _lesson_decision(spot.ref) if spot.source == "lesson" and "#" not in spot.ref else None
    return spot_verdict(spot, code, lesson)


def _lesson_decision(ref: str) -> tuple[Decision, dict[str, str]] | None:
    try:
        lesson_id, hand_index, at = ref.rsplit("/", 2)
        if not any(x.id == lesson_id for x in lessons()):
            return None
        sc = script(lesson_id, int(hand_index))
        return sc.decisions[int(at)], dict(sc.profiles)
    except (ValueError, KeyError, IndexError, CoachError):
        return None


def _round() -> int:
    return int(st.session_state.setdefault(ROUND, 0))


def _on_choice(spot: ReviewSpot, card: ReviewCard | None, attempt: Attempt) -> None:
    try:
        outcome = try_choice(spot.hand(), attempt)
    except CoachError as err:
        st.session_state[REFUSAL] = err
        return
    if outcome.refusal is not None:
        st.session_state[REFUSAL] = outcome.refusal
        return
    st.session_state.pop(REFUSAL, None)
    assert outcome.code is not None
    t = state.tr()
    with st.spinner(t("The coach is working out the numbers...")):
        verdict = grade_spot(spot, outcome.code)
    profile = state.settings().profile
    grade = verdict.grade
    due: datetime | None = None
    if grade is not None:
        code = option_code(outcome.code)
        state.save(lambda db: record_graded(db, profile, grade, source="review", ref=spot.ref[:200],
                                            action=code, ev_loss_bb=verdict.ev_loss_bb))
        if card is not None:
            due = state.save(lambda db: answer(db, profile, card, code, grade))
            st.session_state[CARD] = card
    st.session_state[ANSWER] = (card_key(spot), outcome.code, outcome.said, verdict, due)


def _on_next() -> None:
    for key in (SPOT, CARD, ANSWER, REFUSAL):
        st.session_state.pop(key, None)
    st.session_state[ROUND] = _round() + 1


def _on_similar(spot: ReviewSpot) -> None:
    try:
        fresh = similar_spot(spot, random.SystemRandom().randrange(1 << 30))
    except CoachError as err:
        st.session_state[REFUSAL] = err
        return
    open_spot(fresh)


def _on_drop(card: ReviewCard) -> None:
    profile = state.settings().profile
    state.save(lambda db: db.delete_review_card(profile, card.key))
    _on_next()


def render() -> None:
    t = state.tr()
    page_header(t("Review your mistakes"),
                t("The decisions you got wrong come back when it is time to look at them again."))
    single = st.session_state.get(SPOT)
    if isinstance(single, dict):
        st.caption(t("A spot to play again: your answer is graded, and your review cards are not touched."))
        if "drill" in single:
            _play_drill(DrillSpot(str(single["drill"]), int(single["seed"])), None, t)
            return
        try:
            spot = ReviewSpot.from_dict(single)
        except (KeyError, TypeError, ValueError):
            st.session_state.pop(SPOT, None)
            st.rerun()
        _play(spot, None, t)
        return
    profile = state.settings().profile
    held = st.session_state.get(CARD)
    cards = state.load(lambda db: due_cards(db, profile), None)
    if cards is None:  # the notice at the top says why
        return
    if isinstance(held, ReviewCard) and st.session_state.get(ANSWER) is not None:
        card: ReviewCard | None = held  # its feedback stays until «Avanti»
        remaining = len([c for c in cards if c.key != held.key])
    else:
        card = cards[0] if cards else None
        remaining = len(cards)
    if card is None:
        _nothing_due(profile, t)
        return
    if remaining == 0:  # the feedback on the last due card is still on screen
        st.caption(t("The last mistake to review for now."))
    else:
        st.caption(t.counted(DUE_NOW, n=remaining))
    try:
        drill = drill_from_json(card.spot)
        if drill is not None:
            _play_drill(drill, card, t)
            return
        question = question_from_json(card.spot)
        if question is not None:
            _play_question(question, card, t)
            return
        spot = spot_from_json(card.spot)
        spot.hand()
    except CoachError as err:
        st.warning(t("This review card cannot be shown: {problem}", problem=err.localized(t)))
        st.button(t("Remove it from the review"), key=f"review.drop.{_round()}", on_click=_on_drop,
                  args=(card,))
        return
    _play(spot, card, t)


def _nothing_due(profile: str, t: Translator) -> None:
    every: list[ReviewCard] = state.load(lambda db: db.review_cards(profile), [])
    if not every:
        st.success(t("No mistakes to review: the decisions graded «imprecisa» or worse in lessons and "
                     "practice will come here."), icon=":material/check_circle:")
    else:
        nxt = min(c.due for c in every).replace(tzinfo=UTC)
        wait = format_timedelta(nxt - datetime.now(UTC), locale=t.locale, add_direction=True)
        date = format_datetime(nxt, format="short", locale=t.locale, tzinfo=state.learner_tz())
        st.success(t.counted(NOTHING_DUE, when=wait, n=len(every), date=date), icon=":material/check_circle:")
    cols = st.columns(2)
    cols[0].page_link(target("lezioni"), label=t("Go on with the lessons"),
                      icon=":material/school:")
    cols[1].page_link(target("pratica"), label=t("Play a hand"), icon=":material/playing_cards:")


def _play(spot: ReviewSpot, card: ReviewCard | None, t: Translator) -> None:
    hand = spot.hand()
    hero = hand.legal_actions().actor
    view = table_view(hand, t, hero=hero)
    left, right = table_and_panel(view)
    with left:
        street_stepper(display_street(hand))
    given = st.session_state.get(ANSWER)
    with right:
        if card is not None:
            st.caption(t("From: {where}", where=card_origin(card, t)))
        if card is not None and card.reviews == 0 and given is None:
            st.markdown(t("The first time you chose: **{action}** (grade: {grade}).",
                          action=_said(card.action, spot, t), grade=t(_grade_name(card.grade))))
        elif card is not None and given is None:
            st.markdown(t("Last time you chose: **{action}** (grade: {grade}).",
                          action=_said(card.action, spot, t), grade=t(_grade_name(card.grade))))
        if given is None or given[0] != card_key(spot):
            with st.container(key=QUESTION_KEY + "review"):  # on a phone: above the buttons
                st.header(t("Your turn: what do you do?"))
            action_panel(hand, f"review.{_round()}", lambda a: _on_choice(spot, card, a),
                         odds=_level(spot)[1])
            refusal = st.session_state.get(REFUSAL)
            if isinstance(refusal, IllegalAction):
                show_refusal(refusal)
            elif isinstance(refusal, CoachError):
                st.error(refusal.localized(t), icon=":material/error:")
        else:
            _feedback(spot, card, given, t)
        show_log(view.log)
    if given is not None and given[0] == card_key(spot):
        shown, level = _answer(spot, given[1], given[2], given[3])
        show_answer_details(shown, t, level)


def _answer(spot: ReviewSpot, code: str, said: Any, verdict: Verdict) -> tuple[DecisionAnswer, Level]:
    """The answer to a card as its page would show it, and the level of feedback: a lesson's decision
    point keeps the lesson's sentence, its best choice and its level («as the lesson says»)."""
    found = _lesson_decision(spot.ref) if spot.source == "lesson" and "#" not in spot.ref else None
    level = _level(spot)[0]
    if found is None:
        return DecisionAnswer(code, said, "", True, None, verdict), level
    decision = found[0]
    key = next((c for c in decision.options if code in (c, option_code(c))), code)
    is_best = None if decision.best is None else decision.best == key
    authored = decision.feedback.get(key, "")
    return DecisionAnswer(code, said, authored, key in decision.options, is_best, verdict), level


def _level(spot: ReviewSpot) -> tuple[Level, bool]:
    """The feedback level of a card and whether its price line shows the percentage: a lesson's
    decision point as its lesson says, any other card as Pratica does (the learner's next lesson)."""
    setting = state.settings().feedback_level
    lesson = (next((x for x in lessons() if x.id == spot.ref.rsplit("/", 2)[0]), None)
              if spot.source == "lesson" and "#" not in spot.ref else None)
    if lesson is None:
        return learner_feedback(lessons())
    level = feedbacklevel.resolve(setting, lesson)
    return level, feedbacklevel.shows_odds(setting, level, lessons(), lesson)


def _feedback(spot: ReviewSpot, card: ReviewCard | None, given: tuple[Any, ...], t: Translator) -> None:
    _, code, said, verdict, due = given
    shown, level = _answer(spot, code, said, verdict)
    show_verdict(shown, t, level)
    with _after_answer(card, due, N_("This spot comes back {when}."), t("A similar hand"),
                       t("The same spot with new cards: the same street, price and position."),
                       _on_similar, spot, t):
        if card is not None:
            st.button(t("Remove it from the review"), key=f"review.drop.{_round()}", on_click=_on_drop,
                      args=(card,), icon=":material/delete:")


def _after_answer(card: ReviewCard | None, due: object, comes_back: str, similar: str, similar_help: str,
                  on_similar: Callable[[Any], None] | None, arg: object, t: Translator) -> Any:
    """After an answer: when the card comes back, then «Avanti» and «Una … simile» (a row the
    caller may add to, e.g. «Togli dal ripasso»). ``comes_back`` is a msgid with ``{when}``."""
    if card is not None and isinstance(due, datetime):
        wait = format_timedelta(due.replace(tzinfo=UTC) - datetime.now(UTC), locale=t.locale,
                                add_direction=True, threshold=1.1)
        st.caption(t(comes_back, when=wait))
    row = st.container(horizontal=True)
    row.button(t("Next"), key=f"review.next.{_round()}", type="primary", on_click=_on_next,
               icon=":material/arrow_forward:")
    if on_similar is not None:
        row.button(similar, key=f"review.similar.{_round()}", on_click=on_similar, args=(arg,),
                   icon=":material/shuffle:", help=similar_help)
    return row


def _said(code: str, spot: ReviewSpot, t: Translator) -> str:
    """The learner's earlier answer in words, read against the spot (a ``cc`` is a check or a call)."""
    parts = code.split()
    if not parts:
        return "—"
    legal = spot.hand().legal_actions()
    if parts[0] == "f":
        return action_label("fold", None, t)
    if parts[0] == "cc":
        return (t("Call {amount}", amount=legal.call_amount) if legal.call_amount
                else action_label("check", None, t))
    if parts[0] == "cbr" and len(parts) > 1 and parts[1].isdigit():
        return action_label("raise" if legal.call_amount else "bet", int(parts[1]), t)
    return code


def _grade_name(grade: str) -> str:
    return GRADE_LABELS.get(grade, grade)


# -- quiz drills answered wrong ----------------------------------------------------------------


def _play_drill(drill: DrillSpot, card: ReviewCard | None, t: Translator) -> None:
    """The drill again (same deal), its question, and the scheduler after the answer."""
    made = make_drill(drill.kind, drill.seed)  # type: ignore[arg-type]
    st.header(t(DRILL_LABELS.get(drill.kind, drill.kind)))
    view = drill_view(made, t)
    _, right = table_and_panel(view)
    given = st.session_state.get(ANSWER)
    with right:
        st.markdown("**" + t.render(made.prompt) + "**")
        if given is not None and given[0] == drill.key:
            _, value, correct, due = given
            show_result(made, value, correct, t)
            _after_answer(card, due, N_("This question comes back {when}."), t("A similar question"),
                          t("The same kind of question on a new deal."), _on_similar_drill, drill, t)
        else:
            key = f"review.drill.{_round()}"
            if made.numeric:
                st.number_input(t("Your answer ({unit})", unit=unit_label(made.unit, t)), min_value=0,
                                value=None, step=1, key=key, placeholder=t("Write a number"))
            else:
                st.radio(t("Your answer"), list(range(len(made.choices))), index=None, key=key,
                         format_func=lambda i: drill_choice(made, i, t))
            st.button(t("Answer"), key=f"{key}.go", type="primary", on_click=_on_drill_answer,
                      args=(drill, card, key))
            if st.session_state.get(f"{key}.missing"):
                st.warning(missing_answer(made.numeric, t))
        show_log(view.log)


def _on_drill_answer(drill: DrillSpot, card: ReviewCard | None, key: str) -> None:
    value = st.session_state.get(key)
    if value is None:
        st.session_state[f"{key}.missing"] = True
        return
    number = inputs.whole(value, 0, 10**9)
    if number is None:  # inf, nan, 2.5, text: refused, nothing recorded
        t = state.tr()
        refuse_input(t("Write a whole number."))
        return
    value = number
    st.session_state.pop(f"{key}.missing", None)
    correct = make_drill(drill.kind, drill.seed).is_correct(int(value))  # type: ignore[arg-type]
    grade = "buona" if correct else "errore"
    profile = state.settings().profile
    state.save(lambda db: db.record_quiz_answer(profile, f"drill:{drill.kind}", f"{drill.kind}:{drill.seed}",
                                                correct))
    due: datetime | None = None
    if card is not None:
        due = state.save(lambda db: answer(db, profile, card, str(int(value)), grade))
        st.session_state[CARD] = card
    st.session_state[ANSWER] = (drill.key, int(value), correct, due)


def _on_similar_drill(drill: DrillSpot) -> None:
    st.session_state[SPOT] = {"drill": drill.kind, "seed": random.SystemRandom().randrange(1 << 30)}
    for key in (CARD, ANSWER, REFUSAL):
        st.session_state.pop(key, None)
    st.session_state[ROUND] = _round() + 1


# -- lesson questions answered wrong ---------------------------------------------------------------


def _question_of(spot: QuestionSpot) -> tuple[Lesson, Question]:
    """The card's question as the course has it now; a question no longer there is a damaged card."""
    lesson = next((x for x in lessons() if x.id == spot.lesson), None)
    question = next((q for q in lesson.questions if q.id == spot.question), None) if lesson else None
    if lesson is None or question is None:
        raise InvalidInput(N_("This review card is damaged and cannot be shown."))
    return lesson, question


def _play_question(spot: QuestionSpot, card: ReviewCard, t: Translator) -> None:
    """The lesson's question again, with its options; its explanation after the answer."""
    _, q = _question_of(spot)
    st.caption(t("From: {where}", where=card_origin(card, t)))
    with st.container(border=True, key="review_question"):
        st.markdown(q.prompt)  # the course's own text (Markdown, as the lesson page shows it)
        given = st.session_state.get(ANSWER)
        if given is not None and given[0] == spot.key:
            _, value, correct, due = given
            choice = q.kind == "choice" and 0 <= value < len(q.choices)
            shown = q.choices[value] if choice else t.format_int(value)
            if correct:
                st.success(t("Right: {answer}", answer=shown), icon=":material/check_circle:")
            else:
                right = q.choices[q.answer] if q.kind == "choice" else t.format_int(q.answer)
                st.error(t("Not quite: you answered {given}; the answer is {answer}.", given=shown,
                           answer=right), icon=":material/cancel:")
            st.markdown(q.explanation)
            with _after_answer(card, due, N_("This question comes back {when}."), "", "", None, None, t):
                st.button(t("Remove it from the review"), key=f"review.drop.{_round()}", on_click=_on_drop,
                          args=(card,), icon=":material/delete:")
            return
        key = f"review.question.{_round()}"
        if q.kind == "choice":
            st.radio(t("Your answer"), list(range(len(q.choices))), index=None, key=key,
                     format_func=q.choices.__getitem__, label_visibility="collapsed")
        else:
            st.number_input(t("Your answer ({unit})", unit=unit_label(q.unit, t)), min_value=0, value=None,
                            step=1, key=key, placeholder=t("Write a number"))
        st.button(t("Answer"), key=f"{key}.go", type="primary", on_click=_on_question_answer,
                  args=(spot, card, key))
        if st.session_state.get(f"{key}.missing"):
            st.warning(missing_answer(q.kind != "choice", t))


def _on_question_answer(spot: QuestionSpot, card: ReviewCard, key: str) -> None:
    raw = st.session_state.get(key)
    if raw is None:
        st.session_state[f"{key}.missing"] = True
        return
    value = inputs.whole(raw, 0, 10**9)
    if value is None:  # inf, nan, 2.5, text: refused, nothing recorded
        refuse_input(state.tr()("Write a whole number."))
        return
    st.session_state.pop(f"{key}.missing", None)
    try:
        lesson, q = _question_of(spot)
    except CoachError as err:
        st.session_state[REFUSAL] = err
        return
    correct = question_answer(q, value).correct
    profile = state.settings().profile
    # the lesson's own record: a question got right here counts for the lesson («completata»)
    state.save(lambda db: db.record_quiz_answer(profile, topic_of(lesson, q.rules), spot.ref, correct))
    if correct:
        state.save(lambda db: db.save_lesson_answer(profile, spot.ref, str(value), True))
        right = state.load(lambda db: db.questions_right(profile), set[str]())
        if lesson_state(lesson, set(), right).complete:
            state.save(lambda db: db.mark_lesson_completed(profile, lesson.id))
        coursepath.forget_stored()  # the lesson page reads the questions right again
    due = state.save(lambda db: answer(db, profile, card, str(value), "buona" if correct else "errore"))
    st.session_state[CARD] = card
    st.session_state[ANSWER] = (spot.key, value, correct, due)
