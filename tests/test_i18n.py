from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from coach.errors import InvalidInput
from coach.i18n import Message, Percent, get_translator

ROOT = Path(__file__).resolve().parent.parent


def test_italian_catalog_really_loads() -> None:
    # Babel falls back silently to the source text: prove a translation happens.
    assert get_translator("it").gettext("Queen") == "Donna"
    assert get_translator("en").gettext("Queen") == "Queen"


def test_numbers_follow_the_locale() -> None:
    it, en = get_translator("it"), get_translator("en")
    assert it.format_number(1234.5) == "1.234,5"
    assert en.format_number(1234.5) == "1,234.5"
    assert it.format_percent(0.255) == "25,5%"
    assert it.format_amount(123456, scale=100) == "1.234,56"
    assert it(Message("{n}", {"n": Percent(0.196)})) == "19,6%"


def test_unknown_locale_falls_back_to_italian() -> None:
    assert get_translator("xx").locale == "it"


def test_errors_render_in_both_languages() -> None:
    err = InvalidInput("The deck has only {left} cards left.", left=3)
    assert str(err) == "The deck has only 3 cards left."
    assert err.localized(get_translator("it")) == "Nel mazzo restano solo 3 carte."


def test_every_code_string_has_an_italian_translation() -> None:
    proc = subprocess.run(
        [sys.executable, "tools/i18n.py", "check"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_plural_form_is_empty() -> None:
    from babel.messages.pofile import read_po

    with (ROOT / "locales/it/LC_MESSAGES/messages.po").open("rb") as fh:
        catalog = read_po(fh, locale="it")
    for m in catalog:
        if isinstance(m.id, tuple):
            assert all(m.string), m.id


def test_importing_coach_does_not_import_streamlit() -> None:
    code = (
        "import sys, coach, coach.cards, coach.i18n, coach.errors\n"
        "import pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(coach.__path__, 'coach.'):\n"
        "    if not m.name.startswith('coach.ui'):\n"
        "        importlib.import_module(m.name)\n"
        "assert 'streamlit' not in sys.modules, 'streamlit imported outside coach.ui'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_hand_name_inside_a_sentence_starts_in_lower_case() -> None:
    from coach.evaluator import describe
    from coach.i18n import Lowered

    it = get_translator("it")
    hand = describe(["9c", "9d", "9h", "Ks", "Qs", "3h", "5s"])
    assert it(hand) == "Tris di 9, kicker K e Q"
    pot = Message("the pot of {amount}", {"amount": 26})
    sentence = Message("{name} wins {pot}: {hand}.", {"name": "Bob", "pot": pot, "hand": Lowered(hand)})
    assert it(sentence) == "Bob vince il piatto di 26: tris di 9, kicker K e Q."


def test_italian_grammar_agrees_with_the_value_that_follows() -> None:
    # One helper for every template: a/ad, e/ed, il/l', i/gli before names and numbers.
    from coach.i18n import italian_before

    def joined(before: str, value: str) -> str:
        return italian_before(before, value) + value

    assert joined("torna a ", "Anna") == "torna ad Anna"
    assert joined("Tocca a ", "Elena") == "Tocca ad Elena"
    assert joined("Tocca a ", "Bruno") == "Tocca a Bruno"
    assert joined("fra Franco e ", "Elena") == "fra Franco ed Elena"
    assert joined("Franco e ", "Anna") == "Franco e Anna"  # ed only before e
    assert joined("circa il ", "8%") == "circa l'8%"
    assert joined("il ", "11,1%") == "l'11,1%"
    assert joined("il ", "80%") == "l'80%"
    assert joined("il ", "1.000") == "il 1.000"  # mille
    assert joined("il ", "18%") == "il 18%"
    assert joined("il ", "8.000") == "l'8.000"  # ottomila
    assert joined("Il ", "8%") == "L'8%"
    assert joined("non copre i ", "8") == "non copre gli 8"
    assert joined("dal ", "11%") == "dall'11%"
    assert joined("solo il ", "0,9%") == "solo lo 0,9%"  # zero virgola nove
    assert joined("del ", "0,5%") == "dello 0,5%"
    assert joined("fino al ", "06/01/2027") == "fino al 06/01/2027"  # a date's day: «sei», not zero
    assert joined("ad ", "Anna") == "ad Anna"  # already right: unchanged
    assert joined("paga ", "8") == "paga 8"


def test_italian_grammar_applies_to_every_rendered_message() -> None:
    it, en = get_translator("it"), get_translator("en")
    returned = Message("Uncalled bet of {amount} returned to {name}.", {"amount": 8, "name": "Anna"})
    assert it(returned) == "La puntata non pagata di 8 torna ad Anna."
    assert en(returned) == "Uncalled bet of 8 returned to Anna."
    both = Message("{first} and {last}", {"first": "Franco", "last": "Elena"})
    assert it(both) == "Franco ed Elena"
    rule = Message("Rule of 2: about {rule2} to hit one on the turn (exactly {count} out of {unseen} unseen "
                   "cards, {exact}). With turn and river to come, the rule of 4 gives about {rule4}.",
                   {"rule2": Percent(0.08, 0), "count": 4, "unseen": 47, "exact": Percent(0.085),
                    "rule4": Percent(0.16, 0)})
    assert "circa l'8% di prenderne" in it(rule) and "il 16%" in it(rule) and "il 8,5%" not in it(rule)
    assert it(Message("{a}", {"a": "il "})) == "il "  # a value is never rewritten, only the text before it
