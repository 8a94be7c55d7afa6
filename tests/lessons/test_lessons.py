"""The course itself: every lesson loads, replays on the engine and agrees with it.

``test_lessons_check_clean`` is ``python -m coach lessons check`` run as a test,
so CI fails on a lesson that teaches something the engine disagrees with.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from pathlib import Path

import pytest

from coach.cli.lessons import main
from coach.engine.phh import loads_phh
from coach.i18n import get_translator
from coach.lessons import RULES, load_lessons
from coach.lessons.loader import default_lessons_dir, lesson_paths
from coach.lessons.schema import TOPICS
from coach.lessons.validator import check_lessons, coverage, english_words, mentioned

LESSONS = default_lessons_dir()


def test_lessons_check_clean() -> None:
    problems = check_lessons(lesson_paths(LESSONS), course=True)
    assert problems == [], "\n".join(p.render(get_translator("en")) for p in problems)


# The course in the order the learner follows it. The new lessons of curriculum 2 are
# placed with 'after' and keep ids of their own, so the old ids (in links and stored
# progress) still name the same lessons.
COURSE = [
    "01-mazzo-carte-punti", "02-bottone-bui", "03-azioni", "04-preflop", "13-posizione-mani-iniziali",
    "05-flop-turn-river", "06-puntare-rilanciare", "07-allin-piatti-laterali", "08-showdown",
    "09-heads-up", "10-strutture-tornei", "11-pot-odds-outs-equity", "14-leggere-il-board",
    "15-quanto-puntare-stack-corti", "12-mani-esempio", "16-tavolo-live-gioco-responsabile",
]


def test_cli_check_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    assert f": {len(COURSE)}." in capsys.readouterr().out


def test_the_course_order() -> None:
    lessons = load_lessons(LESSONS)
    assert [lesson.id for lesson in lessons] == COURSE
    assert [lesson.place for lesson in lessons] == list(range(1, len(COURSE) + 1))
    titles = {lesson.id: lesson.title for lesson in lessons}
    assert titles["01-mazzo-carte-punti"] == "Il mazzo, le carte e i punti"
    assert titles["09-heads-up"].startswith("Heads-up")
    assert titles["12-mani-esempio"] == "Mani d'esempio complete"
    for lesson in lessons:
        assert lesson.hands, lesson.id
        assert lesson.decision_count + len(lesson.questions) >= 3, lesson.id


def test_every_lesson_has_engine_checked_questions() -> None:
    """A course whose answers were never computed would make the validator pointless."""
    for lesson in load_lessons(LESSONS):
        assert any(q.fact is not None for q in lesson.questions), lesson.id


def test_lesson_12_plays_the_seed_hands_with_a_hero() -> None:
    lesson = next(x for x in load_lessons(LESSONS) if x.id == "12-mani-esempio")
    abct = lesson.hand("alice-bob-carol-ted")
    assert set(abct.phh.players) == {"Alice", "Bob", "Carol", "Ted"}
    assert "9d" in abct.phh.actions[18] and abct.hero is not None and abct.decisions
    seed001 = lesson.hand("asso-jack-cuori")
    assert "d dh p6 AhJh" in seed001.phh.actions and seed001.hero == 6
    assert all(d.seat == seed001.hero for d in seed001.decisions)
    final = loads_phh(seed001.phh.to_toml()).replay()
    assert final.result is not None
    luca = seed001.phh.players.index("Luca")
    assert final.result.won(luca) == 103  # the seed: "vinci tu" a pot of 103


def test_to_toml_round_trips_through_the_phh_reader() -> None:
    hand = load_lessons(LESSONS)[0].hands[0]
    history = loads_phh(hand.phh.to_toml())
    assert history.players == tuple(hand.phh.players)
    assert history.starting_stacks == tuple(hand.phh.starting_stacks)
    assert len(history.actions) == len(hand.phh.actions)


def test_to_toml_writes_extra_fields_as_toml_writes_them() -> None:
    """Extra PHH fields pass through a lesson's hand: special floats, tables, dates, odd keys and
    control characters are written so that TOML reads back exactly what the lesson said."""
    base = load_lessons(LESSONS)[0].hands[0].phh
    extra = {"rating": float("inf"), "low": float("-inf"), "meta": {"a": {"b": 2}, "note": "tab\there"},
             "when": datetime.date(2026, 5, 1), "my key": "a \x7f b", "odd": float("nan")}
    phh = base.model_copy(update=extra)
    data = tomllib.loads(phh.to_toml())
    assert math.isnan(data.pop("odd"))
    assert {k: data[k] for k in extra if k != "odd"} == {k: v for k, v in extra.items() if k != "odd"}
    assert loads_phh(phh.to_toml()).players == tuple(base.players)


# -- coverage: every rule of DESIGN.md §5 in a section, a hand and a question -------------


def _design_rule_ids(shared_dir: Path) -> list[str]:
    # shared_dir is tests/conftest.py's require_shared(): skips in a user's clone, fails under CI.
    text = (shared_dir / "DESIGN.md").read_text(encoding="utf-8")
    section = text.split("## 5.", 1)[1]
    return re.findall(r"^- (R\d\d) ", section, flags=re.MULTILINE)


def test_rule_list_in_code_matches_design(shared_dir: Path) -> None:
    assert _design_rule_ids(shared_dir) == list(RULES)


def test_code_rule_list_is_r01_to_r19() -> None:
    assert list(RULES) == [f"R{i:02d}" for i in range(1, 20)]


@pytest.mark.parametrize("rule", list(RULES))
def test_rule_is_taught_shown_and_asked(rule: str) -> None:
    places = coverage(load_lessons(LESSONS))[rule]
    assert places["sections"], f"{rule}: no lesson section"
    assert places["hands"], f"{rule}: no example hand"
    assert places["questions"], f"{rule}: no question or decision point"


@pytest.mark.parametrize("topic", list(TOPICS))
def test_topic_is_taught_shown_and_asked(topic: str) -> None:
    """The non-rule topics of curriculum 2 (how to read the coach, position, pot odds, the
    board, bet sizing, the live table, responsible play) are covered like the rules."""
    places = coverage(load_lessons(LESSONS))[topic]
    assert places["sections"], f"{topic}: no lesson section"
    assert places["hands"], f"{topic}: no example hand"
    assert places["questions"], f"{topic}: no question or decision point"


def test_every_topic_of_curriculum_2_is_there() -> None:
    assert set(TOPICS) == {"coach", "posizione", "pot-odds", "board", "puntate", "tavolo-live",
                           "gioco-responsabile"}


def test_each_rule_has_a_quiz_question_not_only_a_decision() -> None:
    lessons = load_lessons(LESSONS)
    asked = {r for lesson in lessons for q in lesson.questions for r in q.rules}
    assert asked == set(RULES) | set(TOPICS)


# -- the Italian text --------------------------------------------------------------------------


def test_english_word_check() -> None:
    assert english_words("The last player wins the pot.") == ["the", "pot", "player", "wins"]
    assert english_words("Il piatto va a chi ha il «side pot» più alto, e le pot odds.") == []
    assert english_words("Fold, check, call, bet, raise e all-in; flop, turn, river.") == []


def test_names_are_matched_as_whole_words() -> None:
    assert mentioned("Anna e Bruno si dividono il piatto", ["Anna", "Bruno", "Carla"]) == {"Anna", "Bruno"}
    assert mentioned("Annalisa vince", ["Anna"]) == set()
    assert mentioned("Tutti foldano", ["Tu"]) == set()


def test_lesson_text_uses_the_glossary() -> None:
    """Glossary words the rule texts use in English must appear in Italian in our prose."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in lesson_paths(LESSONS))
    prose = re.sub(r"«[^»]*»", "", text)
    for english in ("small blind", "big blind", "side pot", "split pot", "chips"):
        assert english not in prose.lower(), english
    for italian in ("piccolo buio", "grande buio", "piatto laterale", "piatto diviso", "fiche", "bottone"):
        assert italian in text, italian


