"""Reading the hero's hand on the board: draws and their textbook outs, and the kinds of hand the
grading's floors and caps ask about. Each case's cards are chosen so the answer can be read at a glance."""

from __future__ import annotations

import pytest

from coach.cards import format_cards, parse_cards
from coach.feedback.handread import HandRead, count_outs, draws, hand_phrase, read_hand
from coach.i18n import render


def hand(hero: str, board: str) -> HandRead:
    return read_hand(parse_cards(hero), parse_cards(board))


@pytest.mark.parametrize(("hero", "board", "expected", "outs"), [
    ("AhJh", "Kh7h2c", (True, False, False), 9),  # nine hearts left
    ("9c8d", "7s6h2c", (False, True, False), 8),  # four tens, four fives
    ("9c8d", "6s5h2c", (False, False, True), 4),  # only a seven
    ("9h8h", "7h6c2h", (True, True, False), 15),  # 9 hearts + 3 tens and 3 fives not hearts
    ("9c8d", "TsJh2c", (False, True, False), 8),  # a seven or a queen
    ("As2d", "KhQd3c", (False, False, False), None),  # nothing to draw to
])
def test_draws_and_textbook_outs(hero: str, board: str, expected: tuple[bool, bool, bool],
                                 outs: int | None) -> None:
    assert draws(parse_cards(hero), parse_cards(board)) == expected
    assert count_outs(parse_cards(hero), parse_cards(board)) == outs


def test_a_straight_on_the_board_is_no_draw_of_the_hero() -> None:
    # 5-6-7-8 on the board and the hero's 9: the straight is made, there is nothing left to draw to
    assert draws(parse_cards("9c2d"), parse_cards("8s7h6c5d")) == (False, False, False)
    assert count_outs(parse_cards("9c2d"), parse_cards("8s7h6c5d")) is None


def test_preflop_reads_nothing() -> None:
    assert hand("AsAh", "") == HandRead(False, False, False, False, False, False, False)


def test_made_hands_the_grading_protects() -> None:
    over = hand("QsQh", "Jd7c2s")
    assert over.overpair and over.strong_made and not over.set_or_better
    tp_good, tp_weak = hand("KsJd", "Kh7c2d"), hand("Ks9d", "Kh7c2d")
    assert tp_good.top_pair_good_kicker and tp_good.strong_made  # a jack kicker is good enough
    assert not tp_weak.top_pair_good_kicker and not tp_weak.strong_made  # a nine is not
    assert hand("7s7d", "7h9c2d").set_or_better
    assert hand("Kd7d", "Kh7c2s").strong_made  # two pair with both hole cards
    assert not hand("Kd2d", "Kh7c7s").strong_made  # two pair from a paired board: one pair really


def test_a_draw_is_strong_only_while_the_hand_is_not_made() -> None:
    fd = hand("AhJh", "Kh7h2c")
    assert fd.strong_draw and not fd.strong_made and not fd.combo_draw
    assert hand("9h8h", "7h6c2h").combo_draw
    gut = hand("9c8d", "6s5h2c")
    assert not gut.strong_draw  # four outs are not a strong draw


def test_the_nuts_on_a_complete_board() -> None:
    assert hand("AhKh", "QhJhTh3c2d").nuts  # the royal flush
    assert not hand("AsKd", "QhJhTh3c2d").nuts  # a straight, beaten by any two hearts making a flush
    assert not hand("AhKh", "QhJhTh3c").nuts  # the river is still to come: never called the nuts


def test_the_hand_in_words() -> None:
    assert render(hand_phrase(parse_cards("AhJh"), parse_cards("Kh7h2c")), "en") == "with your flush draw"
    cards = parse_cards("AhJh")
    assert render(hand_phrase(cards, ()), "en") == f"with {format_cards(cards, symbols=True)}"  # preflop
