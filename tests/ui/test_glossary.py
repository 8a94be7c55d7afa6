"""The glossary (coach/ui/glossary.py) covers the jargon the lessons use.

A learner who meets «ICM» or «bolla» in a lesson must find it in the Glossario,
in Italian and in English. JARGON lists the poker words a beginner would not
know; every one a lesson uses must name a glossary term in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from coach.i18n import get_translator
from coach.lessons.loader import default_lessons_dir, lesson_paths
from coach.ui.glossary import GLOSSARY, WARNINGS

from .helpers import goto, texts

# (the word as Italian lessons write it (regex, lowercase), a fragment of the Italian
#  glossary term's name, a fragment of the English one)
JARGON: tuple[tuple[str, str, str], ...] = (
    (r"\bicm\b", "icm", "icm"),
    (r"\bbolla\b", "bolla", "bubble"),
    (r"\btavolo finale\b", "tavolo finale", "final table"),
    (r"\bstack effettivo\b", "stack effettivo", "effective stack"),
    (r"\bstack cort[oi]\b", "stack corto", "short stack"),
    (r"\b3-bet\b", "3-bet", "3-bet"),
    (r"\b4-bet\b", "4-bet", "4-bet"),
    (r"\bc-bet\b", "c-bet", "c-bet"),
    (r"\blimp\b", "limp", "limp"),
    (r"\bisolar[ei]\b", "isolamento", "isolation"),
    (r"\bapri\b|\bapertura\b", "aprire", "open raise"),
    (r"\bopzione del grande buio\b", "opzione", "option"),
    (r"\bdifende\b", "difendere", "defending"),
    (r"\bdominat[ae]\b", "dominata", "dominated"),
    (r"\btabelle preflop\b", "tabelle preflop", "preflop charts"),
    (r"\bpush/fold\b", "push/fold", "push/fold"),
    (r"\bmuck\b", "muck", "muck"),
    (r"\ble carte parlano\b", "le carte parlano", "the cards speak"),
    (r"\bgiochi il board\b", "giocare il board", "playing the board"),
    (r"\bkicker\b", "kicker", "kicker"),
    (r"\bnuts\b", "nuts", "nuts"),
    (r"\btop pair\b", "top pair", "top pair"),
    (r"\bseconda coppia\b", "seconda coppia", "second pair"),
    (r"\bouts\b", "outs", "outs"),
    (r"\bprogetto colore\b", "progetto colore", "flush draw"),
    (r"\bbilaterale\b", "bilaterale", "open-ended"),
    (r"\bscala interna\b|\bgutshot\b", "scala interna", "gutshot"),
    (r"\b(asciutt|bagnat)[oi]\b", "asciutto e bagnato", "dry and wet"),
    (r"\bcontraffatt[ae]\b", "contraffatta", "counterfeited"),
    (r"\bpuntata di valore\b", "puntata di valore", "value bet"),
    (r"\bsemi-bluff\b", "semi-bluff", "semi-bluff"),
    (r"\bimplied odds\b", "implied odds", "implied odds"),
    (r"\bpot odds\b", "pot odds", "pot odds"),
    (r"\bequity\b", "equity", "equity"),
    (r"\brange\b", "range", "range"),
    (r"\bspr\b", "spr", "spr"),
    (r"\bvalore atteso\b", "valore atteso", "expected value"),
    (r"\broccia\b|\bprincipiante che paga troppo\b", "profili", "profiles"),
    (r"\bequilibrio calcolato\b|\bsolver\b", "equilibrio calcolato", "equilibrium"),
    (r"\bstraddle\b", "straddle", "straddle"),
    (r"\bbui mancati\b", "bui mancati", "missed blinds"),
    (r"\bmisdeal\b", "misdeal", "misdeal"),
    (r"\brake\b", "rake", "rake"),
    (r"\bbankroll\b", "bankroll", "bankroll"),
    (r"\bvarianza\b", "varianza", "variance"),
)


def _lesson_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in lesson_paths(default_lessons_dir())).lower()


def _names(locale: str) -> list[str]:
    tr = get_translator(locale)
    return [tr.gettext(term.term).lower() for term in GLOSSARY]


def test_the_lessons_use_the_jargon_list() -> None:
    """The list is about the lessons: a word no lesson uses any more is dropped from it."""
    text = _lesson_text()
    unused = [pattern for pattern, _, _ in JARGON if not re.search(pattern, text)]
    assert not unused


@pytest.mark.parametrize("locale", ["it", "en"])
def test_every_jargon_word_of_the_lessons_has_a_glossary_term(locale: str) -> None:
    text = _lesson_text()
    names = _names(locale)
    missing = []
    for pattern, italian, english in JARGON:
        fragment = italian if locale == "it" else english
        if re.search(pattern, text) and not any(fragment in name for name in names):
            missing.append(fragment)
    assert not missing


def test_icm_and_bubble_say_what_they_mean() -> None:
    tr = get_translator("it")
    by_name = {tr.gettext(term.term): tr.gettext(term.definition) for term in GLOSSARY}
    icm = next(d for n, d in by_name.items() if n.startswith("ICM"))
    assert "premi" in icm and "fiche" in icm and "in proporzione" in icm
    assert "premi" in by_name["Bolla"]


@pytest.mark.parametrize("locale", ["it", "en"])
def test_terms_are_unique_and_translated(locale: str) -> None:
    names = _names(locale)
    assert len(names) == len(set(names))
    if locale == "it":
        tr = get_translator("it")
        untranslated = [t.term for t in GLOSSARY if tr.gettext(t.definition) == t.definition]
        assert not untranslated
        assert all(tr.gettext(w) != w for w in WARNINGS)


def test_the_unit_is_bb_not_grandi_bui() -> None:
    """DESIGN.md §4: the unit is «big blind»/«bb»; «grande buio» is the seat."""
    tr = get_translator("it")
    text = " ".join(tr.gettext(t.term) + " " + tr.gettext(t.definition) for t in GLOSSARY)
    assert "grandi bui" not in text
    assert "grandi bui" not in _lesson_text()


def test_searching_the_bubble_finds_it_and_icm(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "glossario")
    at.text_input(key="glossary_query").input("bolla").run()
    body = texts(at)
    assert "Bolla" in body and "ICM (Independent Chip Model)" in body and "Kicker" not in body
