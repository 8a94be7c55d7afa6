"""The engine-to-table adapter over every lesson hand: nothing hidden leaks, every step draws."""

from __future__ import annotations

from support.hands import DECIMAL_PHH

from coach.engine.phh import loads_phh
from coach.i18n import get_translator
from coach.learning.presets import bet_presets
from coach.learning.replay import in_units
from coach.learning.script import HandScript
from coach.lessons.loader import load_lessons
from coach.ui.handview import display_street, narration, table_view
from coach.ui.table import render_table

from .helpers import ROOT

IT, EN = get_translator("it"), get_translator("en")


def test_every_step_of_every_lesson_hand_draws() -> None:
    count = 0
    for lesson in load_lessons(ROOT / "lessons"):
        for example in lesson.hands:
            sc = HandScript.from_example(example)
            for step in range(len(sc)):
                hand = sc.hand_at(step)
                for t in (IT, EN):
                    html = render_table(table_view(hand, t, hero=sc.hero), t)
                    assert "cc-table" in html
                if sc.decision_at(step) is not None and hand.actor is not None:
                    legal = hand.legal_actions()
                    for preset in bet_presets(hand):
                        assert legal.explain("raise" if legal.to_match else "bet", preset.amount) is None
                count += 1
            assert sc.hand_at(len(sc) - 1).is_complete, (lesson.id, example.id)
    assert count > 100


def test_hidden_cards_stay_hidden_in_table_and_log() -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    sc = HandScript.from_example(lesson.hands[0])
    hand = sc.hand_at(0)
    view = table_view(hand, IT, hero=sc.hero)
    text = render_table(view, IT) + " ".join(view.log)
    assert "Re di picche" not in text and "K♠" not in text  # Dario's KsKc
    assert "Jack di picche" in text  # the hero's own cards
    shown = table_view(hand, IT, hero=sc.hero, reveal_all=True)
    assert "Re di picche" in render_table(shown, IT)
    assert any("K♠" in line for line in shown.log)
    end = table_view(sc.hand_at(len(sc) - 1), IT, hero=sc.hero)
    assert any(seat.note.startswith("vince") for seat in end.seats)
    assert "Re di picche" in render_table(end, IT)  # shown at showdown


def test_the_street_label_follows_the_cards_on_the_table() -> None:
    # The engine names the next street as soon as a round closes, and an all-in "showdown"
    # before the run-out: the label must say what the board shows.
    cards_of = {"preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}
    seen = set()
    for lesson in load_lessons(ROOT / "lessons"):
        for example in lesson.hands:
            sc = HandScript.from_example(example)
            for step in range(len(sc)):
                hand = sc.hand_at(step)
                street = display_street(hand)
                seen.add(street)
                if street == "complete":
                    assert hand.result is not None and hand.result.uncontested, (lesson.id, example.id, step)
                else:
                    assert len(hand.board) == cards_of[street], (lesson.id, example.id, step, street)
                if hand.is_complete and not hand.result.uncontested:  # type: ignore[union-attr]
                    assert street == "showdown"
    assert seen == {"preflop", "flop", "turn", "river", "showdown", "complete"}


def test_decimal_histories_are_narrated_in_the_files_units() -> None:
    history = loads_phh(DECIMAL_PHH, source="dollari.phh")
    assert history.scale == 100
    hand = history.replay()
    lines = narration(hand.events, IT, {0, 1}, history.scale)
    assert any("buio di 5,00" in line for line in lines), lines
    assert any("rilancia a 30,50" in line for line in lines), lines
    assert not any("500" in line or "3.050" in line for line in lines), lines
    assert in_units(hand.events[0].message(), 1) == hand.events[0].message()
