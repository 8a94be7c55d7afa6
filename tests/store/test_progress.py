"""The progress store, on SQLite and on a real PostgreSQL server (``store_url``).

What a learner earns survives a new Store on the same database; reads never
write; every argument is checked with a typed error; every database failure is
a :class:`StoreError`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import event, func, select, update

from coach.errors import InvalidInput, StoreError
from coach.store import Store
from coach.store.checks import MAX_NAME, clean_profile_name
from coach.store.connection import default_database_url, normalise_url, user_data_dir
from coach.store.records import Bookmark, LessonAnswer
from coach.store.tables import completed_lessons, profiles


def count_rows(store: Store, table: object) -> int:
    with store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(table)) or 0)  # type: ignore[arg-type]


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


def test_a_bare_postgresql_url_means_psycopg_3() -> None:
    assert normalise_url("postgresql://u:p@h:5/db") == "postgresql+psycopg://u:p@h:5/db"
    assert normalise_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert normalise_url("postgresql+psycopg2://h/db") == "postgresql+psycopg2://h/db"
    assert normalise_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"
    with pytest.raises(StoreError) as err:
        normalise_url("not a url")
    assert err.value.kind == "config"


def test_progress_survives_a_new_store(store_url: str) -> None:
    store = Store(store_url)
    assert store.mark_lesson_completed("Anna", "01-regole") is True
    assert store.mark_lesson_completed("Anna", "01-regole") is False  # once only
    store.record_quiz_answer("Anna", "R09", "q1", True)
    store.record_quiz_answer("Anna", "R09", "q2", False)
    store.record_quiz_answer("Anna", "R03", "q3", True)
    store.record_decision("Anna", "good", source="lesson", ref="01-regole", action="cc", ev_loss_bb=0.0)
    store.save_bookmark("Anna", "01-regole", 1, 4)
    store.save_preferences("Anna", {"locale": "en", "four_colour": True})
    store.save_lesson_answer("Anna", "01-regole/0/4", "cc")
    store.save_lesson_answer("Anna", "01-regole/q1", "2", correct=True)
    store.engine.dispose()

    again = Store(store_url)
    assert [c.lesson_id for c in again.completed_lessons("Anna")] == ["01-regole"]
    acc = {t.topic: (t.answered, t.correct) for t in again.quiz_accuracy("Anna")}
    assert acc == {"R03": (1, 1), "R09": (2, 1)}
    assert again.quiz_accuracy("Anna")[1].accuracy == pytest.approx(0.5)
    [d] = again.decisions("Anna")
    assert (d.grade, d.source, d.action, d.ev_loss_bb) == ("good", "lesson", "cc", 0.0)
    assert again.bookmark("Anna") == Bookmark("01-regole", 1, 4)
    assert again.preferences("Anna") == {"four_colour": True, "locale": "en"}
    assert again.lesson_answers("Anna") == {"01-regole/0/4": LessonAnswer("cc", None),
                                            "01-regole/q1": LessonAnswer("2", True)}
    summary = again.summary("Anna")
    assert (summary.lessons_completed, summary.quiz_answered, summary.quiz_correct, summary.decisions) == (
        1, 3, 2, 1)
    assert summary.bookmark == Bookmark("01-regole", 1, 4)


def test_profiles_are_separate(store_url: str) -> None:
    store = Store(store_url)
    store.mark_lesson_completed("Anna", "01")
    store.record_decision("Bruno", "mistake", source="practice", ev_loss_bb=1.5)
    assert store.completed_lessons("Bruno") == []
    assert store.decisions("Anna") == []
    assert store.profiles() == ["Anna", "Bruno"]
    assert store.summary("Carla").bookmark is None


def test_reads_never_create_a_profile(store_url: str) -> None:
    store = Store(store_url)
    store.record_decision("Anna", "buona", source="practice")
    for read in (store.preferences, store.completed_lessons, store.bookmark, store.quiz_accuracy,
                 store.decisions, store.summary, store.lesson_answers):
        read("Nuovo")
    assert store.profiles() == ["Anna"]
    assert store.forget_lesson_answers("Nuovo", ["x"]) == 0
    assert store.profiles() == ["Anna"]


def test_decisions_come_back_oldest_first(store_url: str) -> None:
    store = Store(store_url)
    store.record_decision("A", "best", source="practice", at=datetime(2026, 1, 2))
    store.record_decision("A", "blunder", source="practice", at=datetime(2026, 1, 1))
    # An aware time is stored as UTC: 00:30 in Rome on 1 January is 23:30 UTC on 31 December.
    store.record_decision("A", "ok", source="practice",
                          at=datetime(2026, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))))
    assert [d.grade for d in store.decisions("A")] == ["ok", "blunder", "best"]
    assert store.decisions("A")[0].decided_at == datetime(2025, 12, 31, 23, 30)


def test_lesson_answers_are_upserted_and_forgotten(store_url: str) -> None:
    store = Store(store_url)
    store.save_lesson_answer("A", "03/0/4", "cc")
    store.save_lesson_answer("A", "03/0/4", "f")  # "prova un'altra scelta", then another answer
    store.save_lesson_answer("A", "03/q1", "1", correct=False)
    assert store.lesson_answers("A") == {"03/0/4": LessonAnswer("f", None), "03/q1": LessonAnswer("1", False)}
    assert store.forget_lesson_answers("A", ["03/0/4", "03/zz"]) == 1
    assert store.lesson_answers("A") == {"03/q1": LessonAnswer("1", False)}


def test_profile_names_are_cleaned_never_cut() -> None:
    assert clean_profile_name("  Anna   Maria ") == "Anna Maria"
    assert clean_profile_name("   ") == "Ospite"
    assert clean_profile_name("x" * MAX_NAME) == "x" * MAX_NAME
    with pytest.raises(InvalidInput, match="at most 60 characters"):
        clean_profile_name("x" * 61)
    with pytest.raises(InvalidInput, match="control character"):
        clean_profile_name("Anna\x00")
    with pytest.raises(InvalidInput, match="must be text"):
        clean_profile_name(42)


def test_two_long_names_stay_two_profiles_or_are_refused(store_url: str) -> None:
    """The old store cut both to the same 60 characters: one profile for two pupils."""
    store = Store(store_url)
    base = "Maria Antonietta " * 4
    for name in (base[:MAX_NAME], base + "Rossi", base + "Bianchi"):
        try:
            store.record_decision(name, "buona", source="practice")
        except InvalidInput:
            continue
    assert store.profiles() == [base[:MAX_NAME].strip()]


@pytest.mark.parametrize(("call", "field"), [
    (lambda s: s.save_bookmark("A", "01", "abc", 1), "hand"),
    (lambda s: s.save_bookmark("A", "01", 1, -2), "step"),
    (lambda s: s.save_bookmark("A", "01", True, 1), "hand"),
    (lambda s: s.save_bookmark("A", "x" * 121, 1, 1), "lesson_id"),
    (lambda s: s.record_decision("A", "buona", source="lesson", ev_loss_bb=float("nan")), "ev_loss_bb"),
    (lambda s: s.record_decision("A", "buona", source="lesson", ev_loss_bb=float("inf")), "ev_loss_bb"),
    (lambda s: s.record_decision("A", "buona", source="lesson", ev_loss_bb="1.5"), "ev_loss_bb"),
    (lambda s: s.record_decision("A", "", source="lesson"), "grade"),
    (lambda s: s.record_decision("A", "buona", source="lesson", ref="r" * 201), "ref"),
    (lambda s: s.record_decision("A", "buona", source="lesson", action="a" * 61), "action"),
    (lambda s: s.record_decision("A", "buona", source="lesson", at="yesterday"), "at"),
    (lambda s: s.record_quiz_answer("A", "R09", "q", "yes"), "correct"),
    (lambda s: s.record_quiz_answer("A", "R09", "q\x00", True), "question_id"),
    (lambda s: s.record_quiz_answer("A", None, "q", True), "topic"),
    (lambda s: s.mark_lesson_completed("A", ""), "lesson_id"),
    (lambda s: s.save_preferences("A", {"x": "y" * 5000}), "preferences"),
    (lambda s: s.save_preferences("A", {"x": float("nan")}), "preferences"),
    (lambda s: s.save_lesson_answer("A", "k" * 201, "cc"), "answer_key"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_bad_arguments_are_typed_errors_and_write_nothing(tmp_path: Path, call: object, field: str) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    with pytest.raises(InvalidInput) as err:
        call(store)  # type: ignore[operator]
    assert field in str(err.value) or field == "preferences"
    assert store.profiles() == []


def test_numpy_bools_count_as_answers(tmp_path: Path) -> None:
    import numpy as np

    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    store.record_quiz_answer("A", "drill:outs", "outs:1", np.bool_(True))
    assert store.summary("A").quiz_correct == 1


def test_broken_preferences_read_as_empty(store_url: str) -> None:
    store = Store(store_url)
    store.save_preferences("A", {"locale": "it"})
    with store.engine.begin() as conn:
        conn.execute(update(profiles).values(preferences="not json"))
    assert store.preferences("A") == {}


def test_lesson_completed_is_idempotent_in_one_database(store_url: str) -> None:
    store = Store(store_url)
    results = [store.mark_lesson_completed("A", "01", at=datetime(2026, 1, 1, tzinfo=UTC)) for _ in range(5)]
    assert results == [True, False, False, False, False]
    assert count_rows(store, completed_lessons) == 1


# -- failures: one typed error, never a crash ---------------------------------------------------
def test_a_missing_driver_is_a_store_error() -> None:
    with pytest.raises(StoreError) as err:
        Store("postgresql+nosuchdriver://h/db")
    assert err.value.kind in ("driver", "config")
    with pytest.raises(StoreError) as err:
        Store("mysql+mysqldb://h/db")  # MySQLdb is not installed here
    assert err.value.kind == "driver"


def test_an_unreachable_server_is_a_store_error() -> None:
    from tools.pgcluster import free_port

    store = Store(f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/x")
    with pytest.raises(StoreError) as err:
        store.summary("A")
    assert err.value.kind == "unreachable"
    with pytest.raises(StoreError):
        store.record_decision("A", "buona", source="practice")


def test_a_damaged_file_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "coach.db"
    path.write_bytes(b"this is not SQLite" * 200)
    store = Store(f"sqlite:///{path}")
    with pytest.raises(StoreError) as err:
        store.summary("A")
    assert err.value.kind == "corrupted"
    assert "damaged" in str(err.value)


def test_a_read_only_file_still_serves_reads(tmp_path: Path) -> None:
    """Opened read-only (SQLite's ``mode=ro``: what a read-only mount or file gives, even to root)."""
    path = tmp_path / "coach.db"
    Store(f"sqlite:///{path}").record_decision("A", "buona", source="practice")
    store = Store(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert store.summary("A").decisions == 1
    assert store.summary("Nuovo").decisions == 0  # a read of a new name creates nothing
    with pytest.raises(StoreError) as err:
        store.record_decision("A", "buona", source="practice")
    assert err.value.kind == "read_only"
    assert Store(f"sqlite:///{path}").profiles() == ["A"]


def test_a_read_only_postgresql_database_still_serves_reads(pg_url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    Store(pg_url).record_decision("A", "buona", source="practice")
    name = make_url(pg_url).database
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    admin.dispose()
    store = Store(pg_url)
    assert store.summary("A").decisions == 1
    assert store.summary("Nuovo").decisions == 0
    with pytest.raises(StoreError) as err:
        store.record_decision("Nuovo", "buona", source="practice")
    assert err.value.kind == "read_only"


def test_the_store_recovers_after_a_server_restart(postgres_server: str) -> None:
    """pool_pre_ping: the first call after a restart gets a fresh connection, not an error."""
    import tempfile

    from tools.pgcluster import Cluster, free_port

    cluster = Cluster(Path(tempfile.mkdtemp(prefix="coach-test-pg-restart-")), free_port())
    try:
        url = cluster.start()
        store = Store(url)
        store.record_decision("A", "buona", source="practice")
        cluster.stop()
        with pytest.raises(StoreError):
            store.summary("A")  # the server is gone: a typed error, no traceback
        cluster.start()
        assert store.summary("A").decisions == 1
        store.record_decision("A", "buona", source="practice")
        assert store.summary("A").decisions == 2
    finally:
        cluster.stop(remove=True)


def test_a_batch_is_one_transaction_all_or_nothing(store_url: str) -> None:
    """An answer's writes (its grade, the answer kept) commit once, and a failure undoes all of them."""
    store = Store(store_url)
    assert store.bookmark("anna") is None  # the schema checked (its own transaction) before counting
    commits: list[int] = []

    def committed(conn: object) -> None:
        commits.append(1)

    event.listen(store.engine, "commit", committed)
    try:
        with store.batch():
            store.record_decision("anna", "ottima", source="lesson", ref="03/0/4", action="call")
            with store.batch():  # a batch inside a batch: the same transaction
                store.save_lesson_answer("anna", "03/0/4", "call")
            store.save_bookmark("anna", "03-azioni", 0, 4)
        assert len(commits) == 1  # three writes, one commit (three before issue 28's batches)
        with pytest.raises(InvalidInput), store.batch():
            store.record_decision("anna", "buona", source="lesson", ref="03/0/5", action="fold")
            store.save_lesson_answer("anna", "03/0/5", "x" * 100_000)  # refused: too long
    finally:
        event.remove(store.engine, "commit", committed)
    assert [d.grade for d in store.decisions("anna")] == ["ottima"]  # the refused batch left nothing
    assert set(store.lesson_answers("anna")) == {"03/0/4"}
    assert store.bookmark("anna") == Bookmark("03-azioni", 0, 4)


def test_a_bookmark_for_a_new_profile_makes_it(store_url: str) -> None:
    store = Store(store_url)
    store.save_bookmark("nuovo", "01-mazzo", 1, 2)
    store.save_bookmark("nuovo", "01-mazzo", 1, 3)  # the profile exists now: one statement
    assert store.bookmark("nuovo") == Bookmark("01-mazzo", 1, 3)
    assert count_rows(store, profiles) == 1
