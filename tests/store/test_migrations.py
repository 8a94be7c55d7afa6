"""Schema versions: a database made by the release before migrations is upgraded and keeps every row;
an empty one is created; a newer one is refused; the head schema matches the code's tables."""

from __future__ import annotations

import importlib.util
import sys
from datetime import datetime
from pathlib import Path
from types import ModuleType

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from coach.cli.db import main as db_main
from coach.errors import StoreError
from coach.store import Store, migrations
from coach.store.records import Bookmark
from coach.store.tables import metadata

LEGACY = Path(__file__).parent / "legacy" / "persistence_v0.py"


def legacy_module() -> ModuleType:
    """The frozen store of the release before versions (tests/store/legacy/persistence_v0.py)."""
    spec = importlib.util.spec_from_file_location("coach_persistence_v0", LEGACY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def fill_legacy(url: str) -> None:
    """A class's worth of progress written by the old code itself."""
    old = legacy_module().Store(url)
    for n in range(3):
        name = f"Alunno {n}"
        old.mark_lesson_completed(name, "01-regole", at=datetime(2026, 11, 1, 10, n))
        old.mark_lesson_completed(name, "02-mani", at=datetime(2026, 11, 2, 10, n))
        old.record_quiz_answer(name, "R09", f"q{n}", n % 2 == 0, at=datetime(2026, 11, 3))
        old.record_decision(name, "buona", source="lesson", ref="03/0/4", action="cc", ev_loss_bb=0.25,
                            at=datetime(2026, 11, 4, 9, n))
        old.record_decision(name, "errore", source="practice", ref="hand 2", action="f", ev_loss_bb=None,
                            at=datetime(2026, 11, 4, 10, n))
        old.save_bookmark(name, "03-azioni", 1, 5)
        old.save_preferences(name, {"locale": "en", "four_colour": n == 1})
    old.engine.dispose()


def check_legacy_rows(store: Store) -> None:
    assert store.profiles() == ["Alunno 0", "Alunno 1", "Alunno 2"]
    for n in range(3):
        name = f"Alunno {n}"
        assert [c.lesson_id for c in store.completed_lessons(name)] == ["01-regole", "02-mani"]
        assert [(d.grade, d.source, d.ref, d.action, d.ev_loss_bb) for d in store.decisions(name)] == [
            ("buona", "lesson", "03/0/4", "cc", 0.25), ("errore", "practice", "hand 2", "f", None)]
        [acc] = store.quiz_accuracy(name)
        assert (acc.topic, acc.answered, acc.correct) == ("R09", 1, int(n % 2 == 0))
        assert store.bookmark(name) == Bookmark("03-azioni", 1, 5)
        assert store.preferences(name) == {"locale": "en", "four_colour": n == 1}
        # The old rows take new writes beside them.
        assert store.mark_lesson_completed(name, "01-regole") is False
        assert store.mark_lesson_completed(name, "03-azioni") is True


def schema_diff(store: Store) -> list[object]:
    with store.engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))


def test_revisions_form_one_line_to_the_head() -> None:
    script = migrations.script()
    assert len(script.get_heads()) == 1, "two revisions claim the same parent: renumber one"
    chain = [r.revision for r in script.walk_revisions()]
    assert chain[-1] == "0001" and chain[0] == migrations.head()


def test_a_new_database_gets_the_head_schema(store_url: str) -> None:
    store = Store(store_url, auto_upgrade=False)  # an empty database is created even so
    assert store.revision() is None
    store.ensure_schema()
    assert store.revision() == migrations.head()
    assert schema_diff(store) == []


def test_a_database_made_by_the_old_release_is_upgraded_and_keeps_every_row(store_url: str) -> None:
    fill_legacy(store_url)
    store = Store(store_url, auto_upgrade=True)
    assert store.revision() is None  # unversioned
    check_legacy_rows(store)  # the first call upgraded it
    assert store.revision() == migrations.head()
    assert schema_diff(store) == []


