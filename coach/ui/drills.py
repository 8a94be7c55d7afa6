"""A drill of the quiz as the quiz page and «Ripasso» both draw it: its name, its table, its result.

A wrong drill comes back as a review card (:func:`coach.learning.review.remember_drill`),
and «Ripasso» asks it again with the quiz's own table and answer: one module, so the two
pages cannot drift apart.
"""

from __future__ import annotations

import streamlit as st

from coach.i18n import N_, Translator
from coach.lessons.drills import Drill
from coach.ui.handview import table_view
from coach.ui.table import SeatView, TableView

DRILL_LABELS: dict[str, str] = {
    "showdown": N_("Who wins?"),
    "min_raise": N_("Minimum raise"),
    "side_pot": N_("Side pots"),
    "outs": N_("Outs"),
}


def drill_view(drill: Drill, t: Translator) -> TableView:
    """The table for the question, without giving the answer away."""
    hand = drill.hand
    if drill.kind == "min_raise" and hand is not None:
        return table_view(hand, t, reveal_all=True)
    stacks = hand.starting_stacks if hand is not None else (0,) * len(drill.players)
    button = hand.config.button if hand is not None else -1
    seats = tuple(
        SeatView(name=name, stack=stacks[i], cards=tuple(drill.hole_cards[i] or ()) if i < len(
            drill.hole_cards) else (), is_button=(i == button))
        for i, name in enumerate(drill.players)
    )
    street = "river" if len(drill.board) == 5 else "flop" if len(drill.board) == 3 else (
        "turn" if len(drill.board) == 4 else "preflop")
    return TableView(seats=seats, board=drill.board, street=street,
                     log=tuple(t.render(m) for m in drill.context))


def show_result(drill: Drill, given: int, correct: bool, t: Translator) -> None:
    """Right or not, the right answer, and the engine's explanation (the quiz and «Ripasso»)."""
    shown = t.format_int(drill.answer) if drill.numeric else drill_choice(drill, drill.answer, t)
    given_text = t.format_int(given) if drill.numeric else drill_choice(drill, given, t)
    if correct:
        st.success(t("Right: {answer}", answer=shown), icon=":material/check_circle:")
    else:
        st.error(t("Not quite: you answered {given}; the answer is {answer}.", given=given_text,
                   answer=shown), icon=":material/cancel:")
    for line in drill.explanation:
        st.markdown("- " + t.render(line))


def drill_choice(drill: Drill, index: int, t: Translator) -> str:
    """A choice of a drill in words (its text, or a message rendered in the session's language)."""
    c = drill.choices[index]
    return c if isinstance(c, str) else t.render(c)


def missing_answer(numeric: bool, t: Translator) -> str:
    """«Answer» pressed with nothing given: a number question asks for a number, not a choice."""
    return t("Write a number first.") if numeric else t("Choose an answer first.")
