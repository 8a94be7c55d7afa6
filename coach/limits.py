"""The limits on what a user or a file may hand the coach, checked before any work.

The app runs on shared classroom servers where anyone can paste a hand
history, so no input may cost more than a fraction of a second of the one
interpreter every learner shares. The dangerous inputs are cheap to write and
expensive to process: ``1e999999`` is nine characters in a file and a
million-digit integer once converted to chips; a 200 KB array nested 100,000
deep makes ``tomllib`` recurse until it fails. Every limit here is checked on
the *text* or on cheap properties of a number (sign, exponent, digit count)
before any arithmetic or parsing that could grow with it, and every refusal
names the file, the field and the limit (docs/RULES.md lists them).

This module is a leaf, like :mod:`coach.errors`: the engine, the PHH reader,
the lessons, equity and the UI all import it.
"""

from __future__ import annotations

import re
import reprlib
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, TypeGuard

from coach.i18n import N_, Message

__all__ = [
    "MAX_ACTIONS",
    "MAX_AMOUNT_DIGITS",
    "MAX_AMOUNT_TEXT",
    "MAX_AMOUNT_UNITS",
    "MAX_CHIPS",
    "MAX_DECIMALS",
    "MAX_FILE_BYTES",
    "MAX_HAND_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_NUMBER_TEXT",
    "MAX_PLAYERS",
    "MAX_RANGE_TEXT",
    "MAX_SAMPLES",
    "MAX_SEED",
    "MAX_TOML_DEPTH",
    "MIN_PLAYERS",
    "amount_problem",
    "clip",
    "decode_text",
    "is_int",
    "read_text_file",
    "toml_problem",
]

# -- the table -------------------------------------------------------------------
MIN_PLAYERS: Final[int] = 2
# One deck deals 2 hole cards to each of n players, 5 board cards and 3 burns: 2n + 8 <= 52.
MAX_PLAYERS: Final[int] = 22
MAX_NAME_LENGTH: Final[int] = 64
# Chips the engine accepts in one stack, blind or bet (a PHH amount of 10**12 units
# at the finest scale, 10**6, is 10**18 chips). Babel formats up to 10**24 exactly.
MAX_CHIPS: Final[int] = 10**18

# -- amounts in a hand history (in the file's units) -----------------------------------
MAX_AMOUNT_UNITS: Final[int] = 10**12
MAX_AMOUNT_DIGITS: Final[int] = 15
MAX_DECIMALS: Final[int] = 6
MAX_AMOUNT_TEXT: Final[int] = 32  # characters of an amount as written (``cbr 12.50``)

# -- texts -------------------------------------------------------------------------------
MAX_TOML_DEPTH: Final[int] = 8  # nested [ ] and { }: PHH needs 1, lessons 3
MAX_NUMBER_TEXT: Final[int] = 64  # digits of one number in a TOML text
MAX_FILE_BYTES: Final[int] = 16 * 1024 * 1024  # a file read by a command (a .phhs of thousands of hands)
# A hand history a browser sends: an upload (server.maxUploadSize = 1) or a text area's characters.
MAX_HAND_BYTES: Final[int] = 1024 * 1024
MAX_ACTIONS: Final[int] = 1000  # actions of one hand (the dataset's longest has 49)

# -- equity -------------------------------------------------------------------------------
MAX_SEED: Final[int] = 2**63 - 1
MAX_SAMPLES: Final[int] = 1_000_000  # Monte Carlo deals of one request (about 1-7 s of CPU)
MAX_RANGE_TEXT: Final[int] = 2000  # characters of one range as written

_CLIP = 48


def clip(value: Any, limit: int = _CLIP) -> str:
    """``value`` as short text for an error message, at most ``limit`` characters.

    A message quotes what it was given, and a 5,000-digit amount must not make a
    5 KB error line; a huge int is never converted to decimal digits (quadratic,
    and refused by Python beyond 4,300 digits) but shown as its order of magnitude.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        sign = "-" if value < 0 else ""
        return f"{sign}~10^{int(value.bit_length() * 0.30103)}"
    if isinstance(value, str):
        text = value
    elif isinstance(value, int | float | Decimal | BaseException):
        text = str(value)
    else:
        text = reprlib.repr(value)
    text = text.replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number as the engine takes it: an ``int``, never a ``bool`` or a float."""
    return type(value) is int


def amount_problem(value: Decimal) -> Message | None:
    """Why a hand-history amount is refused, from its sign, exponent and digits only.

    No arithmetic happens here: ``Decimal("1e999999")`` is compared by its
    adjusted exponent, so a million-digit number is never built.
    """
    if not value.is_finite():
        return Message(N_("it is not a finite number"))
    if value < 0:
        return Message(N_("it is negative"))
    if value != 0 and value.adjusted() >= 12 and value > MAX_AMOUNT_UNITS:
        return Message(N_("it is above the limit of {limit}"), {"limit": MAX_AMOUNT_UNITS})
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    if -exponent > MAX_DECIMALS:
        return Message(N_("it has more than {places} decimals"), {"places": MAX_DECIMALS})
    digits = len(value.as_tuple().digits)
    if digits > MAX_AMOUNT_DIGITS:
        return Message(N_("it has more than {digits} significant digits"), {"digits": MAX_AMOUNT_DIGITS})
    return None


