"""Who a browser is: a name is no credential, a forged cookie reads nothing, the
transfer code moves your progress, wrong codes are refused and rate-limited, and the old
unsigned cookie claims its profile once.

AppTest sends no cookies: ``state.browser_cookies`` is the seam the app reads them through
(monkeypatched here with what a browser would send); ``coach.profile`` in the session is
the other tests' way to be a given profile.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import unquote

import pytest
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from coach.identity import (
    PROFILE_COOKIE,
    new_profile_id,
    new_transfer_code,
    profile_cookie_value,
    read_profile_cookie,
    transfer_hash,
)
from coach.store import Store
from coach.store.tables import profiles
from coach.ui import state
from coach.ui.state import SETTINGS_KEY

from .helpers import goto, start, texts


def written_profile(at: AppTest) -> str | None:
    """The profile the page's cookie script writes (signed, with this browser's device and an expiry)."""
    for h in at.html:
        found = re.search(r'"coach_profile=" \+ "([^"]+)"', h.proto.body)
        if found:
            cookie = {PROFILE_COOKIE: unquote(found.group(1))}
            return read_profile_cookie(cookie, state.profile_signer()).profile
    return None


def send_cookies(monkeypatch: pytest.MonkeyPatch, cookies: dict[str, str]) -> None:
    monkeypatch.setattr(state, "browser_cookies", lambda: dict(cookies))


def marco(db_url: str, *, claimed: bool = True) -> Store:
    """Marco, a learner with a completed lesson and his settings (made before 0006 if not claimed)."""
    store = Store(db_url)
    store.mark_lesson_completed("Marco", "01-mazzo-carte-punti")
    store.save_preferences("Marco", {"locale": "it", "four_colour": True})
    store.set_display_name("Marco", "Marco")
    if not claimed:
        with store.engine.begin() as conn:
            conn.execute(update(profiles).where(profiles.c.name == "Marco").values(claimed_at=None))
    return store


def sidebar(at: AppTest) -> str:
    return "\n".join(c.value for c in at.sidebar.caption)


def test_typing_a_name_claims_nobody(app: Callable[..., AppTest], db_url: str) -> None:
    store = marco(db_url)
    at = goto(app(profile=None), "impostazioni")
    mine = at.session_state[SETTINGS_KEY].profile
    at.text_input(key="set_name").input("Marco").run()
    assert not at.exception
    s = at.session_state[SETTINGS_KEY]
    assert s.profile == mine != "Marco" and s.display_name == "Marco"
    assert s.four_colour is False  # Marco's settings are not read...
    assert store.preferences("Marco")["four_colour"] is True  # ...nor changed
    assert store.identity(mine).display_name == "Marco"  # two learners called Marco
    assert "Marco" in sidebar(at)
    assert store.completed_lessons(mine) == []
    assert [c.lesson_id for c in store.completed_lessons("Marco")] == ["01-mazzo-carte-punti"]
    goto(at, "home")
    assert "Benvenuto, Marco!" in texts(at)
    assert at.metric[0].value == "0"  # «Lezioni completate»: none of Marco's


def test_the_settings_page_says_the_name_is_no_password(app: Callable[..., AppTest]) -> None:
    at = goto(app(profile=None), "impostazioni")
    assert "Il nome non è una password" in (at.text_input(key="set_name").help or "")
    assert "codice di trasferimento" in texts(at)


def test_a_forged_cookie_reads_nothing_of_marcos(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    marco(db_url)
    for forged in ("Marco", "marco", "Marco%20", "InVXJhbmNvIg.bm90LWEtc2lnbmF0dXJl"):
        send_cookies(monkeypatch, {PROFILE_COOKIE: forged})
        at = start(profile=None)
        s = at.session_state[SETTINGS_KEY]
        assert s.profile.startswith("u-") and s.display_name is None and s.four_colour is False
        assert "Profilo: Ospite" in sidebar(at) and "Marco" not in texts(at) + sidebar(at)
        assert s.profile not in texts(at) + sidebar(at)  # the id is never on the page
        # the page replaces the forged cookie with this browser's own signed one
        assert written_profile(at) == s.profile


def test_a_signed_cookie_is_its_profile(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    pid = new_profile_id()
    Store(db_url).set_display_name(pid, "Giulia")
    send_cookies(monkeypatch, {PROFILE_COOKIE: profile_cookie_value(pid, state.profile_signer())})
    at = start(profile=None)
    assert at.session_state[SETTINGS_KEY].profile == pid
    assert "Profilo: Giulia" in sidebar(at) and "Benvenuto, Giulia!" in texts(at)


def test_an_old_unsigned_cookie_claims_its_profile_once(monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    store = marco(db_url, claimed=False)
    send_cookies(monkeypatch, {PROFILE_COOKIE: "Marco"})
    first = start(profile=None)
    s = first.session_state[SETTINGS_KEY]
    assert s.profile == "Marco" and s.four_colour is True  # his own browser keeps his progress
    assert store.identity("Marco").claimed
    assert written_profile(first) == "Marco"  # from now on a signed cookie
    second = start(profile=None)  # another browser with a copy of the old cookie
    assert second.session_state[SETTINGS_KEY].profile != "Marco"
    assert second.session_state[SETTINGS_KEY].four_colour is False


def transfer(at: AppTest, code: str) -> AppTest:
    at.text_input(key="set_transfer_in").input(code)
    next(b for b in at.button if b.label == "Porta qui i miei progressi").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_transfer_code_moves_my_progress(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    phone = goto(app(profile=None), "impostazioni")
    me = phone.session_state[SETTINGS_KEY].profile
    phone.text_input(key="set_name").input("Sara").run()
    store.mark_lesson_completed(me, "01-mazzo-carte-punti")
    assert not phone.code
    phone.button(key="set_transfer_new").click().run()
    [code] = [c.value for c in phone.code]
    assert any("non mostrarlo sul proiettore" in w.value for w in phone.warning)
    assert code not in sidebar(phone)
    home = goto(app(profile=None), "impostazioni")
    transfer(home, code.lower().replace("-", " "))
    s = home.session_state[SETTINGS_KEY]
    assert s.profile == me and s.display_name == "Sara"
    assert any("ora questo browser ha i tuoi progressi" in x.value for x in home.success)
    assert written_profile(home) == me
    assert "Sara" in sidebar(home) and code not in texts(home) + sidebar(home)
    # a new code retires the old one
    phone.button(key="set_transfer_new").click().run()
    assert phone.code[0].value != code
    third = goto(app(profile=None), "impostazioni")
    transfer(third, code)
    assert third.session_state[SETTINGS_KEY].profile != me
    assert any("non è valido" in e.value for e in third.error)


def test_the_code_is_never_shown_in_classroom_mode(app: Callable[..., AppTest]) -> None:
    at = app(profile=None)
    at.query_params["aula"] = "1"
    goto(at, "impostazioni")
    assert not any(b.key == "set_transfer_new" for b in at.button) and not at.code


def test_wrong_codes_are_refused_then_rate_limited(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    owner = new_profile_id()
    good = new_transfer_code()
    store.set_transfer_hash(owner, transfer_hash(good))
    at = goto(app(profile=None), "impostazioni")
    mine = at.session_state[SETTINGS_KEY].profile
    for wrong in ("Marco", "AAAA-BBBB-CCCC-DDDD", "", "K7MX", "ZZZZ-ZZZZ-ZZZZ-ZZZZ"):
        transfer(at, wrong)
        assert [e.value for e in at.error] == [
            "Questo codice di trasferimento non è valido. Controlla di averlo scritto esattamente come "
            "lo mostra l'altro dispositivo (16 lettere e cifre); un codice smette di funzionare quando "
            "se ne crea uno nuovo."]
    transfer(at, good)  # even the right code waits once this session has used its tries
    assert at.session_state[SETTINGS_KEY].profile == mine
    assert any("Troppi tentativi" in e.value for e in at.error)
    # A fresh session from the same address is limited too once the address has spent its tries on
    # wrong codes...
    while store.take_token("transfer:address:local", state.TRANSFER_ADDRESS_TRIES,
                           1 / state.TRANSFER_ADDRESS_REFILL_S):
        pass
    other = goto(app(profile=None), "impostazioni")
    transfer(other, "ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    assert other.session_state[SETTINGS_KEY].profile != owner
    assert any("Troppi tentativi" in e.value for e in other.error)
    # ...but a classmate at the same address who types her own right code gets in (issue 28: the
    # guesser used to spend the address's tries and lock her out)
    classmate = goto(app(profile=None), "impostazioni")
    transfer(classmate, good)
    assert classmate.session_state[SETTINGS_KEY].profile == owner


def written_cookie(at: AppTest) -> str:
    for h in at.html:
        found = re.search(r'"coach_profile=" \+ "([^"]+)"', h.proto.body)
        if found:
            return unquote(found.group(1))
    raise AssertionError("the page writes no profile cookie")


@pytest.mark.parametrize("how", ["disconnect", "new_code"])
def test_a_device_let_in_by_a_code_can_be_disconnected(app: Callable[..., AppTest], db_url: str,
                                                       monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Issue 28: after A made a new code, B's signed cookie still opened A's profile for ever. Now A
    disconnects the other devices, or makes a new code that ends the devices the old one let in."""
    phone = goto(app(profile=None), "impostazioni")
    me = phone.session_state[SETTINGS_KEY].profile
    phone.button(key="set_transfer_new").click().run()
    [code] = [c.value for c in phone.code]
    borrowed = transfer(goto(app(profile=None), "impostazioni"), code)
    assert borrowed.session_state[SETTINGS_KEY].profile == me
    kept = written_cookie(borrowed)  # what the borrowed computer keeps
    phone.run()
    assert "Firefox" not in texts(phone)  # AppTest sends no User-Agent: «un browser», twice
    if how == "disconnect":
        phone.button(key="set_devices_out").click().run()
    else:
        phone.checkbox(key="set_transfer_end_old").check().run()
        phone.button(key="set_transfer_new").click().run()
    assert any("1 dispositivo scollegato" in x.value for x in phone.success)
    send_cookies(monkeypatch, {PROFILE_COOKIE: kept})
    again = start(profile=None)  # the borrowed computer comes back with its signed cookie
    assert again.session_state[SETTINGS_KEY].profile != me
    monkeypatch.undo()
    assert phone.run().session_state[SETTINGS_KEY].profile == me  # the phone keeps its progress
