"""The live class, as pure logic: join codes, pupils' names, spots, answer tallies, CSV.

A teacher creates a class (a short join code shown on the projector with a QR
code), pupils join from their phones with a display name, the teacher opens a
vote on a lesson's decision point, each pupil answers on the phone and the
projector shows how the class answered, coloured by the coach's grade. The
class, its pupils, questions and answers live in the database
(:mod:`coach.store.live`, revision 0004), so pupils on different app
processes share one class; this module has no Streamlit and no SQL: the UI
(``coach/ui/views/classe.py``, ``insegnante.py``) and the store call it.

One name for one thing: everything about this class is called «live» — this module
(the rules), :mod:`coach.store.live` and :mod:`coach.store.admission` (the ``live_*``
tables), the Streamlit helpers in :mod:`coach.ui.live`; only the two pages keep their
Italian URLs (``classe``, ``insegnante``). «Classroom mode» (``state.classroom()``,
the projector's large-text layout in Impostazioni) is a different thing: a display
setting any page can use, with or without a live class.
"""

from __future__ import annotations

import hashlib
import math
import os
import secrets
import socket
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.textsafe import skeleton, strip_ignorable

# A join code: six characters from an alphabet without look-alikes (no 0/O, 1/I/L),
# easy to read off a projector and type on a phone: 31**6 ≈ 887 million codes.
CODE_ALPHABET: Final[str] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final[int] = 6
MAX_PUPIL_NAME: Final[int] = 24  # a display name on the projector's list
MAX_NAME_KEY: Final[int] = 48  # a name's key (its skeleton, or the skeleton's hash): the column's width
MAX_CLASS_TITLE: Final[int] = 80
MIN_HOURS: Final[int] = 1
MAX_HOURS: Final[int] = 24  # a class lives at most a day
DEFAULT_HOURS: Final[int] = 3
MAX_PUPILS: Final[int] = 200  # a class; a school hall at most
MAX_SECONDS: Final[int] = 600  # a vote's countdown
TOKEN_BYTES: Final[int] = 12  # a pupil's secret (URL-safe, 16 characters), kept in the phone's URL
MAX_TOKEN: Final[int] = 32
MAX_SPOT: Final[int] = 200  # "lesson:03-azioni/1/4"
# -- admission control (docs/CLASSE.md, «Chi può entrare») -----------------------------------
# Token buckets in the store (``Store.take_token``), shared by every app process. A bucket holds
# at most BURST tokens and gets PER_SECOND back each second; each join takes one.
# Per connection (one browser tab's Streamlit session): a pupil joins once, maybe a few retries
# for a name already taken; 1,000 joins from one tab get 5 and then one every 6 seconds.
JOIN_CONNECTION_BURST: Final[float] = 5.0
JOIN_CONNECTION_PER_SECOND: Final[float] = 1 / 6
# Per client address: a whole class behind one school NAT joins from ONE address — 40 pupils at
# once, then 20 a minute (a second class behind the same NAT, retries); a flood from one address
# gets 40 and then one every 3 seconds (issue 28: 368 joins in 153 s had filled a class of 200;
# now 91, and the teacher's class size stops them first).
JOIN_ADDRESS_BURST: Final[float] = 40.0
JOIN_ADDRESS_PER_SECOND: Final[float] = 1 / 3
# Per device (the browser's signed profile, kept across tabs and reloads): a pupil joins a class
# once or twice a lesson, with a few mistyped codes or names taken; six at once, then three a minute
# (one device joining over fresh tabs gets about 13 names in 153 s, not a class).
JOIN_DEVICE_BURST: Final[float] = 6.0
JOIN_DEVICE_PER_SECOND: Final[float] = 1 / 20
# Creating classes: a teacher makes one or two a lesson; ten an hour per tab, thirty an hour
# per address (a school's teachers share its NAT).
CREATE_CONNECTION_BURST: Final[float] = 10.0
CREATE_CONNECTION_PER_SECOND: Final[float] = 10 / 3600
CREATE_ADDRESS_BURST: Final[float] = 30.0
CREATE_ADDRESS_PER_SECOND: Final[float] = 30 / 3600
MAX_OPEN_CLASSES: Final[int] = 5  # open classes per teacher at once
# Ended classes (and their pupils, questions, pasted hands and answers) are deleted this many days
# after they closed or expired (``python -m coach db purge``, and a sweep at most once an hour).
PURGE_DAYS_DEFAULT: Final[int] = 30
MAX_PURGE_DAYS: Final[int] = 3650
ENV_PURGE_DAYS: Final[str] = "COACH_PURGE_DAYS"
SWEEP_EVERY_S: Final[float] = 3600.0
# The grades that count as a right answer in the class's "share right".
RIGHT_GRADES: Final[frozenset[str]] = frozenset({"ottima", "buona"})
GRADE_ORDER: Final[tuple[str, ...]] = ("ottima", "buona", "imprecisa", "errore", "errore grave")


