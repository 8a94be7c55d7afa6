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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from coach.engine import ActionTaken
from coach.engine.phh import HandHistory, history_from_table
from coach.engine.phh_actions import Action
from coach.errors import InvalidInput
from coach.i18n import N_, Amount, Lowered, Message
from coach.learning.script import HandScript
from coach.limits import MAX_HAND_BYTES
from coach.rooms.files import UPLOAD, read_hand_files

MAX_BYTES = MAX_HAND_BYTES  # the same limit Streamlit shows under the uploader (server.maxUploadSize = 1)
PLAYER_KINDS = ("fold", "check_call", "bet_raise")
Section = tuple[str, Mapping[str, Any]]  # (source named in messages, the hand's TOML table)
_T = TypeVar("_T")


def in_units(msg: Message, scale: int) -> Message:
    """The message with its chip amounts in a hand history's units (``scale`` > 1: cents).

    Every ``int`` in the engine's narration is an amount of chips (counts and
    indices are strings), so a file in dollars says "il piccolo buio di 5,00",
    like its table, not "di 500".
    """
    if scale == 1:
        return msg

    def convert(key: str, value: Any) -> Any:
        if isinstance(value, Message):
            return in_units(value, scale)
        if isinstance(value, Lowered):
            return Lowered(in_units(value.message, scale))
        if type(value) is int and not (msg.plural is not None and key == msg.count):
            return Amount(value, scale)
        return value

    return replace(msg, params={k: convert(k, v) for k, v in msg.params.items()})


def bounded(name: str, work: Callable[[], _T]) -> _T:
    """``work()``, with a ``RecursionError`` or ``MemoryError`` turned into a :class:`InvalidInput`.

    The reader's limits (:func:`coach.limits.toml_problem`) keep every known hostile
    text far from either; this is the net under them for every hand the app reads or
    writes, so a text nobody thought of yet costs its sender an error message, not a
    traceback or the page's state.
    """
    try:
        return work()
    except (RecursionError, MemoryError):
        raise InvalidInput(N_("The hand history {name} is nested too deeply or too large to be read."),
                           name=name) from None


def load_sections(name: str, data: bytes) -> list[Section]:
    """The hands of an uploaded ``.phh`` or ``.phhs`` file as TOML tables (parsed, not validated)."""
    return bounded(name, lambda: _load_sections(name, data))


def _load_sections(name: str, data: bytes) -> list[Section]:
    """Through the one front door (:func:`coach.rooms.files.read_hand_files`): its limits, its
    encodings and its refusals; a room's file has no PHH sections, so it holds no hand here."""
    read = read_hand_files([(name, data)], UPLOAD)[0]
    sections = [(source, table) for source, table in read.sections if table]
    if not sections:
        raise InvalidInput(N_("The file {name} holds no hand."), name=name)
    return sections


def script_of(hands: Sequence[HandHistory | Section], hand_number: int = 0) -> HandScript:
    """A replayable script of hand ``hand_number``; raises a :class:`CoachError` subclass.

    ``hands`` are parsed sections (validated here, the chosen one only) or histories.
    """
    item = hands[min(max(0, hand_number), len(hands) - 1)]
    source = item.source if isinstance(item, HandHistory) else item[0]

    def script() -> HandScript:
        history = item if isinstance(item, HandHistory) else history_from_table(item[1], item[0])
        history.replay()  # strict: the first refused action raises HandHistoryError
        return script_for(history)

    return bounded(source, script)


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


def next_action(sc: HandScript, step: int) -> Message | None:
    """The action after ``step`` in words, in the file's units («Bruno rilancia a 1.400,00»).

    The replayer asks the coach about it; the learner reads the narration's
    sentence, never the PHH code (``p4 cbr 140000``).
    """
    if step + 1 >= len(sc):
        return None
    before = len(sc.hand_at(step).events)
    for event in sc.hand_at(step + 1).events[before:]:
        if isinstance(event, ActionTaken):
            return in_units(event.message(), sc.history.scale)
    return None


# Python's TOML reader explains a syntax error in English ("Expected '=' after a key in a
# key/value pair (at line 2, column 5)"): the replayer says it in the reader's language.
TOML_PROBLEMS: dict[str, str] = {
    "Expected '=' after a key in a key/value pair": N_("'=' is missing after a key"),
    "Invalid statement": N_("a line that is neither «key = value» nor a [section]"),
    "Invalid value": N_("a value that cannot be read (a text needs quotes)"),
    "Unclosed array": N_("a list [ ... ] that is never closed"),
    "Unclosed inline table": N_("a table in braces that is never closed"),
    "Unterminated string": N_("a text in quotes that is never closed"),
    "Expected newline or end of document after a statement":
        N_("something more after a value on the same line"),
    "Cannot overwrite a value": N_("a key written twice"),
    "Invalid initial character for a key part": N_("a key that starts with a character not allowed"),
    "Expected ']' at the end of a table declaration": N_("']' is missing at the end of a [section]"),
    "Expected ']]' at the end of an array declaration": N_("']]' is missing at the end of a [[section]]"),
    "Invalid date or datetime": N_("a date that cannot be read"),
    "Invalid hex value": N_("a character code that cannot be read"),
    "Escaped character is not a Unicode scalar value": N_("a character code that cannot be read"),
    "Unescaped '\\' in a string": N_("a backslash (\\) in a text"),
}
_TOML_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^Cannot declare .+ twice$"), N_("a [section] written twice")),
    (re.compile(r"^Cannot (mutate|redefine) (immutable )?namespace .+$"), N_("a [section] written twice")),
    (re.compile(r"^Duplicate inline table key .+$"), N_("a key written twice")),
    (re.compile(r"^Expected (?P<what>.+)$"), N_("{what} is missing")),
    (re.compile(r"^(Found invalid|Illegal) character (?P<what>.+)$"),
     N_("a character not allowed: {what}")),
)
_TOML_WHERE = re.compile(
    r"^(?P<what>.*?) \((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\)$")
TOML_DETAIL = "not valid TOML ({detail})."


def toml_detail(detail: str) -> Message:
    """Python's English TOML error as a message the reader's language can say."""
    m = _TOML_WHERE.match(detail.strip())
    what = m.group("what") if m else detail.strip()
    problem: Message | None = None
    if what in TOML_PROBLEMS:
        problem = Message(TOML_PROBLEMS[what])
    else:
        for pattern, msgid in _TOML_PATTERNS:
            found = pattern.match(what)
            if found is not None:
                problem = Message(msgid, {k: v for k, v in found.groupdict().items() if v})
                break
    if problem is None:
        problem = Message(N_("a syntax error"))
    if m is None:
        return problem
    if m.group("line"):
        return Message(N_("{problem}, line {line}, column {column}"),
                       {"problem": problem, "line": m.group("line"), "column": m.group("column")})
    return Message(N_("{problem}, at the end of the text"), {"problem": problem})


def localized_problem(msg: Message) -> Message:
    """The error's message with any English TOML detail inside it translated."""
    def convert(key: str, value: Any) -> Any:
        if isinstance(value, Message):
            return localized_problem(value)
        if msg.msgid == TOML_DETAIL and key == "detail" and isinstance(value, str):
            return toml_detail(value)
        return value

    return replace(msg, params={k: convert(k, v) for k, v in msg.params.items()})
