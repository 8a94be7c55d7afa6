"""The lesson player in AppTest: step to a decision, refuse an illegal raise, grade a legal one."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from coach.learning.script import Attempt, HandScript, try_choice
from coach.lessons.loader import load_lessons
from coach.lessons.schema import Lesson
from coach.ui.lessons import Link, is_complete, link_params, parse_link, question_keys

from ..helpers import ROOT, goto, in_order, texts

LESSON = "03-azioni"
DEC = "dec.03-azioni/0/4"  # Carla's first decision, before action 4 of the first hand


def _open_lesson(app: Callable[..., AppTest], **params: str) -> AppTest:
    at = app()
    for k, v in params.items():
        at.query_params[k] = v
    return goto(at, "lezioni")


def test_deep_link_opens_the_hand_at_the_step(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    assert "Una mano con tutte le azioni" in [s.value for s in at.header]
    assert any(b.key == f"{DEC}.fold" for b in at.button)
    assert any("Passo 1 di" in str(p.proto) for p in at.get("progress"))


def test_step_to_a_decision_with_the_buttons(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    nxt = "lesson.03-azioni/0.next"
    assert at.button(key=nxt).disabled  # ▶ waits while the first decision is pending
    at.button(key=f"{DEC}.call").click().run()
    clicks = 0
    while not any(b.key == "dec.03-azioni/0/14.fold" for b in at.button):
        assert not at.button(key=nxt).disabled, "reached the end without the second decision point"
        at.button(key=nxt).click().run()
        assert not at.exception
        clicks += 1
    assert clicks == 10
    assert at.button(key=nxt).disabled
    assert at.query_params["passo"] == "11"
    assert any("Passo 11 di 16" in str(p.proto) for p in at.get("progress"))
    # a legal call here gets the coach's grade, figures and the equity chart
    at.button(key="dec.03-azioni/0/14.call").click().run()
    assert "giudizio: Ottima" in texts(at)
    at.session_state["lesson_why.03-azioni/0/14"] = True  # lesson 3 is essential: open «Perché?»
    body = texts(at.run())
    assert "ti serve il 27,6% di [equity](glossario?cerca=Equity" in body  # the term links to the glossary
    assert "| Call ◀ | Ottima |" in body  # every option with its grade and EV
    assert len(at.get("plotly_chart")) >= 1


def test_illegal_raise_is_refused_and_nothing_changes(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    table_before = [h.proto.body for h in at.html]
    at.number_input(key=f"{DEC}.amount").set_value(3).run()
    at.button(key=f"{DEC}.raise").click().run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any("rilancio minimo" in e for e in errors), errors
    assert not any("R09" in e for e in errors), errors  # no internal code in the learner's text
    assert "Non è cambiato nulla" in texts(at)
    # the rule explained, named in words, and a link to the glossary
    assert "[Regola: Il rilancio minimo](glossario?regola=R09)" in texts(at)
    # same table, same log (the one script added brings the refusal into view on a phone)
    assert [h.proto.body for h in at.html if "cc_refusal" not in h.proto.body] == table_before
    assert any(b.key == f"{DEC}.fold" for b in at.button)  # still deciding
    # a check facing the big blind is refused with its own rule
    at.button(key=f"{DEC}.check").click().run()
    assert any("Check" in e or "check" in e for e in (x.value for x in at.error))


def test_legal_action_shows_feedback_and_unblocks(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    at.button(key=f"{DEC}.call").click().run()
    assert not at.exception
    body = texts(at)
    assert "Hai scelto" in body
    assert "Paghi il grande buio (call)" in body  # the lesson's own feedback for p3 cc
    assert "giudizio:" in body  # and the coach's grade
    assert not any(b.key == f"{DEC}.fold" for b in at.button)
    assert not at.button(key="lesson.03-azioni/0.next").disabled
    at.button(key="lesson.03-azioni/0.next").click().run()
    assert not at.exception


def test_a_preset_raises_in_one_tap_at_the_coachs_size(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    preset = at.button(key=f"{DEC}.preset.bb_2_5")
    assert preset.label == "Rilancio a 5"  # the coach's standard open at blinds 1/2 (2.5 bb)
    preset.click().run()
    assert "Hai scelto: Carla rilancia a 5" in texts(at)  # no second click on «Bet / Raise»
    assert not any(b.key == f"{DEC}.fold" for b in at.button)


def _answer_every_question(at: AppTest, lesson: Lesson) -> None:
    """The lesson's «Domande» tab, each question answered right, checking that no answer breaks the page."""
    at.button_group(key=f"lesson_part.{LESSON}").set_value("quiz").run()
    for q in lesson.questions:
        key = f"q.{LESSON}/{q.id}"
        if q.kind == "choice":
            at.radio(key=key).set_value(q.answer)
        else:
            at.number_input(key=key).set_value(q.answer)
        at.button(key=f"qa.{LESSON}/{q.id}").click().run()
        assert not at.exception


