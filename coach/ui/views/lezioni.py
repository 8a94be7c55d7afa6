"""Lezioni: the lesson's text, its example hands stepped through, decisions, questions.

State lives under ``lesson.*`` keys in the session (which lesson, which part,
the step of each hand, the learner's answers); widgets are seeded from it and
write back through callbacks, so a lesson keeps its place while the learner
visits other pages. Every position is mirrored into the URL
(``?lezione=...&mano=...&passo=...``) so a teacher can share the exact moment.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from coach.cards import parse_cards
from coach.engine import Hand
from coach.errors import CoachError, IllegalAction
from coach.i18n import NN_, Translator
from coach.learning.answers import (
    DecisionAnswer,
    QuizAnswer,
    decision_key,
    decision_spot,
    is_show_or_muck,
    question_answer,
    replayed_said,
    show_or_muck_answer,
    try_decision,
)
from coach.learning.completion import lesson_state
from coach.learning.review import QuestionSpot, ReviewSpot, record_graded, remember_question
from coach.learning.script import Attempt, HandScript
from coach.lessons.schema import Decision, ExampleHand, Lesson
from coach.store import Store
from coach.store.records import LessonAnswer
from coach.ui import coursepath, feedbacklevel, inputs, lessonnav, playback, state
from coach.ui.controls import action_panel, step_controls
from coach.ui.drills import missing_answer
from coach.ui.handview import display_street, narration, table_view, visible_seats
from coach.ui.lessons import (
    ANSWERS_KEY,
    QUIZ_KEY,
    Link,
    course_signature,
    grade_decision,
    is_complete,
    lesson_progress,
    lessons,
    script,
    section_charts,
    topic_of,
)
from coach.ui.phone import QUESTION_KEY
from coach.ui.scroll import scroll_to
from coach.ui.table import high_first, render_log
from coach.ui.verdict import show_answer_details, show_verdict
from coach.ui.widgets import (
    page_header,
    refuse_input,
    show_log,
    show_refusal,
    street_stepper,
    table_and_panel,
    unit_label,
)

REFUSALS = "lesson.refusals"  # decision key -> IllegalAction
SAVED = "lesson.saved"  # decision key -> action code, answered in an earlier session (from the database)
RESTORED = "lesson.restored"  # the profile whose saved answers this session has read


def _answers() -> dict[str, DecisionAnswer]:
    return state.get(ANSWERS_KEY, {})


def _quiz() -> dict[str, QuizAnswer]:
    return state.get(QUIZ_KEY, {})


def _refusals() -> dict[str, IllegalAction]:
    return state.get(REFUSALS, {})


def _saved() -> dict[str, str]:
    return state.get(SAVED, {})


def answered_keys() -> set[str]:
    return set(_answers()) | set(_saved()) | set(_quiz())


def _restore() -> None:
    """The answers this profile gave in the lessons, read once per session from the database.

    On a class server the next click may reach another app process (a refresh, a
    process restarted behind the proxy): the lesson must be as the learner left
    it. Questions come back as they were; a decision's verdict is worked out
    again (from the shared cache) when its step is shown.
    """
    profile = state.settings().profile
    if st.session_state.get(RESTORED) == profile:
        return
    st.session_state[RESTORED] = profile
    saved: dict[str, LessonAnswer] = state.load(lambda db: db.lesson_answers(profile), {})
    decisions, quiz = _saved(), _quiz()
    for key, answer in saved.items():
        if key.count("/") == 2 and key not in _answers():
            decisions[key] = answer.answer
        elif (key.count("/") == 1 and key not in quiz and answer.correct is not None
              and answer.answer.isdigit()):
            quiz[key] = QuizAnswer(int(answer.answer), answer.correct)


def _remember(key: str, answer: str, correct: bool | None = None) -> None:
    profile = state.settings().profile
    state.save(lambda db: db.save_lesson_answer(profile, key, answer, correct))


def _forget(keys: list[str]) -> None:
    for key in keys:
        _saved().pop(key, None)
    if keys:
        profile = state.settings().profile
        state.save(lambda db: db.forget_lesson_answers(profile, keys))


# -- callbacks ----------------------------------------------------------------------


def _on_pick() -> None:
    lesson_id = inputs.member(st.session_state.get("lesson_pick"), [x.id for x in lessons()])
    if lesson_id is None:  # not a lesson the list offered: the current lesson stays
        st.session_state.pop("lesson_pick", None)
        t = state.tr()
        refuse_input(t("Choose a lesson from the list."))
        return
    state.put(lessonnav.CURRENT, lesson_id)
    lessonnav.save_bookmark(lessonnav.position(lesson_id))


def _on_part(lesson_id: str) -> None:
    part = st.session_state.get(f"lesson_part.{lesson_id}") or "text"
    lesson = next((x for x in lessons() if x.id == lesson_id), None)
    offered = ["text", "quiz"] + [f"hand{i}" for i in range(len(lesson.hands) if lesson else 0)]
    if inputs.member(part, offered) is None:  # the render puts the part shown back in the control
        t = state.tr()
        refuse_input(t("Choose a part of the lesson from the list."))
        return
    lessonnav.lesson_parts()[lesson_id] = part
    lessonnav.save_bookmark(lessonnav.position(lesson_id))


def _on_step(lesson_id: str, hand: int, step: int) -> None:
    lessonnav.hand_steps()[f"{lesson_id}/{hand}"] = max(0, step)
    lessonnav.save_bookmark(Link(lesson_id, hand, max(0, step)))


def _on_choice(lesson_id: str, hand_index: int, at: int, attempt: Attempt) -> None:
    """Try the learner's action on a copy of the decision's hand; refused choices change nothing."""
    sc = script(lesson_id, hand_index)
    key = decision_key(lesson_id, hand_index, at)
    refusals: dict[str, IllegalAction] = _refusals()
    outcome = try_decision(sc, at, attempt)
    if outcome.refusal is not None or outcome.code is None:
        if outcome.refusal is not None:
            refusals[key] = outcome.refusal
        return
    refusals.pop(key, None)
    t = state.tr()
    with st.spinner(t("The coach is working out the numbers...")):
        answer = grade_decision(lesson_id, hand_index, at, outcome.code, outcome.said)
    _record_answer(lesson_id, key, answer)


def _review_spot(lesson_id: str, key: str, code: str, grade: str) -> ReviewSpot | None:
    """The lesson's decision point ``key`` as a review card's spot (None if it cannot be written down)."""
    _, hand_index, _ = key.rsplit("/", 2)
    return decision_spot(script(lesson_id, int(hand_index)), key, code, grade)


def _record_answer(lesson_id: str, key: str, answer: DecisionAnswer) -> None:
    """The answer in the session and in the database: the grade in the log, the answer for later sessions."""
    _answers()[key] = answer
    _saved().pop(key, None)
    profile = state.settings().profile
    grade = answer.verdict.grade

    def write(db: Store) -> None:  # one transaction: the grade, its review card, the answer kept
        with db.batch():
            if grade is not None:  # a mistake comes back in «Ripasso»
                record_graded(db, profile, grade, source="lesson", ref=key, action=answer.code,
                              ev_loss_bb=answer.verdict.ev_loss_bb,
                              spot=lambda: _review_spot(lesson_id, key, answer.code, grade))
            db.save_lesson_answer(profile, key, answer.code, None)

    state.save(write)
    _check_complete(lesson_id)


def _saved_answer(lesson_id: str, hand_index: int, at: int, code: str) -> DecisionAnswer | None:
    """An answer from an earlier session, graded again; None if the lesson changed under it."""
    try:
        sc = script(lesson_id, hand_index)
        if at not in sc.decisions:
            return None
        if is_show_or_muck(code):
            return show_or_muck_answer(sc, at, code)
        said = replayed_said(sc, at, code)
    except (CoachError, ValueError):
        return None
    return grade_decision(lesson_id, hand_index, at, code, said)


def _show_or_muck_panel(lesson_id: str, hand_index: int, at: int, options: list[str], t: Translator) -> None:
    """At showdown the choice is to show or to muck: one button per option of the lesson."""
    with st.container(horizontal=True, gap="small"):
        for code in options:
            parts = code.split()
            if len(parts) > 2:
                cards = " ".join(c.symbol() for c in high_first(parse_cards(parts[2])) if c is not None)
                label = t("Show {cards}", cards=cards)
            else:
                label = t("Muck (do not show)")
            st.button(label, key=f"dec.{lesson_id}/{hand_index}/{at}.{code}", width="stretch",
                      on_click=_on_show_or_muck, args=(lesson_id, hand_index, at, code))


def _on_show_or_muck(lesson_id: str, hand_index: int, at: int, code: str) -> None:
    sc = script(lesson_id, hand_index)
    _record_answer(lesson_id, decision_key(lesson_id, hand_index, at), show_or_muck_answer(sc, at, code))


def _on_retry(key: str) -> None:
    _answers().pop(key, None)
    _forget([key])


def _on_answer(lesson_id: str, question_id: str) -> None:
    lesson = next(x for x in lessons() if x.id == lesson_id)
    q = next(x for x in lesson.questions if x.id == question_id)
    key = f"{lesson_id}/{question_id}"
    raw = st.session_state.get(f"q.{key}")
    if raw is None:
        st.session_state[f"q.{key}.missing"] = True
        return
    value = inputs.whole(raw, 0, 10**9)
    if value is None:  # inf, nan, 2.5, text: refused, nothing recorded
        t = state.tr()
        refuse_input(t("Write a whole number."))
        return
    st.session_state.pop(f"q.{key}.missing", None)
    answer = question_answer(q, value)
    correct = answer.correct
    _quiz()[key] = answer
    profile = state.settings().profile
    state.save(lambda db: db.record_quiz_answer(profile, topic_of(lesson, q.rules), key, correct))
    wrong = QuestionSpot(lesson_id, question_id, value)  # a wrong answer comes back in «Ripasso»
    state.save(lambda db: remember_question(db, profile, wrong, correct))
    _remember(key, str(value), correct)
    _check_complete(lesson_id)


def _on_quiz_retry(key: str) -> None:
    """A wrong answer answered again: that question only (its card in «Ripasso» stays)."""
    _quiz().pop(key, None)
    st.session_state.pop(f"q.{key}", None)
    _forget([key])


def _on_quiz_reset(lesson_id: str) -> None:
    quiz = _quiz()
    keys = [k for k in quiz if k.startswith(lesson_id + "/")]
    for k in keys:
        del quiz[k]
    _forget(keys)


def _check_complete(lesson_id: str) -> None:
    lesson = next(x for x in lessons() if x.id == lesson_id)
    if is_complete(lesson, answered_keys(), _right()):
        profile = state.settings().profile
        if state.save(lambda db: db.mark_lesson_completed(profile, lesson_id)):
            st.session_state["lesson.just_completed"] = lesson_id
            lessonnav.ask_whole_page()
        coursepath.forget_stored()


# -- rendering ----------------------------------------------------------------------


def render() -> None:
    t = state.tr()
    page_header(t("Lessons"))
    try:
        all_ = lessons()
    except Exception as err:  # a broken lesson file: say which, keep the app alive
        st.error(t("The lessons cannot be loaded: {problem}", problem=str(err)))
        return
    if not all_:
        st.info(t("There are no lessons yet."))
        return
    _restore()
    lessonnav.apply_incoming(all_)
    for problem in st.session_state.pop(lessonnav.LINK_PROBLEMS, None) or []:
        st.warning(t.render(problem), icon=":material/link_off:")
    ids = [x.id for x in all_]
    current = state.get(lessonnav.CURRENT, ids[0])
    if current not in ids:
        current = ids[0]
        state.put(lessonnav.CURRENT, current)
    completed = _completed_ids()
    if "lesson_pick" not in st.session_state:
        st.session_state["lesson_pick"] = current
    by_id = {x.id: x for x in all_}
    lesson = by_id[current]
    done_lessons = sum(1 for i in ids if i in completed)
    answered = answered_keys()
    got, total = lesson_progress(lesson, answered)
    pick, progress = st.columns([3, 2], vertical_alignment="bottom")
    pick.selectbox(
        t("Lesson"), ids, key="lesson_pick", on_change=_on_pick, label_visibility="collapsed",
        format_func=lambda i: f"{by_id[i].place}. {by_id[i].title}" + (" ✓" if i in completed else ""),
    )
    # The bar is the course's completion; the text says where the learner is.
    where = t("Lesson {n} of {total}", n=ids.index(current) + 1, total=len(ids))
    progress.progress(done_lessons / len(ids), text=where + " · " + completed_count(done_lessons, t))

    parts = ["text"] + [f"hand{i}" for i in range(len(lesson.hands))] + (["quiz"] if lesson.questions else [])
    labels = {"text": t("Text"), "quiz": t("Questions")}
    for i, h in enumerate(lesson.hands):
        labels[f"hand{i}"] = t("Hand {n}", n=i + 1) + ": " + h.title
    part_key = f"lesson_part.{lesson.id}"
    stored_part = lessonnav.lesson_parts().get(lesson.id, "text")
    if stored_part not in parts:
        stored_part = "text"
    if part_key not in st.session_state or st.session_state[part_key] not in parts:
        st.session_state[part_key] = stored_part
    part = st.segmented_control(t("Part"), parts, format_func=labels.__getitem__, key=part_key,
                                required=True, on_change=_on_part, args=(lesson.id,),
                                label_visibility="collapsed") or stored_part
    lessonnav.lesson_parts()[lesson.id] = part

    if part == "text":
        lessonnav.sync_url(Link(lesson.id))
        st.markdown("*" + lesson.summary + "*")
        if total:
            st.caption(t("Decisions and questions answered: {done} of {total}", done=got, total=total))
        for sec in lesson.sections:
            st.header(sec.title)
            st.markdown(sec.text)
            if sec.charts:
                section_charts(sec.charts, t)
        if lesson.hands:
            st.button(t("Go to the first hand"), key="lesson.to_hand", type="primary",
                      on_click=lessonnav.go_to, args=(Link(lesson.id, 0, 0),),
                      icon=":material/arrow_forward:")
    elif part == "quiz":
        lessonnav.sync_url(Link(lesson.id))
        _render_questions(lesson, t)
        _completion(lesson, all_, completed, t)
    else:
        index = int(part[4:])
        lessonnav.page_drawn()
        _hand_part(lesson, index, t)
        if index == len(lesson.hands) - 1 and not lesson.questions:
            _completion(lesson, all_, completed, t)


COMPLETED = NN_("{n} completed", "{n} completed")


def completed_count(done: int, t: Translator) -> str:
    """«1 completata», «3 completate»: the number agrees with its word."""
    return t.counted(COMPLETED, n=done)


SCROLL_TO_DONE = """<script>(function () {
  let tries = 0;
  const show = () => {
    const el = document.querySelector(".st-key-lesson_done");
    if (el && el.getBoundingClientRect().height > 0) {
      el.scrollIntoView({block: "center", behavior: "smooth"});
    } else if (tries++ < 60) {
      setTimeout(show, 50);
    }
  };
  show();
})();</script>"""


def _completion(lesson: Lesson, all_: list[Lesson], completed: set[str], t: Translator) -> None:
    """Where the learner finishes (the last question, or the last hand): done, and the next lesson."""
    just = st.session_state.pop("lesson.just_completed", None) == lesson.id
    if lesson.id not in completed and not just:
        where = lesson_state(lesson, answered_keys(), _right())
        if where.started and lesson.questions:
            st.info(coursepath.missing_text(where, t), icon=":material/replay:")
        return
    with st.container(key="lesson_done"):
        if just:
            st.success(t("Lesson completed! Your progress is saved."), icon=":material/celebration:")
        else:
            st.success(t("You have completed this lesson."), icon=":material/check_circle:")
        ids = [x.id for x in all_]
        at = ids.index(lesson.id)
        if at + 1 < len(all_):
            nxt = all_[at + 1]
            st.button(t("Next lesson: {title}", title=f"{nxt.place}. {nxt.title}"), key="lesson.next_lesson",
                      type="primary", on_click=lessonnav.go_to, args=(Link(nxt.id),),
                      icon=":material/arrow_forward:")
    if just:
        # The learner answered the last question near the bottom of the page: bring the
        # message and «Prossima lezione» into view there (no jump to the top of the page).
        st.html(SCROLL_TO_DONE, unsafe_allow_javascript=True)


def _right_here() -> set[str]:
    return {k for k, a in _quiz().items() if a.correct}


def _right() -> set[str]:
    """The questions answered right at least once: in the store, and in this session."""
    return set(coursepath.stored_progress(state.settings().profile)[0]) | _right_here()


def _completed_ids() -> set[str]:
    return coursepath.done_ids_kept(lessons(), course_signature(state.settings().locale),
                                    state.settings().profile, answered_keys(), _right_here())


@st.fragment
def _hand_part(lesson: Lesson, index: int, t: Translator) -> None:
    """The hand on its own: a click inside it redraws it alone (see :func:`lessonnav.page_drawn`)."""
    if lessonnav.whole_page_wanted():
        st.rerun(scope="app")
    _render_hand(lesson, index, t)


def _render_hand(lesson: Lesson, index: int, t: Translator) -> None:
    example = lesson.hands[index]
    try:
        sc = script(lesson.id, index)
    except CoachError as err:  # a lesson hand the engine refuses: say so, keep the page alive
        st.error(t("This hand cannot be shown: {problem}", problem=err.localized(t)))
        return
    steps = lessonnav.hand_steps()
    key = f"{lesson.id}/{index}"
    step = sc.clamp(steps.get(key, 0))
    steps[key] = step
    lessonnav.sync_url(Link(lesson.id, index, step))
    answers = _answers()
    saved = _saved()
    shown = sc.decision_at(step)  # an answer from an earlier session is graded when its step is shown
    if shown is not None and f"{key}/{shown.at}" in saved and f"{key}/{shown.at}" not in answers:
        restored = _saved_answer(lesson.id, index, shown.at, saved.pop(f"{key}/{shown.at}"))
        if restored is not None:
            answers[f"{key}/{shown.at}"] = restored
    answered_at = {at for at in sc.decisions if f"{key}/{at}" in answers or f"{key}/{at}" in saved}

    hand = sc.shown_at(step)  # looked at only: the buttons try a choice on a copy (_on_choice)
    # A hand with no hero is there to be looked at: its cards are face up unless the
    # teacher hides them (one switch per hand, so hiding one hand does not hide the next).
    reveal_key = f"lesson_reveal.{key}"
    if reveal_key not in st.session_state:
        st.session_state[reveal_key] = sc.hero is None
    last = len(sc) - 1
    reveal = bool(st.session_state[reveal_key])
    view = table_view(hand, t, hero=sc.hero, reveal_all=reveal)
    decision = sc.decision_at(step)
    answer = answers.get(f"{key}/{decision.at}") if decision is not None else None
    with st.container(key="lesson_hand"):  # what scroll_to brings into view
        st.header(example.title)
        left, right = table_and_panel(view)
    with left:
        street_stepper(display_street(hand))
        step_controls(f"lesson.{key}", step, last, blocked=sc.blocked(step, answered_at),
                      on_step=partial(_on_step, lesson.id, index), end_step=sc.next_stop(step, answered_at))
        playback.play_controls(key, step, last, blocked=sc.blocked(step, answered_at),
                               has_text=bool(sc.texts_at(step)), on_step=partial(_on_step, lesson.id, index))
    with right:
        # The same elements at every step (empty when there is nothing to say), so a rerun
        # never shifts the step controls and the keyboard focus stays on them.
        intro = st.container()
        if example.intro and step == 0:
            intro.markdown(example.intro)
        # What just happened (the engine's narration since the previous stop) and the lesson's words.
        before = len(sc.shown_at(step - 1).events) if step > 0 else 0
        visible = visible_seats(hand, sc.hero, reveal)
        lines = narration(hand.events[before:], t, visible) if step > 0 else []
        said = st.container()
        if lines:
            said.html(render_log(lines, t))
        for text in sc.texts_at(step):
            st.info(text, icon=":material/school:")
        if decision is not None:
            _decision(lesson, index, sc, decision, hand, answer, t)
        st.toggle(t("Show everyone's cards"), key=reveal_key,
                  help=t("For the classroom: hide the cards, ask the class, then reveal."))
        show_log(view.log)
    if answer is not None:
        show_answer_details(answer, t, feedbacklevel.resolve(state.settings().feedback_level, lesson),
                            classroom=state.classroom(), key=f"lesson_why.{key}/{decision.at}"
                            if decision is not None else None)
    if step == 0 or decision is not None:  # a hand opens, a decision: the table and its buttons in view
        scroll_to("lesson_hand", f"{key}/{step}")
    if step == last:
        scroll_to("lesson_end", f"{key}/{step}", block="end")
    with st.container(key="lesson_end"):
        _hand_end(lesson, index, example, step == last, t)


def _hand_end(lesson: Lesson, index: int, example: ExampleHand, at_end: bool, t: Translator) -> None:
    """The hand's last words and the way on (the next hand or the questions), kept in one box."""
    if at_end:
        if example.outro:
            st.markdown(example.outro)
        st.success(t("End of the hand."), icon=":material/flag:")
        nxt = index + 1
        if nxt < len(lesson.hands):
            st.button(t("Next hand"), key="lesson.next_hand", on_click=lessonnav.go_to, type="primary",
                      args=(Link(lesson.id, nxt, 0),), icon=":material/arrow_forward:")
        elif lesson.questions:
            st.button(t("Go to the questions"), key="lesson.to_quiz", on_click=_to_quiz, args=(lesson.id,),
                      type="primary", icon=":material/quiz:")


