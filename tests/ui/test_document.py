"""The document's language and Streamlit's own labels (coach/ui/document.py).

The script itself runs in the browser (tests/e2e/test_italian.py); here, what it is given: the
language code, every English text's translation in Italian, and values that cannot end the script.
"""

from __future__ import annotations

import json
import re

from coach.i18n import get_translator
from coach.ui.document import EXACT, PATTERNS, _slot, document_script, labels, lang_code


def test_lang_code_is_the_language_of_the_locale() -> None:
    assert [lang_code(x) for x in ("it", "en", "it_IT", "en-GB", "EN")] == ["it", "en", "it", "en", "en"]
    assert lang_code("") == "it"  # never an empty attribute


def test_every_streamlit_text_has_an_italian_label_unlike_the_english() -> None:
    it = labels(get_translator("it"))
    exact = it["exact"]
    assert isinstance(exact, dict) and set(exact) == set(EXACT)
    assert all(italian and italian != english for english, italian in exact.items()), exact
    assert exact["Upload"] == "Carica" and exact["Main menu"] == "Menu principale"
    en = labels(get_translator("en"))["exact"]
    assert isinstance(en, dict) and all(en[k] == k for k in EXACT)  # English stays as Streamlit says it


def test_the_patterns_put_streamlit_s_value_into_the_italian_and_never_match_it_again() -> None:
    it = labels(get_translator("it"))["patterns"]
    assert isinstance(it, list) and len(it) == len(PATTERNS)
    samples = {r"^Help for (.+)$": "Help for Mano in formato PHH (.phh)", r"^(\d+) more$": "5 more",
               r"^View (\d+) more$": "View 2 more", r"^(\S+) per file$": "1MB per file"}
    shown = {}
    for regex, out in it:
        # JavaScript's "$1" is Python's "\1" here; the translated text must not match again (no loop)
        result = re.sub(regex, out.replace("$1", r"\1").replace("$$", "$"), samples[regex])
        assert not re.search(regex, result), (regex, result)
        shown[samples[regex]] = result
    assert shown == {"Help for Mano in formato PHH (.phh)": "Aiuto: Mano in formato PHH (.phh)",
                     "5 more": "Altre 5", "View 2 more": "Mostra altre 2 pagine",
                     "1MB per file": "Al massimo 1MB per file"}


def test_slot_turns_the_placeholder_into_the_group_and_escapes_dollars() -> None:
    assert _slot("Altre {count}") == "Altre $1"
    assert _slot("{size} max, $ 5") == "$1 max, $$ 5"
    assert _slot("no placeholder $") == "no placeholder $$"


def test_the_script_sets_the_language_and_no_text_can_end_it() -> None:
    script = document_script(get_translator("it"))
    assert script.startswith("<script>") and script.endswith("</script>")
    assert script.count("</script>") == 1 and script.count("<script>") == 1
    config = json.loads(script.split("cfg = ", 1)[1].split(";\ndoc.", 1)[0])
    assert config["lang"] == "it" and config["exact"]["Upload"] == "Carica"
    assert '"lang": "en"' in document_script(get_translator("en"))


class _Hostile:
    """A translator whose every text tries to close the script."""

    locale = "it"

    def gettext(self, msgid: str) -> str:
        return "</script><script>alert(1)</script>{x}"


def test_a_translation_that_closes_the_script_stays_inside_it() -> None:
    script = document_script(_Hostile())  # type: ignore[arg-type]
    assert script.count("</script") == 1 and script.count("<script") == 1 and "<!--" not in script
    config = json.loads(script.split("cfg = ", 1)[1].split(";\ndoc.", 1)[0])
    assert config["exact"]["Upload"] == "</script><script>alert(1)</script>{x}"  # the text, as text