def new_join_code() -> str:
    """A random join code (``K7MXQ3``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A pupil's secret: it lets the same phone come back to the class after a reload."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def normalise_code(text: object) -> str:
    """A code as typed on a phone: case, spaces and dashes do not matter; look-alikes are read
    as what they must be (``o`` -> ``0`` is not in the alphabet, so ``O`` is refused, never guessed).

    Raises :class:`InvalidInput` with the reason a pupil can act on.
    """
    if not isinstance(text, str):
        raise InvalidInput(N_("The class code must be text."))
    code = "".join(text.split()).replace("-", "").upper()
    if not code:
        raise InvalidInput(N_("Write the class code shown on the projector."))
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise InvalidInput(N_("«{code}» is not a class code: a code has {length} letters and digits, "
                              "as shown on the projector."), code=code[:12], length=str(CODE_LENGTH))
    return code


def _visible_form(text: str) -> str:
    """NFKC (ｆｕｌｌｗｉｄｔｈ and ligatures read as the plain letters), without the characters that
    show nothing (:func:`coach.textsafe.strip_ignorable`: format characters, variation selectors,
    fillers, before and after NFKC), spaces tidied. A name made of them looks empty, and one added
    to «Anna» made a second «Anna»."""
    text = strip_ignorable(unicodedata.normalize("NFKC", strip_ignorable(text)))
    return " ".join(text.split())


def clean_pupil_name(text: object) -> str:
    """A display name as the pupil typed it, made plain: NFKC, no format or invisible characters,
    spaces tidied; 1 to 24 characters with at least one letter or digit one can see.

    The name is shown as text everywhere (:func:`coach.textsafe.md_text`), so Markdown
    characters are kept: «**Anna**» is shown with its stars, and is a different name.
    """
    if not isinstance(text, str):
        raise InvalidInput(N_("Your name must be text."))
    name = _visible_form(text)
    if not name:
        raise InvalidInput(N_("Write your name (or a nickname) to join the class."))
    if len(name) > MAX_PUPIL_NAME:
        raise InvalidInput(N_("A name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_PUPIL_NAME), length=str(len(name)))
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise InvalidInput(N_("A name cannot contain control characters."))
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise InvalidInput(N_("A name needs at least one letter or digit that can be seen."))
    return name


def name_key(name: str) -> str:
    """What makes two names the same in a class: what they look like, whatever the case.

    «Anna», «anna », «ANNA», «Аnna» (a Cyrillic А), «Anna» with a zero-width joiner all get
    one key: the TR39 confusables skeleton (:func:`coach.textsafe.skeleton`) of the case-folded
    visible form. «**Anna**» does not: its stars are seen. At most ``MAX_NAME_KEY`` (48)
    characters, the column's width since revision 0004: a longer skeleton is replaced by
    ``h:`` and the first 40 hex digits of its SHA-256 (160 bits: no two names collide).
    """
    # Other scripts' lookalikes first (Greek «ΑΝΝΑ» is «ANNA» before it is «αννα»), then case, then
    # the skeleton of the lower case («1ucia» is «lucia»). ASCII letters are left to case folding
    # in the first step: TR39 reads a capital I as an l, and «ILARIA» must stay «Ilaria».
    latin = "".join(c if c.isascii() else skeleton(c) for c in _visible_form(name))
    key = skeleton(latin.casefold()).casefold()
    if len(key) > MAX_NAME_KEY:
        return "h:" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:40]
    return key


def clean_title(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidInput(N_("The class name must be text."))
    title = " ".join(text.split())
    if len(title) > MAX_CLASS_TITLE:
        raise InvalidInput(N_("A class name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_CLASS_TITLE), length=str(len(title)))
    if any(ord(c) < 32 or ord(c) == 127 for c in title):
        raise InvalidInput(N_("A class name cannot contain control characters."))
    return title


SPOT_LESSON: Final[str] = "lesson"  # a lesson's decision point: lesson:ID/HAND/AT
SPOT_QUIZ: Final[str] = "quiz"  # a lesson's question: quiz:ID/QUESTION
SPOT_HAND: Final[str] = "phh"  # a decision in a hand history the teacher pasted: phh:DIGEST/AT
DIGEST_LENGTH: Final[int] = 16
QUIZ_RIGHT: Final[str] = "ottima"  # a question's right answer counts as «ottima» in the charts and results
QUIZ_WRONG: Final[str] = "errore"
MAX_NUMBER_ANSWER: Final[int] = 10**9


def hand_digest(text: str) -> str:
    """What names a pasted hand in its spot key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def _slug(text: str) -> bool:
    return bool(text) and "/" not in text and ":" not in text and text.isprintable() and " " not in text


