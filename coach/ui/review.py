"""What the review page («Ripasso») keeps in the session, and what other pages hand it.

The practice table, the Replayer and «Ripasso» itself open one spot to play next
(:func:`open_spot`, :func:`replay_spot`); the progress page and «Ripasso» say where a
card's mistake was made (:func:`card_origin`). Here, not in a page, so no page imports
another.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from coach.i18n import Translator
from coach.learning.review import ReviewSpot
from coach.store.records import ReviewCard
from coach.textsafe import md_text
from coach.ui.drills import DRILL_LABELS
from coach.ui.lessons import lessons
from coach.ui.navigation import target

SPOT = "review.spot"  # a single spot to play (rigioca, una mano simile): a ReviewSpot as a dict
CARD = "review.card"  # the card being answered (kept while its feedback is shown)
ANSWER = "review.answer"  # (spot key, code, said, Verdict, next due or None)
REFUSAL = "review.refusal"
ROUND = "review.round"  # a counter, so each spot's buttons get fresh keys


def open_spot(spot: ReviewSpot) -> None:
    """Make ``spot`` the one the review page plays next (the caller switches page)."""
    st.session_state[SPOT] = spot.to_dict()
    for key in (CARD, ANSWER, REFUSAL):
        st.session_state.pop(key, None)
    st.session_state[ROUND] = int(st.session_state.get(ROUND, 0)) + 1


def replay_spot(spot: ReviewSpot) -> None:
    """«Rigioca questa decisione»: the review page plays that spot (called in a run, not a callback)."""
    open_spot(spot)
    st.switch_page(target("ripasso"))


def card_origin(card: ReviewCard, t: Translator) -> str:
    """Where a card's mistake was made, in words: «Lezione 3 · Le azioni, mano 1», «Pratica, mano 4»."""
    ref = card.ref.split("#")[0]
    similar = "#" in card.ref
    if card.source == "lesson":
        lesson_id, _, rest = ref.partition("/")
        hand = rest.split("/")[0] if rest else ""
        lesson = next((x for x in _safe(lessons) if x.id == lesson_id), None)
        title = t("Lesson {n} · {title}", n=lesson.place, title=lesson.title) if lesson else lesson_id
        where = t("{lesson}, hand {n}", lesson=title, n=int(hand) + 1) if hand.isdigit() else title
    elif card.source == "question":
        lesson_id, _, question_id = ref.partition("/")
        lesson = next((x for x in _safe(lessons) if x.id == lesson_id), None)
        number = next((n for n, q in enumerate(lesson.questions, start=1) if q.id == question_id), None) \
            if lesson else None
        title = t("Lesson {n} · {title}", n=lesson.place, title=lesson.title) if lesson else lesson_id
        where = t("{lesson}, question {n}", lesson=title, n=number) if number else title
    elif card.source == "practice":
        parts = ref.split("/")
        where = (t("Practice, hand {n}", n=int(parts[1])) if len(parts) > 1 and parts[1].isdigit()
                 else t("Practice"))
    elif card.source == "quiz":
        kind = ref.split(":")[0]
        where = t("Quiz: {kind}", kind=t(DRILL_LABELS[kind])) if kind in DRILL_LABELS else t("Quiz")
    elif card.source == "class":
        where = t("Live class: a hand the teacher showed")
    elif card.source == "replayer":
        where = t("Replayer: {name}", name=md_text(ref.rsplit("/", 1)[0]))  # a file's name
    else:
        where = md_text(ref)
    return t("{where} (a similar hand)", where=where) if similar else where


def _safe(load: Any) -> list[Any]:
    try:
        return list(load())
    except Exception:  # a broken lesson file: the lessons page says which
        return []