def _decision(lesson: Lesson, index: int, sc: HandScript, decision: Decision, hand: Hand,
              answer: DecisionAnswer | None, t: Translator) -> None:
    """The learner's turn: the question, the price of a call, the buttons (or the short verdict)."""
    example = lesson.hands[index]
    dkey = f"{lesson.id}/{index}/{decision.at}"
    with st.container(key=QUESTION_KEY + "lesson"):  # on a phone: above the buttons, read first
        st.subheader(t("Your turn: you are {name}", name=example.player_name(decision.seat)))
        st.markdown(decision.prompt)
    if answer is None and all(is_show_or_muck(o) for o in decision.options):
        _show_or_muck_panel(lesson.id, index, decision.at, decision.options, t)
    elif answer is None:
        action_panel(hand, f"dec.{dkey}", partial(_on_choice, lesson.id, index, decision.at),
                     odds=feedbacklevel.lesson_odds(state.settings().feedback_level, lesson, lessons()))
        refusal: IllegalAction | None = _refusals().get(dkey)
        if refusal is not None:
            show_refusal(refusal)
    else:
        show_verdict(answer, t, feedbacklevel.resolve(state.settings().feedback_level, lesson),
                     classroom=state.classroom())
        st.button(t("Try another choice"), key=f"retry.{dkey}", on_click=_on_retry, args=(dkey,),
                  icon=":material/undo:")
        st.caption(t("Press ▶ to see how the hand went on."))


