"""The bet buttons of a decision (state -> presets): the coach's own sizes, legal, labelled in Italian.

Each spot is a six-handed hand at blinds 1/2 with 200-chip stacks (p1 SB, p2 BB, p3 UTG, p4 MP,
p5 CO, p6 BTN) played by the engine up to the decision, as in tests/feedback/test_options.py.
Before the flop every button but the all-in must be inside the preflop charts' standard band
(``standard_size``: what the coach calls the right size); after the flop the buttons are the
options' sizes (``standard_sizes``), so each tap is an option the verdict grades by name.
"""

from __future__ import annotations

from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.feedback.options import candidate_options, standard_sizes
from coach.feedback.situation import read_situation
from coach.feedback.valuation.preflop_ranges import chart_situation, standard_size
from coach.i18n import get_translator
from coach.learning.presets import bet_presets

IT = get_translator("it")
DEAL = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "d dh p5 ????", "d dh p6 ????"]


def hand(actions: list[str], hero: int | None, cards: str = "AsKs",
         stacks: tuple[int, ...] = (200,) * 6) -> Hand:
    deal = [f"d dh p{hero} {cards}" if hero and d.startswith(f"d dh p{hero} ") else d for d in DEAL]
    text = (
        'variant = "NT"\nantes = [0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\n'
        f"starting_stacks = {list(stacks)}\nactions = {deal + actions!r}\n".replace("'", '"')
    )
    return loads_phh(text).replay(require_complete=False)


def labels(h: Hand) -> list[str]:
    return [IT.render(p.label) for p in bet_presets(h)]


def amounts(h: Hand) -> list[int]:
    return [p.amount for p in bet_presets(h)]


def graded(h: Hand) -> set[int]:
    return {o.amount for o in candidate_options(read_situation(h)) if o.amount is not None}


PREFLOP_SPOTS = {
    "first in": (["p3 f", "p4 f"], 5),
    "first in from the small blind": (["p3 f", "p4 f", "p5 f", "p6 f"], 1),
    "over a limper": (["p3 cc", "p4 f"], 5),
    "the big blind over a limper": (["p3 cc", "p4 f", "p5 f", "p6 f", "p1 f"], 2),
    "facing an open in position": (["p3 cbr 6", "p4 f"], 5),
    "facing an open out of position": (["p3 cbr 6", "p4 f", "p5 f", "p6 f"], 1),
    "a squeeze": (["p3 cbr 6", "p4 cc"], 5),
    "facing a 3-bet": (["p3 cbr 6", "p4 f", "p5 cbr 18", "p6 f", "p1 f", "p2 f"], 3),
}


def test_preflop_buttons_are_the_coachs_standard_size_and_the_all_in() -> None:
    for name, (actions, hero) in PREFLOP_SPOTS.items():
        h = hand(actions, hero)
        sit = read_situation(h)
        chart = chart_situation(sit, None)
        assert chart is not None, name
        band = standard_size(sit, chart[0])
        presets = bet_presets(h)
        assert presets[-1].key == "all_in" and presets[-1].amount == 200, name
        sizes = [p.amount for p in presets[:-1]]
        assert sizes, name
        assert all(band.lo <= a <= band.hi for a in sizes), (name, sizes, band)
        assert set(sizes) <= graded(h), name  # each button is one of the options the verdict grades


def test_first_in_at_blinds_1_2_is_one_raise_to_5_as_the_coach_says() -> None:
    h = hand(["p3 f", "p4 f"], 5)
    assert labels(h) == ["Rilancio a 5", "All-in · 200"]
    assert [p.key for p in bet_presets(h)] == ["bb_2_5", "all_in"]


def test_facing_an_open_the_3bet_is_3x_in_position_and_4x_out_of_position() -> None:
    assert amounts(hand(["p3 cbr 6", "p4 f"], 5)) == [18, 200]
    assert amounts(hand(["p3 cbr 6", "p4 f", "p5 f", "p6 f"], 1)) == [24, 200]


FLOP = ["p3 f", "p4 f", "p5 cbr 6", "p6 f", "p1 f", "p2 cc", "d db 7h8d2c"]  # pot 13, p2 first


def test_a_postflop_bet_offers_the_coachs_pot_fractions() -> None:
    h = hand(FLOP, 2)
    sit = read_situation(h)
    assert [(s.unit, s.factor) for s in standard_sizes(sit)] == [("pot", 0.33), ("pot", 0.5), ("pot", 0.66),
                                                                  ("pot", 1.0)]
    # 13 x 0.33 = 4.29 -> 4; 6.5 -> 6 (to even); 8.58 -> 9; 13
    assert labels(h) == ["⅓ piatto · 4", "½ piatto · 6", "⅔ piatto · 9", "Piatto · 13", "All-in · 194"]
    assert set(amounts(h)) <= graded(h)


def test_facing_a_bet_the_raises_are_2_5x_three_quarters_and_pot() -> None:
    h = hand([*FLOP, "p2 cbr 6"], 5)
    # to 6 x 2.5 = 15; after calling 6 the pot is 25: 6 + 18.75 -> 25, 6 + 25 = 31
    assert amounts(h) == [15, 25, 31, 194]
    assert labels(h)[1:3] == ["¾ piatto · 25", "Piatto · 31"]
    assert set(amounts(h)) <= graded(h)


def test_every_button_is_a_legal_amount_and_sizes_past_the_stack_merge_into_the_all_in() -> None:
    short = hand(FLOP, 2, stacks=(200, 14, 200, 200, 200, 200))  # p2 has 8 behind
    presets = bet_presets(short)
    legal = short.legal_actions()
    assert [p.amount for p in presets] == sorted({p.amount for p in presets})  # no amount twice
    assert presets[-1].key == "all_in" and presets[-1].amount == legal.max_raise_to == 8
    for p in presets:
        assert legal.explain("bet", p.amount) is None, p


def test_no_buttons_without_a_legal_bet_and_only_the_all_in_without_the_actors_cards() -> None:
    facing_all_in = hand(["p3 cbr 200", "p4 f", "p5 f", "p6 f", "p1 f"], 2)
    assert bet_presets(facing_all_in) == ()
    unknown = hand(["p3 f", "p4 f"], None)  # a pasted hand: p5's cards are not known
    assert [p.key for p in bet_presets(unknown)] == ["all_in"]
