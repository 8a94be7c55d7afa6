"""The progress store: what a learner earns survives a new Store on the same database."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from coach.persistence import (
    Bookmark,
    Store,
    clean_profile_name,
    default_database_url,
    user_data_dir,
)


@pytest.fixture()
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'sub' / 'coach.db'}"


def test_default_url_is_sqlite_in_the_user_data_folder() -> None:
    env = {"HOME": "/home/anna"}
    assert user_data_dir(env, "linux") == Path("/home/anna/.local/share/coach-holdem")
    assert user_data_dir({"HOME": "/h", "XDG_DATA_HOME": "/x"}, "linux") == Path("/x/coach-holdem")
    assert user_data_dir({"HOME": "/Users/a"}, "darwin") == Path(
        "/Users/a/Library/Application Support/coach-holdem")
    assert user_data_dir({"HOME": "C:/u", "APPDATA": "C:/u/AppData/Roaming"}, "win32") == Path(
        "C:/u/AppData/Roaming/coach-holdem")
    assert default_database_url({"HOME": "/home/anna"}).startswith("sqlite:////home/anna/.local/share/")
    assert default_database_url({"HOME": "/h", "COACH_DATABASE_URL": " postgresql://x/y "}) == "postgresql://x/y"


def test_progress_survives_a_new_store(db_url: str) -> None:
    store = Store(db_url)
    assert store.mark_lesson_completed("Anna", "01-regole") is True
    assert store.mark_lesson_completed("Anna", "01-regole") is False  # once only
    store.record_quiz_answer("Anna", "R09", "q1", True)
    store.record_quiz_answer("Anna", "R09", "q2", False)
    store.record_quiz_answer("Anna", "R03", "q3", True)
    store.record_decision("Anna", "good", source="lesson", ref="01-regole", action="cc", ev_loss_bb=0.0)
    store.save_bookmark("Anna", "01-regole", 1, 4)
    store.save_preferences("Anna", {"locale": "en", "four_colour": True})
    store.engine.dispose()

    again = Store(db_url)
    assert [c.lesson_id for c in again.completed_lessons("Anna")] == ["01-regole"]
    acc = {t.topic: (t.answered, t.correct) for t in again.quiz_accuracy("Anna")}
    assert acc == {"R03": (1, 1), "R09": (2, 1)}
    assert again.quiz_accuracy("Anna")[1].accuracy == pytest.approx(0.5)
    [d] = again.decisions("Anna")
    assert (d.grade, d.source, d.action, d.ev_loss_bb) == ("good", "lesson", "cc", 0.0)
    assert again.bookmark("Anna") == Bookmark("01-regole", 1, 4)
    assert again.preferences("Anna") == {"four_colour": True, "locale": "en"}
    summary = again.summary("Anna")
    assert (summary.lessons_completed, summary.quiz_answered, summary.quiz_correct, summary.decisions) == (
        1, 3, 2, 1)


def test_profiles_are_separate(db_url: str) -> None:
    store = Store(db_url)
    store.mark_lesson_completed("Anna", "01")
    store.record_decision("Bruno", "mistake", source="practice", ev_loss_bb=1.5)
    assert store.completed_lessons("Bruno") == []
    assert store.decisions("Anna") == []
    assert store.profiles() == ["Anna", "Bruno"]
    assert store.summary("Carla").bookmark is None


def test_decisions_come_back_oldest_first(db_url: str) -> None:
    store = Store(db_url)
    store.record_decision("A", "best", source="practice", at=datetime(2026, 1, 2))
    store.record_decision("A", "blunder", source="practice", at=datetime(2026, 1, 1))
    assert [d.grade for d in store.decisions("A")] == ["blunder", "best"]


def test_profile_names_are_cleaned() -> None:
    assert clean_profile_name("  Anna   Maria ") == "Anna Maria"
    assert clean_profile_name("   ") == "Ospite"
    assert len(clean_profile_name("x" * 500)) == 60


def test_broken_preferences_read_as_empty(db_url: str) -> None:
    from sqlalchemy import update

    from coach.persistence import ProfileRow

    store = Store(db_url)
    store.save_preferences("A", {"locale": "it"})
    with store.engine.begin() as conn:
        conn.execute(update(ProfileRow).values(preferences="not json"))
    assert store.preferences("A") == {}
