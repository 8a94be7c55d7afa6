"""coach.store.devices (issue 28): the browsers using a profile, and disconnecting them, on SQLite and
PostgreSQL. Before revision 0012 a browser let in once by a transfer code kept the profile for ever."""

from __future__ import annotations

from coach.store import Store


def test_a_browser_gets_its_row_when_its_profile_exists(store_url: str) -> None:
    store = Store(store_url)
    assert store.check_device("u-new", "d-first")  # a profile never written: nothing made
    assert store.devices("u-new") == []
    store.save_preferences("u-new", {"locale": "it"})  # written before its browser had a row
    assert store.check_device("u-new", "d-first", label="Firefox · Linux")
    [row] = store.devices("u-new")
    assert row.device == "d-first" and row.label == "Firefox · Linux" and row.via == "new"


def test_disconnecting_the_others_ends_their_access(store_url: str) -> None:
    store = Store(store_url)
    store.save_preferences("u-me", {"locale": "it"})
    assert store.check_device("u-me", "d-laptop")
    phone = store.register_device("u-me", label="Chrome · Android", via="transfer", transfer_hash="a" * 64)
    assert store.check_device("u-me", phone)
    assert store.legacy_cookie_ok("u-me")
    assert store.disconnect_devices("u-me", "d-laptop") == 1
    assert not store.check_device("u-me", phone)  # the phone's signed cookie opens nothing any more
    assert not store.check_device("u-me", "d-copied-before")  # nor a device it never saw, after a reset
    assert not store.legacy_cookie_ok("u-me")  # nor a cookie of the format without a device
    assert store.check_device("u-me", "d-laptop")
    assert [d.device for d in store.devices("u-me")] == ["d-laptop"]


def test_a_new_code_can_end_the_devices_the_old_one_let_in(store_url: str) -> None:
    store = Store(store_url)
    store.save_preferences("u-me", {"locale": "it"})
    assert store.check_device("u-me", "d-home")
    assert store.check_device("u-me", "d-school")  # another browser of his, not by a code
    leaked = store.register_device("u-me", via="transfer", transfer_hash="b" * 64)
    assert store.disconnect_devices("u-me", "d-home", only_transfer=True) == 1
    assert not store.check_device("u-me", leaked)
    assert store.check_device("u-me", "d-home") and store.check_device("u-me", "d-school")


def test_the_browser_that_disconnects_the_others_stays_even_without_its_row_yet(store_url: str) -> None:
    store = Store(store_url)
    store.save_preferences("u-me", {"locale": "it"})  # this browser has no row yet (made at its next check)
    other = store.register_device("u-me", via="transfer", transfer_hash="c" * 64)
    assert store.disconnect_devices("u-me", "d-this") == 1
    assert store.check_device("u-me", "d-this") and not store.check_device("u-me", other)
