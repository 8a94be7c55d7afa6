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


def _wrap_around_spot() -> ReviewSpot:
    """Lesson 1's «K-A-2-3-4 is not a straight» decision, as a review card's spot."""
    from coach.learning.answers import decision_spot
    from coach.learning.script import HandScript
    from coach.lessons.loader import default_lessons_dir, load_lessons

    lesson = load_lessons(default_lessons_dir())[0]
    index = next(i for i, h in enumerate(lesson.hands) if h.id == "scala-asso")
    sc = HandScript.from_example(lesson.hands[index])
    at = next(iter(sc.decisions))
    spot = decision_spot(sc, f"{lesson.id}/{index}/{at}", "p2 cc", "errore")
    assert spot is not None
    return spot


def test_a_lessons_similar_hand_keeps_its_concept_over_many_seeds() -> None:
    """The wrap-around question's similar hand: the same ranks (K with A-2-3-4 on the board), still
    no straight, the same strength, in new suits."""
    from coach.evaluator import evaluate

    spot = _wrap_around_spot()
    hand = spot.hand()
    hero = hand.legal_actions().actor
    assert hero is not None
    cards = [*hand.hole_cards(hero), *hand.board]
    ranks = sorted(c.rank for c in cards)
    changed = 0
    for seed in range(200):
        fresh = similar_spot(spot, seed).hand()
        got = [*fresh.hole_cards(hero), *fresh.board]
        assert sorted(c.rank for c in got) == ranks, seed
        assert sorted(c.rank for c in fresh.board) == sorted(c.rank for c in hand.board), seed
        assert evaluate(got) == evaluate(cards), seed  # still only high card: no straight
        assert fresh.street == hand.street
        assert fresh.legal_actions().call_amount == hand.legal_actions().call_amount
        changed += sorted(got) != sorted(cards)
    assert changed == 200  # a new deal every time, never the same cards


def test_a_wrong_lesson_question_becomes_a_card(tmp_path: Path) -> None:
    from coach.learning.review import QuestionSpot, open_mistakes, question_from_json, remember_question
    from coach.store import Store

    store = Store(f"sqlite:///{tmp_path / 'q.db'}")
    q = QuestionSpot("02-bottone-bui", "chi-grande-buio", 0)
    assert not remember_question(store, "Ospite", q, True)  # a right answer makes no card
    assert remember_question(store, "Ospite", q, False)
    [card] = store.review_cards("Ospite")
    assert card.source == "question" and card.ref == q.ref and card.action == "0"
    assert question_from_json(card.spot) == QuestionSpot("02-bottone-bui", "chi-grande-buio")
    assert open_mistakes([card]) == [card]
    assert remember_question(store, "Ospite", q, False)  # again: the same card, reviewed
    assert len(store.review_cards("Ospite")) == 1 and store.review_cards("Ospite")[0].reviews == 1
