"""English overlays: merged into the Italian lesson, strictly, and checked like it.

``overlays/01-prova.toml`` is a small Italian lesson, ``overlays/en/`` its clean
translation and ``overlays/broken/`` translations with one fault each; a test
copies one of them next to the Italian file as ``en/01-prova.toml``. The last
test runs the real ``lessons/en/*.toml`` through the merge and the engine checks.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from coach.cli.lessons import main
from coach.i18n import get_translator
from coach.lessons.loader import default_lessons_dir, lesson_paths, load_lesson, load_lessons
from coach.lessons.overlay import merge_overlay, overlay_path, overlay_problems
from coach.lessons.problems import LessonLoadError
from coach.lessons.validator import check_lesson, check_lessons, missing_overlays

HERE = Path(__file__).parent / "overlays"
ITALIAN = HERE / "01-prova.toml"
EN = get_translator("en")
IT = get_translator("it")

# broken overlay -> (where, English fragment, Italian fragment)
CASES = {
    "lunghezza-sbagliata.toml": ("sections", "2 in the translation, 1 in the Italian lesson",
                                 "2 nella traduzione, 1 nella lezione italiana"),
    "chiave-sconosciuta.toml": ("hands[0].rules", "unknown key: a translation holds only the texts",
                                "chiave sconosciuta"),
    "feedback-non-italiano.toml": ('hands[0].decisions[0].feedback."p3 cc"',
                                   "no feedback for this option (it has: p3 f, p3 cbr 6)",
                                   "non ha un commento per questa opzione"),
    "non-testo.toml": ("questions[0].choices[1]", "must be text (in quotes)", "deve essere un testo"),
    "testo-mancante.toml": ("hands[0].intro", "missing: the Italian lesson has this text",
                            "manca: la lezione italiana ha questo testo"),
    "testo-in-piu.toml": ("hands[0].outro", "the Italian lesson has no text here", "toglilo"),
    # the engine checks run on the merged lesson: a renamed player is a wrong answer
    "nomi-cambiati.toml": ("questions[0] (chi-vince)", "the engine says Carla", "il motore dice Carla"),
}


def _course(tmp: Path, overlay: Path | None) -> Path:
    """A lessons folder with the Italian fixture and, if given, ``overlay`` as its translation."""
    shutil.copy(ITALIAN, tmp / ITALIAN.name)
    if overlay is not None:
        (tmp / "en").mkdir()
        shutil.copy(overlay, tmp / "en" / ITALIAN.name)
    return tmp / ITALIAN.name


def test_clean_overlay_gives_the_english_lesson_with_the_italian_data() -> None:
    it = load_lesson(ITALIAN)
    en = load_lesson(ITALIAN, locale="en")
    assert (it.title, en.title) == ("Lezione di prova", "Test lesson")
    assert en.sections[0].text.startswith("The last player left")
    assert en.hands[0].intro == "Carla is on the button."
    assert en.hands[0].steps[0].text == "Anna gives up her small blind."
    assert en.hands[0].decisions[0].feedback == {
        "p3 f": "With 7-2 folding is the normal choice.",
        "p3 cbr 6": "A bluff: it works here, but the coach advises against it."}
    assert en.questions[0].explanation == "Everyone folds: Carla wins."
    # everything else is the Italian lesson's
    assert en.hands[0].phh == it.hands[0].phh
    assert [(d.at, d.seat, d.options, d.best) for d in en.hands[0].decisions] == \
        [(d.at, d.seat, d.options, d.best) for d in it.hands[0].decisions]
    assert [(q.id, q.answer, q.fact, q.rules) for q in en.questions] == \
        [(q.id, q.answer, q.fact, q.rules) for q in it.questions]
    assert (it.questions[1].unit, en.questions[1].unit) == ("fiche", "chips")  # the default unit, in English
    assert load_lesson(ITALIAN, locale="it") == it  # the default is the Italian lesson


def test_clean_overlay_passes_the_check_without_the_italian_word_check() -> None:
    # "the", "pot" and "small blind" would be English words in an Italian text
    assert check_lessons([ITALIAN]) == []
    lesson, problems = check_lesson(ITALIAN, locale="en")
    assert problems == [] and lesson is not None and lesson.title == "Test lesson"


def test_every_broken_overlay_has_a_case() -> None:
    assert sorted(p.name for p in (HERE / "broken").glob("*.toml")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_overlay_fails_precisely(name: str, tmp_path: Path) -> None:
    where, english, italian = CASES[name]
    lesson = _course(tmp_path, HERE / "broken" / name)
    translation = str(tmp_path / "en" / ITALIAN.name)
    problems = check_lessons([lesson])
    assert [p.where for p in problems] == [where], [str(p) for p in problems]
    assert problems[0].file == translation  # the translation, not the Italian file
    assert english in problems[0].render(EN), problems[0].render(EN)
    assert italian in problems[0].render(IT), problems[0].render(IT)
    assert check_lessons([lesson], overlays=False) == []  # the Italian lesson itself is fine
    assert load_lesson(lesson) == load_lesson(ITALIAN)


@pytest.mark.parametrize("name", sorted(CASES))
def test_cli_fails_on_a_broken_overlay(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lesson = _course(tmp_path, HERE / "broken" / name)
    assert main(["check", str(lesson)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'en' / ITALIAN.name}: {CASES[name][0]}:" in out
    # the translation named on its own is checked too
    assert main(["check", str(tmp_path / "en" / ITALIAN.name)]) == 1
    assert CASES[name][0] in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(n for n in CASES if n != "nomi-cambiati.toml"))
def test_loading_a_broken_overlay_raises(name: str, tmp_path: Path) -> None:
    lesson = _course(tmp_path, HERE / "broken" / name)
    with pytest.raises(LessonLoadError) as info:
        load_lesson(lesson, locale="en")
    assert info.value.problems[0].where == CASES[name][0]
    assert load_lesson(lesson).title == "Lezione di prova"  # the Italian still loads


def test_missing_overlay_falls_back_to_italian_and_is_a_warning(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    lesson = _course(tmp_path, None)
    assert load_lesson(lesson, locale="en") == load_lesson(lesson)
    assert load_lessons(tmp_path, locale="en") == [load_lesson(lesson).model_copy(update={"position": 1})]
    assert missing_overlays([lesson]) == [lesson]
    assert main(["check", str(lesson)]) == 0
    out = capsys.readouterr().out
    assert "Avviso" in out or "Attenzione" in out
    assert "01-prova.toml" in out and "1" in out


def test_orphan_overlay_is_a_course_problem(tmp_path: Path) -> None:
    lesson = _course(tmp_path, HERE / "en" / ITALIAN.name)
    shutil.copy(HERE / "en" / ITALIAN.name, tmp_path / "en" / "02-altra.toml")
    orphans = [p for p in check_lessons([lesson], course=True) if p.file.endswith("02-altra.toml")]
    assert len(orphans) == 1 and "no Italian lesson" in orphans[0].render(EN)
    assert not [p for p in check_lessons([lesson]) if p.file.endswith("02-altra.toml")]


def test_merge_leaves_the_italian_data_untouched() -> None:
    italian = tomllib.loads(ITALIAN.read_text(encoding="utf-8"))
    before = repr(italian)
    overlay = tomllib.loads((HERE / "en" / ITALIAN.name).read_text(encoding="utf-8"))
    merged = merge_overlay(italian, overlay, file="en/01-prova.toml")
    assert repr(italian) == before
    assert merged["title"] == "Test lesson" and merged["hands"][0]["phh"] == italian["hands"][0]["phh"]
    # every problem is reported, not just the first
    overlay["summary"] = 1
    overlay["sections"][0]["rules"] = ["R12"]
    del overlay["questions"][1]["explanation"]
    _, problems = overlay_problems(italian, overlay, file="x")
    assert [p.where for p in problems] == ["summary", "sections[0].rules", "questions[1].explanation"]
    with pytest.raises(ValueError):
        overlay_problems(italian, overlay, file="x", locale="it")


def test_real_english_overlays_merge_and_pass_the_engine_checks(capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever translations exist today: each merges and passes the same checks."""
    paths = [p for p in lesson_paths(default_lessons_dir()) if overlay_path(p, "en").is_file()]
    problems = []
    for path in paths:
        problems += check_lesson(path, locale="en")[1]
    with capsys.disabled():
        print(f"\nEnglish overlays checked: {len(paths)} of {len(lesson_paths(default_lessons_dir()))}")
    assert problems == [], "\n".join(p.render(EN) for p in problems)
    for path in paths:  # and the English lesson really is in English where a translation exists
        assert load_lesson(path, locale="en").title != load_lesson(path).title, path.name


def test_an_engine_fault_of_the_italian_is_reported_once(tmp_path: Path) -> None:
    lesson = _course(tmp_path, HERE / "broken" / "testo-mancante.toml")
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace("answer = 2\nhand", "answer = 1\nhand", 1), encoding="utf-8")
    problems = check_lessons([lesson])
    # the wrong answer once, against the Italian file; the translation's own fault still shown
    assert [(Path(p.file).parent.name, p.where) for p in problems] == \
        [(tmp_path.name, "questions[0] (chi-vince)"), ("en", "hands[0].intro")]
