"""«Mostra il verdetto» and «Riapri la classe» in the store (issue 22), on SQLite and PostgreSQL: the
verdict's mark on a closed vote only, for its teacher only, read back by every snapshot; a class ended
by mistake reopens until its own end."""

from __future__ import annotations

from datetime import datetime, timedelta

from coach.live import verdict_shown
from coach.store import Store

T0 = datetime(2026, 12, 1, 9, 0, 0)
SPOT = "lesson:03-azioni/0/4"


def test_the_verdict_is_shown_on_a_closed_vote_by_its_teacher(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    key = cls.teacher_secret or ""
    q = store.open_question(cls.id, SPOT, key, at=T0)
    assert q is not None
    assert not store.show_verdict(q.id, key, at=T0 + timedelta(seconds=5))  # the class is still answering
    store.close_question(q.id, key, at=T0 + timedelta(seconds=30))
    assert not store.show_verdict(q.id, "not-the-key", at=T0 + timedelta(seconds=40))
    snap = store.snapshot(cls.code, at=T0 + timedelta(seconds=40))
    assert snap is not None and snap.question is not None
    assert not verdict_shown(snap.question.opened_at, snap.question.closes_at)
    assert store.show_verdict(q.id, key, at=T0 + timedelta(seconds=40))
    assert store.show_verdict(q.id, key, at=T0 + timedelta(seconds=50))  # twice: still shown
    snap = store.snapshot(cls.code, at=T0 + timedelta(seconds=60))
    assert snap is not None and snap.question is not None
    shown = snap.question
    assert verdict_shown(shown.opened_at, shown.closes_at) and not shown.is_open(T0 + timedelta(seconds=60))
    assert shown.closed_at == T0 + timedelta(seconds=30)  # when it closed, not when it was shown


def test_a_vote_closed_by_its_countdown_can_show_its_verdict(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    key = cls.teacher_secret or ""
    q = store.open_question(cls.id, SPOT, key, seconds=20, at=T0)
    assert q is not None
    assert store.show_verdict(q.id, key, at=T0 + timedelta(seconds=25))
    snap = store.snapshot(cls.code, at=T0 + timedelta(seconds=26))
    assert snap is not None and snap.question is not None
    assert snap.question.closed_at == T0 + timedelta(seconds=20)


def test_a_class_ended_by_mistake_reopens_until_its_end(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", hours=1, at=T0)
    key = cls.teacher_secret or ""
    assert not store.reopen_class(cls.code, key, at=T0)  # not closed
    key = store.close_class(cls.code, key, at=T0 + timedelta(minutes=5)) or ""  # the closer gets a new key
    assert key
    assert not store.reopen_class(cls.code, "not-the-key", at=T0 + timedelta(minutes=6))
    assert store.reopen_class(cls.code, key, at=T0 + timedelta(minutes=6))
    snap = store.snapshot(cls.code, at=T0 + timedelta(minutes=7))
    assert snap is not None and snap.live_class.state(snap.now) == "open"
    key = store.close_class(cls.code, key, at=T0 + timedelta(minutes=8)) or ""
    assert key
    assert not store.reopen_class(cls.code, key, at=T0 + timedelta(hours=2))  # its time is over


def test_closing_a_class_ends_its_teacher_secret(store_url: str) -> None:
    """Issue 28: a leaked teacher link survived «Chiudi la classe» and reopened the class. The secret
    ends with the class: the old one opens nothing (not the results, not «Riapri»); the browser that
    closed it holds the new one."""
    store = Store(store_url)
    cls = store.create_class("Prof", hours=1, at=T0)
    leaked = cls.teacher_secret or ""
    fresh = store.close_class(cls.code, leaked, at=T0 + timedelta(minutes=5))
    assert isinstance(fresh, str) and fresh != leaked
    assert store.teacher_class(cls.code, leaked) is None
    assert not store.reopen_class(cls.code, leaked, at=T0 + timedelta(minutes=6))
    assert store.class_results(cls.id, leaked) is None and store.secret_classes([leaked]) == {}
    assert store.teacher_class(cls.code, fresh) is not None and store.class_results(cls.id, fresh) is not None
    assert store.reopen_class(cls.code, fresh, at=T0 + timedelta(minutes=6))
    assert store.close_class(cls.code, leaked, at=T0 + timedelta(minutes=7)) is None


def test_a_new_teacher_link_replaces_a_leaked_one(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", hours=1, at=T0)
    leaked = cls.teacher_secret or ""
    assert store.new_teacher_secret(cls.code, "not-the-key") is None
    fresh = store.new_teacher_secret(cls.code, leaked)
    assert isinstance(fresh, str) and fresh != leaked
    assert store.teacher_class(cls.code, leaked) is None and store.class_pupils(cls.id, leaked) is None
    assert store.new_teacher_secret(cls.code, leaked) is None  # the leaked link cannot take it back
    assert store.open_question(cls.id, SPOT, leaked, at=T0) is None
    assert store.open_question(cls.id, SPOT, fresh, at=T0) is not None
    assert store.teacher_class(cls.code, fresh) is not None
