"""The work one click does on the lesson and practice pages, counted (issue 28): no timing.

A click on ▶/◀ next to an answered decision used to build the folded «Perché?» (the coach's
numbers and a 13x13 range grid per opponent, each cell's number formatted by Babel), replay the
hand twice, deep-copy the decision's table, take the course's signature (a ``stat`` of every lesson
file) several times and read the lesson completion from the database. Each of those is counted
here through a spy, so the cost coming back shows as a count, whatever the machine's speed.
"""

from __future__ import annotations

import copy
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from streamlit.testing.v1 import AppTest

from coach.engine import Hand

from .helpers import goto, play_practice_hand, sit_at_practice

LESSON = "03-azioni"
DEC = "03-azioni/0/4"  # Carla's first decision in lesson 3 (an essential lesson: «Perché?» folded)
NEXT, PREV = f"lesson.{LESSON}/0.next", f"lesson.{LESSON}/0.prev"


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts, while the test runs: grid cells formatted, hand replays, deep copies of a table,
    course signatures taken, and the SQL statements by the table they name."""
    counts: Counter[str] = Counter()

    import coach.identity as identity
    import coach.learning.script as script
    import coach.ui.lessons as lessons
    import coach.ui.rangegrid as rangegrid

    def spy(module: Any, name: str, label: str) -> None:
        real = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[label] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)

    spy(rangegrid, "_number", "grid cells")
    # the grids another test drew are not here (raising=False: the code before issue 28 kept none)
    monkeypatch.setattr(rangegrid, "_GRIDS", OrderedDict(), raising=False)
    spy(script.HandScript, "_replayed", "replays")
    spy(lessons, "lessons_signature", "signatures")
    spy(identity, "profile_cookie_value", "cookies signed")
    real_deepcopy = copy.deepcopy

    def deepcopy(x: Any, memo: Any = None, _nil: Any = ()) -> Any:
        if isinstance(x, Hand):
            counts["hand copies"] += 1
        return real_deepcopy(x, memo)

    monkeypatch.setattr(copy, "deepcopy", deepcopy)

    def statement(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        counts["sql"] += 1
        for table in ("completed_lessons", "quiz_answers", "practice_hands"):
            if table in sql and sql.lstrip().upper().startswith("SELECT"):
                counts[f"read {table}"] += 1

    def commit(conn: Any) -> None:
        counts["commits"] += 1

    event.listen(Engine, "before_cursor_execute", statement)
    event.listen(Engine, "commit", commit)
    try:
        yield counts
    finally:
        event.remove(Engine, "before_cursor_execute", statement)
        event.remove(Engine, "commit", commit)


def _answered(app: Callable[..., AppTest]) -> AppTest:
    at = app()
    at.query_params.update({"lezione": LESSON, "mano": "1", "passo": "1"})
    goto(at, "lezioni")
    at.button(key=f"dec.{DEC}.call").click().run()
    at.button(key=NEXT).click().run()  # one step on and back: every cache of the page is warm
    at.button(key=PREV).click().run()
    assert not at.exception
    return at


def test_a_lesson_step_does_not_build_what_is_folded(app: Callable[..., AppTest], work: Counter[str]) -> None:
    at = _answered(app)
    work.clear()
    clicks = 6
    for i in range(clicks):  # ▶ ◀ ▶ ◀ ...: every other rerun shows the graded decision
        at.button(key=NEXT if i % 2 == 0 else PREV).click().run()
        assert not at.exception
    assert "giudizio:" in "".join(str(e.value) for e in at.warning) + "".join(
        str(e.value) for e in at.success) + "".join(str(e.value) for e in at.error)  # the verdict is there
    assert work["grid cells"] == 0  # «Perché?» folded: no range grid built (169 numbers each before)
    assert work["replays"] == 0  # the tables of the stops shown are replayed once per process
    assert work["hand copies"] == 0  # looking at a table does not copy it
    # the course's signature (a stat of each lesson file) at most once a second, not per call
    assert work["signatures"] <= clicks
    assert work["read completed_lessons"] == 0  # completion kept in the session until it changes
    assert work["read quiz_answers"] == 0
    assert work["cookies signed"] == 0  # the profile cookie's script is signed once a day, not per click
    # what is left is the bookmark, written at each step: BEGIN and one update of the profile's row
    # by its name (8 statements a step before issue 28, then 4: the profile's id read first)
    assert work["sql"] <= 2 * clicks


def test_an_answer_commits_once(app: Callable[..., AppTest], work: Counter[str]) -> None:
    """An answer's grade, its review card and the answer kept for later sessions are one transaction:
    one commit (on PostgreSQL a flush of the write-ahead log each) instead of one per write."""
    at = _answered(app)
    at.button(key=f"retry.{DEC}").click().run()
    work.clear()
    at.button(key=f"dec.{DEC}.fold").click().run()  # a mistake: graded, a review card, the answer kept
    assert not at.exception
    assert "giudizio:" in "".join(str(e.value) for e in [*at.warning, *at.error, *at.success])
    assert work["commits"] == 1  # three before issue 28 (four with a review card)


def test_opening_why_builds_the_numbers_once_and_the_grid_is_kept(app: Callable[..., AppTest],
                                                                  work: Counter[str]) -> None:
    at = _answered(app)
    at.session_state[f"lesson_why.{DEC}"] = True  # the learner opens «Perché?»
    at.run()
    assert not at.exception
    drawn = work["grid cells"]
    assert drawn > 0  # the grids are there once opened
    work.clear()
    at.run()  # the page again, «Perché?» still open: the same grids, from the cache
    assert [e.label for e in at.expander if "Perché?" in e.label] == ["Perché? I numeri del coach"]
    assert any('class="cc-rg"' in h.proto.body for h in at.html)
    assert work["grid cells"] == 0


def test_a_practice_action_reads_no_history(app: Callable[..., AppTest], work: Counter[str]) -> None:
    at = sit_at_practice(app(), 2)
    play_practice_hand(at)
    at.button(key="prac_next").click().run()
    work.clear()
    acted = 0
    for _ in range(12):  # a few of the learner's actions, over as many hands as it takes
        act = next((b for b in at.button if b.key and b.key.startswith("prac.")
                    and b.key.endswith((".check", ".call")) and not b.disabled), None)
        if act is None:
            at.button(key="prac_next").click().run()
            continue
        act.click().run()
        assert not at.exception
        acted += 1
        if acted == 3:
            break
    assert acted > 0
    # the list of practice hands is folded at the table: not read again at each action
    assert work["read practice_hands"] == 0
