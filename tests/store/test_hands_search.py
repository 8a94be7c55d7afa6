"""«Le mie mani» paged, searched and filtered in SQL (revision 0011), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import create_engine, text

from coach.errors import InvalidInput
from coach.store import Store, migrations
from tests.rooms.hands import SHOWDOWN, TOURNAMENT
from tests.store.test_migrations import schema_diff

STARS = SHOWDOWN + 'venue = "PokerStars"\n'
PARTY = TOURNAMENT + 'players = ["Dario", "Elena_x", "Io", "Fabio"]\nvenue = "PartyPoker"\n'


def _seed(store: Store) -> None:
    store.save_user_hand("Anna", "Circolo 50% di sconto", SHOWDOWN + "_hero = 3\n",
                         at=datetime(2026, 11, 12, 21))
    store.save_user_hands("Anna", [(f"Stars {k}", STARS) for k in range(30)], at=datetime(2026, 11, 20, 9))
    store.save_user_hands("Anna", [(f"Party {k}", PARTY) for k in range(5)], at=datetime(2026, 12, 1, 10))
    store.save_user_hand("Bruno", "Stars di Bruno", STARS)


def test_pages_come_newest_first_with_the_counts(store_url: str) -> None:
    store = Store(store_url)
    _seed(store)
    first = store.find_user_hands("Anna", limit=20)
    assert (first.found, first.total) == (36, 36)
    assert [h.title for h in first.hands[:6]] == [f"Party {k}" for k in range(4, -1, -1)] + ["Stars 29"]
    last = store.find_user_hands("Anna", offset=20, limit=20)
    assert len(last.hands) == 16 and last.hands[-1].title == "Circolo 50% di sconto"
    assert not {h.id for h in first.hands} & {h.id for h in last.hands}
    assert store.find_user_hands("Anna", offset=40).hands == ()  # past the end: empty, the counts stay
    assert store.find_user_hands("Nessuno").total == 0


def test_search_matches_title_players_room_and_date_without_case(store_url: str) -> None:
    store = Store(store_url)
    _seed(store)

    def titles(query: str, **kw: object) -> set[str]:
        return {h.title.split()[0] for h in store.matching_user_hands("Anna", query, **kw)}  # type: ignore[arg-type]

    assert titles("anna ROSSI") == {"Circolo", "Stars"}  # a player, both words
    assert store.find_user_hands("Anna", "pokerstars").found == 30  # the room; Bruno's hand is not Anna's
    assert titles("party 3") == {"Party"} and store.find_user_hands("Anna", "party 3").found == 1
    assert titles("12/11/2026") == {"Circolo"} and titles("2026-11-20") == {"Stars"}
    assert store.find_user_hands("Anna", "11/2026").found == 31
    assert titles("elena_x") == {"Party"}


def test_wildcards_are_literal_and_long_or_odd_input_is_harmless(store_url: str) -> None:
    store = Store(store_url)
    _seed(store)
    assert [h.title for h in store.matching_user_hands("Anna", "50%")] == ["Circolo 50% di sconto"]
    assert store.find_user_hands("Anna", "%").found == 1  # only the title with a «%»
    assert store.find_user_hands("Anna", "_").found == 5  # only Elena_x's hands
    assert store.find_user_hands("Anna", "\\").found == 0
    assert store.find_user_hands("Anna", "a" * 10_000).found == 0  # cut, no error
    assert store.find_user_hands("Anna", "'; DROP TABLE user_hands; --").found == 0
    assert store.find_user_hands("Anna", "   ").found == 36
    with pytest.raises(InvalidInput):
        store.find_user_hands("Anna", source="web")
    with pytest.raises(InvalidInput):
        store.find_user_hands("Anna", limit=10_000)


def test_filters_by_source_room_and_a_decision_of_the_hero(store_url: str) -> None:
    store = Store(store_url)
    _seed(store)
    assert store.find_user_hands("Anna", source="builder").found == 1
    assert store.find_user_hands("Anna", source="import").found == 35
    assert store.user_hand_rooms("Anna") == ["PartyPoker", "PokerStars"]
    assert store.find_user_hands("Anna", room="PartyPoker").found == 5
    mine = store.matching_user_hands("Anna", hero_decision=True)  # the built one, and Party (Io's cards)
    assert {h.title.split()[0] for h in mine} == {"Circolo", "Party"}
    assert store.find_user_hands("Anna", "party", room="PokerStars").found == 0


def test_one_hand_is_deleted_and_only_the_profiles_own(store_url: str) -> None:
    store = Store(store_url)
    _seed(store)
    hand = store.find_user_hands("Anna", limit=1).hands[0]
    theirs = store.find_user_hands("Bruno", limit=1).hands[0]
    assert not store.delete_user_hand("Anna", theirs.id)
    assert store.delete_user_hand("Anna", hand.id)
    assert not store.delete_user_hand("Anna", hand.id)
    assert store.find_user_hands("Anna").total == 35 and store.find_user_hands("Bruno").total == 1


def test_revision_0011_fills_the_search_columns_of_the_hands_kept_before(store_url: str) -> None:
    url = Store(store_url).url
    engine = create_engine(url)
    with engine.begin() as conn:
        migrations.upgrade(conn, "0009")
        conn.execute(text("INSERT INTO profiles (id, name, created_at, preferences) "
                          "VALUES (1, 'Anna', '2026-12-01 09:00:00', '{}')"))
        conn.execute(text("INSERT INTO user_hands (id, profile_id, title, phh, source, created_at) "
                          "VALUES (1, 1, 'Vecchia', :phh, 'import', '2026-11-30 20:00:00')"), {"phh": STARS})
    engine.dispose()
    store = Store(store_url, auto_upgrade=True)
    hand = store.find_user_hands("Anna", "carla", room="PokerStars").hands  # the first use upgrades
    assert [(h.title, h.players) for h in hand] == [("Vecchia", "Anna Rossi, Bruno, Carla")]
    assert store.revision() == migrations.head()
    assert schema_diff(store) == []
