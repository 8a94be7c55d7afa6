"""Loading a hand history for the replayer: size limit, decoding, strict replay.

Uploaded files are untrusted: the size is checked before anything is parsed,
the text must be UTF-8 (a byte-order mark is dropped), the PHH reader refuses
what would cost too much before parsing it (:mod:`coach.limits`), and the chosen
hand is replayed once through the engine so a broken or illegal file is refused
with the reader's error (which names the file and the action) before the
learner steps into it. A file is parsed once: the page keeps the parsed hands
to switch between the hands of a ``.phhs`` file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from coach.engine.phh import Action, HandHistory, loads_phhs
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import decode_text
from coach.ui.player import HandScript

MAX_BYTES = 1024 * 1024  # the same limit Streamlit shows under the uploader (server.maxUploadSize = 1)
PLAYER_KINDS = ("fold", "check_call", "bet_raise")


def load_histories(name: str, data: bytes) -> list[HandHistory]:
    """Every hand of an uploaded ``.phh`` or ``.phhs`` file (parsed, not replayed yet)."""
    if len(data) > MAX_BYTES:
        raise InvalidInput(
            N_("The file {name} is too large ({size} KB): a hand history is at most {limit} KB."),
            name=name, size=len(data) // 1024, limit=MAX_BYTES // 1024)
    text, problem = decode_text(data)
    if text is None:
        raise InvalidInput(N_("The file {name} is not a text file (UTF-8): is it really a PHH hand "
                              "history? ({problem})"), name=name, problem=problem)
    if not text.strip():
        raise InvalidInput(N_("The file {name} is empty."), name=name)
    histories = loads_phhs(text, source=name)
    if not histories:
        raise InvalidInput(N_("The file {name} holds no hand."), name=name)
    return histories


def script_of(histories: Sequence[HandHistory], hand_number: int = 0) -> HandScript:
    """A replayable script of hand ``hand_number`` of parsed hands; raises a :class:`CoachError` subclass."""
    history = histories[min(max(0, hand_number), len(histories) - 1)]
    history.replay()  # strict: the first refused action raises HandHistoryError
    return script_for(history)


def load_history(name: str, data: bytes, *, hand_number: int = 0) -> HandScript:
    """A replayable script of hand ``hand_number`` of a file; raises a :class:`CoachError` subclass."""
    return script_of(load_histories(name, data), hand_number)


def script_for(history: HandHistory) -> HandScript:
    return HandScript.from_history(history, title=str(history.extra.get("event", "") or ""))


def engine_code(action: Action) -> str | None:
    """The action as the engine writes it (amounts in chips, no comment), players only."""
    if action.kind not in PLAYER_KINDS:
        return None
    return replace(action, comment=None).code(1)
