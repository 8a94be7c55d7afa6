"""The one exception hierarchy: every error a ValueError carrying a translatable message, English in
``str()`` and the learner's language in ``localized()``, with the structured fields callers read."""

from __future__ import annotations

import pytest

from coach.errors import (
    CoachError,
    HandHistoryError,
    IllegalAction,
    InvalidInput,
    LessonError,
    StoreError,
)
from coach.i18n import N_, get_translator

SEAT = N_("There is no seat {seat} at this table: the seats are 0 to {last}.")


def test_english_in_str_and_the_learners_language_when_localized() -> None:
    err = InvalidInput(SEAT, seat=9, last=5)
    assert str(err) == "There is no seat 9 at this table: the seats are 0 to 5."
    italian = "A questo tavolo non c'è il posto 9: i posti vanno da 0 a 5."
    assert err.localized(get_translator("it")) == italian
    assert err.params == {"seat": 9, "last": 5} and err.message.msgid == SEAT


@pytest.mark.parametrize("kind", [InvalidInput, LessonError, HandHistoryError])
def test_every_error_is_a_value_error_and_a_coach_error(kind: type[CoachError]) -> None:
    err = kind(SEAT, seat=1, last=2)
    assert isinstance(err, CoachError) and isinstance(err, ValueError)


def test_an_illegal_action_carries_its_code_and_rule() -> None:
    err = IllegalAction("below_min_raise", SEAT, rule="R09", seat=1, last=2)
    assert (err.code, err.rule, err.params) == ("below_min_raise", "R09", {"seat": 1, "last": 2})
    assert isinstance(err, ValueError)


def test_a_store_error_says_why() -> None:
    assert StoreError(SEAT, seat=1, last=2).kind == "unreachable"  # the default
    assert StoreError(SEAT, kind="locked", seat=1, last=2).kind == "locked"
