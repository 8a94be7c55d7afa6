"""The store's limits and the checks every argument passes before any SQL.

One place for both because they must agree: a column is sized to its limit
(:mod:`coach.store.tables` imports these constants), and an argument over the limit is
refused here with :class:`InvalidInput` naming the field, never cut to fit (a cut name
would land in somebody else's profile). Timestamps are naive UTC (:func:`utc_now`), since
SQLite has no time zones.
"""

from __future__ import annotations

import hashlib
import math
from datetime import UTC, datetime
from typing import Final

from coach.errors import InvalidInput
from coach.i18n import N_

# -- limits (every one is checked before any SQL; the columns are sized to match) ---------
MAX_NAME: Final[int] = 60  # a profile name or guest code
MAX_LESSON_ID: Final[int] = 120
MAX_TOPIC: Final[int] = 120
MAX_QUESTION_ID: Final[int] = 200
MAX_REF: Final[int] = 200
MAX_KEY: Final[int] = 200  # a lesson answer's key: "lesson/hand/at" or "lesson/question"
MAX_ACTION: Final[int] = 60
MAX_GRADE: Final[int] = 40
MAX_SOURCE: Final[int] = 40
MAX_PREFERENCES: Final[int] = 4000  # characters of the preferences as JSON
MAX_POSITION: Final[int] = 10_000  # a hand index or step in a bookmark
MAX_EV_BB: Final[float] = 1e6  # an EV loss in big blinds (the largest real one is a few hundred)
MAX_ROWS: Final[int] = 10_000  # rows one read returns (the newest, for decisions)
MAX_CARD_SPOT: Final[int] = 64_000  # a review card's spot as JSON (a hand history up to a decision)
MAX_SCHEDULE: Final[int] = 2_000  # a review card's scheduling state (the fsrs library's JSON)
MAX_HAND_TEXT: Final[int] = 64_000  # a practice hand's PHH text
MAX_GRADES_JSON: Final[int] = 16_000  # a practice hand's graded decisions as JSON
MAX_CHIPS: Final[int] = 10**12  # a practice hand's result or big blind, in chips
MAX_PRACTICE_HANDS: Final[int] = 500  # practice hands kept per profile (the newest)
MAX_HAND_TITLE: Final[int] = 120  # the title of a hand in «Le mie mani»
MAX_USER_HANDS: Final[int] = 5_000  # hands kept in «Le mie mani» per profile (a season of online play)
MAX_HAND_SEARCH: Final[int] = 100  # characters of a search in «Le mie mani»; more are cut
MAX_PRACTICE_STATE: Final[int] = 400_000  # the practice table in progress, as JSON
# A class's teacher secret: 24 random bytes (192 bits) as URL-safe text (32 characters), made by
# create_class and shown once; the store keeps only its SHA-256. A secret given back is checked
# against this bound before anything else (a longer one cannot be ours).
TEACHER_SECRET_BYTES: Final[int] = 24
MAX_TEACHER_SECRET: Final[int] = 128
MAX_TEACHER_CLASSES: Final[int] = 50  # secrets one browser may ask about at once («your classes»)
MAX_BUCKET: Final[int] = 200  # a rate limit's bucket name ("transfer:ip:2001:db8::1")


def utc_now() -> datetime:
    """Timestamps are stored as naive UTC (SQLite has no time zones)."""
    return datetime.now(UTC).replace(tzinfo=None)


# -- argument checks ---------------------------------------------------------------------------
def text_arg(value: object, field: str, limit: int, *, allow_empty: bool = False, lines: bool = False) -> str:
    """A text argument as given: typed, bounded, printable; never cut to fit.

    ``lines``: a document (a hand history), where line breaks and tabs belong.
    """
    if not isinstance(value, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field=field,
                           kind=type(value).__name__)
    if not value and not allow_empty:
        raise InvalidInput(N_("The store's «{field}» is empty."), field=field)
    if len(value) > limit:
        raise InvalidInput(N_("The store's «{field}» has {length} characters; at most {limit} are allowed."),
                           field=field, length=str(len(value)), limit=str(limit))
    allowed = "\n\r\t" if lines else ""
    if any((ord(c) < 32 or ord(c) == 127) and c not in allowed for c in value):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field=field)
    return value


def whole_arg(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(N_("The store's «{field}» must be a whole number, not {value}."), field=field,
                           value=repr(value)[:40])
    if not low <= value <= high:
        raise InvalidInput(N_("The store's «{field}» must be between {low} and {high}, not {value}."),
                           field=field, low=str(low), high=str(high), value=str(value)[:40])
    return value


def flag_arg(value: object, field: str) -> bool:
    """True or False (NumPy's bool too), never a truthy string or number."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):  # numpy not imported
        return bool(value)
    raise InvalidInput(N_("The store's «{field}» must be true or false, not {value}."), field=field,
                       value=repr(value)[:40])


def ev_arg(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(N_("The store's «{field}» must be a number of big blinds, not {value}."),
                           field="ev_loss_bb", value=repr(value)[:40])
    number = float(value)
    if not math.isfinite(number) or abs(number) > MAX_EV_BB:
        raise InvalidInput(N_("The store's «{field}» must be a finite number of big blinds up to "
                              "{limit}, not {value}."), field="ev_loss_bb", limit=str(int(MAX_EV_BB)),
                           value=repr(value)[:40])
    return number


def when_arg(value: object) -> datetime:
    if value is None:
        return utc_now()
    if not isinstance(value, datetime):
        raise InvalidInput(N_("The store's «{field}» must be a date and time, not {value}."), field="at",
                           value=repr(value)[:40])
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value


def teacher_key(secret: str) -> str:
    """What the store keeps of a teacher secret: its SHA-256, hex (``live_classes.teacher_key``).

    A plain hash is enough: the secret is 192 random bits, so there is nothing to guess from
    the hash, and a stolen database does not give anyone a class's secret.
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_arg(value: object) -> str | None:
    """A teacher secret given back by a caller, or None when it cannot be one (wrong type, empty,
    too long, not URL-safe text): such a value owns nothing, and is never an error."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEACHER_SECRET:
        return None
    if not all(c.isascii() and (c.isalnum() or c in "-_") for c in value):
        return None
    return value


def clean_profile_name(name: object) -> str:
    """A profile name as the learner typed it, spaces tidied; never empty, never cut.

    A name longer than :data:`MAX_NAME` is refused (:class:`InvalidInput`):
    cutting it would silently merge two different long names into one profile.
    """
    if not isinstance(name, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field="profile",
                           kind=type(name).__name__)
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise InvalidInput(N_("A profile name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_NAME), length=str(len(cleaned)))
    if any(ord(c) < 32 or ord(c) == 127 for c in cleaned):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field="profile")
    return cleaned or "Ospite"


def clean_display_name(name: object) -> str | None:
    """The name a learner chose to be shown, spaces tidied; None when blank; never cut.

    Unlike a profile key it may be shared by any number of learners: it finds nothing.
    """
    if not isinstance(name, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field="display_name",
                           kind=type(name).__name__)
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise InvalidInput(N_("A name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_NAME), length=str(len(cleaned)))
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in cleaned):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field="display_name")
    return cleaned or None


def digest_arg(value: object) -> str:
    if not isinstance(value, str) or len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise InvalidInput(N_("The store's «{field}» must be a SHA-256 in hexadecimal."),
                           field="transfer_hash")
    return value
