"""Translation and locale-aware formatting, one translator per locale.

Streamlit serves every user from one process, so nothing here is process-wide:
code marks strings with ``N_`` (and ``NP_``/``NN_`` for context and plurals),
carries them as :class:`Message` objects with named parameters, and renders
them late with the :class:`Translator` of the session's locale.

Catalogs are the ``.po`` files under ``locales/``; they are compiled in memory
on first use (no ``.mo`` file to build or to forget), cached per locale.
"""

from __future__ import annotations

import io
import os
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import NumberPattern, format_decimal, parse_pattern
from babel.numbers import format_percent as _babel_format_percent
from babel.support import NullTranslations, Translations

from coach.textsafe import UserText, isolate, md_text

DEFAULT_LOCALE = "it"
SUPPORTED_LOCALES: tuple[str, ...] = ("it", "en")
DOMAIN = "messages"


def locales_dir() -> Path:
    """Where the catalogs live: the checkout's ``locales/`` unless overridden."""
    env = os.environ.get("COACH_LOCALES_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "locales"


def N_(msgid: str) -> str:
    """Mark a string for extraction without translating it (translation is late)."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """Mark a string with a context (``bet`` noun vs verb); see :class:`Message`."""
    return msgid


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction."""
    return (singular, plural)


@dataclass(frozen=True)
class Percent:
    """A ratio (0.255) to be shown as a percentage in the reader's locale."""

    value: float
    decimals: int = 1


@dataclass(frozen=True)
class Decimal:
    """A non-integer figure (big blinds, odds) shown with a fixed number of decimals."""

    value: float
    decimals: int = 1


@dataclass(frozen=True)
class Amount:
    """Chips shown in a hand history's own units: ``scale`` > 1 means integer cents.

    A file in dollars and cents is replayed in integer cents (chips are ``int``
    everywhere); what the learner reads must be the file's ``5,00``, not ``500``.
    """

    chips: int
    scale: int = 1


@dataclass(frozen=True)
class Lowered:
    """A nested message whose first letter is lower-cased once rendered.

    Hand names start with a capital when they stand alone ("Tris di 9") and
    need a small letter inside a sentence ("vince il piatto: tris di 9").
    """

    message: Message


@dataclass(frozen=True)
class Message:
    """A translatable sentence with named parameters, rendered per locale.

    Parameters may themselves be :class:`Message` objects (rendered first), ints
    (formatted as amounts with the locale's grouping), :class:`Percent` or
    :class:`Decimal`, :class:`~coach.textsafe.UserText` (a name from a user or a file: shown
    as plain text, never as markup), or anything with a ``__str__`` (cards).
    ``plural`` + ``count`` select an ngettext form from ``params[count]``.
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    context: str | None = None
    plural: str | None = None
    count: str = "n"

    def render(self, tr: Translator) -> str:
        return tr.render(self)

    def __str__(self) -> str:  # pragma: no cover - debugging aid
        return get_translator("en").render(self)


@lru_cache(maxsize=64)
def _pattern(fmt: str) -> NumberPattern:
    """A number pattern parsed once: Babel parses a pattern string again at every call, and a page
    formats hundreds of numbers a click (Babel's functions take the parsed pattern as well)."""
    return parse_pattern(fmt)


@lru_cache(maxsize=8192)
def _int_text(locale: str, value: int) -> str:
    """An amount in ``locale``, kept: the same few hundred chip amounts come back at every click."""
    return format_decimal(value, locale=Locale.parse(locale))


class Translator:
    """gettext for one locale plus Babel number formatting for the same locale."""

    def __init__(self, locale: str, translations: NullTranslations, *, markdown: bool = False) -> None:
        self.locale = locale
        self._t = translations
        self._babel_locale = Locale.parse(locale)
        # How UserText parameters are shown: isolated plain text, or also escaped for Markdown.
        self._markdown = markdown
        self._md: Translator | None = self if markdown else None

    def md(self, msg: str | Message, **params: Any) -> str:
        """Like calling the translator, for a Markdown sink: :class:`UserText` parameters
        (names from users and files) come out escaped (:func:`coach.textsafe.md_text`).

        The template is ours and may hold Markdown (``**...**``); only the foreign text
        is escaped. This is the one place where a name meets a Markdown sentence: a
        message carries the name marked, and the sink decides how it is shown.
        """
        return self.for_markdown(msg, **params)

    @property
    def for_markdown(self) -> Translator:
        """This translator for a Markdown sink (see :meth:`md`), to pass where a Translator is
        expected (``err.localized(t.for_markdown)``)."""
        if self._md is None:
            self._md = Translator(self.locale, self._t, markdown=True)
        return self._md

    # -- gettext --------------------------------------------------------------
    def gettext(self, msgid: str) -> str:
        # gettext maps the empty msgid to the catalog's header: an empty text stays empty
        return self._t.gettext(msgid) if msgid else ""

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        return str(self._t.pgettext(context, msgid))

    def counted(self, forms: tuple[str, str], count: str = "n", **params: Any) -> str:
        """A sentence whose words agree with its number («1 errore», «3 errori»).

        ``forms`` is an ``NN_`` pair; ``count`` names the parameter that chooses the form.
        """
        return self.render(Message(forms[0], params, plural=forms[1], count=count))

    def __call__(self, msg: str | Message, **params: Any) -> str:
        """Translate a plain msgid (formatted with ``params``) or render a Message."""
        if isinstance(msg, Message):
            return self.render(msg)
        return self.render(Message(msg, params))

    def render(self, msg: Message) -> str:
        if msg.plural is not None:
            n = int(msg.params.get(msg.count, 0))
            text = self.ngettext(msg.msgid, msg.plural, n)
        elif msg.context is not None:
            text = self.pgettext(msg.context, msg.msgid)
        else:
            text = self.gettext(msg.msgid)
        if not msg.params:
            return text
        values = {k: self.format_value(v) for k, v in msg.params.items()}
        try:
            return self._format(text, values)
        except (KeyError, IndexError, ValueError, AttributeError):
            # A broken translation must never crash a learner's page: fall back
            # to the source text, which tests keep consistent with the params.
            return msg.msgid.format(**values)

    def _format(self, text: str, values: Mapping[str, str]) -> str:
        """``text.format(**values)``; in Italian the words before each value agree with it.

        A template cannot know the name or the number it will receive ("torna a
        {name}", "circa il {percent}"), so the agreement is made here, once, where
        the value meets the text: see :func:`italian_before`.
        """
        if self.locale != "it":
            return text.format(**values)
        out = ""
        for literal, field_name, spec, conversion in _FORMATTER.parse(text):
            out += literal
            if field_name is None:
                continue
            obj, _ = _FORMATTER.get_field(field_name, (), values)
            value = _FORMATTER.format_field(_FORMATTER.convert_field(obj, conversion), spec or "")
            out = italian_before(out, value) + value
        return out

    # -- formatting -----------------------------------------------------------
    def format_value(self, value: Any) -> str:
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Lowered):
            text = self.render(value.message)
            return text[:1].lower() + text[1:]
        if isinstance(value, UserText):
            return md_text(value.text) if self._markdown else isolate(value.text)
        if isinstance(value, bool):
            return str(value)
        if type(value) is int:  # exactly int: a Card is an int subclass and prints as "As"
            return self.format_int(value)
        if isinstance(value, Amount):
            return self.format_amount(value.chips, value.scale)
        if isinstance(value, Percent):
            return self.format_percent(value.value, value.decimals)
        if isinstance(value, Decimal):
            return self.format_number(value.value, value.decimals)
        if isinstance(value, float):
            return self.format_number(value, 2)
        return str(value)

    def format_int(self, value: int) -> str:
        """An amount with the locale's grouping (it: ``1.234``).

        Babel rounds through a 28-digit decimal context and fails from 10**25 on;
        inputs are limited well below that (:mod:`coach.limits`), but a message
        must never crash while reporting a number, so larger ones print as a power of ten.
        """
        if abs(value) < 10**24:
            return _int_text(self.locale, value)
        return f"{'-' if value < 0 else ''}~10^{int(value.bit_length() * 0.30103)}"

    def format_number(self, value: float, decimals: int = 1) -> str:
        """A figure with at most ``decimals`` decimals (it: ``1.234,5``)."""
        fmt = "#,##0" + ("." + "#" * decimals if decimals > 0 else "")
        return format_decimal(value, format=_pattern(fmt), locale=self._babel_locale)

    def format_fixed(self, value: float, decimals: int = 1) -> str:
        """A figure with exactly ``decimals`` decimals (it: ``2,60``)."""
        fmt = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
        return format_decimal(value, format=_pattern(fmt), locale=self._babel_locale)

    def format_percent(self, ratio: float, decimals: int = 1) -> str:
        """A ratio as a percentage (it: ``25,5%``)."""
        fmt = "#,##0" + ("." + "0" * decimals if decimals > 0 else "") + "%"
        return _babel_format_percent(ratio, format=_pattern(fmt), locale=self._babel_locale)

    def format_amount(self, chips: int, scale: int = 1) -> str:
        """Chips as an amount; ``scale`` > 1 means integer cents shown as units."""
        if scale == 1:
            return self.format_int(chips)
        decimals = len(str(scale)) - 1
        return self.format_fixed(chips / scale, decimals)


_FORMATTER = string.Formatter()


def user_params(msg: Message) -> Message:
    """``msg`` with every plain ``str`` parameter (in nested messages too) marked as
    :class:`UserText`.

    For messages whose text parameters are all data, never ours: an error about a file
    (its name, a player's name, the value it could not read) or an engine's refusal
    (the players' names). Rendered with :meth:`Translator.md`, such a value can no longer
    become a link or an image in the sentence that reports it.
    """
    def mark(value: Any) -> Any:
        if isinstance(value, Message):
            return user_params(value)
        if isinstance(value, Lowered):
            return Lowered(user_params(value.message))
        if type(value) is str:
            return UserText(value)
        return value

    return Message(msg.msgid, {k: mark(v) for k, v in msg.params.items()}, msg.context, msg.plural, msg.count)

# Italian agreement between a template's last word and the value that follows it.
_VOWELS = "aeiouàèéìòùAEIOUÀÈÉÌÒÙ"
# Articles and articulated prepositions that elide before a vowel sound (l'8%, dell'11%),
# and the plural ones that change (gli 8, degli 80).
_ELIDED = {"il": "l'", "del": "dell'", "al": "all'", "dal": "dall'", "nel": "nell'", "sul": "sull'"}
_PLURAL = {"i": "gli", "dei": "degli", "ai": "agli", "dai": "dagli", "nei": "negli", "sui": "sugli"}
# and the ones that take the form of "lo" before a number read from "zero" (lo 0,9%, dello 0,5%)
_ZERO = {"il": "lo", "del": "dello", "al": "allo", "dal": "dallo", "nel": "nello", "sul": "sullo"}
_LAST_WORD = re.compile(r"(?:^|(?<=[\s(«\"“]))([A-Za-z]+) $")
_LEADING_NUMBER = re.compile(r"\d{1,3}(?:\.\d{3})+(?!\d)|\d+")


def _spoken_with_vowel(n: int) -> bool:
    """Whether the Italian words for ``n`` start with a vowel: uno, otto, undici, ottanta...

    Read as Italians read numbers: by thousands (mille, duemila, ottomila,
    undicimila) and millions (un milione, otto milioni).
    """
    if n >= 1_000_000:
        return n // 1_000_000 == 1 or _spoken_with_vowel(n // 1_000_000)
    if n >= 1000:
        return n // 1000 != 1 and _spoken_with_vowel(n // 1000)
    if n >= 100:
        return n // 100 == 8
    return n in (1, 8, 11) or 80 <= n <= 89


def number_with_vowel(text: str) -> bool:
    """Whether a number as written in Italian (``8``, ``11,1%``, ``1.000``) is read with a vowel first."""
    m = _LEADING_NUMBER.match(text)
    return m is not None and _spoken_with_vowel(int(m.group().replace(".", "")))


def italian_before(before: str, value: str) -> str:
    """The text before ``value`` with its last word agreeing with it (Italian grammar, in one place).

    - ``a`` becomes ``ad`` before a word starting with a vowel (ad Anna, ad Elena),
      ``e`` becomes ``ed`` before a word starting with *e* (ed Elena, but e Anna);
    - ``il``/``del``/``al``... elide before a number read with a vowel
      (l'8%, l'11,1%, dell'80%, but il 18%, il 1.000), and take the form of
      ``lo`` before a number read from zero (lo 0,9%); ``i``/``dei``... become
      ``gli``/``degli``... (gli 8).

    Only a last word followed by exactly one space counts, so text already right
    ("ad Anna", "l'8%") is left alone.
    """
    m = _LAST_WORD.search(before)
    if m is None or not value:
        return before
    word = m.group(1)
    low = word.lower()
    head = before[: m.start(1)]

    def cased(new: str) -> str:
        return new[:1].upper() + new[1:] if word[:1].isupper() else new

    first = value[0]
    if first.isalpha():
        if low == "a" and first in _VOWELS:
            return head + cased("ad") + " "
        if low == "e" and first in "eèéEÈÉ":
            return head + cased("ed") + " "
        return before
    # zero virgola nove: lo 0,9%; a date's day (06/01/2027, read «sei») is not read from zero
    if first == "0" and low in _ZERO and not value[1:2].isdigit():
        return head + cased(_ZERO[low]) + " "
    if first.isdigit() and number_with_vowel(value):
        if low in _ELIDED:
            return head + cased(_ELIDED[low])
        if low in _PLURAL:
            return head + cased(_PLURAL[low]) + " "
    return before


def catalog_path(locale: str) -> Path:
    return locales_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _compile(locale: str) -> NullTranslations:
    """Compile the ``.po`` in memory; an absent catalog gives the source texts."""
    path = catalog_path(locale)
    if not path.exists():
        return NullTranslations()
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


@cache
def get_translator(locale: str = DEFAULT_LOCALE) -> Translator:
    """The cached translator for ``locale`` (unknown locales fall back to Italian)."""
    if locale not in SUPPORTED_LOCALES:
        locale = DEFAULT_LOCALE
    return Translator(locale, _compile(locale))


def render(msg: Message | str, locale: str = DEFAULT_LOCALE) -> str:
    """Shortcut for one-off rendering (CLI output, tests)."""
    return get_translator(locale)(msg)