# The TOML tokens the scan needs, in one alternation tried at each position (the first that
# matches wins): strings and comments (whose brackets and dots are text), numbers too long to
# be an amount, dotted keys, and brackets. Every alternative either consumes what it scanned or
# fails within a bounded distance (an unclosed string runs to the end of its line, or of the
# text, instead of failing after a long scan), and the quantifiers are possessive: the scan
# stays linear on any text, even one written to make a regular expression backtrack.
_BASIC = r'"(?:[^"\\\n]|\\[^\n])*+"'  # a one-line basic string (a key part may be quoted)
_LITERAL = r"'[^'\n]*+'"  # a one-line literal string
_BARE = r"[A-Za-z0-9_-]++"  # a bare key part (and any bare word or number: the same characters)
_PART = f"(?:{_BARE}|{_BASIC}|{_LITERAL})"
_TOML_SKIP = re.compile(
    r'"""(?:[^"\\]|\\.|"{1,2}+(?!"))*+(?:"{3,5}+)?'  # multi-line basic string, up to 2 quotes before its end
    "|'''(?:[^']|'{1,2}+(?!'))*+(?:'{3,5}+)?"  # multi-line literal string
    r"|(?P<number>[0-9][0-9_]{" + str(MAX_NUMBER_TEXT) + r",}+)"  # a number too long to be an amount
    r"|(?P<key>" + _PART + r"(?:[ \t]*+\.[ \t]*+" + _PART + r")*+)"  # a dotted key (or a lone word or string)
    r'|"(?:[^"\\\n]|\\[^\n])*+"?'  # a basic string, closed or not
    r"|'[^'\n]*+'?"  # a literal string, closed or not
    r"|#[^\n]*+"  # a comment
    r"|[\[\]{}]",
    re.S,
)
_KEY_PART = re.compile(_PART)


def _line(text: str, pos: int) -> str:
    return str(text.count("\n", 0, pos) + 1)


def toml_problem(text: str) -> Message | None:
    """Why a TOML text is refused before it is parsed, or None.

    - Nesting beyond :data:`MAX_TOML_DEPTH`, by brackets (``tomllib`` recurses once
      per level and a deep enough text ends in ``RecursionError``) or by the parts of
      one dotted key or ``[table.header]`` (``meta.a.a.a… = 1``: ``tomllib`` keeps a
      record per prefix of the key, so memory and time grow with the square of its
      length: 24,000 parts in 47 KB took 2.3 GB).
    - A number longer than :data:`MAX_NUMBER_TEXT` digits (which ``tomllib`` would
      convert, quadratically, before anyone checks it).

    One linear scan with no recursion, before ``tomllib`` sees the text. Strings and
    comments are skipped, so their brackets and dots count for nothing, and a quoted
    key part is one part whatever it holds (``"a.b".c`` has two).
    """
    depth = 0
    for m in _TOML_SKIP.finditer(text):
        kind = m.lastgroup
        tok = m.group()
        if kind == "number":
            return Message(N_("a number has more than {limit} digits (line {line})."),
                           {"limit": MAX_NUMBER_TEXT, "line": _line(text, m.start())})
        if kind == "key":
            if "." not in tok:
                continue
            parts = _KEY_PART.findall(tok) if '"' in tok or "'" in tok else tok.split(".")
            if any(p[:1].isdigit() and len(p) > MAX_NUMBER_TEXT for p in parts):  # 1.999…9, a float
                return Message(N_("a number has more than {limit} digits (line {line})."),
                               {"limit": MAX_NUMBER_TEXT, "line": _line(text, m.start())})
            if len(parts) > MAX_TOML_DEPTH:
                return Message(
                    N_("a key or a [section] name has {parts} parts separated by dots, more than the "
                       "limit of {limit} (line {line})."),
                    {"parts": len(parts), "limit": MAX_TOML_DEPTH, "line": _line(text, m.start())})
        elif tok in ("[", "{"):
            depth += 1
            if depth > MAX_TOML_DEPTH:
                return Message(
                    N_("brackets [ ] or {{ }} are nested more than {limit} deep (line {line})."),
                    {"limit": MAX_TOML_DEPTH, "line": _line(text, m.start())})
        elif tok in ("]", "}"):
            depth = max(0, depth - 1)
    return None


def decode_text(data: bytes) -> tuple[str | None, Message | None]:
    """UTF-8 text (a leading byte-order mark, as Notepad writes it, is dropped), or why not."""
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return None, Message(
            N_("it is not UTF-8 text (byte 0x{byte} at position {position}): save it as UTF-8."),
            {"byte": f"{data[exc.start]:02x}", "position": str(exc.start)})


def kb_up(size: int) -> int:
    """A size in KB rounded up, for «{size} KB, more than the limit of {limit} KB»: a file just over the
    limit (16 MiB + 100 B) must not read as the limit itself («16.384 KB, più del limite di 16.384 KB»)."""
    return -(-size // 1024)


def _os_problem(exc: OSError) -> Message:
    """The reason a file cannot be read, in the reader's language for the usual cases."""
    if isinstance(exc, FileNotFoundError):
        return Message(N_("the file does not exist."))
    if isinstance(exc, IsADirectoryError):
        return Message(N_("it is a folder, not a file."))
    if isinstance(exc, PermissionError):
        return Message(N_("permission denied: the file cannot be read."))
    return Message(N_("cannot read the file ({detail})."), {"detail": clip(exc.strerror or exc, 120)})


def read_text_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> tuple[str | None, Message | None]:
    """A file's text, checked for size and encoding before it is decoded, or why not."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > limit:
            return None, Message(N_("the file is {size} KB, more than the limit of {limit} KB."),
                                 {"size": kb_up(size), "limit": limit // 1024})
        with p.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        return None, _os_problem(exc)
    if len(data) > limit:
        return None, Message(N_("the file is {size} KB, more than the limit of {limit} KB."),
                             {"size": kb_up(len(data)), "limit": limit // 1024})
    return decode_text(data)
