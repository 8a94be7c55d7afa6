"""Replayer: an uploaded PHH replays step by step; a broken or illegal one is refused in Italian."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest
from support.hands import DECIMAL_PHH

from coach.errors import CoachError, HandHistoryError, InvalidInput
from coach.learning.replay import MAX_BYTES, engine_code, load_history
from coach.lessons.loader import load_lessons
from coach.rooms import import_histories

from ..helpers import ROOT, goto, texts


def _phh() -> str:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    return lesson.hands[0].phh.to_toml()


def test_upload_replays_step_by_step(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", _phh().encode(), "text/plain").run()
    assert not at.exception
    assert not at.error
    body = texts(at)
    assert "Carla" in body and "Dario" in body
    at.button(key="replay.last").click().run()
    assert "Fine della mano." in texts(at)
    assert "Dario vince il piatto di 87" in texts(at)


def test_broken_upload_is_refused_in_italian(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    illegal = _phh().replace('"p3 cbr 10"', '"p3 cbr 1"')
    at.file_uploader(key="replay_file").upload("rotta.phh", illegal.encode(), "text/plain").run()
    assert not at.exception
    [err] = at.error
    assert "non si può rivedere" in err.value and "rotta.phh" in err.value
    assert "Carica una mano per cominciare." in texts(at)  # nothing loaded


def test_pasted_garbage_is_refused(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.text_area(key="replay_text").input("questa non è una mano [[[").run()
    at.button(key="replay_paste_go").click().run()
    assert not at.exception
    assert at.error and "non si può rivedere" in at.error[0].value


def test_lesson_hand_in_the_replayer(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.selectbox(key="replay_lesson").set_value("03-azioni#1").run()
    assert not at.exception and not at.error
    assert any(b.key == "replay.next" for b in at.button)


def test_size_limit_and_encoding() -> None:
    with pytest.raises(InvalidInput) as exc:
        load_history("big.phh", b"x" * (MAX_BYTES + 1))
    assert "KB" in str(exc.value)
    with pytest.raises(InvalidInput):
        load_history("bin.phh", b"\xff\xfe\x00garbage")
    with pytest.raises(InvalidInput):
        load_history("empty.phh", b"  \n")
    with pytest.raises(HandHistoryError):
        load_history("x.phh", _phh().replace('"p3 cbr 10"', '"p3 cbr 1"').encode())
    with pytest.raises(CoachError):
        load_history("x.phh", b"variant = 3")


def test_engine_codes_of_player_actions() -> None:
    sc = load_history("ok.phh", _phh().encode())
    codes = [engine_code(a) for a in sc.history.actions]
    assert codes[0] is None  # dealing
    assert "p3 cbr 10" in codes and "p2 f" in codes


def test_coach_comments_on_a_replayed_decision(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", _phh().encode(), "text/plain").run()
    for _ in range(20):
        comment = [b for b in at.button if b.key and b.key.startswith("replay.comment.")]
        if comment:
            break
        at.button(key="replay.next").click().run()
    else:
        raise AssertionError("no player decision to comment on")
    comment[0].click().run()
    assert not at.exception
    assert "Prossima azione" in texts(at) or "non ha un'analisi" in texts(at)
    assert any("giudizio" in x.value for x in (*at.success, *at.warning, *at.error, *at.info))


def test_real_hand_histories_replay_and_draw(phh_dir: object) -> None:
    from pathlib import Path

    from coach.i18n import get_translator
    from coach.ui.handview import table_view
    from coach.ui.table import render_table

    t = get_translator("it")
    root = Path(str(phh_dir))
    files = [f for d in ("pluribus", "handhq", "wsop") for f in sorted((root / d).rglob("*.phh"))[:3]]
    assert files
    scales = set()
    for f in files:
        sc = load_history(f.name, f.read_bytes())
        scales.add(sc.history.scale)
        for step in range(len(sc)):
            html = render_table(table_view(sc.hand_at(step), t, reveal_all=True, scale=sc.history.scale), t)
            assert "cc-table" in html
        assert sc.hand_at(len(sc) - 1).is_complete
    assert max(scales) > 1  # dollars and cents become integer cents and are shown back as units


def test_a_file_with_several_hands(app: Callable[..., AppTest]) -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    text = "".join(f"[{i}]\n" + h.phh.to_toml() + "\n" for i, h in enumerate(lesson.hands, start=1))
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("due.phhs", text.encode(), "text/plain").run()
    assert not at.exception and not at.error
    assert at.number_input(key="replay_hand_no").value == 1
    first = len(at.session_state["replay.script"].history.actions)
    at.number_input(key="replay_hand_no").set_value(2).run()
    assert not at.exception
    second = len(at.session_state["replay.script"].history.actions)
    assert (first, second) == (len(lesson.hands[0].phh.actions), len(lesson.hands[1].phh.actions))
    assert first != second


def test_decimal_history_is_narrated_in_its_units(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.text_area(key="replay_text").input(DECIMAL_PHH).run()
    at.button(key="replay_paste_go").click().run()
    assert not at.exception and not at.error
    body = texts(at)
    assert "Anna mette il piccolo buio di 5,00." in body and "Bruno mette il grande buio di 10,00." in body
    assert "di 500" not in body and "di 1.000." not in body
    # the next action in the narration's words, in the file's units, never a PHH code
    at.button(key="replay.next").click().run()
    assert "Prossima azione: Anna rilancia a 30,50." in texts(at)
    at.button(key="replay.comment.1").click().run()
    body = texts(at)
    assert "p1 cbr" not in body and "Prossima azione: Anna rilancia a 30,50." in body
    at.button(key="replay.last").click().run()
    body = texts(at)
    assert "La puntata non pagata di 20,50 torna ad Anna." in body
    assert "Anna vince il piatto di 20,00 senza mostrare le carte." in body


def test_toml_errors_are_in_the_readers_language(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.text_area(key="replay_text").input('variant = "NT"\nantes [0, 0]\n').run()
    at.button(key="replay_paste_go").click().run()
    [err] = at.error
    assert "manca «=» dopo una chiave, riga 2, colonna 7" in err.value, err.value
    assert "Expected" not in err.value
    english = goto(app("en"), "replayer")
    english.text_area(key="replay_text").input('variant = "NT"\nantes [0, 0]\n').run()
    english.button(key="replay_paste_go").click().run()
    assert "'=' is missing after a key, line 2, column 7" in english.error[0].value


def test_every_toml_message_is_translated() -> None:
    import inspect
    import re
    import tomllib._parser as parser

    from coach.i18n import get_translator
    from coach.learning.replay import toml_detail

    it = get_translator("it")
    fixed = set(re.findall(r'suffixed_err\(\s*src,\s*\w+,\s*"([^"]*)"', inspect.getsource(parser)))
    assert len(fixed) >= 12
    for message in fixed:
        said = it(toml_detail(message.replace("\\\\", "\\") + " (at line 3, column 1)"))
        assert said.endswith(", riga 3, colonna 1") and "errore di sintassi" not in said, message
    illegal = it(toml_detail("Illegal character '\\x00' (at end of document)"))
    assert illegal.startswith("un carattere non ammesso")


def test_a_pasted_dotted_key_bomb_is_refused_and_the_hand_shown_stays(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.text_area(key="replay_text").input(_phh()).run()
    at.button(key="replay_paste_go").click().run()
    at.button(key="replay.last").click().run()
    assert "Dario vince il piatto di 87" in texts(at)
    bomb = _phh() + "meta" + ".a" * 3_000 + " = 1\n"  # tomllib's memory grows with the square of it
    at.text_area(key="replay_text").input(bomb).run()
    at.button(key="replay_paste_go").click().run()
    assert not at.exception, at.exception
    [err] = at.error
    assert "non si può rivedere" in err.value
    assert "3.001 parti separate da punti, più del limite di 8" in err.value, err.value
    assert "Dario vince il piatto di 87" in texts(at)  # the hand on screen is still the good one


def test_the_text_area_takes_no_more_than_a_file(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    assert at.text_area(key="replay_text").proto.max_chars == MAX_BYTES == 1024 * 1024


def test_a_cash_out_is_said_beside_the_pot(app: Callable[..., AppTest]) -> None:
    """PokerStars' All-in Cash Out (tests/data/rooms/pokerstars-cash-outs.txt): the table shows the pot as
    the cards give it, and the page says what the room paid outside it."""
    text = (ROOT / "tests" / "data" / "rooms" / "pokerstars-cash-outs.txt").read_text(encoding="utf-8")
    lost, won = (o.history for o in import_histories(text).hands)
    assert lost is not None and won is not None
    for history, said in ((lost, "Anna ha incassato la mano (cash-out): la room gli ha pagato 5,12 fuori dal "
                                 "piatto, qualunque fossero le carte."),
                          (won, "Anna ha incassato la mano (cash-out): la room gli ha pagato 11,40 fuori dal "
                                "piatto e ha tenuto i 14,29 che le carte gli davano.")):
        at = goto(app(), "replayer")
        at.text_area(key="replay_text").input(history.dumps()).run()
        at.button(key="replay_paste_go").click().run()
        assert not at.exception and not at.error
        assert "incassato" not in texts(at)  # only when the hand is over
        at.button(key="replay.last").click().run()
        assert said in texts(at)
