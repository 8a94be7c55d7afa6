from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coach.cards import ALL_CARDS, Card, Deck, parse_card, parse_cards
from coach.errors import InvalidInput
from coach.i18n import render


def test_layout_index_is_four_rank_plus_suit() -> None:
    assert parse_card("2c").index == 0
    assert parse_card("As").index == 51
    assert parse_card("Td").index == 4 * 8 + 1
    assert [c.index for c in ALL_CARDS] == list(range(52))


@pytest.mark.parametrize("text", ["As", "as", "A♠", "A♠\ufe0e", "AS"])
def test_notations_for_the_ace_of_spades(text: str) -> None:
    assert parse_card(text) is Card.from_index(51)


def test_ten_written_two_ways() -> None:
    with pytest.raises(InvalidInput):
        parse_cards("10d Td")
    assert parse_cards("10♥ 9c") == (parse_card("Th"), parse_card("9c"))


def test_compact_and_separated_forms() -> None:
    assert parse_cards("AsKd") == parse_cards("As, Kd") == parse_cards(["As", "Kd"])


@pytest.mark.parametrize("bad", ["Xx", "A", "1s", "Az", "AsK"])
def test_bad_card_strings_are_refused_with_a_message(bad: str) -> None:
    with pytest.raises(InvalidInput) as err:
        parse_cards(bad)
    assert bad in str(err.value) or "K" in str(err.value)


def test_italian_names() -> None:
    assert render(parse_card("As").name(), "it") == "Asso di picche"
    assert render(parse_card("Qd").name(), "it") == "Donna di quadri"
    assert render(parse_card("Th").name(), "it") == "10 di cuori"
    assert render(parse_card("Kc").name(), "en") == "King of clubs"


def test_symbol_uses_text_presentation() -> None:
    assert parse_card("Ah").symbol() == "A♥\ufe0e"
    assert parse_card("Th").symbol().startswith("10♥")


@given(st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=10))
def test_round_trip(cards: list[Card]) -> None:
    assert parse_cards(" ".join(map(str, cards))) == tuple(cards)
    assert parse_cards("".join(c.symbol() for c in cards)) == tuple(cards)


def test_seeded_deck_is_reproducible() -> None:
    a, b = Deck(7), Deck(7)
    assert a.deal(9) == b.deal(9)
    assert sorted(Deck(1).cards) == sorted(ALL_CARDS)
    d = Deck(3)
    d.remove(parse_cards("AsKs"))
    assert len(d) == 50 and parse_card("As") not in d.cards