def _to_quiz(lesson_id: str) -> None:
    lessonnav.lesson_parts()[lesson_id] = "quiz"
    lessonnav.ask_whole_page()
    st.session_state.pop(f"lesson_part.{lesson_id}", None)


def _render_questions(lesson: Lesson, t: Translator) -> None:
    quiz = _quiz()
    answered = sum(1 for q in lesson.questions if f"{lesson.id}/{q.id}" in quiz)
    right = sum(1 for q in lesson.questions if (a := quiz.get(f"{lesson.id}/{q.id}")) and a.correct)
    st.progress(answered / len(lesson.questions),
                text=t("Questions answered: {done} of {total} · right: {right}", done=answered,
                       total=len(lesson.questions), right=right))
    for n, q in enumerate(lesson.questions, start=1):
        key = f"{lesson.id}/{q.id}"
        with st.container(border=True):
            st.markdown("**" + t("Question {n}", n=n) + "** — " + q.prompt)
            ans = quiz.get(key)
            if ans is not None:
                given = q.choices[ans.given] if q.kind == "choice" else t.format_int(ans.given)
                if ans.correct:
                    st.success(t("Right: {answer}", answer=given), icon=":material/check_circle:")
                else:
                    right_answer = q.choices[q.answer] if q.kind == "choice" else t.format_int(q.answer)
                    st.error(t("Not quite: you answered {given}; the answer is {answer}.", given=given,
                               answer=right_answer), icon=":material/cancel:")
                st.markdown(q.explanation)
                if not ans.correct:
                    st.button(t("Answer it again"), key=f"qr.{key}", on_click=_on_quiz_retry, args=(key,),
                              icon=":material/replay:")
                continue
            if q.kind == "choice":
                st.radio(t("Your answer"), list(range(len(q.choices))), index=None, key=f"q.{key}",
                         format_func=q.choices.__getitem__, label_visibility="collapsed")
            else:
                st.number_input(t("Your answer ({unit})", unit=unit_label(q.unit, t)), min_value=0,
                                value=None, step=1, key=f"q.{key}", placeholder=t("Write a number"))
            st.button(t("Answer"), key=f"qa.{key}", on_click=_on_answer, args=(lesson.id, q.id))
            if st.session_state.get(f"q.{key}.missing"):
                st.warning(missing_answer(q.kind != "choice", t))
    if answered == len(lesson.questions):
        st.button(t("Answer the questions again"), key="lesson.quiz_reset", on_click=_on_quiz_reset,
                  args=(lesson.id,), icon=":material/refresh:")
