"""Each broken lesson in ``broken/`` fails the check with a precise message.

Precise means: the file, the place in the file and the problem, in English for
logs and in Italian for the author (the Italian catalog must really load).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from coach.cli.lessons import main
from coach.errors import LessonError
from coach.i18n import get_translator
from coach.lessons.loader import load_lesson, parse_lesson
from coach.lessons.problems import LessonLoadError
from coach.lessons.validator import check_lessons

BROKEN = Path(__file__).parent / "broken"
EN = get_translator("en")
IT = get_translator("it")

# file -> (where, English fragment, Italian fragment)
CASES = {
    "01-campo-mancante.toml": ("summary", "required field is missing", "campo obbligatorio"),
    "02-azione-illegale.toml": ("hands[0] (mano).phh.actions[5]", "'p2 cbr 8'", "il rilancio minimo è a 10"),
    "03-risposta-sbagliata.toml": ("questions[0] (chi-vince)", "but the engine says Carla (choice 2)",
                                   "il motore dice Carla"),
    "04-opzione-illegale.toml": ("hands[0] (mano).decisions[0]", "option 'p3 cbr 3' is not legal",
                                 "il rilancio minimo è a 4"),
    "05-carta-sbagliata.toml": ("hands[0].phh.actions[1]", "'d dh p2 QsXc'", "«Xc»"),
    "06-turno-sbagliato.toml": ("hands[0] (mano).decisions[0]", "it is p3 (Carla)'s turn, not p1's",
                                "tocca a p3 (Carla)"),
    "07-numero-sbagliato.toml": ("questions[1] (quanto)", "the answer is 4, but the engine says 2",
                                 "il motore dice 2"),
    "08-parola-inglese.toml": ("sections[0].text", "English word 'pot'", "parola inglese «pot»"),
    "09-giudizio-sconosciuto.toml": ("hands[0].decisions[0].grades",
                                     "grade 'discreta' for 'p3 cc' is not a grade: use one of «ottima»",
                                     "«discreta» per «p3 cc» non è un giudizio"),
    "10-giudizio-opzione-assente.toml": ("hands[0].decisions[0].grades",
                                         "grade for 'p3 cbr 10', which is not among the options",
                                         "c'è un giudizio per «p3 cbr 10», che non è fra le opzioni"),
    "11-tabella-posto-inesistente.toml": ("sections[0].charts[0]", "a table of 6 has no seat 'HJ'",
                                          "un tavolo da 6 non ha il posto 'HJ'"),
    "12-argomento-sconosciuto.toml": ("sections[0].rules[1]", "'strategia' is neither a rule",
                                      "'strategia' non è né una regola"),
}


def test_every_broken_file_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.toml")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_lesson_fails_precisely(name: str) -> None:
    where, english, italian = CASES[name]
    problems = check_lessons([BROKEN / name])
    assert problems, f"{name} passed the check"
    match = [p for p in problems if p.where == where]
    assert match, [str(p) for p in problems]
    assert all(p.file.endswith(name) for p in problems)
    assert any(english in p.render(EN) for p in match), [p.render(EN) for p in match]
    assert any(italian in p.render(IT) for p in match), [p.render(IT) for p in match]


@pytest.mark.parametrize("name", sorted(CASES))
def test_cli_exits_non_zero_with_the_problem(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(BROKEN / name)]) == 1
    out = capsys.readouterr().out
    assert name in out and CASES[name][0] in out


def test_broken_files_differ_from_a_clean_lesson_by_one_mistake() -> None:
    """The fixtures are the same small lesson with one fault each, so the check's silence
    on the clean one shows each message comes from its own fault."""
    base = (BROKEN / "01-campo-mancante.toml").read_text(encoding="utf-8")
    clean = 'summary = "Una lezione minima."\n' + base
    assert check_lessons_text(clean) == []


def check_lessons_text(text: str) -> list[str]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "01-prova.toml"
        path.write_text(text, encoding="utf-8")
        return [str(p) for p in check_lessons([path])]


def test_load_error_is_a_lesson_error_with_all_problems() -> None:
    with pytest.raises(LessonLoadError) as info:
        load_lesson(BROKEN / "01-campo-mancante.toml")
    assert isinstance(info.value, LessonError)
    assert info.value.problems[0].where == "summary"
    assert "campo obbligatorio" in info.value.localized(IT)


def test_unknown_field_and_bad_toml_and_bad_file_name() -> None:
    base = (BROKEN / "01-campo-mancante.toml").read_text(encoding="utf-8")
    with pytest.raises(LessonLoadError) as info:
        parse_lesson('summary = "x"\ntitel = "typo"\n' + base, "01-prova.toml")
    assert [p.where for p in info.value.problems] == ["titel"]
    with pytest.raises(LessonLoadError) as info:
        parse_lesson("title = ", "01-prova.toml")
    assert "TOML" in str(info.value)
    with pytest.raises(LessonLoadError) as info:
        parse_lesson('summary = "x"\n' + base, "prova.toml")
    assert "NN-slug.toml" in str(info.value)


def test_rules_declared_must_be_taught() -> None:
    base = (BROKEN / "01-campo-mancante.toml").read_text(encoding="utf-8")
    text = 'summary = "x"\n' + base.replace('rules = ["R12"]\n', 'rules = ["R12", "R05"]\n', 1)
    assert tomllib.loads(text)["rules"] == ["R12", "R05"]
    with pytest.raises(LessonLoadError) as info:
        parse_lesson(text, "01-prova.toml")
    assert "R05" in str(info.value)
