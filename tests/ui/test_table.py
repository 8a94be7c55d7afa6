"""The table renderer: pure HTML from a TableView, escaped, accessible."""

from __future__ import annotations

import re

from coach.cards import parse_card, parse_cards
from coach.i18n import get_translator
from coach.ui.table import (
    FOUR_COLOURS,
    PotView,
    SeatView,
    TableView,
    high_first,
    pot_lines,
    render_card,
    render_log,
    render_table,
    seat_positions,
)

IT = get_translator("it")
EN = get_translator("en")


def _view(**kw: object) -> TableView:
    seats = (
        SeatView("Anna", 980, bet=20, cards=parse_cards("AsKh"), is_hero=True, is_actor=True),
        SeatView("Bruno", 1000, is_button=True, cards=(None, None)),
        SeatView("Carla", 0, bet=5, is_small_blind=True, all_in=True, cards=(None, None)),
        SeatView("Dario", 990, bet=10, is_big_blind=True, folded=True),
    )
    base: dict[str, object] = dict(seats=seats, board=parse_cards("Qd Jc 2h"),
                                   pots=(PotView(30, (0, 1, 2, 3)), PotView(25, (0, 1))),
                                   street="flop", hero=0, caption="Passo 3 di 12")
    base.update(kw)
    return TableView(**base)  # type: ignore[arg-type]


def test_cards_have_italian_names_and_text_presentation() -> None:
    html = render_card(parse_card("As"), IT)
    assert 'aria-label="Asso di picche"' in html
    assert "♠\ufe0e" in html
    assert 'aria-label="Carta coperta"' in render_card(None, IT)
    assert 'aria-label="Ace of spades"' in render_card(parse_card("As"), EN)


def test_four_colour_deck_colours_each_suit() -> None:
    two = {render_card(parse_card(c), IT).split("color:")[1][:7] for c in ("Ad", "Ah")}
    assert len(two) == 1  # diamonds and hearts both red
    four = [render_card(parse_card(c), IT, four_colour=True) for c in ("Ac", "Ad", "Ah", "As")]
    for html, colour in zip(four, FOUR_COLOURS, strict=True):
        assert f"color:{colour}" in html
    assert len(set(FOUR_COLOURS)) == 4


def test_table_shows_seats_markers_bets_board_and_pots() -> None:
    html = render_table(_view(), IT)
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        assert f">{name}<" in html
    assert html.count("cc-actor") == 2  # the CSS rule and Anna's seat
    assert re.search(r'class="cc-seat cc-folded"[^>]*data-seat="3"', html)
    assert ">D<" in html and ">SB<" in html and ">BB<" in html
    assert "Piatto totale: 90" in html  # 30 + 25 collected, 35 in front of the players
    assert "+ 35 di puntate" in html
    assert "Piatto principale: 30" in html
    assert "Piatto laterale 1: 25 (Anna, Bruno)" in html
    assert 'aria-label="Carte comuni: Donna di quadri, Jack di fiori, 2 di cuori"' in html
    assert html.count('class="cc-slot"') == 2  # two empty board slots
    assert "Passo 3 di 12" in html and "Flop" in html
    assert "<script" not in html


def test_amounts_use_the_locale_and_the_scale() -> None:
    view = _view(seats=(SeatView("A", 123456, bet=1500), SeatView("B", 5)), pots=(PotView(250000),))
    assert "1.234,56" in render_table(view.__class__(**{**view.__dict__, "scale": 100}), IT)
    assert "123.456" in render_table(view, IT)
    assert "123,456" in render_table(view, EN)
    assert "Piatto totale: 251.500" in render_table(view, IT)
    assert "250.000 al centro + 1.500 di puntate" in render_table(view, IT)


def test_user_text_is_escaped() -> None:
    evil = '<img src=x onerror="alert(1)">'
    view = _view(seats=(SeatView(evil, 10, note=evil), SeatView("B", 10)), caption=evil)
    html = render_table(view, IT)
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    assert "<img" not in render_log([evil], IT)


def test_hero_sits_at_the_bottom_and_the_next_seat_to_the_left() -> None:
    pos = seat_positions(6, hero=2)
    left, top = pos[2][:2]
    assert abs(left - 50) < 1e-6 and top > 85
    assert pos[3][0] < 50  # clockwise from the hero: screen left
    assert all(0 <= p <= 100 for seat in pos for p in seat)


