"""Who is the teacher of a live class on the pages: the holder of its secret, never its profile.

Before, the teacher page showed a class to any session whose profile string was the
teacher's, and the sidebar printed that string on the projector. Now a session manages a
class only with its secret: made by «Crea la classe» in this browser (kept in a signed
cookie), or brought by the private teacher link, which leaves the address bar at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from coach.signing import PURPOSE_PROFILE, PURPOSE_TEACHER, Signer
from coach.store import Store
from coach.ui import state

from ..helpers import goto, texts
from ..test_live_class import pupil, teacher_with_class

SECRET = "s" * 64  # the server's signing secret in these tests (COACH_SECRET)
TEACHER = "PROF-2345"  # a guest code, as the sidebar used to print it on the projector


@pytest.fixture(autouse=True)
def server_secret(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("COACH_SECRET", SECRET)
    state._server_secret.clear()
    yield SECRET
    state._server_secret.clear()


def _cookie(at: AppTest) -> str:
    """The signed value the page's script writes into the ``coach_teacher`` cookie."""
    for el in at.get("html"):
        found = re.search(r'"coach_teacher=" \+ "([^"]+)"', str(el.proto.body))
        if found:
            return unquote(found.group(1))
    raise AssertionError("the page wrote no teacher cookie")


def _teacher_link(at: AppTest) -> str:
    at.button(key="live.show_link").click().run()
    assert "Non proiettare mai questo link" in texts(at)
    [link] = [c.value for c in at.code if "chiave=" in c.value]
    return link


def _visible(at: AppTest) -> str:
    """What the page shows (the text of its elements), without the scripts' source (the cookies)."""
    return re.sub(r"<script>.*?</script>", "", texts(at), flags=re.S)


def _on_teacher_page(app: Callable[..., AppTest], profile: str, **params: str) -> AppTest:
    at = app(profile=profile)
    for k, v in params.items():
        at.query_params[k] = v
    return goto(at, "insegnante")


def test_the_teachers_profile_and_the_class_code_open_nothing(app: Callable[..., AppTest],
                                                              db_url: str) -> None:
    """A pupil who read the profile code and the class code on the projector types both in."""
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    intruder = _on_teacher_page(app, "Prof", codice=code)  # the teacher's very profile, and the code
    body = texts(intruder)
    assert f"La classe {code} si gestisce da un altro dispositivo" in body
    assert intruder.button(key="live.create")  # the start page, not the class
    keys = [b.key or "" for b in intruder.button]
    assert "live.close_class" not in keys
    assert not any(k.startswith(("live.remove.", "live.resume.")) for k in keys)
    assert not intruder.get("download_button") and "Anna" not in body
    # a guessed key in a teacher link: one Italian message, nothing opened
    guess = _on_teacher_page(app, "Prof", codice=code, chiave="Prof")
    assert "Questo link dell'insegnante non apre nessuna classe" in texts(guess)
    assert "chiave" not in guess.query_params and "live.close_class" not in [b.key for b in guess.button]
    # the class is untouched, and still the teacher's
    snap = Store(db_url).snapshot(code)
    assert snap is not None and snap.live_class.state() == "open" and snap.pupils == 1
    teacher.run()
    assert teacher.button(key="live.close_class")
    anna.run()
    assert "Ciao Anna" in texts(anna)


def test_the_teacher_link_moves_the_class_to_another_device(app: Callable[..., AppTest], db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    assert "chiave=" not in texts(teacher) and not [c for c in teacher.code if "chiave=" in c.value]
    link = _teacher_link(teacher)
    query = parse_qs(urlsplit(link).query)
    assert urlsplit(link).path == "/insegnante" and query["codice"] == [code]
    secret = query["chiave"][0]
    assert len(secret) >= 22
    teacher.button(key="live.hide_link").click().run()
    assert not [c for c in teacher.code if "chiave=" in c.value]
    # another device, another profile: the link makes it the teacher, and leaves the address bar
    laptop = _on_teacher_page(app, "ABCD-2345", codice=code, chiave=secret)
    assert "chiave" not in laptop.query_params
    assert laptop.query_params["codice"] in (code, [code])
    assert laptop.button(key="live.close_class")
    assert Signer(SECRET, PURPOSE_TEACHER).unsign(_cookie(laptop)) == {code: secret}  # kept in its cookie
    laptop.button(key="live.close_class").click().run()
    laptop.button(key="live.close_class.yes").click().run()
    assert not laptop.exception, laptop.exception
    assert "Questa classe è finita" in texts(laptop)
    snap = Store(db_url).snapshot(code)
    assert snap is not None and snap.live_class.state() == "closed"


def test_the_signed_cookie_brings_back_the_class_and_a_tampered_one_is_refused(
        app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    cookie = _cookie(teacher)
    secret = Signer(SECRET, PURPOSE_TEACHER).unsign(cookie)
    assert isinstance(secret, dict) and list(secret) == [code]
    # the same browser, later: the cookie lists the class under «Le tue classi aperte»
    back = app(profile="Somebody else")
    back.session_state[state.TEACHER_COOKIE_KEY] = cookie
    goto(back, "insegnante")
    back.button(key=f"live.resume.{code}").click().run()
    assert back.button(key="live.close_class")
    # an edited cookie, or a value signed for another purpose, brings nothing
    payload, _, signature = cookie.rpartition(".")
    forged = [payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:],
              Signer("x" * 64, PURPOSE_TEACHER).sign(secret),
              Signer(SECRET, PURPOSE_PROFILE).sign(secret)]
    for value in forged:
        other = app(profile="Prof")
        other.session_state[state.TEACHER_COOKIE_KEY] = value
        other.query_params["codice"] = code
        goto(other, "insegnante")
        keys = [b.key or "" for b in other.button]
        assert "live.close_class" not in keys and f"live.resume.{code}" not in keys, value


def test_the_teacher_page_and_classroom_mode_never_show_the_profile_code(app: Callable[..., AppTest]) -> None:
    home = app(profile=TEACHER)
    assert "Profilo: Ospite" in _visible(home) and TEACHER not in _visible(home)  # a label, never the id
    at = goto(app(profile=TEACHER), "insegnante")
    assert TEACHER not in _visible(at)
    at.text_input(key="live.new.title").input("3B")
    at.button(key="live.create").click().run()
    assert at.button(key="live.close_class") and TEACHER not in _visible(at)
    projector = app(profile=TEACHER)
    projector.query_params["aula"] = "1"
    projector.run()
    assert TEACHER not in _visible(projector)
    for page in ("lezioni", "insegnante"):
        assert TEACHER not in _visible(goto(projector, page))
