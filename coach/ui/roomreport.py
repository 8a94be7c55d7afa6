"""What a room's file gave, in words: hands read, skipped (with the reason), refused (with the line and rule).

Shared by the pages that take a room's history (the Replayer, «Le mie mani», the live class), so a
learner reads the same report wherever they give the app their hands. Reasons quote the file (a
game's name, a player's name, an amount): they are rendered with the file's text escaped.
"""

from __future__ import annotations

import streamlit as st

from coach.errors import CoachError
from coach.i18n import Translator, user_params
from coach.learning.replay import localized_problem
from coach.review.parsejobs import KeptOutcome
from coach.rooms import HandOutcome, ImportReport
from coach.textsafe import md_text

__all__ = ["hand_label", "outcome_reason", "show_report"]


def outcome_reason(outcome: HandOutcome, t: Translator) -> str:
    """Why a hand was skipped or refused, for a Markdown sink (the file's text escaped)."""
    if isinstance(outcome, KeptOutcome):  # written by the worker that read the file, for a Markdown sink
        return outcome.words
    reason = outcome.reason
    if isinstance(reason, CoachError):
        return t.md(user_params(localized_problem(reason.message)))
    if reason is None:
        return ""
    return t.md(user_params(reason))


def hand_label(outcome: HandOutcome, t: Translator) -> str:
    """«Mano 3 (riga 41) · n. 1000003»: a hand of the file as plain text (a selectbox's option)."""
    label = t("Hand {n} (line {line})", n=outcome.number, line=outcome.line)
    if outcome.room_hand:
        label += " · " + t("no. {hand}", hand=outcome.room_hand)
    return label


def show_report(report: ImportReport, t: Translator) -> None:
    """The counts, then every hand not read with its reason (in an expander, open when nothing was read)."""
    ok, skipped, refused = report.count("ok"), report.count("skipped"), report.count("refused")
    summary = t("Hands in the {room} file: {total}. Read: {ok} · Skipped: {skipped} · Refused: {refused}",
                room=md_text(report.room or "?"), total=len(report.hands), ok=ok, skipped=skipped,
                refused=refused)
    if ok:
        st.success(summary, icon=":material/check_circle:")
    else:
        st.warning(summary + "\n\n" + t("No hand of this file can be replayed."), icon=":material/warning:")
    missing = [h for h in report.hands if h.status != "ok"]
    if not missing:
        return
    with st.expander(t("Hands not read ({n})", n=len(missing)), expanded=not ok):
        lines = []
        for h in missing:
            status = t("skipped") if h.status == "skipped" else t("refused")
            lines.append("- " + md_text(hand_label(h, t)) + f": **{status}** — " + outcome_reason(h, t))
        st.markdown("\n".join(lines))
