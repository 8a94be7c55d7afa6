"""Who owns a live class: the teacher secret made with it, on SQLite and PostgreSQL.

Before, a class belonged to the teacher's profile string, which anyone could read on the
projector and type in Impostazioni. Now every teacher action and every read of the
pupils' data asks for the secret ``create_class`` returned once; the profile string, the
class code and another class's secret open nothing.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select, update

from coach.errors import InvalidInput
from coach.store import Store
from coach.store.checks import MAX_TEACHER_CLASSES
from coach.store.records import LiveClass
from coach.store.tables import live_classes

T0 = datetime(2026, 12, 1, 9, 0, 0)
SPOT = "lesson:03-azioni/1/4"


def _class_with_a_vote(store: Store) -> tuple[LiveClass, str, int, int]:
    """A class with one pupil who answered an open vote: the class, its secret, the pupil, the question."""
    cls = store.create_class("PROF-2345", "3B", at=T0)
    assert cls.teacher_secret is not None
    anna = store.join_class(cls.code, "Anna", "tok-anna", at=T0).pupil
    assert anna is not None
    q = store.open_question(cls.id, SPOT, cls.teacher_secret, at=T0)
    assert q is not None
    assert store.record_class_answer(q.id, anna.id, "p3 cc", grade="ottima", at=T0) == "recorded"
    return cls, cls.teacher_secret, anna.id, q.id


def test_a_class_gets_a_random_secret_and_the_store_keeps_only_its_hash(store_url: str) -> None:
    store = Store(store_url)
    a = store.create_class("Prof", at=T0)
    b = store.create_class("Prof", at=T0)
    assert a.teacher_secret is not None and b.teacher_secret is not None
    assert len(a.teacher_secret) >= 22 and a.teacher_secret != b.teacher_secret  # >= 128 bits each
    assert a.teacher_secret not in repr(a)  # never in a log line
    assert store.live_class(a.code) == a  # the secret is no part of the class's identity
    read = store.live_class(a.code)
    assert read is not None and read.teacher_secret is None  # shown once, by create_class only
    with store.engine.connect() as conn:
        row = conn.execute(select(live_classes).where(live_classes.c.id == a.id)).one()
    assert row.teacher_key == hashlib.sha256(a.teacher_secret.encode()).hexdigest()
    assert a.teacher_secret not in [str(v) for v in row]


def test_the_profile_string_and_the_class_code_open_nothing(store_url: str) -> None:
    """A pupil who read «PROF-2345» and the code on the projector, or holds another class's secret."""
    store = Store(store_url)
    cls, key, anna, question = _class_with_a_vote(store)
    mine = store.create_class("Pupil", at=T0)  # a class of the pupil's own: its secret is no key here
    for wrong in ("PROF-2345", cls.code, str(mine.teacher_secret), key + "x", key[:-1], key.upper(), "",
                  None, 42, "é" * 32, "x" * 129):
        assert store.teacher_class(cls.code, wrong) is None  # type: ignore[arg-type]
        assert store.class_pupils(cls.id, wrong) is None  # type: ignore[arg-type]
        assert store.question_answers(question, wrong) is None  # type: ignore[arg-type]
        assert store.class_results(cls.id, wrong) is None  # type: ignore[arg-type]
        assert not store.close_question(question, wrong, at=T0)  # type: ignore[arg-type]
        assert store.open_question(cls.id, SPOT, wrong, at=T0) is None  # type: ignore[arg-type]
        assert not store.remove_pupil(cls.id, anna, wrong)  # type: ignore[arg-type]
        assert not store.close_class(cls.code, wrong, at=T0)  # type: ignore[arg-type]
    # nothing changed: the vote is still open, Anna and her answer are still there, the class is open
    snap = store.snapshot(cls.code, at=T0)
    assert snap is not None and snap.question is not None and snap.question.id == question
    assert snap.question.is_open(T0) and snap.pupils == 1 and snap.answered == 1
    assert snap.live_class.state(T0) == "open"
    # the right secret does all of it
    assert store.teacher_class(cls.code.lower(), key) == cls
    assert [p.name for p in store.class_pupils(cls.id, key) or []] == ["Anna"]
    assert [(r.pupil, r.answer) for r in store.question_answers(question, key) or []] == [("Anna", "p3 cc")]
    results = store.class_results(cls.id, key)
    assert results is not None and results.pupils == ["Anna"] and len(results.rows) == 1
    assert store.close_question(question, key, at=T0)
    assert store.remove_pupil(cls.id, anna, key)
    assert store.open_question(cls.id, SPOT, key, at=T0 + timedelta(minutes=1)) is not None
    assert store.close_class(cls.code, key, at=T0 + timedelta(minutes=2))


def test_a_class_from_before_the_secrets_belongs_to_nobody(store_url: str) -> None:
    """A class made before revision 0006 has no teacher key: no secret (and no profile) manages it."""
    store = Store(store_url)
    cls, key, anna, question = _class_with_a_vote(store)
    with store.engine.begin() as conn:
        conn.execute(update(live_classes).where(live_classes.c.id == cls.id).values(teacher_key=None))
    for secret in (key, "PROF-2345", ""):
        assert store.teacher_class(cls.code, secret) is None
        assert store.class_results(cls.id, secret) is None
        assert store.class_pupils(cls.id, secret) is None
        assert store.question_answers(question, secret) is None
        assert not store.close_question(question, secret, at=T0)
        assert not store.remove_pupil(cls.id, anna, secret)
        assert not store.close_class(cls.code, secret, at=T0)
    assert store.secret_classes([key]) == {}
    snap = store.snapshot(cls.code, at=T0)
    assert snap is not None and snap.question is not None and snap.question.is_open(T0)  # untouched


def test_a_browsers_secrets_find_its_classes(store_url: str) -> None:
    """«Your classes» come from the secrets a browser holds, not from its profile string."""
    store = Store(store_url)
    a = store.create_class("Prof", "A", at=T0)
    b = store.create_class("Prof", "B", at=T0 + timedelta(minutes=1))
    other = store.create_class("Prof", "C", at=T0)  # the same profile, but this browser lost its secret
    assert a.teacher_secret and b.teacher_secret and other.teacher_secret
    found = store.secret_classes([a.teacher_secret, "forged", b.teacher_secret, 7])  # type: ignore[list-item]
    assert found == {b.teacher_secret: b, a.teacher_secret: a}
    assert list(found.values()) == [b, a]  # newest first
    assert store.secret_classes([]) == {}
    for bad in ("a-secret", ["x"] * (MAX_TEACHER_CLASSES + 1)):
        with pytest.raises(InvalidInput):
            store.secret_classes(bad)  # type: ignore[arg-type]
