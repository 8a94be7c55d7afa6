"""The engine-to-table adapter over every lesson hand: nothing hidden leaks, every step draws."""

from __future__ import annotations

from dataclasses import replace

from support.hands import DECIMAL_PHH

from coach.cards import parse_cards
from coach.engine import Hand, HoleDealt
from coach.engine.phh import loads_phh
from coach.i18n import get_translator
from coach.learning.presets import bet_presets
from coach.learning.replay import in_units
from coach.learning.script import HandScript
from coach.lessons.loader import load_lessons
from coach.ui.handview import (
    display_street,
    narration,
    position_labels,
    showdown_fives,
    showdown_winners,
    table_view,
)
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


def test_seats_are_named_by_position_from_six_players() -> None:
    assert position_labels(5, 0) == ("",) * 5  # D/SB/BB say enough at a short table
    assert position_labels(6, 0) == ("BTN", "SB", "BB", "UTG", "MP", "CO")
    assert position_labels(6, 3) == ("UTG", "MP", "CO", "BTN", "SB", "BB")
    assert position_labels(7, 0)[3] == "UTG"  # the first to speak is UTG whatever the chart it plays
    assert position_labels(9, 0) == ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO")
    assert position_labels(10, 0)[3:7] == ("UTG", "UTG+1", "UTG+2", "UTG+3")
    for n in range(6, 11):
        assert len(set(position_labels(n, 2))) == n
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "13-posizione-mani-iniziali")
    sc = HandScript.from_example(lesson.hands[3])
    view = table_view(sc.hand_at(0), IT, hero=sc.hero)
    assert [s.position for s in view.seats] == ["SB", "BB", "UTG", "MP", "CO", "BTN"]
    assert view.seats[5].is_button


def _end(lesson_id: str, hand: int) -> tuple[HandScript, object]:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == lesson_id)
    sc = HandScript.from_example(lesson.hands[hand])
    return sc, sc.hand_at(len(sc) - 1)


def test_the_showdown_marks_the_winning_five_and_names_the_hand() -> None:
    sc, hand = _end("01-mazzo-carte-punti", 0)  # Anna AhKd beats Bruno AsQc on Ad 9s 6h 4c 2d
    assert isinstance(hand, Hand)
    fives = showdown_fives(hand)
    assert set(fives) == {0, 1} and all(len(f) == 5 for f in fives.values())
    assert set(fives[0]) == set(parse_cards("Ah Kd Ad 9s 6h"))
    assert showdown_winners(hand) == [0]
    view = table_view(hand, IT, hero=sc.hero)
    assert view.best_board == frozenset(parse_cards("Ad 9s 6h"))
    assert view.seats[0].best == frozenset(parse_cards("Ah Kd"))
    assert view.seats[1].best == frozenset()  # the loser's hand is named, not highlighted
    assert [s.hand_name for s in view.seats[:2]] == ["Coppia", "Coppia"]
    assert view.result == ("Anna vince con coppia d'Assi, kicker K, 9 e 6",)
    assert table_view(hand, EN).result == ("Anna wins with pair of Aces, kicker K, 9 and 6",)
    # Before the end nothing is marked: the highlight belongs to the showdown's result.
    before = table_view(sc.hand_at(len(sc) - 2), IT, hero=sc.hero)
    assert not before.best_board and not before.result and not any(s.best for s in before.seats)


def test_a_split_pot_names_both_players_and_the_board_that_plays() -> None:
    _, hand = _end("01-mazzo-carte-punti", 1)
    assert isinstance(hand, Hand)
    view = table_view(hand, IT)
    assert view.result == ("Anna e Bruno si dividono il piatto con scala al 9",)
    assert len(view.best_board) == 5


def test_the_log_says_a_players_cards_high_card_first() -> None:
    # Bruno's 9♠8♠ in lesson 13 are dealt as written in the file; the log says the high card first.
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "13-posizione-mani-iniziali")
    sc = HandScript.from_example(lesson.hands[3])
    hand = sc.hand_at(0)
    dealt = next(e for e in hand.events if isinstance(e, HoleDealt) and e.seat == 1)
    assert dealt.cards is not None
    low_first = replace(dealt, cards=tuple(sorted(dealt.cards)))
    line = narration([low_first], IT, {1})[0]
    assert line.index("9") < line.index("8"), line
    assert tuple(sorted(dealt.cards)) == low_first.cards  # the event itself is left as it was
