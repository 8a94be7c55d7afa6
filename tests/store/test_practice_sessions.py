"""The practice table in progress (revision 0007): one per profile, replaced on each save, gone on
«Lascia il tavolo», its size bounded; on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from coach.errors import InvalidInput
from coach.store import Store, migrations
from coach.store.checks import MAX_PRACTICE_STATE
from tests.store.test_migrations import schema_diff


def test_a_profile_keeps_one_table_in_progress(store_url: str) -> None:
    store = Store(store_url)
    assert store.practice_session("Marco") is None
    store.save_practice_session("Marco", '{"v": 1, "hands": []}')
    store.save_practice_session("Marco", '{"v": 1, "hands": [["p1 f"]]}')  # replaces, never a second row
    store.save_practice_session("Anna", '{"v": 1}')
    assert store.practice_session("Marco") == '{"v": 1, "hands": [["p1 f"]]}'
    assert store.practice_session("Anna") == '{"v": 1}'
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM practice_sessions")).scalar_one() == 2
    assert store.drop_practice_session("Marco") is True
    assert store.drop_practice_session("Marco") is False
    assert store.drop_practice_session("Nessuno") is False
    assert store.practice_session("Marco") is None
    assert store.practice_session("Anna") == '{"v": 1}'


def test_an_oversized_table_is_refused(store_url: str) -> None:
    store = Store(store_url)
    with pytest.raises(InvalidInput):
        store.save_practice_session("Marco", "x" * (MAX_PRACTICE_STATE + 1))
    assert store.practice_session("Marco") is None


def test_revision_0007_adds_the_table_and_keeps_the_practice_hands(store_url: str) -> None:
    """A store at 0006 with a practice hand: after 0007 the hand is there and a table can be kept."""
    url = Store(store_url).url
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, "0006")
        conn.execute(text("INSERT INTO profiles (id, name, created_at, preferences) "
                          "VALUES (1, 'Marco', '2026-11-01 09:00:00', '{}')"))
        conn.execute(text("INSERT INTO practice_hands (id, profile_id, played_at, phh, hero_seat, "
                          "result_chips, big_blind, grades) "
                          "VALUES (1, 1, '2026-11-01 10:00:00', 'hand = 1', 0, -9, 2, '[]')"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    assert [(h.phh, h.result_chips) for h in store.practice_hands("Marco")] == [("hand = 1", -9)]
    assert store.revision() == migrations.head()  # the first use upgrades
    assert schema_diff(store) == []
    store.save_practice_session("Marco", "{}")
    assert store.practice_session("Marco") == "{}"