@dataclass(frozen=True, order=True)
class SpotRef:
    """What a vote is about.

    ``kind`` ``lesson`` (the first version's only kind, the default): a lesson's decision point,
    the lesson, the hand (0-based), the action index ``at``. ``quiz``: a lesson's question,
    ``question`` its id. ``phh``: a decision in a hand history the teacher pasted, ``lesson``
    holds the text's digest (the text itself is stored with the question) and ``at`` the action
    index of the decision.
    """

    lesson: str
    hand: int
    at: int
    kind: str = SPOT_LESSON
    question: str = ""

    @classmethod
    def quiz(cls, lesson: str, question: str) -> SpotRef:
        return cls(lesson, 0, 0, SPOT_QUIZ, question)

    @classmethod
    def pasted(cls, digest: str, at: int) -> SpotRef:
        return cls(digest, 0, at, SPOT_HAND)

    @property
    def is_quiz(self) -> bool:
        return self.kind == SPOT_QUIZ

    @property
    def is_pasted(self) -> bool:
        return self.kind == SPOT_HAND

    def key(self) -> str:
        if self.kind == SPOT_QUIZ:
            return f"quiz:{self.lesson}/{self.question}"
        if self.kind == SPOT_HAND:
            return f"phh:{self.lesson}/{self.at}"
        return f"lesson:{self.lesson}/{self.hand}/{self.at}"

    @classmethod
    def parse(cls, text: str) -> SpotRef:
        """The inverse of :meth:`key`; :class:`InvalidInput` for anything else."""
        kind, _, rest = text.partition(":")
        parts = rest.split("/")
        if kind == SPOT_LESSON and len(parts) == 3 and parts[0] and all(p.isdigit() for p in parts[1:]):
            return cls(parts[0], int(parts[1]), int(parts[2]))
        if kind == SPOT_QUIZ and len(parts) == 2 and all(_slug(p) for p in parts):
            return cls.quiz(parts[0], parts[1])
        if (kind == SPOT_HAND and len(parts) == 2 and len(parts[0]) == DIGEST_LENGTH
                and all(c in "0123456789abcdef" for c in parts[0]) and parts[1].isdigit()):
            return cls.pasted(parts[0], int(parts[1]))
        raise InvalidInput(N_("«{spot}» is not a lesson's decision point or question."), spot=text[:60])


def quiz_answer(value: object, kind: str, choices: int) -> str:
    """A pupil's answer to a lesson's question as stored: a choice's index, or a whole number.

    Raises :class:`InvalidInput` with the reason a pupil can act on (nothing is sent).
    """
    if kind == "choice":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < choices:
            raise InvalidInput(N_("Choose one of the answers."))
        return str(value)
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidInput(N_("Write a number first."))
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        text = value.strip().replace(".", "").replace(" ", "")
        if not text.isdigit():
            raise InvalidInput(N_("«{value}» is not a whole number: write only digits."), value=value[:20])
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(N_("Write a whole number."))
    if not 0 <= value <= MAX_NUMBER_ANSWER:
        raise InvalidInput(N_("Write a number from 0 to {limit}."), limit=MAX_NUMBER_ANSWER)
    return str(value)


def quiz_grade(answer: str, right: int) -> str:
    """«ottima» for the right answer, «errore» for any other (what the charts colour)."""
    return QUIZ_RIGHT if answer == str(right) else QUIZ_WRONG


# -- the class's state ----------------------------------------------------------------------
CLASS_OPEN, CLASS_CLOSED, CLASS_EXPIRED = "open", "closed", "expired"


def class_state(closed_at: datetime | None, expires_at: datetime, now: datetime) -> str:
    """``open``, ``closed`` (the teacher ended it) or ``expired`` (its time is over)."""
    if closed_at is not None:
        return CLASS_CLOSED
    if now >= expires_at:
        return CLASS_EXPIRED
    return CLASS_OPEN


