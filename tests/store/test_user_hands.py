"""«Le mie mani» in the store (revision 0008): saved per profile, listed newest first, deleted all
at once; arguments checked before any SQL; a database at 0006 upgraded with its rows kept."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from coach.errors import InvalidInput
from coach.store import Store, migrations
from coach.store import hands as hands_module
from coach.store.tables import metadata

PHH = 'variant = "NT"\nactions = [\n  "p1 f",\n]\n'


def test_hands_are_kept_per_profile_newest_first(store_url: str) -> None:
    store = Store(store_url)
    first = store.save_user_hand("Anna", "Martedì al circolo", PHH, at=datetime(2026, 12, 1, 20, 0))
    second = store.save_user_hand("Anna", "  <b>Torneo</b>  ", PHH + "# due\n", source="import")
    store.save_user_hand("Bruno", "Sua", PHH)
    hands = store.user_hands("Anna")
    assert [h.id for h in hands] == [second, first]
    assert hands[0].title == "<b>Torneo</b>"  # stored as typed (the page shows it as text), trimmed
    assert (hands[0].source, hands[1].source) == ("import", "builder")
    assert hands[1].phh == PHH and hands[1].created_at == datetime(2026, 12, 1, 20, 0)
    assert store.count_user_hands("Anna") == 2
    assert store.user_hand("Anna", first) == hands[1]
    assert store.user_hand("Bruno", first) is None  # another profile's hand is not reachable by id
    assert store.user_hands("Nessuno") == [] and store.count_user_hands("Nessuno") == 0


def test_elimina_le_mie_mani_deletes_only_that_profiles_hands(store_url: str) -> None:
    store = Store(store_url)
    for k in range(3):
        store.save_user_hand("Anna", f"mano {k}", PHH)
    store.save_user_hand("Bruno", "sua", PHH)
    assert store.delete_user_hands("Anna") == 3
    assert store.user_hands("Anna") == []
    assert [h.title for h in store.user_hands("Bruno")] == ["sua"]
    assert store.delete_user_hands("Anna") == 0 and store.delete_user_hands("Nessuno") == 0


def test_elimina_le_mie_mani_takes_the_session_reviews_too_and_stops_a_running_one(store_url: str) -> None:
    store = Store(store_url)
    store.save_user_hand("Anna", "mano", PHH)
    done = store.create_review_job("Anna", 2)
    store.start_review_job(done)
    store.finish_review_job(done, "done", {"hands": {"0": PHH}})
    running = store.create_review_job("Anna", 5)
    store.start_review_job(running)
    queued = store.create_review_job("Anna", 3)
    theirs = store.create_review_job("Bruno", 1)
    store.save_user_hand("Bruno", "sua", PHH)
    assert store.count_review_jobs("Anna") == 3
    assert store.delete_my_hands("Anna") == (1, 3)
    assert store.user_hands("Anna") == [] and store.latest_review_job("Anna") is None
    assert store.review_job(done) is None and store.count_review_jobs("Anna") == 0
    # the worker of the running job stops at its next write and keeps nothing; the queued one never starts
    assert not store.advance_review_job(running, 1)
    assert not store.finish_review_job(running, "done", {"hands": {"0": PHH}})
    assert not store.start_review_job(queued)
    assert store.review_job(running) is None and store.review_job(queued) is None
    assert store.review_job(theirs, "Bruno") is not None and len(store.user_hands("Bruno")) == 1
    assert store.delete_my_hands("Anna") == (0, 0) and store.delete_my_hands("Nessuno") == (0, 0)


@pytest.mark.parametrize(("title", "phh", "source"), [
    ("", PHH, "builder"),  # no title
    ("x" * 121, PHH, "builder"),  # too long
    ("ok", "", "builder"),  # no hand
    ("ok", "a" * 64_001, "builder"),  # too long a hand
    ("ok", PHH, "pokerstars"),  # not a source we know
    ("bell\x07", PHH, "builder"),  # a control character
])
def test_bad_arguments_are_refused_before_any_sql(tmp_path: Path, title: str, phh: str, source: str) -> None:
    store = Store(f"sqlite:///{tmp_path}/c.db")
    with pytest.raises(InvalidInput):
        store.save_user_hand("Anna", title, phh, source=source)
    assert store.user_hands("Anna") == []


def test_revision_0008_adds_user_hands_and_keeps_every_profile(store_url: str) -> None:
    """A database at 0006 with a profile: after 0008 the profile is there and can keep hands."""
    url = Store(store_url).url
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, "0006")
        conn.execute(text("INSERT INTO profiles (id, name, created_at, preferences) "
                          "VALUES (1, 'Anna', '2026-12-01 09:00:00', '{}')"))
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    assert store.user_hands("Anna") == []
    assert store.revision() == migrations.head()
    store.save_user_hand("Anna", "prima", PHH)
    assert store.profiles() == ["Anna"]
    with store.engine.connect() as conn:
        assert list(compare_metadata(MigrationContext.configure(conn), metadata)) == []


def test_a_room_file_is_saved_in_one_go_within_the_limit(store_url: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hands_module, "MAX_USER_HANDS", 3)
    store = Store(store_url)
    store.save_user_hand("Anna", "Vecchia", PHH)
    assert store.save_user_hands("Anna", [(f"Mano {k}", PHH) for k in range(5)]) == 3
    hands = store.user_hands("Anna", limit=3)
    assert [h.title for h in hands] == ["Mano 4", "Mano 3", "Mano 2"]  # the last three; the old one went
    assert {h.source for h in hands} == {"import"}
    assert store.save_user_hands("Anna", []) == 0
    with pytest.raises(InvalidInput):
        store.save_user_hands("Anna", [("x", PHH)], source="web")
