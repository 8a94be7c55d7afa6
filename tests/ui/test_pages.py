"""Every page renders in Italian and in English without an exception."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from streamlit.testing.v1 import AppTest

from .helpers import ENTRY, PAGES, TIMEOUT, goto, texts


@pytest.mark.parametrize("locale", ["it", "en"])
def test_every_page_renders(app: Callable[..., AppTest], locale: str) -> None:
    at = app(locale)
    for page in PAGES:
        goto(at, page)
        assert at.title, page


def test_home_is_italian_and_notes_play_money(app: Callable[..., AppTest]) -> None:
    at = app()
    body = texts(at)
    assert "Benvenuto" in body
    assert "nessun denaro reale" in body


def test_language_switch_in_settings(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "impostazioni")
    at.selectbox(key="set_locale").set_value("en").run()
    assert not at.exception
    goto(at, "home")
    assert "Welcome" in texts(at)
    assert "no real money" in texts(at)


def test_settings_persist_for_the_profile(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "impostazioni")
    at.toggle(key="set_four").set_value(True).run()
    at.selectbox(key="set_locale").set_value("en").run()
    again = app()  # a new session on the same database
    from coach.ui.state import SETTINGS_KEY

    s = again.session_state[SETTINGS_KEY]
    assert s.four_colour is True and s.locale == "en"


def test_glossary_search(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "glossario")
    assert "Piatto laterale" in texts(at)
    at.text_input(key="glossary_query").input("kicker").run()
    body = texts(at)
    assert "Kicker" in body and "Piatto laterale" not in body
    at.text_input(key="glossary_query").input("zzzz").run()
    assert "Nessun termine" in texts(at)


def test_classroom_mode_hides_navigation(app: Callable[..., AppTest]) -> None:
    at = app()
    at.query_params["aula"] = "1"
    at.run()
    assert any(b.key == "leave_classroom" for b in at.button)
    at.button(key="leave_classroom").click().run()
    assert not any(b.key == "leave_classroom" for b in at.button)


def _all_right(store: Any, lesson_id: str) -> int:
    """Every question of the lesson answered right once: what makes a lesson «completata»."""
    from coach.lessons.loader import default_lessons_dir, load_lessons

    lesson = next(x for x in load_lessons(default_lessons_dir()) if x.id == lesson_id)
    for q in lesson.questions:
        store.record_quiz_answer("Ospite", "R01", f"{lesson_id}/{q.id}", True)
    return len(lesson.questions)


def test_progress_page_shows_the_database(app: Callable[..., AppTest], db_url: str) -> None:
    from coach.store import Store

    store = Store(db_url)
    store.record_quiz_answer("Ospite", "R09", "03-azioni/q", True)
    store.record_quiz_answer("Ospite", "R09", "03-azioni/q2", False)
    store.record_decision("Ospite", "buona", source="practice", ev_loss_bb=0.2)
    store.mark_lesson_completed("Ospite", "03-azioni")
    n = _all_right(store, "03-azioni")  # done: each question answered right once
    at = goto(app(), "progressi")
    body = texts(at)
    # "completata il 30 novembre", but "l'1 dicembre", "l'8", "l'11" (the article follows the number)
    assert "Le azioni" in body and ("completata il" in body or "completata l'" in body)
    assert len(at.get("plotly_chart")) == 2
    assert [m.value for m in at.metric] == [f"{round(100 * (1 + n) / (2 + n))}%", "100%"]


def test_home_offers_the_next_lesson(app: Callable[..., AppTest], db_url: str) -> None:
    from coach.store import Store

    Store(db_url).mark_lesson_completed("Ospite", "01-mazzo-carte-punti")
    _all_right(Store(db_url), "01-mazzo-carte-punti")
    at = app()
    # every lesson of the course is a link to it, ticked when completed, with its state in words
    states = {p.proto.label.split(" · ")[0]: p.proto.label.split(" · ")[-1] for p in at.get("page_link")}
    assert states["1. Il mazzo, le carte e i punti"] == "completata"
    assert states["2. Il bottone e i bui"] == "da iniziare"
    links = {p.proto.label.split(" · ")[0]: p.proto for p in at.get("page_link")}
    first = links["1. Il mazzo, le carte e i punti"]
    assert first.query_string == "lezione=01-mazzo-carte-punti" and first.icon == ":material/check_circle:"
    assert links["2. Il bottone e i bui"].icon == ":material/radio_button_unchecked:"
    assert sum(1 for label in links if label[:1].isdigit()) == 16
    # the lessons inserted with 'after' are numbered by their place in the course
    assert "5. Posizione e mani iniziali" in links and "6. Flop, turn e river" in links
    at.button(key="home_next_lesson").click().run()
    assert not at.exception
    assert at.query_params["lezione"] == "02-bottone-bui"


def test_database_url_from_streamlit_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from coach.store import Store

    monkeypatch.delenv("COACH_DATABASE_URL", raising=False)
    url = f"sqlite:///{tmp_path / 'classe.db'}"
    at = AppTest.from_file(ENTRY, default_timeout=TIMEOUT)
    at.secrets["database_url"] = url
    at.run()
    goto(at, "impostazioni")
    at.toggle(key="set_four").set_value(True).run()
    from coach.ui.state import SETTINGS_KEY

    profile = at.session_state[SETTINGS_KEY].profile  # a browser seen for the first time: its own id
    assert profile.startswith("u-")
    assert Store(url).preferences(profile) == {"feedback_timing": "decision", "four_colour": True,
                                               "letter_shortcuts": False, "locale": "it", "daily_goal": 10,
                                               "feedback_level": "lesson"}


def test_an_unreachable_database_keeps_the_app_going(monkeypatch: pytest.MonkeyPatch) -> None:
    # A path under a regular file can never be created: every store call fails.
    from .helpers import start

    monkeypatch.setenv("COACH_DATABASE_URL", "sqlite:////etc/passwd/coach.db")
    at = start()
    assert not at.exception
    assert any("Progressi non salvati: il database non è raggiungibile" in w.value for w in at.warning)
    at.query_params["lezione"] = "03-azioni"
    at.query_params["mano"] = "1"
    at.query_params["passo"] = "1"
    at = goto(at, "lezioni")
    at.button(key="dec.03-azioni/0/4.call").click().run()  # grading tries to save the decision
    assert not at.exception
    assert "Hai scelto" in texts(at)


def test_each_new_browser_gets_its_own_profile(app: Callable[..., AppTest], db_url: str) -> None:
    # No more shared "Ospite": a browser without the profile cookie gets its own random id, and
    # another visitor's language or decisions never leak into it.
    from coach.identity import read_profile_cookie
    from coach.store import Store
    from coach.ui import state
    from coach.ui.state import PROFILE_COOKIE, SETTINGS_KEY

    Store(db_url).save_preferences("Ospite", {"locale": "en"})
    first, second = app(profile=None), app(profile=None)
    a = first.session_state[SETTINGS_KEY].profile
    b = second.session_state[SETTINGS_KEY].profile
    assert a.startswith("u-") and b.startswith("u-") and a != b
    assert first.session_state[SETTINGS_KEY].locale == "it"
    assert "Benvenuto, Ospite!" in texts(first) and a not in texts(first)
    # the page keeps the id, signed with this browser's device and an expiry, in the browser's cookie
    written = [re.search(f'"{PROFILE_COOKIE}=" \\+ "([^"]+)"', h.proto.body) for h in first.html]
    [value] = [unquote(m.group(1)) for m in written if m]
    found = read_profile_cookie({PROFILE_COOKIE: value}, state.profile_signer())
    assert found.profile == a and found.device == first.session_state[state.DEVICE_KEY]
    assert '"%3Cb%3E%22x"' in state.cookie_script("n", '<b>"x')  # no value breaks out of the script


def test_english_home_greets_a_guest_in_english(app: Callable[..., AppTest]) -> None:
    at = app("en", profile=None)
    body = texts(at)
    assert "Welcome, Guest!" in body and "Ospite" not in body


def test_letter_shortcuts_are_off_until_turned_on(app: Callable[..., AppTest]) -> None:
    # WCAG 2.1.4: a single key (F folds!) must be possible to turn off; here it starts off.
    at = app()
    at.query_params.update({"lezione": "03-azioni", "mano": "1", "passo": "1"})
    goto(at, "lezioni")
    fold = at.button(key="dec.03-azioni/0/4.fold")
    assert not fold.proto.shortcut
    assert at.button(key="lesson.03-azioni/0.next").proto.shortcut.lower() == "right"  # arrows always work
    goto(at, "impostazioni")
    at.toggle(key="set_letters").set_value(True).run()
    goto(at, "lezioni")
    assert at.button(key="dec.03-azioni/0/4.fold").proto.shortcut.lower() == "f"


def test_a_rule_code_links_to_its_glossary_terms(app: Callable[..., AppTest]) -> None:
    at = app()
    at.query_params["regola"] = "R09"
    goto(at, "glossario")
    body = texts(at)
    assert "Regola R09: Il rilancio minimo" in body
    assert "Raise (rilancio)" in body and "Piatto laterale" not in body
    at.button(key="glossary_all").click().run()
    assert "Piatto laterale" in texts(at)