def test_questions_complete_the_lesson_and_progress_persists(app: Callable[..., AppTest]) -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    at = _open_lesson(app, lezione=LESSON)
    _answer_every_question(at, lesson)
    assert "Lezione completata" in texts(at)
    # a new session on the same database sees the completed lesson and the answers
    again = goto(app(), "progressi")
    from coach.ui.state import store

    summary = store().summary("Ospite")
    assert summary.lessons_completed == 1
    assert summary.quiz_answered == len(lesson.questions) == summary.quiz_correct
    assert not again.exception


def test_wrong_answer_is_scored_wrong(app: Callable[..., AppTest]) -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    q = lesson.questions[0]
    at = _open_lesson(app, lezione=LESSON)
    at.button_group(key=f"lesson_part.{LESSON}").set_value("quiz").run()
    at.button(key=f"qa.{LESSON}/{q.id}").click().run()
    assert "Scegli prima una risposta" in texts(at)
    number = next(x for x in lesson.questions if x.kind == "number")
    at.button(key=f"qa.{LESSON}/{number.id}").click().run()
    assert "Scrivi prima un numero." in texts(at)  # a number question asks for a number
    wrong = (q.answer + 1) % max(2, len(q.choices)) if q.kind == "choice" else q.answer + 1
    (at.radio if q.kind == "choice" else at.number_input)(key=f"q.{LESSON}/{q.id}").set_value(wrong)
    at.button(key=f"qa.{LESSON}/{q.id}").click().run()
    assert any("Non proprio" in e.value for e in at.error)


# -- pure helpers -------------------------------------------------------------------


def test_links_round_trip() -> None:
    lessons = load_lessons(ROOT / "lessons")
    link = Link(LESSON, 1, 3)
    assert parse_link(link_params(link), lessons) == link
    assert parse_link({"lezione": "3", "mano": "tutti-foldano"}, lessons) == Link(LESSON, 1, 0)
    assert parse_link({"lezione": "nope"}, lessons) is None
    assert parse_link({"lezione": LESSON, "mano": "99"}, lessons) == Link(LESSON, None, 0)


def test_completion_needs_every_question_right_once() -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    keys = question_keys(lesson)
    assert not is_complete(lesson, set(keys[:-1]), set(keys[:-1]))
    assert not is_complete(lesson, set(keys), set(keys[:2]))  # all answered, some never right
    assert is_complete(lesson, set(keys), set(keys))


def test_refused_choice_leaves_the_hand_untouched() -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    sc = HandScript.from_example(lesson.hands[0])
    hand = sc.hand_at(sc.step_of_action(4))
    before = hand.snapshot()
    out = try_choice(hand, Attempt("raise", 3))
    assert out.refusal is not None and out.refusal.rule == "R09"
    assert hand.snapshot() == before
    assert try_choice(hand, Attempt("raise", 6)).code == "p3 cbr 6"


