"""The live class's pages (AppTest): the teacher's projector page and the pupil's phone page.

Each AppTest is one browser; several of them on the same temporary database are a
teacher and pupils on a class server (the ~1 s polls are fragments AppTest runs with
the page; the browser test checks that they refresh by themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from coach.store import Store
from coach.store.checks import utc_now

from .helpers import goto, texts

SPOT = "lesson:03-azioni/0/4"  # lesson 3, hand 1, Carla's first decision (call 2 is the point)


@pytest.fixture(autouse=True)
def _lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's LAN address, as the join box would find it (the same on every machine)."""
    monkeypatch.setattr("coach.ui.live.common.lan_address", lambda: "192.0.2.7")


def teacher_with_class(app: Callable[..., AppTest], title: str = "3B") -> tuple[AppTest, str]:
    at = goto(app(profile="Prof"), "insegnante")
    at.text_input(key="live.new.title").input(title)
    at.button(key="live.create").click().run()
    assert not at.exception, at.exception
    code = at.query_params["codice"]
    code = code[0] if isinstance(code, list) else code
    assert len(code) == 6
    return at, code


def pupil(app: Callable[..., AppTest], code: str, name: str, profile: str) -> AppTest:
    at = app(profile=profile)
    at.query_params["codice"] = code
    goto(at, "classe")
    assert at.text_input(key="live.join.code").value == code  # the QR link fills in the code
    at.text_input(key="live.join.name").input(name)
    at.button(key="live.join").click().run()
    assert not at.exception, at.exception
    return at


def test_teacher_creates_a_class_with_a_code_and_a_qr(app: Callable[..., AppTest]) -> None:
    at, code = teacher_with_class(app)
    body = texts(at)
    assert "3B · " + code in body
    assert " ".join(code) in body  # the big code on the projector
    assert '<img class="cc-qr" src="data:image/svg+xml' in body  # the QR code
    # AppTest's page is «localhost»: no phone could open that, so the link is the LAN address's
    assert [c.value for c in at.code] == [f"http://192.0.2.7:8501/classe?codice={code}"]
    assert "solo su questo computer" in body
    assert "Nessuno è ancora entrato" in body


