"""The course as a whole: order and places (``after``), topics beside the rules, range charts.

Lesson ids are file names, used in links and in stored progress, so a lesson is
inserted into the course with ``after`` instead of renaming the files behind it;
the learner reads the lesson's place (1, 2, 3...), not the digits of its file.
A section may show the coach's own range charts: here what a chart needs and its
translated title (their grids are tests/lessons/test_range_grids.py's).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.i18n import get_translator
from coach.lessons.loader import course_order, parse_lesson
from coach.lessons.overlay import overlay_problems
from coach.lessons.problems import LessonLoadError
from coach.lessons.schema import TOPICS, Lesson, RangeChart
from coach.lessons.validator import course_problems, coverage

FIXTURE = Path(__file__).parent / "broken" / "09-giudizio-sconosciuto.toml"
BASE = FIXTURE.read_text(encoding="utf-8").replace('grades = { "p3 cc" = "discreta" }\n', "")
IT = get_translator("it")


def lesson(name: str, *, after: str | None = None, prerequisites: tuple[str, ...] = ()) -> Lesson:
    head = f'after = "{after}"\n' if after else ""
    if prerequisites:
        head += "prerequisites = [" + ", ".join(f'"{p}"' for p in prerequisites) + "]\n"
    return parse_lesson(head + BASE, f"{name}.toml")


def test_after_places_a_lesson_without_renaming_the_others() -> None:
    a, b, c, d = lesson("01-a"), lesson("02-b"), lesson("03-c", after="01-a"), lesson("04-d")
    order = course_order([d, c, b, a])
    assert [x.id for x in order] == ["01-a", "03-c", "02-b", "04-d"]
    assert [x.position for x in order] == [1, 2, 3, 4]
    assert [x.place for x in order] == [1, 2, 3, 4]
    assert [x.number for x in order] == [1, 3, 2, 4]  # the ids and file numbers stay
    assert lesson("03-c").place == 3  # a lesson loaded on its own reads its file number


def test_several_after_one_lesson_keep_their_file_order_and_chains_follow() -> None:
    order = course_order([lesson("01-a"), lesson("02-b"), lesson("05-e", after="01-a"),
                          lesson("03-c", after="01-a"), lesson("04-d", after="03-c")])
    assert [x.id for x in order] == ["01-a", "03-c", "04-d", "05-e", "02-b"]


def test_a_wrong_after_is_a_course_problem_and_the_course_still_loads() -> None:
    stray = lesson("02-b", after="09-nessuna")
    loop1, loop2 = lesson("03-c", after="04-d"), lesson("04-d", after="03-c")
    lessons = [lesson("01-a"), stray, loop1, loop2]
    assert [x.id for x in course_order(lessons)] == ["01-a", "02-b", "03-c", "04-d"]
    problems = course_problems([(f"{x.id}.toml", x) for x in lessons])
    texts = [p.render(IT) for p in problems]
    assert any("'09-nessuna'" in t and "non è un'altra lezione" in t for t in texts), texts
    assert sum("giro chiuso" in t for t in texts) == 2, texts


def test_prerequisites_follow_the_course_order_not_the_file_numbers() -> None:
    inserted = lesson("05-e", after="01-a", prerequisites=("01-a",))
    later = lesson("02-b", prerequisites=("05-e",))  # 02 comes after 05 in the course: fine
    too_early = lesson("03-c", after="01-a", prerequisites=("02-b",))
    ok = [(f"{x.id}.toml", x) for x in (lesson("01-a"), inserted, later)]
    assert course_problems(ok) == []
    bad = [*ok, ("03-c.toml", too_early)]
    assert [p.where for p in course_problems(bad)] == ["prerequisites"]


def test_the_place_is_not_written_in_the_file() -> None:
    with pytest.raises(LessonLoadError) as info:
        parse_lesson("position = 4\n" + BASE, "01-a.toml")
    assert [p.where for p in info.value.problems] == ["position"]


def test_topics_are_covered_like_rules() -> None:
    text = BASE.replace('title = "Se tutti foldano"\nrules = ["R12"]',
                        'title = "Se tutti foldano"\nrules = ["R12", "pot-odds"]')
    tagged = parse_lesson(text, "01-a.toml")
    table = coverage([tagged])
    assert set(TOPICS) <= set(table)
    assert table["pot-odds"]["sections"] == ["01-a/Se tutti foldano"]
    assert table["pot-odds"]["hands"] == [] and table["coach"]["sections"] == []


# -- charts -------------------------------------------------------------------------------------


def test_a_chart_needs_what_its_kind_needs() -> None:
    with pytest.raises(ValueError, match="needs 'stack'"):
        RangeChart(kind="push", title="t", players=2, position="SB")


def test_a_translation_translates_the_chart_titles() -> None:
    import tomllib

    chart = '[[sections.charts]]\nkind = "open"\ntitle = "Apertura dal cutoff"\nposition = "CO"\n\n'
    italian = tomllib.loads(BASE.replace("[[hands]]", chart + "[[hands]]", 1))
    assert italian["sections"][0]["charts"][0]["title"] == "Apertura dal cutoff"
    texts = {"title": "T", "summary": "S", "hands": [{"title": "H", "decisions": [{"prompt": "P"}]}],
             "questions": [{"prompt": "Q", "choices": ["A", "B", "C"], "explanation": "E"},
                           {"prompt": "Q", "explanation": "E"}]}
    charts = [{"title": "Opening from the cutoff"}]
    good = {**texts, "sections": [{"title": "S", "text": "T", "charts": charts}]}
    merged, problems = overlay_problems(italian, good, file="en/01-a.toml")
    assert problems == [] and merged["sections"][0]["charts"][0]["title"] == "Opening from the cutoff"
    assert merged["sections"][0]["charts"][0]["position"] == "CO"  # the rest comes from the Italian
    missing = {**texts, "sections": [{"title": "S", "text": "T"}]}
    _, problems = overlay_problems(italian, missing, file="en/01-a.toml")
    assert [p.where for p in problems] == ["sections[0].charts"]
