"""The checks every store argument passes before any SQL: typed, bounded, printable, never cut to fit.

Each refusal names the field; each accepted value comes back unchanged (or tidied as documented)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, timezone

import numpy as np
import pytest

from coach.errors import InvalidInput
from coach.store.checks import (
    MAX_EV_BB,
    MAX_NAME,
    MAX_TEACHER_SECRET,
    clean_display_name,
    clean_profile_name,
    digest_arg,
    ev_arg,
    flag_arg,
    secret_arg,
    teacher_key,
    text_arg,
    when_arg,
    whole_arg,
)


def test_text_is_kept_as_given_or_refused_naming_the_field() -> None:
    assert text_arg("abc", "topic", 3) == "abc"
    assert text_arg("", "topic", 3, allow_empty=True) == ""
    assert text_arg("a\nb\tc", "hand", 10, lines=True) == "a\nb\tc"  # a document keeps its lines
    for bad in ("abcd", "", "a\nb", "a\x7fb", 5):
        with pytest.raises(InvalidInput) as exc:
            text_arg(bad, "topic", 3)
        assert exc.value.message.params["field"] == "topic"


def test_whole_numbers_within_bounds_and_never_a_bool() -> None:
    assert whole_arg(5, "step", 0, 10) == 5 and whole_arg(0, "step", 0, 10) == 0
    for bad in (11, -1, True, 2.0, "3"):
        with pytest.raises(InvalidInput):
            whole_arg(bad, "step", 0, 10)


def test_flags_are_booleans_only() -> None:
    assert flag_arg(True, "correct") is True and flag_arg(False, "correct") is False
    assert flag_arg(np.bool_(True), "correct") is True  # a NumPy bool counts
    for bad in (1, "true", None):
        with pytest.raises(InvalidInput):
            flag_arg(bad, "correct")


def test_ev_loss_is_a_finite_number_of_big_blinds() -> None:
    assert ev_arg(None) is None and ev_arg(2) == 2.0 and ev_arg(-MAX_EV_BB) == -MAX_EV_BB
    for bad in (float("nan"), float("inf"), MAX_EV_BB * 2, True, "1"):
        with pytest.raises(InvalidInput):
            ev_arg(bad)


def test_times_are_naive_utc() -> None:
    rome = timezone(timedelta(hours=1))
    # 13:00 at UTC+1 is noon UTC
    assert when_arg(datetime(2026, 1, 1, 13, 0, tzinfo=rome)) == datetime(2026, 1, 1, 12, 0)
    naive = datetime(2026, 1, 1, 12, 0)
    assert when_arg(naive) is naive
    now = when_arg(None)
    assert now.tzinfo is None and abs(now - datetime.now(UTC).replace(tzinfo=None)) < timedelta(minutes=1)
    with pytest.raises(InvalidInput):
        when_arg("2026-01-01")


def test_teacher_secrets() -> None:
    assert teacher_key("abc") == hashlib.sha256(b"abc").hexdigest()
    assert secret_arg("Ab-_9") == "Ab-_9"
    # a value that cannot be a secret owns nothing: None, never an error
    for bad in ("", "a" * (MAX_TEACHER_SECRET + 1), "a b", "à", 42, None):
        assert secret_arg(bad) is None


def test_profile_names_are_tidied_never_cut() -> None:
    assert clean_profile_name("  Anna   Rossi ") == "Anna Rossi"
    assert clean_profile_name("   ") == "Ospite"  # a blank name is the guest
    assert clean_profile_name("x" * MAX_NAME) == "x" * MAX_NAME
    for bad in ("x" * (MAX_NAME + 1), 7):
        with pytest.raises(InvalidInput):
            clean_profile_name(bad)


def test_display_names_may_be_blank() -> None:
    assert clean_display_name("  Anna  ") == "Anna" and clean_display_name("  ") is None
    assert clean_display_name("a\x85b") == "a b"  # NEL is a line break: tidied like the spaces
    for bad in ("a\x9fb", "x" * (MAX_NAME + 1), None):  # \x9f is a C1 control character
        with pytest.raises(InvalidInput):
            clean_display_name(bad)


def test_digests_are_lowercase_sha256_hex() -> None:
    good = hashlib.sha256(b"x").hexdigest()
    assert digest_arg(good) == good
    for bad in (good.upper(), good[:-1], good + "0", "g" * 64, None):
        with pytest.raises(InvalidInput):
            digest_arg(bad)
