"""Loading a hand history for the replayer: size limit, decoding, strict replay.

Uploaded files are untrusted: the size is checked before anything is parsed,
the text must be UTF-8 (a byte-order mark is dropped), the PHH reader refuses
what would cost too much before parsing it (:mod:`coach.limits`), and the chosen
hand is replayed once through the engine so a broken or illegal file is refused
with the reader's error (which names the file and the action) before the
learner steps into it. A file is parsed once, and only the hand shown is
validated and replayed: the page keeps the parsed sections to switch between the
hands of a ``.phhs`` file (1 MB of sections is about 0.4 s of TOML, and
validating all 5,000 hands of it would double that for nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from coach.engine.phh import Action, HandHistory, history_from_table, split_phhs
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import decode_text
from coach.ui.player import HandScript

MAX_BYTES = 1024 * 1024  # the same limit Streamlit shows under the uploader (server.maxUploadSize = 1)
PLAYER_KINDS = ("fold", "check_call", "bet_raise")
Section = tuple[str, Mapping[str, Any]]  # (source named in messages, the hand's TOML table)


def load_sections(name: str, data: bytes) -> list[Section]:
    """The hands of an uploaded ``.phh`` or ``.phhs`` file as TOML tables (parsed, not validated)."""
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
    sections = [(source, table) for source, table in split_phhs(text, name) if table is not None]
    if not sections or not any(table for _, table in sections):
        raise InvalidInput(N_("The file {name} holds no hand."), name=name)
    return sections


def load_histories(name: str, data: bytes) -> list[HandHistory]:
    """Every hand of an uploaded file, validated (not replayed yet)."""
    return [history_from_table(table, source) for source, table in load_sections(name, data)]


def script_of(hands: Sequence[HandHistory | Section], hand_number: int = 0) -> HandScript:
    """A replayable script of hand ``hand_number``; raises a :class:`CoachError` subclass.

    ``hands`` are parsed sections (validated here, the chosen one only) or histories.
    """
    item = hands[min(max(0, hand_number), len(hands) - 1)]
    history = item if isinstance(item, HandHistory) else history_from_table(item[1], item[0])
    history.replay()  # strict: the first refused action raises HandHistoryError
    return script_for(history)


def load_history(name: str, data: bytes, *, hand_number: int = 0) -> HandScript:
    """A replayable script of hand ``hand_number`` of a file; raises a :class:`CoachError` subclass."""
    return script_of(load_sections(name, data), hand_number)


def script_for(history: HandHistory) -> HandScript:
    return HandScript.from_history(history, title=str(history.extra.get("event", "") or ""))


def engine_code(action: Action) -> str | None:
    """The action as the engine writes it (amounts in chips, no comment), players only."""
    if action.kind not in PLAYER_KINDS:
        return None
    return replace(action, comment=None).code(1)
