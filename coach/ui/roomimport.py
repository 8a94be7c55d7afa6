"""«Importa da una sala» in «Le mie mani», and the guide «Come esportare le tue mani».

A room's file is read by a worker of the task queue, never in the page (:mod:`coach.ui.parsewait`,
:mod:`coach.review.parsejobs`, purpose ``import``: the same limits as an upload to the Replayer):
the page checks the size, submits the file and shows «Lettura del file…» while the worker reads
it. The worker names the opponents by position (:func:`coach.rooms.privacy.anonymize`) unless the
user ticks «Conserva i nomi degli avversari»; when the job is done the page keeps every hand the
rules accepted in the profile's «Le mie mani» with source ``"import"``, at most once per job
(:meth:`coach.store.Store.save_parse_job_hands` marks the job ``saved`` in the same transaction),
so a reload shows the same report and what was saved without saving again. The report (read,
skipped, refused) is shown under the uploader. The page «Le mie mani» calls :func:`room_import`
and :func:`export_guide`.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from coach.errors import CoachError
from coach.i18n import Translator, user_params
from coach.learning.replay import MAX_BYTES, localized_problem
from coach.review.parsejobs import report_of
from coach.rooms import ROOMS, ImportReport, file_types, room_names
from coach.store.checks import MAX_HAND_TEXT, MAX_HAND_TITLE, MAX_USER_HANDS
from coach.textsafe import md_text
from coach.ui import parsewait, state
from coach.ui.roomreport import show_report

__all__ = ["export_guide", "room_import"]

PURPOSE = "import"
REPORT = "mani.import.report"  # the last file's ImportReport
RESULT = "mani.import.result"  # (hands saved, hands left out by the limit or their length) of the last file
PROBLEM = "mani.import.problem"  # why the last file was not read, in words for a Markdown sink
APPLIED = "mani.import.parse_job"  # the parse job whose result the page has taken
FILE = "mani.import.file"
KEEP = "mani.import.keep_names"


def _clear() -> None:
    for key in (REPORT, RESULT, PROBLEM):
        st.session_state.pop(key, None)


def _on_import() -> None:
    """Give the file to the workers (the size checked first, with the reader's own words)."""
    upload = st.session_state.get(FILE)
    if upload is None:
        return
    _clear()
    t = state.tr()
    name = str(getattr(upload, "name", "file"))
    try:
        parsewait.submit(PURPOSE, name, bytes(upload.getvalue()), limit=MAX_BYTES,
                         keep_names=bool(st.session_state.get(KEEP, False)))
    except CoachError as err:
        st.session_state[PROBLEM] = t.md(user_params(localized_problem(err.message)))


def _rows(result: dict[str, Any], report: ImportReport, t: Translator) -> tuple[list[tuple[str, str]], int]:
    """The hands to keep as (title, PHH), and how many are left out by their length or the limit."""
    rows: list[tuple[str, str]] = []
    left_out = 0
    for h in result.get("hands") or []:
        text = str(h["phh"])
        if len(text) > MAX_HAND_TEXT:
            left_out += 1
            continue
        title = t("{room} hand no. {hand}", room=report.room or "?", hand=h.get("room_hand") or h["number"])
        rows.append((title[:MAX_HAND_TITLE], text))
    left_out += max(0, len(rows) - MAX_USER_HANDS)
    return rows[:MAX_USER_HANDS], left_out


def _take_job(t: Translator) -> None:
    """The worker's reading of the last file, once per session: its hands saved once per job."""
    result = parsewait.take_result(PURPOSE, APPLIED)
    if result is None:
        return
    _clear()
    if isinstance(result, str):  # the worker failed or never answered: nothing saved
        st.session_state[PROBLEM] = result
        return
    name = md_text(str(result.get("name", "")))
    if "report" not in result:
        problem = str(result.get("problem") or result.get("refused") or "")
        st.session_state[PROBLEM] = t("The file {name} cannot be read: {problem}", name=name, problem=problem)
        return
    report = report_of(result["report"])
    st.session_state[REPORT] = report
    if "saved" in result:  # found again after a reload: its hands were kept then
        st.session_state[RESULT] = (int(result["saved"]), int(result.get("left_out", 0)))
        return
    rows, left_out = _rows(result, report, t)
    profile, job_id = state.settings().profile, st.session_state.get(APPLIED)
    if not isinstance(job_id, int):
        return
    saved = state.save(lambda db: db.save_parse_job_hands(profile, job_id, rows, left_out=left_out))
    if isinstance(saved, int):
        st.session_state[RESULT] = (saved, left_out)
        return
    job = state.load(lambda db: db.parse_job(job_id), None)  # kept by another tab or process meanwhile
    if job is not None and job.result is not None and "saved" in job.result:
        st.session_state[RESULT] = (int(job.result["saved"]), int(job.result.get("left_out", 0)))


def room_import(t: Translator) -> None:
    """The uploader, the names option and, after an import, the report and what was saved."""
    st.header(t("Import from an online room"))
    st.markdown(t("Upload a hand history file of one of these rooms: {rooms} (in English). Every No-Limit "
                  "Texas Hold'em hand the rules accept is saved in My hands.",
                  rooms=", ".join(room_names(logs=False))))
    st.file_uploader(t("Hand history file (.txt, .xml)"), type=file_types(), key=FILE,
                     help=t("At most {limit} KB.", limit=MAX_BYTES // 1024))
    st.checkbox(t("Keep the opponents' names"), key=KEEP,
                help=t("Unticked, your opponents are saved with the name of their position (BTN, SB, BB…): "
                       "your own name stays."))
    st.button(t("Import"), key="mani.import.go", on_click=_on_import, icon=":material/upload_file:")
    _take_job(t)
    problem = st.session_state.get(PROBLEM)
    if isinstance(problem, str):
        st.error(problem, icon=":material/error:")
        st.caption(t("Nothing has been saved."))
        return
    report = st.session_state.get(REPORT)
    if not isinstance(report, ImportReport):
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
        guided = {room.NAME for room in ROOMS if room.GUIDE}
        for room in ROOMS:  # each room's own paragraph (coach.rooms.catalog), in the registry's order
            if room.GUIDE:
                st.markdown(f"**{room.NAME}**: " + t(room.GUIDE))
        st.markdown(t(
            "The menus' names change between the clients' versions and between sites: look in the "
            "settings for «Hand History» or «Storia delle mani». Also read: {rooms}.",
            rooms=", ".join(dict.fromkeys(room.NAME for room in ROOMS if room.NAME not in guided))))
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