def test_pupils_join_answer_and_see_their_grade(app: Callable[..., AppTest], db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    assert "Ciao Anna" in texts(anna)
    assert "Aspetta che l'insegnante apra la votazione" in texts(anna)
    bruno = pupil(app, code, "Bruno", "ABCD-2345")
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    teacher.button(key="live.open").click().run()
    assert not teacher.exception
    assert "0 su 2 hanno risposto" in texts(teacher)
    anna.run()
    assert "Tocca a te" in texts(anna) or "Domanda 1" in texts(anna)
    # an illegal amount is refused with the rule, and nothing is sent
    anna.number_input(key="live.q1.amount").set_value(3)
    anna.button(key="live.q1.raise").click().run()
    body = texts(anna)
    assert "R09" in body and "Non è cambiato nulla" in body
    teacher.run()
    assert "0 su 2 hanno risposto" in texts(teacher)
    anna.button(key="live.q1.call").click().run()
    assert "Risposta inviata: Call 2" in texts(anna)
    bruno.run()
    bruno.button(key="live.q1.fold").click().run()
    teacher.run()
    assert "2 su 2 hanno risposto" in texts(teacher)
    teacher.button(key="live.close_vote").click().run()
    assert not teacher.exception
    assert teacher.get("plotly_chart"), "the distribution of the answers"
    body = texts(teacher)
    # before the verdict: who answered, no grade, on the projector and on the phones
    assert "2 su 2 hanno risposto · 0 senza risposta" in body, body
    assert "giust" not in body.lower() and "Ottima" not in body
    anna.run()
    assert "Risposta inviata: Call 2" in texts(anna) and "giudizio" not in texts(anna)
    teacher.button(key="live.reveal").click().run()
    assert "2 su 2 hanno risposto · 0 giuste · 0 senza risposta" in texts(teacher)
    # the lesson names no best choice here: the coach's own (a raise from the cutoff) is the verdict
    assert "Il verdetto del coach: Rilancio a 5 — Ottima" in texts(teacher)
    anna.run()
    assert "Hai scelto: Call 2 — giudizio:" in texts(anna)
    bruno.run()
    assert "Hai scelto: Fold — giudizio:" in texts(bruno)
    # the answer counts in the pupil's own progress, as a decision from the class
    decisions = Store(db_url).decisions("KQMX-4727")
    assert [(d.source, d.ref, d.action) for d in decisions] == [("class", SPOT, "p3 cc")]
    assert "giudizio: " + decisions[0].grade in texts(anna).lower()
    # a call there is «imprecisa»: it comes back in the pupil's own «Ripasso», as the lesson's spot
    cards = Store(db_url).review_cards("KQMX-4727")
    assert [(c.key, c.action, c.grade) for c in cards] == [(f"lesson:{SPOT.split(':', 1)[1]}", "cc",
                                                            decisions[0].grade)]
    # results: per question and per pupil, CSV
    teacher.segmented_control(key="live.teacher.view").set_value("results").run()
    body = texts(teacher)
    assert "Per domanda" in body and "Per alunno" in body
    assert "| Anna | 1 | 0 | 1: Imprecisa |" in body and "| Bruno | 1 |" in body
    assert teacher.get("download_button")


def test_a_duplicate_name_is_refused_in_italian(app: Callable[..., AppTest]) -> None:
    _, code = teacher_with_class(app)
    pupil(app, code, "Anna", "KQMX-4727")
    other = pupil(app, code, "anna", "ABCD-2345")
    assert "Il nome «anna» è già preso in questa classe" in texts(other)
    assert other.button(key="live.join")  # still on the join form


def test_a_closed_class_is_refused_in_italian(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.button(key="live.close_class").click().run()
    teacher.button(key="live.close_class.yes").click().run()
    assert "Questa classe è finita" in texts(teacher)
    anna.run()
    assert "L'insegnante ha chiuso la classe" in texts(anna)
    late = pupil(app, code, "Bruno", "ABCD-2345")
    assert f"Non puoi entrare con il codice {code}" in texts(late)  # one message (live/test_admission.py)


def test_an_expired_class_is_refused_in_italian(app: Callable[..., AppTest], db_url: str) -> None:
    old = Store(db_url).create_class("Prof", "ieri", hours=1, at=utc_now() - timedelta(hours=2))
    late = pupil(app, old.code, "Bruno", "ABCD-2345")
    assert f"Non puoi entrare con il codice {old.code}" in texts(late)


def test_an_unknown_code_and_a_removed_pupil(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    wrong = pupil(app, "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", "Anna", "KQMX-4727")
    assert "Non puoi entrare con il codice" in texts(wrong)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.run()
    remove = [b for b in teacher.button if b.key and b.key.startswith("live.remove.")]
    assert [b.label for b in remove] == ["Anna"]
    remove[0].click().run()
    assert "Togliere Anna dalla classe?" in texts(teacher)  # one click removes nobody
    anna.run()
    assert "Ciao Anna" in texts(anna)
    teacher.button(key="live.remove.yes").click().run()
    assert "Nessuno è ancora entrato" in texts(teacher)
    anna.run()
    assert "Non sei più in questa classe" in texts(anna)


def test_a_reloaded_phone_comes_back_to_the_question(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    token = anna.query_params["alunno"]
    token = token[0] if isinstance(token, list) else token
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    teacher.button(key="live.open").click().run()
    again = app(profile="KQMX-4727")  # a new session: the page was reloaded
    again.query_params["codice"] = code
    again.query_params["alunno"] = token
    goto(again, "classe")
    assert "Ciao Anna" in texts(again)
    assert again.button(key="live.q1.call")


def test_the_pages_in_english(app: Callable[..., AppTest]) -> None:
    at = goto(app("en", profile="Prof"), "insegnante")
    assert "Create the class" in texts(at)
    at = goto(app("en"), "classe")
    assert "Join the class" in texts(at)


QUIZ = "quiz:01-mazzo-carte-punti/chi-vince-board"  # three choices, the third («si dividono») is right
NUMBER = "quiz:03-azioni/piatto-al-flop"  # a number: 19


def _teacher_poses(teacher: AppTest, source: str) -> None:
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.segmented_control(key="live.teacher.source").set_value(source).run()
    assert not teacher.exception, teacher.exception


def test_a_lessons_question_is_put_to_the_class(app: Callable[..., AppTest], db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    bruno = pupil(app, code, "Bruno", "ABCD-2345")
    _teacher_poses(teacher, "quiz")
    teacher.selectbox(key="live.teacher.quiz").set_value(QUIZ).run()
    assert "Nella seconda mano il board è" in texts(teacher)
    teacher.button(key="live.open").click().run()
    assert "0 su 2 hanno risposto" in texts(teacher)
    anna.run()
    body = texts(anna)
    assert "Domanda 1" in body and "Nella seconda mano il board è" in body
    assert [b.label for b in anna.button if b.key and b.key.startswith("live.q1.c")] == [
        "A. Anna, con la coppia d'Assi", "B. Bruno, con il Re alto", "C. Anna e Bruno si dividono il piatto"]
    anna.button(key="live.q1.c2").click().run()
    assert "Risposta inviata: Anna e Bruno si dividono il piatto" in texts(anna)
    bruno.run()
    bruno.button(key="live.q1.c0").click().run()
    teacher.run()
    assert "2 su 2 hanno risposto" in texts(teacher)
    teacher.button(key="live.close_vote").click().run()
    assert not teacher.exception, teacher.exception
    assert "2 su 2 hanno risposto · 0 senza risposta" in texts(teacher)
    # the question stays on the projector through the discussion
    assert "Nella seconda mano il board è" in texts(teacher)
    anna.run()
    assert "Giusto" not in texts(anna) and "Risposta inviata" in texts(anna)
    teacher.button(key="live.reveal").click().run()
    assert "1 giusta" in texts(teacher)
    body = texts(teacher)
    assert "La risposta giusta: Anna e Bruno si dividono il piatto" in body
    anna.run()
    assert "Giusto: Anna e Bruno si dividono il piatto" in texts(anna)
    bruno.run()
    assert "Non proprio: hai risposto Anna, con la coppia d'Assi; la risposta è Anna e Bruno" in texts(bruno)
    # it counts in the pupil's own quiz progress
    assert [(a.answered, a.correct) for a in Store(db_url).quiz_accuracy("KQMX-4727")] == [(1, 1)]
    # results: the question, right/wrong per pupil
    teacher.segmented_control(key="live.teacher.view").set_value("results").run()
    body = texts(teacher)
    assert "domanda 2: Nella seconda mano" in body
    assert "| Anna | 1 | 1 | 1: giusta |" in body and "| Bruno | 1 | 0 | 1: sbagliata |" in body


def test_a_number_question_refuses_what_is_not_a_number(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    _teacher_poses(teacher, "quiz")
    teacher.selectbox(key="live.teacher.quiz").set_value(NUMBER).run()
    teacher.button(key="live.open").click().run()
    anna.run()
    anna.button(key="live.q1.send").click().run()  # nothing written
    assert "Scrivi prima un numero." in texts(anna)
    teacher.run()
    assert "0 su 1 hanno risposto" in texts(teacher)  # the refused answer was not sent
    anna.number_input(key="live.q1.number").set_value(19)
    anna.button(key="live.q1.send").click().run()
    assert "Risposta inviata: 19" in texts(anna)
    teacher.button(key="live.close_vote").click().run()
    anna.run()
    assert "Giusto" not in texts(anna)  # no grade before the teacher shows the answer
    teacher.button(key="live.reveal").click().run()
    anna.run()
    assert "Giusto: 19" in texts(anna)


def _pasted_phh(stop: int) -> str:
    """Lesson 3's first hand, cut before action ``stop`` (so it stops at a decision)."""
    from dataclasses import replace

    from coach.engine.phh import loads_phh
    from coach.ui.lessons import course

    text = next(x for x in course("it") if x.id == "03-azioni").hands[0].phh.to_toml()
    history = loads_phh(text, source="x")
    return replace(history, actions=history.actions[:stop]).dumps()


def test_a_pasted_hand_is_put_to_the_class(app: Callable[..., AppTest], db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    _teacher_poses(teacher, "phh")
    assert "Incolla una mano" in texts(teacher)
    # a broken hand: a clear Italian error, nothing chosen
    teacher.text_area(key="live.paste.text").input("variant = 'NT'\nactions = [\n").run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception, teacher.exception
    assert any("il testo incollato" in e.value for e in teacher.error)
    assert "live.teacher.pasted" not in teacher.session_state
    teacher.text_area(key="live.paste.text").input(_pasted_phh(4)).run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception, teacher.exception
    assert teacher.session_state["live.teacher.point"] == 4  # the hand stops at Carla's decision
    assert "Azione 5 (preflop): tocca a Carla" in teacher.selectbox(key="live.teacher.point").options
    teacher.button(key="live.open").click().run()
    spot = Store(db_url).snapshot(code)
    assert spot is not None and spot.question is not None and spot.question.spot.startswith("phh:")
    assert spot.question.hand is not None
    anna.run()
    assert "Che cosa fa Carla?" in texts(anna)
    anna.number_input(key="live.q1.amount").set_value(3)  # illegal: refused with the rule
    anna.button(key="live.q1.raise").click().run()
    assert "R09" in texts(anna)
    anna.button(key="live.q1.call").click().run()
    assert "Risposta inviata: Call 2" in texts(anna)
    teacher.run()
    teacher.button(key="live.close_vote").click().run()
    assert not teacher.exception, teacher.exception
    assert teacher.get("plotly_chart")
    teacher.button(key="live.reveal").click().run()
    assert "Il verdetto del coach: Rilancio a 5" in texts(teacher)
    anna.run()
    assert "Hai scelto: Call 2 — giudizio:" in texts(anna)
    # limping J♠10♠ from the cutoff is «imprecisa»: the pasted spot comes back in Anna's own «Ripasso»
    [decision] = Store(db_url).decisions("KQMX-4727")
    assert decision.grade == "imprecisa"
    cards = Store(db_url).review_cards("KQMX-4727")
    assert [(c.source, c.action, c.grade) for c in cards] == [("class", "cc", "imprecisa")]
    goto(anna, "ripasso")
    assert "Da: Classe dal vivo: una mano mostrata dall'insegnante" in texts(anna)
    assert "Tocca a te: che cosa fai?" in texts(anna)
    teacher.segmented_control(key="live.teacher.view").set_value("results").run()
    assert "Mano incollata, azione 5" in texts(teacher)


def test_a_pasted_hand_longer_than_the_store_keeps_is_refused_at_the_paste(app: Callable[..., AppTest],
                                                                           db_url: str) -> None:
    from coach.store.checks import MAX_HAND_TEXT

    teacher, code = teacher_with_class(app)
    _teacher_poses(teacher, "phh")
    teacher.text_area(key="live.paste.text").input(_pasted_phh(4)).run()
    teacher.button(key="live.paste.use").click().run()
    chosen = teacher.session_state["live.teacher.pasted"]
    # legal, within the 1 MB a text area takes, but 70,000 characters once written for the class
    long_hand = _pasted_phh(4) + 'note = "' + "x" * 70_000 + '"\n'
    assert MAX_HAND_TEXT < len(long_hand) < 1024 * 1024
    teacher.text_area(key="live.paste.text").input(long_hand).run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception, teacher.exception
    said = [e.value for e in teacher.error]
    assert any("Questa mano, come la conserva la classe, è lunga 70." in x
               and "più del limite di 64.000: incolla una mano più corta" in x for x in said), said
    assert teacher.session_state["live.teacher.pasted"] == chosen  # the hand chosen before stays
    assert teacher.text_area(key="live.paste.text").proto.max_chars == 1024 * 1024
    teacher.button(key="live.open").click().run()  # and it is the one put to the class
    spot = Store(db_url).snapshot(code)
    assert spot is not None and spot.question is not None and spot.question.hand == chosen


def test_a_pasted_dotted_key_bomb_is_refused_in_italian(app: Callable[..., AppTest]) -> None:
    teacher, _ = teacher_with_class(app)
    _teacher_poses(teacher, "phh")
    bomb = _pasted_phh(4) + "meta" + ".a" * 3_000 + " = 1\n"  # a RecursionError in dumps() before
    teacher.text_area(key="live.paste.text").input(bomb).run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception, teacher.exception
    assert any("3.001 parti separate da punti" in e.value for e in teacher.error), \
        [e.value for e in teacher.error]
    assert "live.teacher.pasted" not in teacher.session_state


def test_a_pupil_reopening_the_class_link_in_a_new_tab_is_recognised(app: Callable[..., AppTest]) -> None:
    _, code = teacher_with_class(app)
    first = pupil(app, code, "Anna", "Anna-phone")
    assert "Ciao Anna" in texts(first)
    tab = app(profile="Anna-phone")  # the same phone (its profile cookie), the link without the token
    tab.query_params["codice"] = code
    goto(tab, "classe")
    assert not tab.exception, tab.exception
    assert "Ciao Anna" in texts(tab) and "già preso" not in texts(tab)
    other = pupil(app, code, "Anna", "Bruno-phone")  # another phone typing the same name
    assert "già preso" in texts(other)
