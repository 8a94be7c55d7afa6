"""Review cards and practice hands in the store, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from coach.engine.phh import load_phh
from coach.errors import InvalidInput
from coach.learning.review import (
    ReviewSpot,
    answer,
    card_key,
    due_cards,
    record_graded,
    remember,
    review,
    spot_from_json,
    spot_of,
)
from coach.store import Store
from coach.store.checks import MAX_PRACTICE_HANDS

SPOTS = Path(__file__).resolve().parents[1] / "feedback" / "spots_v2"
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _spot(grade: str = "errore", ref: str = "hand 3"):  # type: ignore[no-untyped-def]
    hand = load_phh(SPOTS / "flop-6max-set-flats-cbet-ip.phh").replay(require_complete=False)
    return spot_of(hand, source="practice", ref=ref, action="f", grade=grade)


def test_a_mistake_becomes_a_card_due_at_once_and_a_good_answer_is_not_kept(store_url: str) -> None:
    store = Store(store_url)
    assert not remember(store, "Ada", _spot("buona"), NOW)
    assert store.review_cards("Ada") == []
    assert remember(store, "Ada", _spot("errore"), NOW)
    cards = due_cards(store, "Ada", NOW)
    assert [c.key for c in cards] == [card_key(_spot())] and cards[0].reviews == 0
    assert spot_from_json(cards[0].spot).phh == _spot().phh  # the table itself, rebuilt on demand
    assert store.count_due_cards("Ada", NOW) == 1
    assert store.count_due_cards("Bea", NOW) == 0 and store.review_cards("Bea") == []
    assert "Bea" not in store.profiles()  # reads never write


def test_a_graded_decision_is_recorded_and_only_a_mistake_files_its_spot(store_url: str) -> None:
    store = Store(store_url)
    asked: list[str] = []

    def spot() -> ReviewSpot:  # worked out only when the grade needs review
        asked.append("spot")
        return _spot("errore")

    record_graded(store, "Ada", "ottima", source="lesson", ref="l/3", action="cc", ev_loss_bb=0.0, spot=spot)
    assert asked == [] and store.review_cards("Ada") == []
    record_graded(store, "Ada", "errore", source="lesson", ref="l/3", action="f", ev_loss_bb=2.5, spot=spot)
    assert asked == ["spot"] and [c.key for c in store.review_cards("Ada")] == [card_key(_spot())]
    record_graded(store, "Ada", "errore", source="review", ref="l/3", action="f", ev_loss_bb=2.5)
    assert [(d.grade, d.source, d.action) for d in store.decisions("Ada")] == [
        ("ottima", "lesson", "cc"), ("errore", "lesson", "f"), ("errore", "review", "f")]
    assert len(store.review_cards("Ada")) == 1  # no spot given: nothing more filed


def test_answering_moves_the_due_date_by_the_schedulers_interval(store_url: str) -> None:
    store = Store(store_url)
    remember(store, "Ada", _spot(), NOW)
    card = due_cards(store, "Ada", NOW)[0]
    later = NOW + timedelta(minutes=3)
    due = answer(store, "Ada", card, "cc", "ottima", later)
    _, expected = review(card.schedule, "ottima", later)  # the library's own date for this answer
    assert due == expected > later
    stored = store.review_card("Ada", card.key)
    assert stored is not None and stored.reviews == 1 and stored.grade == "ottima" and stored.action == "cc"
    assert stored.due == expected.replace(tzinfo=None)
    assert due_cards(store, "Ada", later) == [] and store.count_due_cards("Ada", expected) == 1


def test_the_same_mistake_again_is_a_review_of_the_same_card(store_url: str) -> None:
    store = Store(store_url)
    remember(store, "Ada", _spot(), NOW)
    card = due_cards(store, "Ada", NOW)[0]
    answer(store, "Ada", card, "cc", "ottima", NOW)
    remember(store, "Ada", _spot("errore grave"), NOW + timedelta(minutes=20))
    cards = store.review_cards("Ada")
    assert len(cards) == 1 and cards[0].reviews == 2 and cards[0].grade == "errore grave"
    assert store.delete_review_card("Ada", cards[0].key) and store.review_cards("Ada") == []


def test_practice_hands_are_kept_newest_first_with_their_grades(store_url: str) -> None:
    store = Store(store_url)
    text = (SPOTS / "flop-6max-set-flats-cbet-ip.phh").read_text()
    first = store.save_practice_hand("Ada", text, hero_seat=2, result_chips=-40, big_blind=2,
                                     grades=[{"action": "cc", "grade": "errore", "ev_loss_bb": 1.5}])
    second = store.save_practice_hand("Ada", text, hero_seat=0, result_chips=12, big_blind=2)
    hands = store.practice_hands("Ada")
    assert [h.id for h in hands] == [second, first]
    assert hands[1].grades == [{"action": "cc", "grade": "errore", "ev_loss_bb": 1.5}]
    assert hands[1].result_chips == -40 and hands[1].hero_seat == 2 and hands[0].phh == text
    assert store.practice_hands("Bea") == []


def test_practice_hands_beyond_the_limit_drop_the_oldest(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    ids = [store.save_practice_hand("Ada", "x", hero_seat=0, result_chips=i, big_blind=2)
           for i in range(MAX_PRACTICE_HANDS + 3)]
    kept = store.practice_hands("Ada", limit=MAX_PRACTICE_HANDS)
    assert len(kept) == MAX_PRACTICE_HANDS and kept[0].id == ids[-1] and kept[-1].id == ids[3]


@pytest.mark.parametrize("kwargs", [
    {"hero_seat": -1}, {"hero_seat": "0"}, {"result_chips": float("nan")}, {"big_blind": 0},
    {"grades": [{"x": float("nan")}]}, {"grades": [{"x": object()}]},
])
def test_bad_practice_arguments_are_refused_before_any_sql(tmp_path: Path, kwargs: dict[str, object]) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    args: dict[str, object] = {"hero_seat": 0, "result_chips": 0, "big_blind": 2, **kwargs}
    with pytest.raises(InvalidInput):
        store.save_practice_hand("Ada", "x", **args)  # type: ignore[arg-type]
    assert store.practice_hands("Ada") == []


def test_decisions_per_day_feed_the_daily_goal(store_url: str) -> None:
    store = Store(store_url)
    for day, n in ((1, 3), (2, 1)):
        for _ in range(n):
            store.record_decision("Ada", "buona", source="practice", at=datetime(2026, 11, 28 + day, 10))
    assert store.decision_days("Ada", datetime(2026, 11, 1)) == {"2026-11-29": 3, "2026-11-30": 1}
    assert store.decision_days("Ada", datetime(2026, 11, 30)) == {"2026-11-30": 1}


def test_a_damaged_card_is_an_italian_error() -> None:
    with pytest.raises(InvalidInput):
        spot_from_json("{not json")
    with pytest.raises(InvalidInput):
        spot_from_json('{"phh": 1}')


def test_questions_right_at_least_once(store_url: str) -> None:
    store = Store(store_url)
    store.record_quiz_answer("Ospite", "R02", "02-bottone-bui/a", False)
    store.record_quiz_answer("Ospite", "R02", "02-bottone-bui/b", True)
    store.record_quiz_answer("Ospite", "R02", "02-bottone-bui/b", False)  # right once is enough
    store.record_quiz_answer("Ospite", "drill:outs", "outs:7", True)  # a drill is not a lesson question
    store.record_quiz_answer("Altro", "R02", "02-bottone-bui/a", True)
    assert store.questions_right("Ospite") == {"02-bottone-bui/b"}
    assert store.questions_right("Nessuno") == set()
