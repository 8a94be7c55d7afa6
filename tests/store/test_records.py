"""The store's records: a topic's accuracy, a live class's state and a question's vote by the clock, a
teacher secret kept out of logs and comparisons, and the open-classes limit naming the classes."""

from __future__ import annotations

from datetime import datetime, timedelta

from coach.store.records import ClassLimit, LiveClass, LiveQuestion, TopicAccuracy

NOON = datetime(2026, 3, 1, 12, 0)


def live_class(closed_at: datetime | None = None, secret: str | None = None, title: str = "") -> LiveClass:
    return LiveClass(1, "ABC123", "prof", title, NOON, NOON + timedelta(hours=2), closed_at,
                     teacher_secret=secret)


def test_topic_accuracy() -> None:
    assert TopicAccuracy("pot-odds", 4, 3).accuracy == 0.75
    assert TopicAccuracy("pot-odds", 0, 0).accuracy == 0.0  # nothing answered yet: no division by zero


def test_a_class_is_open_until_it_is_ended_or_its_time_is_over() -> None:
    c = live_class()
    assert c.state(NOON + timedelta(hours=1)) == "open"
    assert c.state(NOON + timedelta(hours=2)) == "expired"  # the end time itself is over
    assert live_class(closed_at=NOON).state(NOON + timedelta(minutes=5)) == "closed"


def test_a_vote_takes_answers_until_closed_or_its_countdown_runs_out() -> None:
    q = LiveQuestion(1, 1, 1, "lesson/0/4", NOON, NOON + timedelta(seconds=30), None)
    assert q.is_open(NOON + timedelta(seconds=29)) and not q.is_open(NOON + timedelta(seconds=30))
    forever = LiveQuestion(1, 1, 1, "lesson/0/4", NOON, None, None)
    assert forever.is_open(NOON + timedelta(days=1))  # no countdown
    assert not LiveQuestion(1, 1, 1, "s", NOON, None, NOON).is_open(NOON + timedelta(seconds=1))


def test_the_teacher_secret_stays_out_of_logs_and_comparisons() -> None:
    with_secret = live_class(secret="s3cr3t-value")
    assert "s3cr3t-value" not in repr(with_secret)
    assert with_secret == live_class()  # the same class, whether or not this read carries the secret


def test_the_class_limit_names_the_classes_to_end() -> None:
    err = ClassLimit([live_class(title="Martedì"), live_class()])
    assert err.open_classes[0].title == "Martedì" and err.params["n"] == 2
    assert err.params["codes"] == "Martedì ABC123, ABC123"
