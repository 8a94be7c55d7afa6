"""«Importa da una sala» in «Le mie mani», and the guide «Come esportare le tue mani».

A room's file is read by :func:`coach.rooms.import_histories` (the same limits as an upload to the
Replayer); every hand the rules accept is kept in the profile's «Le mie mani» with source
``"import"``, its opponents named by position (:func:`coach.rooms.privacy.anonymize`) unless the
user ticks «Conserva i nomi degli avversari». The report (read, skipped, refused) is shown under
the uploader. The page «Le mie mani» calls :func:`room_import` and :func:`export_guide`.
"""

from __future__ import annotations

import streamlit as st

from coach.i18n import Translator, user_params
from coach.learning.replay import MAX_BYTES
from coach.rooms import ImportReport, import_histories
from coach.rooms.privacy import anonymize
from coach.store.checks import MAX_HAND_TEXT, MAX_HAND_TITLE, MAX_USER_HANDS
from coach.ui import state
from coach.ui.roomreport import show_report

__all__ = ["export_guide", "room_import"]

REPORT = "mani.import.report"  # the last file's ImportReport
RESULT = "mani.import.result"  # (hands saved, hands left out by the limit or their length) of the last file
FILE = "mani.import.file"
KEEP = "mani.import.keep_names"


def _on_import() -> None:
    st.session_state.pop(REPORT, None)
    st.session_state.pop(RESULT, None)
    upload = st.session_state.get(FILE)
    if upload is None:
        return
    t = state.tr()
    report = import_histories(bytes(upload.getvalue()), source=str(getattr(upload, "name", "file")),
                              limit=MAX_BYTES)
    st.session_state[REPORT] = report
    keep = bool(st.session_state.get(KEEP, False))
    rows: list[tuple[str, str]] = []
    left_out = 0
    for h in report.hands:
        if h.history is None:
            continue
        text = (h.history if keep else anonymize(h.history)).dumps()
        if len(text) > MAX_HAND_TEXT:
            left_out += 1
            continue
        title = t("{room} hand no. {hand}", room=report.room or "?", hand=h.room_hand or h.number)
        rows.append((title[:MAX_HAND_TITLE], text))
    left_out += max(0, len(rows) - MAX_USER_HANDS)
    rows = rows[:MAX_USER_HANDS]
    if not rows:
        st.session_state[RESULT] = (0, left_out)
        return
    profile = state.settings().profile
    saved = state.save(lambda db: db.save_user_hands(profile, rows, source="import"))
    if saved is not None:
        st.session_state[RESULT] = (saved, left_out)


def room_import(t: Translator) -> None:
    """The uploader, the names option and, after an import, the report and what was saved."""
    st.header(t("Import from an online room"))
    st.markdown(t("Upload a hand history file of PokerStars, PartyPoker or an iPoker-network room (in "
                  "English): every No-Limit Texas Hold'em hand the rules accept is saved in My hands."))
    st.file_uploader(t("Hand history file (.txt, .xml)"), type=["txt", "xml"], key=FILE,
                     help=t("At most {limit} KB.", limit=MAX_BYTES // 1024))
    st.checkbox(t("Keep the opponents' names"), key=KEEP,
                help=t("Unticked, your opponents are saved with the name of their position (BTN, SB, BB…): "
                       "your own name stays."))
    st.button(t("Import"), key="mani.import.go", on_click=_on_import, icon=":material/upload_file:")
    report = st.session_state.get(REPORT)
    if not isinstance(report, ImportReport):
        return
    if report.problem is not None:
        st.error(t("The file {name} cannot be read: {problem}", name=report.source,
                   problem=t.md(user_params(report.problem))), icon=":material/error:")
        st.caption(t("Nothing has been saved."))
        return
    show_report(report, t)
    result = st.session_state.get(RESULT)
    if isinstance(result, tuple):
        saved, left_out = result
        if saved:
            st.success(t("Saved in My hands from the file: {n}.", n=saved), icon=":material/save:")
        if left_out:
            st.warning(t("Not saved: {n} (My hands keeps at most {limit} hands per profile, each at most "
                         "{chars} characters long).", n=left_out, limit=MAX_USER_HANDS, chars=MAX_HAND_TEXT),
                       icon=":material/warning:")


def export_guide(t: Translator) -> None:
    """«Come esportare le tue mani»: where the rooms keep their histories, and what the app does with them."""
    with st.expander(t("How to export your hands"), icon=":material/help:"):
        st.markdown(t(
            "The poker clients write every hand you play in a text file on your computer, the **hand "
            "history**. The coach reads these files: upload one here (to keep the hands) or in the "
            "Replayer (to step through them with the coach's comments)."))
        st.markdown(t(
            "**PokerStars** (PokerStars.it too): in the client's settings, in the section on the hand "
            "history, turn on saving the hand histories and choose **English** as their language; the "
            "same place shows the folder where the client writes the .txt files (one per table and day). "
            "Hands already written in Italian («Mano PokerStars n. …») stay in Italian and cannot be "
            "read: the coach says so; the setting applies to the hands played from then on."))
        st.markdown(t(
            "**PartyPoker**: in the client's settings, in the section on the hand history, turn on saving "
            "the histories to disk in English; the .txt files are in the folder shown there."))
        st.markdown(t(
            "**iPoker network** (several Italian sites play on it): the client saves the hands in XML "
            "files, in the hand history folder named in the client's options. The XML format does not "
            "depend on the client's language."))
        st.markdown(t(
            "The menus' names change between the clients' versions and between sites: look in the "
            "settings for «Hand History» or «Storia delle mani». Full Tilt, Ongame and Absolute Poker "
            "files are read too."))
        st.markdown(t(
            "**Hands the coach refuses on purpose.** A straddle, and a blind posted by a player returning "
            "to the table («posts small & big blinds»), cannot be replayed by the coach under the rules "
            "they were played by (the order of play or the minimum raise would change): such a hand is "
            "refused with its line and the reason, the others of the file are read."))
        st.markdown(t(
            "**What the coach does with them.** The file is read on the server that runs the coach (your "
            "computer, or your school's), never sent elsewhere. Only No-Limit Texas Hold'em hands are "
            "read: other games are skipped, with the reason, and a hand the rules refuse (a pot that "
            "does not add up, a card shown twice) is refused with its line and rule, never corrected. "
            "In what is saved, your opponents' names are replaced by their positions, unless you tick "
            "«Keep the opponents' names»; «Delete my hands» deletes all your saved hands and your "
            "session analyses."))