def test_resume_where_you_left_off(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    at.button(key=f"{DEC}.call").click().run()
    at.button(key="lesson.03-azioni/0.next").click().run()
    at.button(key="lesson.03-azioni/0.next").click().run()  # step 3, saved as the bookmark
    again = app()  # a new session: the home page offers to resume
    again.button(key="home_resume").click().run()
    assert not again.exception
    assert again.query_params["lezione"] == LESSON and again.query_params["passo"] == "3"
    assert any("Passo 3 di 16" in str(p.proto) for p in again.get("progress"))


def test_classroom_lesson_is_large(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="2", aula="1")
    assert any("cc-large" in h.proto.body for h in at.html)
    assert any(b.key == "leave_classroom" for b in at.button)


def test_the_lessons_best_choice_is_graded_excellent(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione="09-heads-up", mano="1", passo="12")
    prefix = "dec.09-heads-up/0/13"
    at.number_input(key=f"{prefix}.amount").set_value(86).run()  # the all-in with the nuts
    at.button(key=f"{prefix}.raise").click().run()
    assert not at.exception
    body = texts(at)
    assert "giudizio: Ottima" in body
    assert "È proprio la scelta che la lezione insegna." in body


def test_show_or_muck_decision(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione="08-showdown", mano="1", passo="19")
    keys = [b.key for b in at.button if b.key and b.key.startswith("dec.08-showdown/0/21.")]
    assert sorted(keys) == ["dec.08-showdown/0/21.p3 sm", "dec.08-showdown/0/21.p3 sm Ac3d"]
    assert not any(b.key and b.key.endswith(".fold") for b in at.button)  # no betting at showdown
    at.button(key="dec.08-showdown/0/21.p3 sm Ac3d").click().run()
    assert not at.exception
    body = texts(at)
    assert "Hai scelto" in body and "La lezione suggerisce un'altra scelta" in body


def test_a_lesson_choice_shows_the_coachs_own_grade_without_a_hedge(app: Callable[..., AppTest]) -> None:
    # Lesson 6, the Queens facing a c-bet in a 3-bet pot: the coach grades the call «buona» and the
    # lesson no longer overrules it with «ottima» plus a note excusing the coach (issue 30).
    dec = "dec.06-puntare-rilanciare/0/12"
    at = _open_lesson(app, lezione="06-puntare-rilanciare", mano="1", passo="9")
    at.button(key=f"{dec}.call").click().run()
    assert not at.exception
    body = texts(at)
    assert "giudizio: Buona" in body
    assert "Qui il modello del coach" not in body
    assert "Il giudizio mostrato è quello della lezione" not in body
    assert "circa 2,5 bb" in body  # the lesson quotes the loss the page shows


def test_the_lessons_own_grade_is_shown(app: Callable[..., AppTest], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The course with one change: lesson 3 grades Carla's call (a limp the coach calls
    # "imprecisa") "buona". The page shows the lesson's grade, the coach's explanation
    # and then the lesson's text.
    for p in (ROOT / "lessons").glob("*.toml"):
        shutil.copy(p, tmp_path / p.name)
    lesson = tmp_path / f"{LESSON}.toml"
    text = lesson.read_text(encoding="utf-8")
    assert "at = 4\nseat = 3\n" in text
    graded = 'at = 4\nseat = 3\ngrades = { "p3 cc" = "buona" }\n'
    lesson.write_text(text.replace("at = 4\nseat = 3\n", graded, 1), encoding="utf-8")
    monkeypatch.setattr("coach.ui.lessons.default_lessons_dir", lambda: tmp_path)
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    at.button(key=f"{DEC}.call").click().run()
    assert not at.exception
    at.session_state[f"lesson_why.{DEC.removeprefix('dec.')}"] = True  # open «Perché?»
    body = texts(at.run())
    assert "giudizio: Buona" in body and "giudizio: Imprecisa" not in body
    assert "Paghi il grande buio (call)" in body  # the lesson's text
    assert "](glossario?cerca=Range" in body and "di apertura" in body  # the coach's explanation too
    # lesson 3 is essential: the lesson's text by the buttons, and not again behind «Perché?», which
    # keeps the coach's explanation (issue 22: the sentence once)
    assert body.count("Paghi il grande buio (call)") == 1


# -- translations (English overlays) ---------------------------------------------------

OVERLAYS = ROOT / "tests" / "lessons" / "overlays"
PROVA = "01-prova"
PROVA_DEC = "dec.01-prova/0/3"


def _prova_course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, overlay: Path | None) -> Path:
    """A lessons folder with only the small test lesson and, if given, its English overlay."""
    shutil.copy(OVERLAYS / f"{PROVA}.toml", tmp_path)
    if overlay is not None:
        (tmp_path / "en").mkdir()
        shutil.copy(overlay, tmp_path / "en" / f"{PROVA}.toml")
    monkeypatch.setattr("coach.ui.lessons.default_lessons_dir", lambda: tmp_path)
    return tmp_path


def test_english_locale_shows_the_translated_lesson(app: Callable[..., AppTest], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _prova_course(tmp_path, monkeypatch, OVERLAYS / "en" / f"{PROVA}.toml")
    at = app("en")
    assert any(b.label == "Next lesson: 1. Test lesson" for b in at.button)  # the home's course list
    at.query_params["lezione"] = PROVA
    goto(at, "lezioni")
    body = texts(at)
    assert "A minimal lesson." in body and "The last player left wins the pot" in body
    assert "Lezione di prova" not in body and "L'ultimo rimasto" not in body
    at.query_params["mano"] = "1"
    at.query_params["passo"] = "1"
    goto(at, "lezioni")
    assert "A short hand" in [s.value for s in at.header]
    body = texts(at)
    assert "Carla is on the button." in body and "You are Carla. What do you do?" in body
    at.button(key=f"{PROVA_DEC}.fold").click().run()
    assert not at.exception
    assert "With 7-2 folding is the normal choice." in texts(at)  # the translated feedback
    # the replayer's lesson hands are the English ones too
    goto(at, "replayer")
    labels = [str(o) for o in at.selectbox(key="replay_lesson").options]
    assert labels == ["1. Test lesson — A short hand"], labels


def test_italian_locale_keeps_the_italian_lesson_beside_a_translation(
        app: Callable[..., AppTest], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the course is cached per locale: an English session first must not leak into the Italian one
    _prova_course(tmp_path, monkeypatch, OVERLAYS / "en" / f"{PROVA}.toml")
    english = _open_prova(app("en"))
    assert "A short hand" in [s.value for s in english.header]
    italian = _open_prova(app())
    assert "Una mano corta" in [s.value for s in italian.header]
    assert "Sei Carla. Che cosa fai?" in texts(italian) and "You are Carla" not in texts(italian)


@pytest.mark.parametrize("overlay", [None, OVERLAYS / "broken" / "lunghezza-sbagliata.toml"],
                         ids=["missing", "broken"])
def test_english_locale_falls_back_to_italian(overlay: Path | None, app: Callable[..., AppTest],
                                              tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _prova_course(tmp_path, monkeypatch, overlay)
    at = _open_prova(app("en"))
    assert not at.exception
    assert "Una mano corta" in [s.value for s in at.header]


def _open_prova(at: AppTest) -> AppTest:
    at.query_params["lezione"] = PROVA
    at.query_params["mano"] = "1"
    at.query_params["passo"] = "1"
    return goto(at, "lezioni")


def test_course_signature_and_fallback_per_locale(tmp_path: Path) -> None:
    from coach.ui.lessons import all_lessons, lessons_signature

    shutil.copy(OVERLAYS / f"{PROVA}.toml", tmp_path)
    assert [n for n, _ in lessons_signature(tmp_path, "en")] == [f"{PROVA}.toml"]
    (tmp_path / "en").mkdir()
    shutil.copy(OVERLAYS / "broken" / "non-testo.toml", tmp_path / "en" / f"{PROVA}.toml")
    # a new translation changes the English cache key, not the Italian one
    assert [n for n, _ in lessons_signature(tmp_path, "en")] == [f"{PROVA}.toml", f"en/{PROVA}.toml"]
    assert [n for n, _ in lessons_signature(tmp_path)] == [f"{PROVA}.toml"]
    assert [x.title for x in all_lessons(tmp_path, "en")] == ["Lezione di prova"]  # broken: Italian
    shutil.copy(OVERLAYS / "en" / f"{PROVA}.toml", tmp_path / "en" / f"{PROVA}.toml")
    assert [x.title for x in all_lessons(tmp_path, "en")] == ["Test lesson"]
    assert [x.title for x in all_lessons(tmp_path)] == ["Lezione di prova"]


def test_a_hand_without_a_hero_shows_its_cards(app: Callable[..., AppTest]) -> None:
    # "Chi dei due è avanti?" needs both hands face up: a hand with no hero is revealed by default.
    at = _open_lesson(app, lezione="01-mazzo-carte-punti", mano="1", passo="4")
    table = next(h.proto.body for h in at.html if "cc-table" in h.proto.body)
    assert 'aria-label="Carta coperta"' not in table
    assert at.toggle(key="lesson_reveal.01-mazzo-carte-punti/0").value is True
    # a hand with a hero keeps the others' cards hidden (the teacher can still reveal them)
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    assert at.toggle(key="lesson_reveal.03-azioni/0").value is False
    assert 'aria-label="Carta coperta"' in next(h.proto.body for h in at.html if "cc-table" in h.proto.body)


def test_the_decision_says_the_price_before_the_answer(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="1", passo="1")
    # lesson 3 comes before the lesson on pot odds: the chips of the price, no percentage
    assert "Per chiamare 2 · piatto 3" in texts(at) and "ti serve" not in texts(at)
    table = next(h.proto.body for h in at.html if "cc-table" in h.proto.body)
    assert "Piatto totale: 3" in table  # the same pot on the table, preflop too
    order = in_order(at)
    assert order.index(next(x for x in order if "Per chiamare" in x)) < order.index(f"{DEC}.fold")


def test_progress_is_completion_and_the_end_offers_the_next_lesson(app: Callable[..., AppTest]) -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    at = _open_lesson(app, lezione=LESSON)
    [bar] = at.get("progress")
    assert bar.proto.value == 0 and "Lezione 3 di 16 · 0 completate" in bar.proto.text
    _answer_every_question(at, lesson)
    order = in_order(at)
    done = next(i for i, x in enumerate(order) if x.startswith("Lezione completata"))
    last_question = max(i for i, x in enumerate(order) if x.startswith(f"qa.{LESSON}/") or "Giusto" in x)
    assert done > last_question  # where the learner is, not at the top of the page
    assert order.index("lesson.next_lesson") > done
    bar = at.get("progress")[0]
    assert bar.proto.value == round(100 / 16) and "1 completata" in bar.proto.text
    at.button(key="lesson.next_lesson").click().run()
    assert not at.exception
    assert at.query_params["lezione"] == "04-preflop"


@pytest.mark.parametrize(("params", "said"), [
    ({"lezione": "xyz"}, "Il link chiede la lezione «xyz», che non esiste"),
    ({"lezione": LESSON, "mano": "99"}, "La lezione 3 non ha la mano «99» (le sue mani: da 1 a 2)"),
    ({"lezione": LESSON, "mano": "1", "passo": "-5"}, "«-5» non è il numero di un passo"),
    ({"lezione": LESSON, "mano": "1", "passo": "99"}, "La mano 1 ha 16 passi, non 99: ecco l'ultimo."),
])
def test_a_broken_deep_link_says_what_was_not_found(app: Callable[..., AppTest], params: dict[str, str],
                                                    said: str) -> None:
    at = _open_lesson(app, **params)
    assert not at.exception
    assert any(said in w.value for w in at.warning), [w.value for w in at.warning]


def test_a_good_deep_link_warns_about_nothing(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="2", passo="3")
    assert not at.warning


def test_a_hand_won_without_showdown_does_not_say_showdown(app: Callable[..., AppTest]) -> None:
    at = _open_lesson(app, lezione=LESSON, mano="2", passo="1")
    at.button(key="lesson.03-azioni/1.last").click().run()
    stepper = next(c.value for c in at.caption if "Preflop" in c.value)
    assert "**Showdown**" not in stepper and stepper.endswith("· **Mano conclusa**"), stepper