def test_sqlite_upgrades_by_itself_a_server_waits_for_the_command(
        pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sqlite_url = f"sqlite:///{tmp_path / 'coach.db'}"
    fill_legacy(sqlite_url)
    check_legacy_rows(Store(sqlite_url))  # SQLite: upgraded automatically

    fill_legacy(pg_url)
    with pytest.raises(StoreError) as err:
        Store(pg_url).summary("Alunno 0")
    assert err.value.kind == "schema_older"
    assert "python -m coach db upgrade" in str(err.value)
    assert db_main(["current", "--url", pg_url, "--locale", "en"]) == 0
    assert db_main(["check", "--url", pg_url]) == 1
    assert db_main(["upgrade", "--url", pg_url]) == 0
    out = capsys.readouterr()
    assert "Database aggiornato" in out.out and "vecchio" in out.err
    check_legacy_rows(Store(pg_url))
    assert db_main(["upgrade", "--url", pg_url]) == 0  # twice is harmless
    assert "ha già lo schema" in capsys.readouterr().out


def test_an_older_database_without_the_bookmark_columns_is_upgraded(store_url: str) -> None:
    url = Store(store_url).url  # a bare postgresql:// made explicit; SQLite's folder created
    engine = create_engine(url)
    key = "SERIAL PRIMARY KEY" if engine.dialect.name == "postgresql" else "INTEGER PRIMARY KEY"
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE profiles (id {key}, name VARCHAR(60) NOT NULL UNIQUE, "
                          "created_at TIMESTAMP NOT NULL, preferences TEXT NOT NULL)"))
        conn.execute(text("INSERT INTO profiles (name, created_at, preferences) "
                          "VALUES ('Anna', '2026-01-01 10:00:00', '{\"locale\": \"en\"}')"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    assert store.preferences("Anna") == {"locale": "en"}
    assert store.bookmark("Anna") is None
    store.save_bookmark("Anna", "01", 0, 2)
    assert store.bookmark("Anna") == Bookmark("01", 0, 2)


def test_a_newer_schema_is_refused_with_a_clear_message(store_url: str) -> None:
    from coach.i18n import get_translator

    Store(store_url).ensure_schema()
    engine = create_engine(Store(store_url).url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0999'"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    with pytest.raises(StoreError) as err:
        store.record_decision("A", "buona", source="practice")
    assert err.value.kind == "schema_newer"
    italian = err.value.localized(get_translator("it"))
    assert "versione più recente" in italian and "0999" in italian
    with pytest.raises(StoreError):
        store.summary("A")  # reads too: an old app never guesses at a newer schema


def test_revision_0005_keeps_the_live_questions_and_adds_their_hand(store_url: str) -> None:
    """A class server at 0004 with a vote in progress: after 0005 the vote is there, with no hand."""
    url = Store(store_url).url
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, "0004")
        conn.execute(text("INSERT INTO live_classes (id, code, teacher, title, created_at, expires_at) "
                          "VALUES (1, 'K7MXQ3', 'Prof', '', '2026-12-01 09:00:00', '2099-12-01 12:00:00')"))
        conn.execute(text("INSERT INTO live_questions (id, class_id, number, spot, opened_at) "
                          "VALUES (1, 1, 1, 'lesson:03-azioni/1/4', '2026-12-01 09:05:00')"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    snap = store.snapshot("K7MXQ3")
    assert snap is not None and snap.question is not None
    assert (snap.question.spot, snap.question.hand) == ("lesson:03-azioni/1/4", None)
    assert store.revision() == migrations.head()
    assert schema_diff(store) == []


def test_revision_0006_keeps_profiles_and_classes_and_leaves_old_profiles_claimable(store_url: str) -> None:
    """A class server at 0005: profiles with progress, a class with pupils and answers. After 0006
    every row is there, the new columns are NULL or their default, and an old profile can still be
    claimed once by the browser holding its old cookie."""
    url = Store(store_url).url
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, "0005")
        conn.execute(text("INSERT INTO profiles (id, name, created_at, preferences, last_lesson, last_hand, "
                          "last_step) VALUES (1, 'Marco', '2026-11-01 09:00:00', '{\"locale\": \"en\"}', "
                          "'03-azioni', 1, 5), "
                          "(2, 'KQMX-4727', '2026-11-02 09:00:00', '{}', NULL, NULL, NULL)"))
        conn.execute(text("INSERT INTO completed_lessons (id, profile_id, lesson_id, completed_at) "
                          "VALUES (1, 1, '01-regole', '2026-11-01 10:00:00'), "
                          "(2, 2, '01-regole', '2026-11-02 10:00:00')"))
        conn.execute(text("INSERT INTO live_classes (id, code, teacher, title, created_at, expires_at) "
                          "VALUES (1, 'K7MXQ3', 'Prof', 'Terza B', '2026-12-01 09:00:00', "
                          "'2099-12-01 12:00:00')"))
        conn.execute(text("INSERT INTO live_pupils (id, class_id, name, name_key, token, profile, joined_at) "
                          "VALUES (1, 1, 'Anna', 'anna', 'tok-anna', 'Marco', '2026-12-01 09:01:00'), "
                          "(2, 1, 'Luca', 'luca', 'tok-luca', NULL, '2026-12-01 09:02:00')"))
        conn.execute(text("INSERT INTO live_questions (id, class_id, number, spot, opened_at) "
                          "VALUES (1, 1, 1, 'lesson:03-azioni/1/4', '2026-12-01 09:05:00')"))
        conn.execute(text("INSERT INTO live_answers (id, question_id, pupil_id, answer, grade, ev_loss_bb, "
                          "answered_at) VALUES (1, 1, 1, 'p3 cc', 'buona', 0.0, '2026-12-01 09:06:00'), "
                          "(2, 1, 2, 'p3 f', NULL, NULL, '2026-12-01 09:06:30')"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    assert store.profiles() == ["KQMX-4727", "Marco"]  # the first use upgrades
    assert store.revision() == migrations.head()
    assert schema_diff(store) == []
    assert [c.lesson_id for c in store.completed_lessons("Marco")] == ["01-regole"]
    assert store.preferences("Marco") == {"locale": "en"}
    assert store.bookmark("Marco") == Bookmark("03-azioni", 1, 5)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT display_name, transfer_hash, claimed_at FROM profiles ORDER BY id")
                            ).all() == [(None, None, None), (None, None, None)]
        assert conn.execute(text("SELECT code, teacher, title, teacher_key, joins_closed FROM live_classes")
                            ).all() == [("K7MXQ3", "Prof", "Terza B", None, False)]
        assert conn.execute(text("SELECT name, name_key, token, profile, removed_at FROM live_pupils "
                                 "ORDER BY id")).all() == [("Anna", "anna", "tok-anna", "Marco", None),
                                        ("Luca", "luca", "tok-luca", None, None)]
        assert conn.execute(text("SELECT pupil_id, answer, grade FROM live_answers ORDER BY id")).all() == [
            (1, "p3 cc", "buona"), (2, "p3 f", None)]
        assert conn.execute(text("SELECT count(*) FROM rate_limits")).scalar() == 0
    snap = store.snapshot("K7MXQ3")
    assert snap is not None and snap.question is not None and snap.question.spot == "lesson:03-azioni/1/4"
    # The old profiles wait for their own browser: claimed once, then never again.
    assert store.claim_profile("Marco", "Marco") is True
    assert store.claim_profile("Marco", "Marco") is False
    assert store.identity("Marco").display_name == "Marco"
