"""The coach's outs: counted by coach.outs.outs against the range it assumes.

Draws, pairs improving to trips or two pair and overcards all count when they
put the hero ahead of at least half of the range; a card that also gives the
range a better hand is no out. Shown with the rule of 2 and 4 next to the
exact chance of hitting one of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.cards import format_cards, parse_cards
from coach.engine.phh import load_phh
from coach.evaluator import Category
from coach.feedback.analysis import OutsInfo, analyze, coach_outs, outs_line
from coach.feedback.rangemodel import parse_weighted
from coach.i18n import get_translator
from coach.outs import outs as equity_outs
from coach.ranges import Range

SPOTS = Path(__file__).resolve().parent / "spots"
IT = get_translator("it")


def counted(hero: str, board: str, *ranges: str) -> OutsInfo:
    info = coach_outs(parse_cards(hero), parse_cards(board), [parse_weighted(r) for r in ranges])
    assert info is not None
    return info


def per_category(info: OutsInfo) -> dict[str, int]:
    return {cat.key: len(cards) for cat, cards in info.by_category.items()}


def test_a_flush_draw_has_9_outs() -> None:
    info = counted("Ah9h", "Kh7h2c", "AK")  # an ace gives him two pair
    assert info.against == "range" and per_category(info) == {"flush": 9}
    assert all(c.suit == parse_cards("2h")[0].suit for c in info.cards)
    line = IT.render(outs_line(info, 2, 47))
    assert line == "Outs: 9 (9 per il colore). Regola del 2 e del 4: circa 36%; valore esatto: 35,0%."
    # on the turn, one card to come: the rule of 2
    turn = counted("Ah9h", "Kh7h2c3s", "AK")
    assert IT.render(outs_line(turn, 1, 46)) == (
        "Outs: 9 (9 per il colore). Regola del 2 e del 4: circa 18%; valore esatto: 19,6%.")


def test_an_open_ended_straight_draw_has_8_outs() -> None:
    info = counted("9c8d", "7s6h2c", "AA")
    assert per_category(info) == {"straight": 8}
    assert sorted({format_cards([c])[0] for c in info.cards}) == ["5", "T"]


def test_a_card_that_fills_the_opponent_up_is_no_out() -> None:
    # Against a set of kings the 2♥ makes the flush but pairs the board: kings full.
    info = counted("Ah9h", "Kh7h2c", "KK")
    assert per_category(info) == {"flush": 8}
    assert parse_cards("2h")[0] not in info.cards


def test_a_pair_and_flush_draw() -> None:
    # Pair of fives with the nut flush draw against top pair: 9 hearts, 2 fives, 3 aces.
    info = counted("Ah5h", "Kh7h5c", "KQ, KJ")
    assert per_category(info) == {"flush": 9, "three_of_a_kind": 2, "two_pair": 3}
    assert info.count == 14 and list(info.by_category) == [
        Category.FLUSH, Category.THREE_OF_A_KIND, Category.TWO_PAIR]  # strongest first
    assert IT.render(outs_line(info, 2, 47)).startswith(
        "Outs: 14 (9 per il colore, 2 per il tris, 3 per la doppia coppia). Regola del 2 e del 4: circa 56%")


def test_a_small_pair_against_overpairs_has_2_outs_to_trips() -> None:
    info = counted("4c4d", "Ts7h2c", "JJ-AA")
    assert per_category(info) == {"three_of_a_kind": 2}
    assert sorted(format_cards(info.cards).split()) == ["4h", "4s"]


def test_bottom_pair_outs_to_trips_and_two_pair() -> None:
    info = counted("3c2c", "AhKd2s", "AQ")
    assert IT.render(outs_line(info, 2, 47)) == (
        "Outs: 5 (2 per il tris, 3 per la doppia coppia). Regola del 2 e del 4: circa 20%; "
        "valore esatto: 20,4%.")


def test_no_outs_and_nothing_off_the_flop_and_turn() -> None:
    info = counted("7c2d", "AsKdQh", "AK, AQ")
    assert info.count == 0 and info.against == "range"
    assert IT.render(outs_line(info, 2, 47)).startswith("Outs: nessuno.")
    assert coach_outs(parse_cards("7c2d"), parse_cards("AsKdQh9s3c"), [parse_weighted("AK")]) is None
    assert coach_outs(parse_cards("7c2d"), (), [parse_weighted("AK")]) is None
    assert coach_outs(parse_cards("7c2d"), parse_cards("AsKdQh"), []) is None


def test_multiway_an_out_must_beat_every_range() -> None:
    alone = counted("9c8d", "7s6s2c", "AA")
    draw = counted("9c8d", "7s6s2c", "AsQs")  # a pair of nines or eights beats him too
    both = counted("9c8d", "7s6s2c", "AA", "AsQs")
    assert per_category(alone) == {"straight": 8}
    # T♠ and 5♠ make the straight but give the second player the flush
    assert per_category(both) == {"straight": 6} and set(both.cards) == set(alone.cards) & set(draw.cards)
    assert not set(parse_cards("Ts5s")) & set(both.cards)


def test_seed_001_flop_against_the_big_blind_range() -> None:
    """A♥J♥ on K♥7♥2♣: the lesson's 9 outs assume the hero is behind; against the BB's range he is not."""
    hand = load_phh(SPOTS / "flop-6max-seed-bet.phh").replay(require_complete=False)
    a = analyze(hand)
    (bb,) = a.villain_ranges.values()
    pairs = zip(bb.range.cards.tolist(), bb.range.weights.tolist(), strict=True)
    whole = equity_outs(a.hero_cards, a.board, Range({(max(x, y), min(x, y)): w for (x, y), w in pairs}))
    # coach.equity: ace high already beats 66% of the range (his check to the raiser caps it a
    # little), so nothing to count against all of it
    assert whole.ahead and whole.count == 0 and whole.beat_now == pytest.approx(0.660, abs=0.001)
    info = a.outs_info
    assert info is not None and info.against == "hands_ahead" and a.outs == info.count == 15
    assert per_category(info) == {"flush": 9, "one_pair": 6}  # against the kings, sevens, small pairs
    assert {format_cards([c])[0] for c in info.by_category[Category.ONE_PAIR]} == {"A", "J"}
    text = [IT.render(m) for m in a.summary]
    assert ("Contro il range attribuito sei già in vantaggio (mani battute ora: 66,0%). Contro le mani "
            "che ti battono, outs: 15 (9 per il colore, 6 per la coppia). Regola del 2 e del 4: circa 60%; "
            "valore esatto: 54,1%.") in text
    data = a.to_json("it")
    assert data["outs"] == 15 and data["outs_against"] == "hands_ahead"
    assert len(data["outs_by_category"]["flush"].split()) == 9

