"""«Dalle mie mani»: a teacher puts to the class a hand saved in «Le mie mani», without pasting text;
it goes through the same safe loader as a pasted hand."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from coach.learning.builder import Build, BuildStep, make_setup
from coach.store import Store

from ..helpers import goto


def _saved_hand() -> str:
    setup = make_setup(["Anna", "Bruno", "Carla"], [200, 200, 200], button=2, small_blind=1, big_blind=2,
                       ante=0, hero=2, hero_cards="AsKd")
    build = Build.start(setup)
    for step in (BuildStep("raise", 6), BuildStep("fold"), BuildStep("fold")):
        build = build.apply(step)
    return build.phh()


def test_a_teacher_poses_a_decision_of_a_saved_hand(app: Callable[..., AppTest], db_url: str) -> None:
    Store(db_url).save_user_hand("Prof", "Dal circolo", _saved_hand())
    Store(db_url).save_user_hand("Altro", "Non sua", _saved_hand())
    at = goto(app(profile="Prof"), "insegnante")
    at.text_input(key="live.new.title").input("3B")
    at.button(key="live.create").click().run()
    at.segmented_control(key="live.teacher.view").set_value("question").run()
    at.segmented_control(key="live.teacher.source").set_value("phh").run()
    assert not at.exception, at.exception
    picker = at.selectbox(key="live.paste.mine")
    assert picker.options == ["Dal circolo"]  # only the teacher's own hands
    picker.select("Dal circolo").run()
    assert not at.exception, at.exception
    assert not at.error
    assert "Carla" in str(at.session_state["live.teacher.pasted"])
    assert at.session_state["live.teacher.point"] == 5  # the last decision: Bruno's fold


def test_with_many_saved_hands_the_newest_50_are_offered_and_a_search_finds_the_others(
        app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    store.save_user_hand("Prof", "Torneo di Rossi", _saved_hand())
    store.save_user_hands("Prof", [(f"Mano {k}", _saved_hand()) for k in range(60)])
    at = goto(app(profile="Prof"), "insegnante")
    at.text_input(key="live.new.title").input("3B")
    at.button(key="live.create").click().run()
    at.segmented_control(key="live.teacher.view").set_value("question").run()
    at.segmented_control(key="live.teacher.source").set_value("phh").run()
    picker = at.selectbox(key="live.paste.mine")
    assert len(picker.options) == 50 and picker.options[0] == "Mano 59"
    assert "Torneo di Rossi" not in picker.options
    at.text_input(key="live.paste.mine_search").input("rossi").run()
    assert at.selectbox(key="live.paste.mine").options == ["Torneo di Rossi"]
    at.text_input(key="live.paste.mine_search").input("100%_").run()
    assert not at.exception and at.selectbox(key="live.paste.mine").options == []
    at.text_input(key="live.paste.mine_search").input("Rossi").run()
    at.selectbox(key="live.paste.mine").select("Torneo di Rossi").run()
    assert not at.exception and "Carla" in str(at.session_state["live.teacher.pasted"])
