"""Le mie mani: «Crea una mano» refuses bad input and illegal actions without changing anything,
undoes the last action, saves the hand, opens it in the Replayer with the coach's grades, and
«Elimina le mie mani» deletes the profile's hands and session analyses only after a confirmation."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from coach.learning.builder import Build
from coach.store import Store

from ..helpers import goto, texts


def _build(at: AppTest) -> Build | None:
    return at.session_state["builder.build"] if "builder.build" in at.session_state else None


def _built(at: AppTest) -> Build:
    build = _build(at)
    assert isinstance(build, Build)
    return build


def _setup(at: AppTest) -> AppTest:
    at.number_input(key="builder.n").set_value(3).run()
    for i, name in enumerate(("Anna", "Bruno", "<b>Carla</b>")):
        at.text_input(key=f"builder.name.{i}").input(name)
    at.text_input(key="builder.hero_cards").input("AsKd")
    at.text_input(key="builder.cards.1").input("QhQc")
    return at.run()


def test_bad_input_is_refused_and_changes_nothing(app: Callable[..., AppTest]) -> None:
    at = _setup(goto(app(), "mani"))
    at.text_input(key="builder.stack.1").input("tanti").run()
    at.button(key="builder.start").click().run()
    assert not at.exception
    assert at.error and "tanti" in at.error[0].value
    assert _build(at) is None
    at.text_input(key="builder.stack.1").input("200")
    at.text_input(key="builder.cards.1").input("AsQc").run()  # the ace of spades twice
    at.button(key="builder.start").click().run()
    assert at.error and "As" in at.error[0].value
    assert _build(at) is None
    at.text_input(key="builder.cards.1").input("")
    at.text_input(key="builder.stack.2").input("0").run()
    at.button(key="builder.start").click().run()
    assert at.error and _build(at) is None


def test_a_5000_digit_stack_is_an_italian_error_not_a_crash(app: Callable[..., AppTest]) -> None:
    at = _setup(goto(app(), "mani"))
    at.text_input(key="builder.stack.0").input("9" * 5000).run()
    at.button(key="builder.start").click().run()
    assert not at.exception
    assert at.error and "troppo grande" in at.error[0].value and len(at.error[0].value) < 400
    assert _build(at) is None


def test_a_half_built_hand_survives_a_reload_until_it_is_saved(app: Callable[..., AppTest],
                                                               db_url: str) -> None:
    """A reload is a new session: the hand being built comes back from the profile (revision 0013)."""
    at = _setup(goto(app(profile="Anna"), "mani"))
    at.button(key="builder.start").click().run()
    at.number_input(key="builder.act.amount").set_value(6)
    at.button(key="builder.act.raise").click().run()
    built = _built(at)
    assert len(built.steps) == 1
    again = goto(app(profile="Anna"), "mani")  # the page reloaded
    assert not again.exception and _build(again) == built
    again.button(key="builder.act.fold").click().run()
    assert len(_built(again).steps) == 2
    again.button(key="builder.restart").click().run()  # discarded: gone from the profile too
    assert _build(goto(app(profile="Anna"), "mani")) is None
    assert Store(db_url).builder_draft("Anna") is None
    other = goto(app(profile="Bruno"), "mani")  # another profile's page has no draft
    assert _build(other) is None


def test_build_undo_save_open_and_delete(app: Callable[..., AppTest]) -> None:
    at = _setup(goto(app(), "mani"))
    at.button(key="builder.start").click().run()
    assert not at.exception and not at.error
    build = _build(at)
    assert isinstance(build, Build) and build.steps == ()
    # Anna (seat 0) is under the gun heads-up? 3 players, button seat 2: Anna is the small blind,
    # so the button (seat 2) acts first preflop; a check facing the big blind is refused with its rule.
    at.button(key="builder.act.check").click().run()
    assert at.error and "R07" in texts(at)
    assert _build(at) == build  # nothing changed
    at.number_input(key="builder.act.amount").set_value(6)
    at.button(key="builder.act.raise").click().run()
    after_raise = _build(at)
    assert len(after_raise.steps) == 1 and not at.error
    at.button(key="builder.act.fold").click().run()
    assert len(_built(at).steps) == 2
    at.button(key="builder.undo").click().run()
    assert _build(at) == after_raise
    at.button(key="builder.act.fold").click().run()  # the small blind folds
    at.button(key="builder.act.call").click().run()  # the big blind calls
    at.text_input(key="builder.board").input("2c7dTh").run()
    at.button(key="builder.deal").click().run()
    assert not at.error
    at.number_input(key="builder.act.amount").set_value(8)
    at.button(key="builder.act.raise").click().run()  # the big blind bets 8 on the flop
    at.button(key="builder.act.fold").click().run()  # the button folds: the hand is over
    assert _built(at).phase() == "complete"
    at.text_input(key="builder.title").input("**Martedì** al circolo").run()
    at.button(key="builder.save").click().run()
    assert not at.exception
    assert _build(at) is None
    assert "\\*\\*Martedì\\*\\* al circolo" in texts(at)  # the user's title as plain text
    opens = [b for b in at.button if b.key and b.key.startswith("builder.open.")]
    assert len(opens) == 1
    opens[0].click().run()
    assert not at.exception
    body = texts(at)
    assert "Martedì" in body and "Bruno" in body  # the Replayer shows the hand
    assert at.session_state["replay.grades"][1], "the coach's grades of the hero's decisions"
    at = goto(at, "mani")
    at.button(key="builder.delete").click().run()
    assert [b for b in at.button if b.key and b.key.startswith("builder.open.")]  # not yet deleted
    at.button(key="builder.delete_yes").click().run()
    assert not [b for b in at.button if b.key and b.key.startswith("builder.open.")]


def test_elimina_le_mie_mani_takes_the_session_analyses_and_stops_a_running_one(
        app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    phh = 'variant = "NT"\nactions = [\n  "p1 f",\n]\n'
    done = store.create_review_job("Ospite", 1)
    store.start_review_job(done)
    store.finish_review_job(done, "done", {"hands": {"0": phh}})
    running = store.create_review_job("Ospite", 9)
    store.start_review_job(running)
    other = store.create_review_job("Bruno", 1)
    at = goto(app(), "mani")
    assert not at.exception
    at.button(key="builder.delete").click().run()  # shown with no saved hand: the analyses hold hands too
    assert at.warning and "analisi" in at.warning[0].value
    assert store.count_review_jobs("Ospite") == 2  # nothing goes before the confirmation
    at.button(key="builder.delete_yes").click().run()
    assert not at.exception
    assert store.count_review_jobs("Ospite") == 0 and store.latest_review_job("Ospite") is None
    assert not store.advance_review_job(running, 1)  # the running analysis stops at its next hand
    assert store.review_job(other, "Bruno") is not None
    assert not [b for b in at.button if b.key == "builder.delete"]  # nothing left to delete


def test_the_heros_cards_are_picked_by_tapping_with_italian_suits_and_used_cards_left_out(
        app: Callable[..., AppTest]) -> None:
    at = _setup(goto(app(), "mani"))  # Bruno's QhQc are known
    spades, hearts = at.pills(key="builder.pick.s"), at.pills(key="builder.pick.h")
    assert "picche" in spades.label and "cuori" in hearts.label
    # the labels as shown: four colours, Bruno's queen of hearts taken
    assert ":red[**Q♥**]" not in hearts.options and ":red[**A♥**]" in hearts.options
    assert len(hearts.options) == 12 and len(spades.options) == 13
    assert all(o.startswith(":gray[") for o in spades.options)
    spades.set_value(["As"]).run()
    at.pills(key="builder.pick.d").set_value(["Kd"]).run()
    assert at.text_input(key="builder.hero_cards").value in ("AsKd", "KdAs")
    at.button(key="builder.start").click().run()
    assert not at.error and _built(at).setup.hole[0] is not None
