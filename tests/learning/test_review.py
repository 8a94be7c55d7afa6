"""Review cards: the spot is rebuilt by the engine, similar spots are new and legal, fsrs schedules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from coach.engine.phh import load_phh
from coach.errors import CoachError
from coach.learning.review import (
    ReviewSpot,
    due_of,
    needs_review,
    new_card,
    rating_for,
    review,
    similar_spot,
    spot_of,
)

SPOTS = Path(__file__).resolve().parents[1] / "feedback" / "spots_v2"


def _spot(name: str) -> ReviewSpot:
    hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
    return spot_of(hand, source="practice", ref="hand 3", action="cc", grade="errore")


def test_only_mistakes_and_inaccuracies_become_cards() -> None:
    assert [needs_review(g) for g in ("ottima", "buona", "imprecisa", "errore", "errore grave", None)] == [
        False, False, True, True, True, False]


def test_the_spot_is_the_table_not_a_picture() -> None:
    spot = _spot("flop-6max-set-flats-cbet-ip")
    hand = spot.hand()
    again = ReviewSpot.from_dict(spot.to_dict()).hand()

    def table(h: object) -> tuple[object, ...]:
        legal = h.legal_actions()  # type: ignore[attr-defined]
        seats = range(h.config.n_seats)  # type: ignore[attr-defined]
        cards = tuple(h.hole_cards(s) for s in seats)  # type: ignore[attr-defined]
        return (tuple(h.board), tuple(h.stacks), h.pot_total, legal.actor, legal.call_amount,  # type: ignore[attr-defined]
                cards)

    assert table(hand) == table(again)
    assert spot.kind() == ("flop", True, 2)


@pytest.mark.parametrize("name", ["flop-6max-set-flats-cbet-ip", "river-hu-bluff-vs-roccia",
                                  "pf-6max-pushfold-6bb-utg-55", "turn-6max-3way-nut-draw-calls"])
def test_a_similar_spot_has_the_same_kind_and_new_cards(name: str) -> None:
    spot = _spot(name)
    original = spot.hand()
    hero = original.legal_actions().actor
    assert hero is not None
    for seed in range(5):
        fresh = similar_spot(spot, seed)
        hand = fresh.hand()  # legal on the engine, still a decision
        assert fresh.kind() == spot.kind()
        assert hand.legal_actions().actor == hero
        assert hand.legal_actions().call_amount == original.legal_actions().call_amount
        before = (original.hole_cards(hero), tuple(original.board))
        assert (hand.hole_cards(hero), tuple(hand.board)) != before
        seen = list(hand.hole_cards(hero) or ()) + list(hand.board)
        assert len(set(seen)) == len(seen)
    assert similar_spot(spot, 7).phh == similar_spot(spot, 7).phh  # seeded


def test_a_spot_that_is_not_a_decision_is_refused() -> None:
    hand = load_phh(SPOTS / "flop-6max-set-flats-cbet-ip.phh").replay(require_complete=False)
    spot = spot_of(hand, source="practice", ref="x")
    broken = ReviewSpot(spot.phh.replace('"p6 f",', '').replace('actions = [', 'actions = ["p1 f",'),
                        "practice", "x")
    with pytest.raises(CoachError):
        broken.hand()


def test_the_scheduler_is_the_librarys() -> None:
    from fsrs import Card, Rating, Scheduler

    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    state = new_card(now)
    assert due_of(state) == now
    # the dates are exactly what fsrs computes for the same ratings
    lib = Scheduler(enable_fuzzing=False)
    card = Card(due=now)
    t = now
    for grade, rating in (("errore", Rating.Again), ("buona", Rating.Good), ("ottima", Rating.Good),
                          ("imprecisa", Rating.Hard)):
        assert rating_for(grade) == rating
        state, due = review(state, grade, t)
        card, _ = lib.review_card(card, rating, t)
        assert due == card.due
        t = due
    # a right answer pushes the card further out, a wrong one brings it back within the hour
    state, due_right = review(state, "buona", t)
    _, due_wrong = review(state, "errore", due_right)
    assert due_right - t > timedelta(days=1)
    assert due_wrong - due_right < timedelta(hours=1)