def test_lessons_dir_has_only_lessons() -> None:
    from coach.lessons.overlay import OVERLAY_LOCALES

    # the only folders are the translations (lessons/en/), holding lesson files too
    names = [p.name for p in Path(LESSONS).iterdir() if not (p.is_dir() and p.name in OVERLAY_LOCALES)]
    for loc in OVERLAY_LOCALES:
        names += [p.name for p in (Path(LESSONS) / loc).glob("*")]
    assert all(re.match(r"^\d\d-[a-z0-9-]+\.toml$", n) for n in names), names


# -- one way to name hands and cards (docs/LESSONS.md, "Naming hands and cards") -------------

_HAND_NAMES = r"(Coppia|Doppia coppia|Tris|Scala colore|Scala reale|Scala|Colore|Full|Poker|Carta alta)"
_NAMING = (
    # a hand's name is a common noun: lowercase in the middle of a sentence
    (re.compile(r"(?<=[a-zàèéìòù,;] )" + _HAND_NAMES + r"\b"), "a hand's name capitalised mid-sentence"),
    # ranks in prose are words with a capital: coppia di Re, d'Assi, di Donne, di Jack
    (re.compile(r"\b(coppia|coppie|tris|poker|full)\s+(di|d')\s*(re|donne?|jack|assi|asso)\b"),
     "a rank written lowercase"),
    (re.compile(r"\b(coppia|coppie|tris|poker|full|kicker)\s+(di\s+|d')?[AKQJT]\b"),
     "a rank written as a letter in a hand's name"),
    (re.compile(r"\bcon [AKQJ] e [AKQJ]\b"), "ranks written as letters in prose"),
)


def naming_problems(text: str) -> list[str]:
    """Where ``text`` breaks the naming convention for hands and cards (letters in a card
    sequence like K-A-2-3-4 or in card codes like K♠ are fine)."""
    return [f"{why}: {m.group(0)!r}" for pattern, why in _NAMING for m in pattern.finditer(text)]


def test_naming_convention_is_read_right() -> None:
    # what the lessons said before the review, and what they say now
    assert naming_problems("Carol mostra K♠J♥: doppia coppia, Re e 9, kicker J.")
    assert naming_problems("Tris di 9 con K e Q contro doppia coppia Re e 9")
    assert naming_problems("è avanti Bruno con Coppia d'Assi")
    assert naming_problems("ha una coppia di re")
    assert not naming_problems("Tris di 9 con il Re e la Donna contro doppia coppia Re e 9.")
    assert not naming_problems("Coppia d'Assi contro coppia d'Assi: K-A-2-3-4 non è una scala, A♠Q♣ sì.")


def test_lessons_name_hands_and_cards_one_way() -> None:
    problems = []
    for path in lesson_paths(LESSONS):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            problems += [f"{path.name}:{n}: {p}" for p in naming_problems(line)]
    assert problems == []

