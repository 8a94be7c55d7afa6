"""Reading an uploaded or pasted hand file, as a job of the task queue's workers.

Why (issue 23, item 4): a hand file from a user is untrusted, and reading it (detecting a room,
pokerkit's parsers, the PHH reader, a strict replay of each hand through the engine) is CPU that
the Streamlit process must not spend in a learner's script thread, where it would hold the page
and slow every other learner's clicks. The Replayer, the live class's «Una mano PHH» and «Importa
da una sala» in «Le mie mani» check the cheap limits first (:func:`precheck`: the size and an
empty file, refused by the readers' own first lines before any parsing), then put the raw file
in a job of the same huey queue and workers as the session reviews (:mod:`coach.review.jobs`);
the worker reads it with :func:`coach.learning.handfile.read_hand_file` (an import: with the
rooms' importer), as the page did, and writes to ``parse_jobs``
(:mod:`coach.store.parsejobs`) what the page needs to show it exactly as before:

* ``{"refused": text}``: the whole file refused, the reader's error already in words;
* ``{"name", "report", "hands"}``: each hand as normalized PHH (``{"phh": text}``) or refused
  (``{"refused": text}``), and for a room's file its report (read, skipped, refused), the
  reasons in words. The live class's hands also carry where they are in the file (``label``).
* «Importa da una sala» in «Le mie mani» (``import``): the room's report and its readable hands
  (``{"phh", "number", "room_hand"}``, opponents by position unless kept), or ``{"name",
  "problem"}`` when the whole file cannot be read; the page saves the hands
  (:meth:`coach.store.Store.save_parse_job_hands`, once).

The words are the job's locale's, written for a Markdown sink (the file's text escaped), as the
page wrote them. The page then loads only our own normalized PHH of the hand it shows.

The command line (``python -m coach import/replay/review``) keeps reading in its own process:
it is not the app's process, and a terminal user waits for its answer anyway.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from coach.engine.phh import HandHistory, history_from_table
from coach.errors import CoachError, InvalidInput
from coach.i18n import N_, Message, Translator, get_translator, user_params
from coach.learning.handfile import read_hand_file
from coach.learning.replay import MAX_BYTES, Section, bounded, localized_problem
from coach.limits import MAX_HAND_BYTES
from coach.review.jobs import queue_url, register_task, task_of
from coach.rooms import HandOutcome, ImportReport, import_histories
from coach.rooms.privacy import anonymize
from coach.store import Store
from coach.store.checks import MAX_HAND_TEXT

__all__ = ["PARSE_TASK", "PENDING_LIMIT_S", "SMALL_FILE_BYTES", "KeptOutcome", "enqueue_parse", "lane_of",
           "precheck", "report_of", "run_parse_job", "size_priority"]

PARSE_TASK = "coach.parse_hands"
# Files up to this size go to the ``hands`` lane, bigger ones to ``files`` (coach.review.jobs): a pasted
# hand or the teacher's hand for the class (1-3 KB; 32 KiB is about fifteen hands of a room, some 50 ms
# to read) never waits behind a 1 MB file, and a flood of small pastes costs each other milliseconds.
SMALL_FILE_BYTES = 32 * 1024
PENDING_LIMIT_S = 120.0  # a job neither done nor failed by then: its worker is gone or never started
NO_HAND = N_("No hand of this file can be replayed.")
TOO_LONG = N_("This hand is {size} characters long as the class keeps it, more than the limit of {limit}: "
              "paste a shorter hand (fewer actions, comments or extra fields).")
log = logging.getLogger(__name__)


def precheck(name: str, data: bytes, *, limit: int = MAX_HAND_BYTES) -> None:
    """The limits the page checks before it enqueues: raises the reader's own error, parsing nothing.

    A file over ``limit`` or empty is refused by the first lines of both readers (the rooms'
    importer and the PHH reader), before either parses a byte, so asking the reader costs one
    ``len`` and one ``strip`` and the words are the same as when the page read the file itself.
    """
    if len(data) > limit or not data.strip():
        read_hand_file(name, data, limit=limit)  # raises before any parsing (see above)
        raise InvalidInput(N_("The file {name} is empty."), name=name)  # not reached: the reader raised


def _words(problem: Message | CoachError, tr: Translator) -> str:
    msg = problem.message if isinstance(problem, CoachError) else problem
    return tr.md(user_params(localized_problem(msg)))


def _report(report: ImportReport, tr: Translator) -> dict[str, Any]:
    return {"source": report.source, "room": report.room, "hands": [
        {"number": h.number, "line": h.line, "room_hand": h.room_hand, "status": h.status,
         "reason": None if h.reason is None else _words(h.reason, tr)} for h in report.hands]}


@dataclass(frozen=True)
class KeptOutcome(HandOutcome):
    """A hand of a report kept with a job: its reason already in words (``words``, for Markdown)."""

    words: str = ""


def report_of(data: dict[str, Any]) -> ImportReport:
    """The report kept with a job, for :func:`coach.ui.roomreport.show_report` (reasons in words)."""
    return ImportReport(str(data["source"]), data.get("room"), [
        KeptOutcome(int(h["number"]), int(h["line"]), h.get("room_hand"), h["status"],
                    words=str(h.get("reason") or "")) for h in data["hands"]])


def _checked(item: HandHistory | Section, *, complete: bool) -> HandHistory:
    """The hand, replayed strictly (the first refused action raises), as a history to write."""
    source = item.source if isinstance(item, HandHistory) else item[0]

    def check() -> HandHistory:
        history = item if isinstance(item, HandHistory) else history_from_table(item[1], item[0])
        history.replay(require_complete=complete)
        return history

    return bounded(source, check)


def _replayer(name: str, data: bytes, tr: Translator) -> dict[str, Any]:
    """Every hand of the file, each replayed to its end, or why not (the Replayer shows any of them)."""
    hand_file = read_hand_file(name, data)
    hands: list[dict[str, Any]] = []
    for item in hand_file.hands:
        try:
            hands.append({"phh": _checked(item, complete=True).dumps()})
        except CoachError as err:
            hands.append({"refused": _words(err, tr)})
    report = None if hand_file.report is None else _report(hand_file.report, tr)
    return {"name": name, "report": report, "hands": hands}


def _live(name: str, data: bytes, tr: Translator, keep_names: bool) -> dict[str, Any]:
    """The hand for the class (a room's file: each readable hand, opponents by position unless kept)."""
    hand_file = read_hand_file(name, data, limit=MAX_HAND_BYTES)
    if hand_file.report is None:  # PHH: its first hand, which may stop at the decision to pose
        items: list[tuple[HandHistory | Section, dict[str, Any] | None]] = [(hand_file.hands[0], None)]
    else:
        ok = [h for h in hand_file.report.hands if h.history is not None]
        if not ok:
            return {"refused": tr(NO_HAND)}
        items = [(h.history, {"number": h.number, "line": h.line, "room_hand": h.room_hand})
                 for h in ok if h.history is not None]
    hands: list[dict[str, Any]] = []
    for item, label in items:
        entry: dict[str, Any] = {"label": label}
        try:
            history = _checked(item, complete=False)
            if label is not None and not keep_names:
                history = anonymize(history)
            text = history.dumps()
            if len(text) > MAX_HAND_TEXT:  # what the store keeps with the question: refused here
                raise InvalidInput(TOO_LONG, size=len(text), limit=MAX_HAND_TEXT)
            entry["phh"] = text
        except CoachError as err:
            entry["refused"] = _words(err, tr)
        hands.append(entry)
    if hand_file.report is None and "refused" in hands[0]:
        return {"refused": hands[0]["refused"]}
    return {"name": name, "report": None if hand_file.report is None else _report(hand_file.report, tr),
            "hands": hands}


def _import(name: str, data: bytes, tr: Translator, keep_names: bool) -> dict[str, Any]:
    """A room's file for «Le mie mani»: its report and each readable hand (opponents by position unless
    kept), or why the whole file cannot be read (``problem``, in words). The page titles, caps and saves."""
    try:  # the one front door (coach.rooms.files), as the Replayer's
        report = read_hand_file(name, data, limit=MAX_BYTES).report
    except CoachError as exc:
        return {"name": name, "problem": tr.md(user_params(localized_problem(exc.message)))}
    if report is None:  # a PHH file: «Le mie mani» imports a room's file here
        report = import_histories(data, source=name, limit=MAX_BYTES)
        return {"name": name, "problem": tr.md(user_params(report.problem or Message(
            N_("this is a PHH file, not a room's: open it in the Replayer."))))}
    hands = [{"phh": (h.history if keep_names else anonymize(h.history)).dumps(), "number": h.number,
              "room_hand": h.room_hand} for h in report.hands if h.history is not None]
    return {"name": name, "report": _report(report, tr), "hands": hands}


def run_parse_job(store: Store, job_id: int, purpose: str, name: str, data: bytes, locale: str,
                  keep_names: bool = False) -> str:
    """Read the file of one job and store what was read; the final status (``gone`` if replaced)."""
    if not store.start_parse_job(job_id):
        return "gone"
    tr = get_translator(locale)
    try:
        if purpose == "import":
            result = _import(name, data, tr, keep_names)
        elif purpose == "live":
            result = _live(name, data, tr, keep_names)
        else:
            result = _replayer(name, data, tr)
    except CoachError as err:  # the file refused as a whole: the page shows why, as before
        result = {"refused": _words(err, tr)}
    except Exception as err:  # a bug of ours: the job says so, the worker goes on with the next
        log.exception("parse job %s failed", job_id)
        store.finish_parse_job(job_id, "failed", {"error": f"{type(err).__name__}: {err}"[:300]})
        return "failed"
    return "done" if store.finish_parse_job(job_id, "done", result) else "gone"


def _task(job_id: int, purpose: str, name: str, data: bytes, locale: str, keep_names: bool) -> None:
    """The worker's entry: the store named by the worker's environment."""
    run_parse_job(Store(os.environ.get("COACH_DATABASE_URL") or None), job_id, purpose, name, data, locale,
                  keep_names)


register_task(PARSE_TASK, _task, lanes=("files", "hands"))


def lane_of(data: bytes) -> str:
    """The lane of a file to read: ``hands`` for a small one, ``files`` for a big one."""
    return "hands" if len(data) <= SMALL_FILE_BYTES else "files"


def enqueue_parse(store: Store, profile: str, purpose: str, name: str, data: bytes, locale: str = "it", *,
                  keep_names: bool = False, url: str | None = None, address: str | None = None) -> int:
    """Create the page's job row (replacing the profile's earlier one) and queue the file on its
    size's lane (:func:`lane_of`); its id. Raises :class:`~coach.errors.Busy` when the client
    ``address`` has its share of files being read.

    The raw file travels in the queue's message only (huey deletes it when a worker takes it);
    ``memory://`` (tests) reads it at once, in the caller, on the caller's store.
    """
    job_id = store.create_parse_job(profile, purpose, address=address)
    where = url or queue_url(store.url)
    if where.startswith("memory://"):
        run_parse_job(store, job_id, purpose, name, data, locale, keep_names)
        return job_id
    task = task_of(where, PARSE_TASK, lane_of(data))
    task(job_id, purpose, name, data, locale, keep_names, priority=size_priority(data))  # a call enqueues
    return job_id


def size_priority(data: bytes) -> int:
    """The smaller the file, the sooner a free thread of its lane takes it (huey orders by priority,
    then by arrival): 100 for an empty file down to 0 for the 1 MB limit, so a 50 KB file queued
    behind twelve 1 MB ones is read next."""
    return max(0, 100 - len(data) * 100 // MAX_BYTES)
