"""A user's file as text, whatever encoding the room's client saved it in.

Why not UTF-8 only: the rooms' clients write what their platform wrote when they were made. Full
Tilt saved its histories in UTF-16 (little-endian, often without a byte-order mark), PokerStars'
euro tables on Windows in Windows-1252 (``€`` is byte 0x80), old clients in Latin-1, Notepad adds a
UTF-8 byte-order mark. A byte-order mark says the encoding; else UTF-8 is tried strictly (the
usual case costs one decode); else charset-normalizer (a well-kept detector, MIT) chooses among
the encodings a room writes, and a text it cannot place, or that decodes to control characters
(a binary file), is refused with the reason.
"""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

from coach.i18n import N_, Message

__all__ = ["ENCODINGS", "decode_hand_text"]

# The encodings a room's client writes (tried by charset-normalizer in this order of preference).
ENCODINGS: tuple[str, ...] = ("utf_8", "utf_16_le", "utf_16_be", "cp1252", "latin_1")
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf_8_sig"), (codecs.BOM_UTF32_LE, "utf_32"), (codecs.BOM_UTF32_BE, "utf_32"),
    (codecs.BOM_UTF16_LE, "utf_16"), (codecs.BOM_UTF16_BE, "utf_16"))
# Control characters no hand history holds (tab, newline and carriage return are text).
_BINARY = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _latin_share(text: str) -> float:
    """The share of the letters that are Latin: a room writes its lines in English (or French, Italian)."""
    sample = [c for c in text[:4096] if not c.isspace()]
    return 1.0 if not sample else sum(1 for c in sample if c < "\u0250" or c == "€") / len(sample)


def _refused(data: bytes, position: int) -> Message:
    position = max(0, min(position, len(data) - 1))
    return Message(N_("it is not a text file in an encoding a room writes (UTF-8, UTF-16, Windows-1252, "
                      "Latin-1): byte 0x{byte} at position {position}."),
                   {"byte": f"{data[position] if data else 0:02x}", "position": str(position)})


def decode_hand_text(data: bytes) -> tuple[str | None, Message | None]:
    """``data`` as text and None, or None and why it is not a room's or a PHH text."""
    text: str | None = None
    position = 0
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            if encoding == "utf_16" and len(data) % 2 and data[-1:] in (b"\n", b"\r", b"\x00"):
                data = data[:-1]  # a one-byte line end added after the UTF-16 text (by an editor or a copy)
            try:
                text = data.decode(encoding).removeprefix("\ufeff")
            except UnicodeDecodeError as exc:
                return None, _refused(data, exc.start)
            break
    else:
        try:
            text = data.decode("utf-8")
            position = text.find("\x00")  # UTF-16 without a mark decodes as UTF-8 with a NUL every 2 bytes
        except UnicodeDecodeError as exc:
            position = exc.start
        if text is not None and position < 0:
            position = -1  # plain UTF-8: taken as it is
        else:
            best = from_bytes(data, cp_isolation=list(ENCODINGS)).best()
            if best is None:
                return None, _refused(data, position)
            text = str(best).removeprefix("\ufeff")
    assert text is not None
    if 0 < text.count("\x00") <= text.count("\n") + 4:  # at most one a line: strays, not UTF-16 or binary
        text = text.replace("\x00", "")  # a few stray NULs (a client that crashed writing), not a binary
    if position >= 0 and _latin_share(text) < 0.5:  # decoded, but to no language a room writes in
        return None, _refused(data, position)
    bad = _BINARY.search(text)
    if bad is not None:
        return None, Message(N_("it is not a text file: it holds the control character U+{code} at "
                                "character {position}."),
                             {"code": f"{ord(bad.group()):04X}", "position": str(bad.start())})
    return text, None
