"""Text from a user or a file, shown as exactly that text: never Markdown, LaTeX, a link or an image.

A pupil's name, a profile's display name, a player's name in a hand history: none of them is
ours, and each reaches pages that render Markdown (``st.markdown``, captions, button and radio
labels, expander and metric labels, toasts and alerts all do). Streamlit 1.67's Markdown is
GitHub-flavoured CommonMark plus four things that act on *text* rather than syntax, so a
backslash alone does not stop them (they run after escapes are resolved): emoji shortcodes
(``:smile:``, ``:material/home:``, ``:streamlit:``), colour directives (``:red[...]``), LaTeX
between ``$``, and literal autolinks (``http://...``, ``www.x``, ``a@b.c``). So
:func:`md_text`, the one function every Markdown sink uses for such text:

- backslash-escapes **every** ASCII punctuation character (CommonMark lets any of them be
  escaped and shows them literally; escaping all of them is a rule one can audit, where a
  hand-picked list misses the next extension);
- puts an invisible U+2060 WORD JOINER after each ``:`` and ``@`` and inside ``www.``, so
  no shortcode, directive, URL scheme, e-mail or ``www.`` link can be recognised in the text;
- collapses line breaks and other whitespace into single spaces (a name is one line; a
  line break would let a ``#`` or ``-`` start a heading or a list);
- and bidi-isolates it (:func:`isolate`).

:func:`isolate` is the part every other sink needs (HTML that :func:`html.escape` then
escapes, Plotly labels, plain ``st.text``): bidi controls (RLO, LRE, LRI, ...) are removed,
so a name can no longer reverse the rest of a log line, and a text that has right-to-left
letters, or had a bidi control, is wrapped in U+2068 FIRST STRONG ISOLATE ... U+2069 POP
DIRECTIONAL ISOLATE so its direction stays inside it. A Latin name is left as it is (an
isolate there changes nothing on screen, and sentences stay comparable).

:class:`UserText` marks such a text inside a :class:`coach.i18n.Message`: the translator
renders it with :func:`isolate`, or with :func:`md_text` when the message is rendered for
Markdown (``Translator.md``). The engine's narration marks player names that way.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Final

import regex  # type: ignore[import-untyped]
from confusable_homoglyphs.utils import load as load_confusables  # type: ignore[import-untyped]

FSI: Final[str] = "\u2068"  # FIRST STRONG ISOLATE
PDI: Final[str] = "\u2069"  # POP DIRECTIONAL ISOLATE
WORD_JOINER: Final[str] = "\u2060"
# Explicit bidi formatting characters (Unicode Bidi_Control): embeddings, overrides,
# isolates and the implicit marks. None of them is needed to show a name.
BIDI_CONTROLS: Final[frozenset[str]] = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_RTL_CLASSES: Final[frozenset[str]] = frozenset({"R", "AL", "AN"})
# What makes Markdown anywhere in a line, in Streamlit's dialect: emphasis and strikethrough
# (* _ ~), code (`), links and images ([ ] !), tables (|), HTML and autolinks (< >), entities
# (&), LaTeX ($), headings (#), directives and shortcodes (:), and the escape itself (\).
MARKDOWN_SPECIAL: Final[frozenset[str]] = frozenset("\\`*_~[]!|<>&$#:")
_WWW = re.compile(r"(?i)(www)(\.)")
# A list item or a setext underline where the text begins: «- Anna», «+ Anna», «1. Anna», «2) Anna».
_LINE_START = re.compile(r"\u2068?(?:\d+(?=[.)])|(?=[-+=]))")


@dataclass(frozen=True)
class UserText:
    """A text that is not ours (a name from a user or a file), as a message parameter.

    The translator shows it as plain text (:func:`isolate`, or :func:`md_text` for Markdown);
    it is never translated and never read as markup.
    """

    text: str

    def __str__(self) -> str:
        return isolate(self.text)


def _one_line(text: str) -> str:
    """Whitespace and control characters as single spaces, no bidi controls, no ends."""
    out = []
    for c in text:
        if c in BIDI_CONTROLS:
            continue
        out.append(" " if c.isspace() or unicodedata.category(c) == "Cc" else c)
    return " ".join("".join(out).split())


def needs_isolation(text: str) -> bool:
    """Whether ``text`` could change the direction of what surrounds it (or tried to)."""
    return any(c in BIDI_CONTROLS or unicodedata.bidirectional(c) in _RTL_CLASSES for c in text)


def isolate(text: object) -> str:
    """``text`` on one line, bidi controls removed, and isolated if it has right-to-left parts.

    Safe to put next to other text in any plain-text sink; an HTML sink still escapes it.
    """
    raw = str(text)
    line = _one_line(raw)
    return FSI + line + PDI if needs_isolation(raw) else line


def escape_markdown(text: str) -> str:
    """``text`` escaped so Streamlit's Markdown shows each of its characters literally.

    A backslash before every character that starts Markdown, GFM, LaTeX, a directive or
    HTML anywhere in a line (:data:`MARKDOWN_SPECIAL`), and before a list or heading marker
    that opens the text (``-``, ``+``, ``=``, ``1.``, ``1)``); a WORD JOINER after each ``:``
    and ``@`` and inside ``www.``, because shortcodes and literal autolinks are found in the
    text after the escapes are gone. Other punctuation («Prof. Rossi», «Anna-Maria») means
    nothing inside a line and is left alone. Line structure is the caller's: :func:`md_text`
    makes the text one line.
    """
    out = []
    for c in text:
        out.append("\\" + c if c in MARKDOWN_SPECIAL else c)
        if c in ":@":
            out.append(WORD_JOINER)
    escaped = _WWW.sub(lambda m: m.group(1) + WORD_JOINER + m.group(2), "".join(out))
    start = _LINE_START.match(escaped)
    if start is not None:
        escaped = escaped[:start.end()] + "\\" + escaped[start.end():]
    return escaped


def md_text(text: object) -> str:
    """A user's or a file's text as Markdown that shows exactly that text, on one line, isolated.

    The one function for names and other foreign text in ``st.markdown``, ``st.caption``,
    ``st.info``/``st.error``..., ``st.toast``, and the labels of buttons, radios, expanders,
    metrics and tabs (all Markdown in Streamlit).
    """
    return escape_markdown(isolate(text))



@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the prototype it looks like (Unicode TR39's confusables).

    The data is ``confusable-homoglyphs``' table, built from TR39's ``confusables.txt`` but
    stored both ways (each source lists its prototype, each prototype lists its sources). In
    TR39 every mapping goes from a source to a prototype that maps to nothing, so each group
    is a star: its centre (the node linked to all others) is the prototype. A pair of single
    characters has no centre; either serves, as long as both map to the same one.
    """
    data: dict[str, list[dict[str, str]]] = load_confusables("confusables.json")
    links: dict[str, set[str]] = {}
    for key, entries in data.items():
        a = key.replace("\u200e", "")
        for entry in entries:
            b = entry["c"].replace("\u200e", "")
            if a and b and a != b:
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    out: dict[str, str] = {}
    seen: set[str] = set()
    for start in links:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        centre = max(group, key=lambda n: (len(links[n]), len(n) > 1, -ord(n[0]), n))
        for node in group:
            if len(node) == 1 and node != centre:
                out[node] = centre
    return out


# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): what a renderer shows as
# nothing when it does not support it. Variation selectors (U+FE0F, U+E0100...), Mongolian free
# variation selectors (U+180B), Khmer inherent vowels (U+17B4), Hangul fillers, the combining
# grapheme joiner, format characters: «Anna» plus any of them looked like a second «Anna». The
# property comes from the regex module's Unicode tables (kept current with each Unicode release),
# not from a list of ours; the Braille blank shows nothing too and is not in it.
_IGNORABLE: Final = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]")


def strip_ignorable(text: str) -> str:
    """``text`` without the characters that show nothing (see ``_IGNORABLE``): for names compared
    by what they look like."""
    return str(_IGNORABLE.sub("", text))


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text``: what it looks like, so «Аnna» (Cyrillic А) and «Anna»
    share one. ``NFD(map(NFD(text)))``; only for comparing, never for showing."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))
