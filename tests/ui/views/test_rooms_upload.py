"""Room histories wherever a user gives the app a hand: the Replayer, «Le mie mani», the live class.

The files are written by :mod:`tests.support.rooms_export` from the rooms tests' engine hands, so each
test knows what the file holds: which hands read, which names are in it.
"""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from coach.engine.phh import loads_phh
from coach.store import Store
from tests.rooms.hands import histories
from tests.support.rooms_export import export_histories
from tests.support.toyroom import toy_room, toy_text

from ..helpers import goto, texts


def stars_file(*, doctored: bool = False) -> bytes:
    """Four PokerStars hands; ``doctored``: the first one's pot does not add up, and an Omaha hand more."""
    text = export_histories(histories(), "pokerstars")
    if doctored:
        text = text.replace("Anna_Rossi collected $68", "Anna_Rossi collected $70", 1)
        second = text[text.index("PokerStars Hand #1000002"):text.index("PokerStars Hand #1000003")]
        text += second.replace("#1000002", "#1000009").replace("Hold'em No Limit", "Omaha Pot Limit")
    return text.encode()


def test_replayer_reads_a_pokerstars_file(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("sessione.txt", stars_file(), "text/plain").run()
    assert not at.exception and not at.error
    [ok] = at.success
    assert "PokerStars" in ok.value and "Lette: 4" in ok.value and "Rifiutate: 0" in ok.value
    assert "Anna_Rossi" in texts(at)  # the first hand is on the table
    picker = at.selectbox(key="replay_room_hand")
    assert len(picker.options) == 4
    picker.set_value(3).run()
    assert not at.exception and not at.error
    assert "n. 1000004" in at.selectbox(key="replay_room_hand").format_func(3)
    at.button(key="replay.comment.0").click().run()  # the hero's (p3's) raise, graded by the coach
    assert not at.exception
    # T9s first in four-handed with 15 bb effective: the short-stack tables (12-25 bb) get it all-in, so
    # the small raise is a second choice, «buona» (it still beats the fold), and the text says why
    # (docs/COACH.md, «Push/fold: fin dove vale»)
    assert any("giudizio: Buona" in box.value for box in [*at.success, *at.warning, *at.info])
    assert any("la tabella push/fold ci va all-in" in m.value for m in at.markdown)


def test_replayer_reports_skipped_and_refused_hands(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("rotta.txt", stars_file(doctored=True), "text/plain").run()
    assert not at.exception and not at.error
    [ok] = at.success
    assert "Lette: 3" in ok.value and "Saltate: 1" in ok.value and "Rifiutate: 1" in ok.value
    body = texts(at)
    assert "Mano 1 (riga 1)" in body and "rifiutata" in body
    assert "Omaha" in body and "saltata" in body
    assert len(at.selectbox(key="replay_room_hand").options) == 3


def test_replayer_bad_room_file_is_a_clear_error(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    italian = "Mano PokerStars n. 1234: Hold'em No Limit (0,01 €/0,02 €)\nPosto 1: Anna (2 € in fiches)\n"
    at.file_uploader(key="replay_file").upload("it.txt", italian.encode(), "text/plain").run()
    assert not at.exception
    [err] = at.error
    assert "italiano" in err.value and "inglese" in err.value and "it.txt" in err.value
    at.file_uploader(key="replay_file").upload("x.xml", b"\xff\xfe<game>", "text/xml").run()
    assert not at.exception and at.error and "UTF-8" in at.error[0].value


def _import(at: AppTest, data: bytes, *, keep: bool = False) -> AppTest:
    at.file_uploader(key="mani.import.file").upload("sessione.txt", data, "text/plain").run()
    if keep:
        at.checkbox(key="mani.import.keep_names").check().run()
    return at.button(key="mani.import.go").click().run()


def test_my_hands_imports_a_room_file_with_opponents_named_by_position(
        app: Callable[..., AppTest], db_url: str) -> None:
    at = _import(goto(app(profile="Anna"), "mani"), stars_file(doctored=True))
    assert not at.exception and not at.error
    body = texts(at)
    assert "Lette: 3" in body and "Saltate: 1" in body and "Rifiutate: 1" in body
    assert "Salvate in «Le mie mani» dal file: 3." in body
    hands = Store(db_url).user_hands("Anna")
    assert sorted(h.title for h in hands) == ["Mano PokerStars n. 1000002", "Mano PokerStars n. 1000003",
                                              "Mano PokerStars n. 1000004"]
    assert {h.source for h in hands} == {"import"}
    tournament = next(h for h in hands if h.title.endswith("1000004"))
    # the hero (p3, who was dealt Th9h) keeps the name; the others are their positions
    assert loads_phh(tournament.phh).players == ("SB", "BB", "p3", "BTN")
    assert "Come esportare le tue mani" in [e.label for e in at.expander]


def test_my_hands_keeps_the_names_when_asked(app: Callable[..., AppTest], db_url: str) -> None:
    at = _import(goto(app(profile="Anna"), "mani"), stars_file(), keep=True)
    assert not at.exception and not at.error
    hands = Store(db_url).user_hands("Anna")
    assert len(hands) == 4
    first = next(h for h in hands if h.title.endswith("1000001"))
    assert loads_phh(first.phh).players == ("Anna_Rossi", "Bruno", "Carla")


def test_my_hands_refuses_a_file_of_no_room_and_saves_nothing(app: Callable[..., AppTest],
                                                               db_url: str) -> None:
    at = _import(goto(app(profile="Anna"), "mani"), b"variant = 'NT'\n")
    assert not at.exception
    assert at.error and "non si può leggere" in at.error[0].value
    assert Store(db_url).user_hands("Anna") == []


def test_a_teacher_pastes_a_room_history(app: Callable[..., AppTest]) -> None:
    at = goto(app(profile="Prof"), "insegnante")
    at.text_input(key="live.new.title").input("3B")
    at.button(key="live.create").click().run()
    at.segmented_control(key="live.teacher.view").set_value("question").run()
    at.segmented_control(key="live.teacher.source").set_value("phh").run()
    at.text_area(key="live.paste.text").input(stars_file().decode()).run()
    at.button(key="live.paste.use").click().run()
    assert not at.exception and not at.error
    pasted = loads_phh(str(at.session_state["live.teacher.pasted"]))
    assert pasted.players == ("Anna_Rossi", "BB", "BTN")  # the first hand, opponents by position
    picker = at.selectbox(key="live.paste.room_hand")
    assert len(picker.options) == 4
    picker.set_value(3).run()
    assert not at.exception and not at.error
    assert loads_phh(str(at.session_state["live.teacher.pasted"])).players == ("SB", "BB", "p3", "BTN")
    assert at.selectbox(key="live.teacher.point").options  # a decision of it can be posed


def test_a_toy_room_added_as_one_class_is_in_the_pages_lists_and_guide(app: Callable[..., AppTest]) -> None:
    """The pages' lists of rooms and the in-app guide come from the registry (coach.rooms.ROOMS)."""
    with toy_room():
        at = goto(app(), "replayer")
        assert "ToyPoker" in texts(at)
        at.file_uploader(key="replay_file").upload("toy.txt", toy_text().encode(), "text/plain").run()
        assert not at.exception and not at.error
        [ok] = at.success
        assert "ToyPoker" in ok.value and "Lette: 4" in ok.value
        at = goto(app(), "mani")
        body = texts(at)
        assert "ToyPoker" in body  # the import's list and the guide's paragraph
        assert "**ToyPoker**" in body or "ToyPoker**" in body
    assert "ToyPoker" not in texts(goto(app(profile="Bruno"), "replayer"))  # (Ospite's upload is kept)