def test_the_pot_shown_is_the_total_the_texts_talk_about() -> None:
    # Collected chips alone (40) would disagree with the lesson's "pot of 75"; preflop the
    # blinds in front of the players are the pot.
    assert pot_lines(_view(pots=(PotView(40),)), EN) == ["Total pot: 75", "40 in the middle + 35 in bets"]
    assert pot_lines(_view(pots=()), IT) == ["Piatto totale: 35"]
    nothing = _view(pots=(), seats=(SeatView("A", 10), SeatView("B", 10)))
    assert pot_lines(nothing, IT) == []


def test_long_names_keep_their_markers() -> None:
    long = "Massimiliano Bartolomeo De Santis"
    html = render_table(_view(seats=(SeatView(long, 10, is_button=True, is_small_blind=True),
                                     SeatView("B", 10, is_big_blind=True))), IT)
    # the name is cut in its own box; the D and SB markers are outside it, always visible
    assert f'<span class="cc-nm" title="{long}">{long}</span><span class="cc-marker cc-btn"' in html
    assert ".cc-nm{white-space:nowrap;overflow:hidden;text-overflow:ellipsis" in html


def test_card_preview_carries_the_card_styles() -> None:
    from coach.ui.table import render_card_preview

    html = render_card_preview(parse_cards("As Kh"), IT, four_colour=True)
    assert ".cc-card{" in html and 'class="cc-card"' in html
    assert 'aria-label="Asso di picche, Re di cuori"' in html


def test_empty_board_says_so() -> None:
    assert 'aria-label="Ancora nessuna carta comune"' in render_table(_view(board=(), street="preflop"), IT)


def test_hole_cards_show_the_high_card_first() -> None:
    assert high_first(parse_cards("8c Ac")) == parse_cards("Ac 8c")
    assert high_first(parse_cards("Ad Ah")) == parse_cards("Ah Ad")  # a pair: the higher suit first
    assert high_first((None, None)) == (None, None)
    view = TableView(seats=(SeatView("Anna", 100, cards=parse_cards("8c Ac")), SeatView("Bruno", 100)))
    html = render_table(view, IT)
    assert html.index("Asso di fiori") < html.index("8 di fiori")
    assert parse_cards("8c Ac") == view.seats[0].cards  # only the drawing is sorted


def test_positions_name_every_seat_and_the_button_btn() -> None:
    seats = (SeatView("Anna", 100, position="UTG"), SeatView("Bruno", 100, position="CO"),
             SeatView("Carla", 100, position="BTN", is_button=True))
    html = render_table(TableView(seats=seats), IT)
    chips = re.findall(r'class="cc-marker[^"]*" title="([^"]*)">([^<]*)<', html)
    assert ("Cutoff", "CO") in chips and ("Bottone", "BTN") in chips
    assert any(label == "UTG" and title.startswith("Under the gun") for title, label in chips)
    assert "Cutoff" in html.split('data-seat="1"')[0].rsplit("aria-label=", 1)[-1]  # said aloud too
    short = render_table(TableView(seats=(SeatView("Anna", 100, is_button=True),)), IT)
    assert ">D</span>" in short and "BTN" not in short  # below six players: D, as before


def test_the_winning_five_and_the_result_are_drawn() -> None:
    board = parse_cards("Ad 9s 6h 4c 2d")
    seats = (SeatView("Anna", 100, cards=parse_cards("Ah Kd"), best=frozenset(parse_cards("Ah Kd")),
                      note="vince 4", hand_name="Coppia"),
             SeatView("Bruno", 100, cards=parse_cards("As Qc"), hand_name="Coppia"))
    view = TableView(seats=seats, board=board, best_board=frozenset(parse_cards("Ad 9s 6h")),
                     result=("Anna <vince>",), street="showdown")
    html = render_table(view, IT)
    body = html.split("</style>")[-1]
    assert body.count("cc-best") == 5
    assert 'class="cc-result" role="status">Anna &lt;vince&gt;</div>' in html
    assert "vince 4 · Coppia" in html
