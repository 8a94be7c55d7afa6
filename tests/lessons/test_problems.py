"""What is wrong with a lesson file, as its author reads it: file, place, message; and the load error
that carries every problem found and names the first."""

from __future__ import annotations

from coach.errors import LessonError
from coach.i18n import N_, Message, get_translator
from coach.lessons.problems import LessonLoadError, Problem

SEAT = N_("There is no seat {seat} at this table: the seats are 0 to {last}.")


def problem(where: str) -> Problem:
    return Problem("it/01-a.toml", where, Message(SEAT, {"seat": 9, "last": 5}))


def test_a_problem_names_file_place_and_message() -> None:
    p = problem("hands[0].decisions[1]")
    english = "There is no seat 9 at this table: the seats are 0 to 5."
    assert str(p) == f"it/01-a.toml: hands[0].decisions[1]: {english}"
    assert p.render() == p.render(get_translator("it"))  # the author reads Italian by default
    assert p.render().startswith("it/01-a.toml: hands[0].decisions[1]: A questo tavolo")


def test_a_problem_of_the_whole_file_has_no_place() -> None:
    assert str(problem("")) == "it/01-a.toml: There is no seat 9 at this table: the seats are 0 to 5."


def test_the_load_error_keeps_every_problem_and_names_the_first() -> None:
    err = LessonLoadError([problem("title"), problem("hands")])
    assert isinstance(err, LessonError) and [p.where for p in err.problems] == ["title", "hands"]
    assert str(err) == "it/01-a.toml: title: There is no seat 9 at this table: the seats are 0 to 5."
    assert str(LessonLoadError([problem("")])).startswith("it/01-a.toml: -: ")  # no place: a dash