def expiry(now: datetime, hours: int) -> datetime:
    if isinstance(hours, bool) or not isinstance(hours, int) or not MIN_HOURS <= hours <= MAX_HOURS:
        raise InvalidInput(N_("A class lasts from {low} to {high} hours, not {value}."), low=str(MIN_HOURS),
                           high=str(MAX_HOURS), value=repr(hours)[:20])
    return now + timedelta(hours=hours)


def vote_open(closed_at: datetime | None, closes_at: datetime | None, now: datetime) -> bool:
    """A vote takes answers until the teacher closes it or its countdown runs out."""
    return closed_at is None and (closes_at is None or now < closes_at)


def seconds_left(closes_at: datetime | None, now: datetime) -> int | None:
    """Whole seconds of the countdown (rounded up), None without a countdown."""
    if closes_at is None:
        return None
    left = (closes_at - now).total_seconds()
    return max(0, int(-(-left // 1)))


def verdict_shown(opened_at: datetime, closes_at: datetime | None) -> bool:
    """Whether the teacher pressed «Mostra il verdetto» on this vote (issue 22).

    No new column: the store marks a shown verdict by setting the vote's ``closes_at`` (a countdown's
    end, which means nothing once a vote is closed) to its ``opened_at`` (:meth:`LiveStore.show_verdict`).
    A real countdown always ends after the opening, so the mark cannot be mistaken for one, and a vote
    so marked is closed for good (:func:`vote_open` is False from its first instant). Every app process
    reads the same mark, so the projector and every phone show the grades at the same time."""
    return closes_at is not None and closes_at <= opened_at


# -- who answered: the answers and the silences (issue 22) ------------------------------------------
@dataclass(frozen=True)
class Turnout:
    """A closed vote in numbers: «2 su 4 hanno risposto · 1 giusta · 2 senza risposta».

    ``total`` is the class's pupils (never fewer than the answers: a pupil who answered and was
    removed later no longer counts, a pupil who left after answering does)."""

    answered: int
    total: int
    right: int

    @property
    def missing(self) -> int:
        return self.total - self.answered


def turnout(answers: Sequence[tuple[str, str | None]], pupils: int) -> Turnout:
    """How many answered, out of how many, and how many answers were right (graded «ottima» or
    «buona»; a lesson's question's right answer is graded «ottima»)."""
    answered = len(answers)
    right = sum(1 for _, g in answers if g in RIGHT_GRADES)
    return Turnout(answered, max(pupils, answered), right)


def neutral_distribution(answers: Iterable[tuple[str, str | None]]) -> list[Bar]:
    """The distribution before the verdict: no grade, most chosen first (ties by the answer), so
    neither a colour nor the bars' order tells the class which answer the coach prefers."""
    bars = [Bar(b.answer, b.count, None) for b in distribution(answers)]
    return sorted(bars, key=lambda b: (-b.count, b.answer))


# -- the join link on the projector: an address the phones can reach (issue 22) ----------------------
LOOPBACK_NAMES: Final[frozenset[str]] = frozenset({"localhost", "localhost.localdomain", "ip6-localhost",
                                                   "ip6-loopback"})
# Any routable address will do: connecting a UDP socket sends nothing, it only asks the kernel which
# local address would be used, so no network (and no internet) is needed.
PROBE_ADDRESS: Final[tuple[str, int]] = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737), the discard port


def is_loopback(host: str | None) -> bool:
    """127.0.0.0/8, ::1 and the names for them: an address that only this computer can open."""
    if not host:
        return False
    h = host.strip("[]").lower().rstrip(".")
    return (h in LOOPBACK_NAMES or h.endswith(".localhost") or h.startswith("127.")
            or h in ("::1", "0:0:0:0:0:0:0:1"))


def lan_address(make_socket: Callable[[], socket.socket] | None = None) -> str | None:
    """This computer's address on the local network (the one phones on the same Wi-Fi can open), or
    None when there is none (no network, or only a loopback)."""
    try:
        sock = make_socket() if make_socket is not None else socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return None
    try:
        sock.connect(PROBE_ADDRESS)
        address = sock.getsockname()[0]
    except (OSError, IndexError, TypeError):
        return None
    finally:
        sock.close()
    if not isinstance(address, str) or not address or is_loopback(address) or address in ("0.0.0.0", "::"):
        return None
    return address


# -- tallies ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class AnswerRow:
    """One pupil's answer to one question (what the results and the CSV are made of)."""

    question: int  # the question's number in the class, 1-based
    pupil: str
    answer: str  # the PHH code, "p3 cbr 6"
    grade: str | None
    ev_loss_bb: float | None = None


@dataclass(frozen=True)
class Bar:
    """One bar of the distribution: an answer, how many gave it, the coach's grade of it."""

    answer: str
    count: int
    grade: str | None


def grade_rank(grade: str | None) -> int:
    return GRADE_ORDER.index(grade) if grade in GRADE_ORDER else len(GRADE_ORDER)


def distribution(answers: Iterable[tuple[str, str | None]]) -> list[Bar]:
    """How the class answered: one bar per distinct answer, best grade first, then most chosen."""
    counts: dict[str, int] = {}
    grades: dict[str, str | None] = {}
    for answer, grade in answers:
        counts[answer] = counts.get(answer, 0) + 1
        if grades.get(answer) is None:
            grades[answer] = grade
    bars = [Bar(a, n, grades.get(a)) for a, n in counts.items()]
    return sorted(bars, key=lambda b: (grade_rank(b.grade), -b.count, b.answer))


def share_right(answers: Sequence[tuple[str, str | None]]) -> float | None:
    """The share of answers graded «ottima» or «buona»; None when nobody answered."""
    if not answers:
        return None
    return sum(1 for _, g in answers if g in RIGHT_GRADES) / len(answers)


@dataclass(frozen=True)
class PupilSummary:
    name: str
    answered: int
    right: int


def per_pupil(pupils: Sequence[str], rows: Sequence[AnswerRow]) -> list[PupilSummary]:
    """Each pupil's answers and right answers, in the order they joined."""
    out = []
    for name in pupils:
        mine = [r for r in rows if r.pupil == name]
        out.append(PupilSummary(name, len(mine), sum(1 for r in mine if r.grade in RIGHT_GRADES)))
    return out


# -- admission control -------------------------------------------------------------------------
@dataclass(frozen=True)
class Bucket:
    """One token bucket: what it limits (``family:key``), how many at once, how fast it refills.

    Every bucket of one family (the part before the first ``:``) has the same capacity and
    rate: the store prunes a family's buckets once they would be full again.
    """

    name: str
    capacity: float
    per_second: float

    def wait_s(self) -> int:
        """An upper bound on the wait after a refusal: the time one token takes to come back."""
        return max(1, math.ceil(1 / self.per_second))


def _key(value: str) -> str:
    """A connection id or an address as a bucket key (hashed: no address is stored in clear)."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:32]


def join_buckets(connection: str, address: str | None, device: str | None = None) -> list[Bucket]:
    """The buckets a join takes from: this connection's, this device's (its profile) and this client
    address's when known (docs/CLASSE.md)."""
    out = [Bucket("join-conn:" + _key(connection), JOIN_CONNECTION_BURST, JOIN_CONNECTION_PER_SECOND)]
    if device:
        out.append(Bucket("join-dev:" + _key(device), JOIN_DEVICE_BURST, JOIN_DEVICE_PER_SECOND))
    if address:
        out.append(Bucket("join-addr:" + _key(address), JOIN_ADDRESS_BURST, JOIN_ADDRESS_PER_SECOND))
    return out


def create_buckets(connection: str, address: str | None) -> list[Bucket]:
    """The buckets creating a class takes from (per connection and, when known, per address)."""
    out = [Bucket("create-conn:" + _key(connection), CREATE_CONNECTION_BURST, CREATE_CONNECTION_PER_SECOND)]
    if address:
        out.append(Bucket("create-addr:" + _key(address), CREATE_ADDRESS_BURST, CREATE_ADDRESS_PER_SECOND))
    return out


def purge_days(env: Mapping[str, str] | None = None) -> int:
    """Days an ended class is kept: ``COACH_PURGE_DAYS`` (1 to 3650), else 30.

    Raises :class:`InvalidInput` for a value that is not such a whole number.
    """
    raw = (os.environ if env is None else env).get(ENV_PURGE_DAYS, "").strip()
    if not raw:
        return PURGE_DAYS_DEFAULT
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_PURGE_DAYS:
        raise InvalidInput(N_("{name} must be a whole number of days from 1 to {limit}, not «{value}»."),
                           name=ENV_PURGE_DAYS, limit=str(MAX_PURGE_DAYS), value=raw[:20])
    return int(raw)


def purge_date(ended: datetime, days: int) -> datetime:
    """When an ended class is deleted (its results are downloadable until then)."""
    return ended + timedelta(days=days)
