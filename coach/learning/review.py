"""Review cards: the decisions a learner got wrong, brought back at the right time.

A decision graded «imprecisa» or worse becomes a card. The card holds the
spot itself, not a picture of it: the hand history up to the decision (PHH
text, so the table is rebuilt by the engine and the learner answers again on
the same cards, with the coach's feedback) and what the coach assumed there
(the lesson's ranges, the opponents' profiles).

When a card comes back is not ours to invent: the Free Spaced Repetition
Scheduler (FSRS, the ``fsrs`` package, the algorithm Anki adopted) decides from
the answer. A right answer («ottima», «buona») is a "Good", and pushes the card
further out; «imprecisa» is "Hard"; a mistake is "Again", which brings it back
within minutes. The card's scheduling state is the library's own JSON.

So that a learner cannot memorise the answer, :func:`similar_spot` deals a
fresh spot of the same kind: the same table, the same betting line up to the
decision (so the same street, the same price, the same position), new cards
for the hero and the board, checked legal by replaying it on the engine.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler

from coach.cards import Card
from coach.engine.phh import dump_phh, loads_phh
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.lessons.drills import KINDS

if TYPE_CHECKING:
    from coach.engine import Hand
    from coach.store import Store
    from coach.store.records import ReviewCard

RIGHT = ("ottima", "buona")
TO_REVIEW = ("imprecisa", "errore", "errore grave")


def needs_review(grade: str | None) -> bool:
    """Whether a graded decision becomes a review card."""
    return grade in TO_REVIEW


@dataclass(frozen=True)
class ReviewSpot:
    """A decision to answer again: the hand up to it, who acts, what the coach assumed.

    ``phh`` stops right before the learner's decision; ``ranges`` and
    ``profiles`` are keyed by PHH player (``"p2"``); ``action`` and ``grade``
    are what the learner did the first time; ``source`` says where it came
    from (``lesson``, ``practice``, ``quiz``, ``class``) and ``ref`` which one.
    """

    phh: str
    source: str
    ref: str
    action: str = ""
    grade: str = ""
    ranges: Mapping[str, str] = field(default_factory=dict)
    profiles: Mapping[str, str] = field(default_factory=dict)

    def hand(self) -> Hand:
        """The table at the decision, rebuilt by the engine (a fresh object each time)."""
        hand = loads_phh(self.phh, source=f"{self.source}:{self.ref}").replay(require_complete=False)
        if hand.is_complete or hand.legal_actions().actor is None:
            raise InvalidInput(N_("This review card does not stop at a decision."))
        return hand

    def kind(self) -> tuple[str, bool, int]:
        """(street, facing a bet, players in the hand): what "a spot of the same kind" keeps."""
        hand = self.hand()
        legal = hand.legal_actions()
        in_hand = sum(1 for s in range(hand.config.n_seats) if hand.in_hand(s))
        return str(hand.street), legal.call_amount > 0, in_hand

    def to_dict(self) -> dict[str, Any]:
        return {"phh": self.phh, "source": self.source, "ref": self.ref, "action": self.action,
                "grade": self.grade, "ranges": dict(self.ranges), "profiles": dict(self.profiles)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> ReviewSpot:
        return ReviewSpot(str(data["phh"]), str(data["source"]), str(data["ref"]),
                          str(data.get("action", "")), str(data.get("grade", "")),
                          dict(data.get("ranges", {})), dict(data.get("profiles", {})))


def spot_of(hand: Hand, *, source: str, ref: str, action: str = "", grade: str = "",
            ranges: Mapping[str, str] | None = None, profiles: Mapping[str, str] | None = None) -> ReviewSpot:
    """The review spot of ``hand`` as it stands (the learner is to act)."""
    if hand.legal_actions().actor is None:
        raise InvalidInput(N_("This review card does not stop at a decision."))
    return ReviewSpot(dump_phh(hand), source, ref, action, grade, dict(ranges or {}), dict(profiles or {}))


def similar_spot(spot: ReviewSpot, seed: int) -> ReviewSpot:
    """A fresh spot of the same kind: the same table and betting line, new cards (see the module doc).

    A lesson's spot teaches one idea in its cards (K-A-2-3-4 is not a straight, a flush
    draw, a pair on the board): random cards would lose it. So a lesson's similar hand
    keeps every rank and gives the suits new names (the same flushes and draws, the same
    best five), with the cards of a street in another order; a spot from play, which
    teaches the line and not the cards, gets new cards.
    """
    history = loads_phh(spot.phh, source="review")
    hero = spot.hand().legal_actions().actor
    assert hero is not None
    rng = random.Random(seed)
    if spot.source == "lesson":
        return _finish_similar(spot, history, hero, _relabelled(history, hero, rng), seed)
    board_sizes = [len(a.cards or ()) for a in history.actions if a.kind == "deal_board"]
    deck = list(range(52))
    rng.shuffle(deck)
    hero_cards = tuple(Card.from_index(i) for i in deck[:2])
    board = [Card.from_index(i) for i in deck[2:2 + sum(board_sizes)]]
    dealt: dict[int, tuple[Card, ...]] = {}
    used = 0
    for i, a in enumerate(history.actions):
        if a.kind == "deal_hole" and a.seat == hero:
            dealt[i] = hero_cards
        elif a.kind == "deal_board":
            n = len(a.cards or ())
            dealt[i] = tuple(board[used:used + n])
            used += n
    return _finish_similar(spot, history, hero, dealt, seed)


def _relabelled(history: Any, hero: int, rng: random.Random) -> dict[int, tuple[Card, ...]]:
    """The hero's and the board's cards with the suits renamed (another suit for at least one card
    when the cards allow it) and each street's cards in a new order: every rank, pair, flush and
    straight (or its absence) stays."""
    known = [(i, a.cards) for i, a in enumerate(history.actions)
             if a.cards and (a.kind == "deal_board" or (a.kind == "deal_hole" and a.seat == hero))
             and all(c is not None for c in a.cards)]
    orders = list(itertools.permutations(range(4)))
    rng.shuffle(orders)
    used = {c.suit for _, cards in known for c in cards if c is not None}
    order = next((p for p in orders if any(p[s] != s for s in used)), orders[0])
    out: dict[int, tuple[Card, ...]] = {}
    for i, cards in known:
        renamed = [Card(c.rank, order[c.suit]) for c in cards if c is not None]
        rng.shuffle(renamed)
        out[i] = tuple(renamed)
    return out


def _finish_similar(spot: ReviewSpot, history: Any, hero: int, dealt: Mapping[int, tuple[Card, ...]],
                    seed: int) -> ReviewSpot:
    """The history with ``dealt`` cards (by action index) and the other players' cards hidden,
    checked on the engine."""
    actions = []
    for i, a in enumerate(history.actions):
        if i in dealt:
            actions.append(replace(a, cards=dealt[i]))
        elif a.kind == "deal_hole" and a.seat != hero:
            actions.append(replace(a, cards=(None,) * len(a.cards or ())))
        else:
            actions.append(a)
    text = replace(history, actions=tuple(actions)).dumps()
    out = replace(spot, phh=text, action="", grade="", ref=f"{spot.ref}#simile{seed}")
    out.hand()  # legal on the engine, and still a decision
    return out


# -- scheduling (the fsrs library decides) -------------------------------------------------------


def _scheduler() -> Any:
    # no fuzzing: the same answers give the same dates (testable, and fair between pupils)
    return Scheduler(enable_fuzzing=False)


def rating_for(grade: str) -> Any:
    """The FSRS rating of an answer graded ``grade``."""
    if grade in RIGHT:
        return Rating.Good
    if grade == "imprecisa":
        return Rating.Hard
    return Rating.Again


def new_card(now: datetime | None = None) -> str:
    """A new card's scheduling state (due at once), as the library's JSON."""
    card = FsrsCard(due=now or datetime.now(UTC))
    return str(card.to_json())


def review(state: str, grade: str, now: datetime | None = None) -> tuple[str, datetime]:
    """The state after answering the card with ``grade`` at ``now``, and when it is due next."""
    card = FsrsCard.from_json(state)
    card, _ = _scheduler().review_card(card, rating_for(grade), now or datetime.now(UTC))
    return str(card.to_json()), card.due


def due_of(state: str) -> datetime:
    due: datetime = FsrsCard.from_json(state).due
    return due


# -- cards in the store ---------------------------------------------------------------------------


def card_key(spot: ReviewSpot) -> str:
    """One card per spot: the same mistake made again is the same card, reviewed again."""
    return f"{spot.source}:{spot.ref}"


def spot_json(spot: ReviewSpot) -> str:
    return json.dumps(spot.to_dict(), ensure_ascii=False, sort_keys=True)


def spot_from_json(text: str) -> ReviewSpot:
    """The spot of a stored card; a damaged one is an :class:`InvalidInput` (never a raw error)."""
    try:
        data = json.loads(text)
        return ReviewSpot.from_dict(data)
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise InvalidInput(N_("This review card is damaged and cannot be shown.")) from err


def remember(store: Store, profile: str, spot: ReviewSpot, now: datetime | None = None) -> bool:
    """Keep a graded decision as a review card if it needs one; True when a card was made or updated.

    A new mistake is a new card, due at once; the same spot got wrong again is a
    review of its card with that answer (the scheduler brings it back sooner).
    """
    if not needs_review(spot.grade):
        return False
    when = now or datetime.now(UTC)
    key = card_key(spot)
    existing = store.review_card(profile, key)
    if existing is None:
        schedule = new_card(when)
        store.save_review_card(profile, key, source=spot.source, ref=spot.ref, spot=spot_json(spot),
                               action=spot.action, grade=spot.grade, schedule=schedule, due=due_of(schedule),
                               at=when)
    else:
        schedule, due = review(existing.schedule, spot.grade, when)
        store.save_review_card(profile, key, source=spot.source, ref=spot.ref, spot=spot_json(spot),
                               action=spot.action, grade=spot.grade, schedule=schedule, due=due,
                               reviewed=True, at=when)
    return True


def answer(store: Store, profile: str, card: ReviewCard, action: str, grade: str,
           now: datetime | None = None) -> datetime:
    """The learner answered ``card`` again with ``action``, graded ``grade``: when it is due next (UTC)."""
    when = now or datetime.now(UTC)
    schedule, due = review(card.schedule, grade, when)
    store.save_review_card(profile, card.key, source=card.source, ref=card.ref, spot=card.spot, action=action,
                           grade=grade, schedule=schedule, due=due, reviewed=True, at=when)
    return due


def due_cards(store: Store, profile: str, now: datetime | None = None) -> list[ReviewCard]:
    """The cards to review now, the most overdue first."""
    return store.review_cards(profile, due_by=now or datetime.now(UTC))


# -- quiz drills -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrillSpot:
    """A quiz drill answered wrong: the drill is a pure function of (kind, seed), so that is the card.

    A "similar" drill is the same kind with another seed: a new deal, the same question.
    """

    kind: str
    seed: int
    given: int | None = None

    @property
    def key(self) -> str:
        return f"quiz:{self.kind}:{self.seed}"

    def to_json(self) -> str:
        return json.dumps({"drill": self.kind, "seed": self.seed})

    def similar(self, seed: int) -> DrillSpot:
        return DrillSpot(self.kind, seed)


def drill_from_json(text: str) -> DrillSpot | None:
    """The drill a stored card holds, or None if the card holds a table spot."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InvalidInput(N_("This review card is damaged and cannot be shown.")) from err
    if not isinstance(data, dict) or "drill" not in data:
        return None
    kind, seed = data.get("drill"), data.get("seed")
    if kind not in KINDS or isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 62:
        raise InvalidInput(N_("This review card is damaged and cannot be shown."))
    return DrillSpot(str(kind), seed)


def record_graded(store: Store, profile: str, grade: str, *, source: str, ref: str, action: str,
                  ev_loss_bb: float | None,
                  spot: ReviewSpot | Callable[[], ReviewSpot | None] | None = None) -> None:
    """A graded decision into the learner's progress, and a mistake into «Ripasso».

    The one rule every page that grades a choice follows (the lessons, the live class,
    practice, the review itself): the grade is recorded under its ``source``; when it
    needs review and the page can write the ``spot`` down (given, or worked out only
    then by calling it), the spot becomes a review card (:func:`remember`).
    """
    store.record_decision(profile, grade, source=source, ref=ref, action=action, ev_loss_bb=ev_loss_bb)
    if spot is None or not needs_review(grade):
        return
    card = spot() if callable(spot) else spot
    if card is not None:
        remember(store, profile, card)


def _remember_wrong(store: Store, profile: str, key: str, *, source: str, ref: str, spot: str, action: str,
                   now: datetime | None) -> None:
    """A wrong answer to a question (a quiz drill, a lesson's question) as a card: a new card due at
    once, or a review of its card graded «errore» (the scheduler brings it back sooner)."""
    when = now or datetime.now(UTC)
    existing = store.review_card(profile, key)
    if existing is None:
        schedule = new_card(when)
        store.save_review_card(profile, key, source=source, ref=ref, spot=spot, action=action, grade="errore",
                               schedule=schedule, due=due_of(schedule), at=when)
    else:
        schedule, due = review(existing.schedule, "errore", when)
        store.save_review_card(profile, key, source=source, ref=ref, spot=spot, action=action, grade="errore",
                               schedule=schedule, due=due, reviewed=True, at=when)


def remember_drill(store: Store, profile: str, drill: DrillSpot, correct: bool,
                   now: datetime | None = None) -> bool:
    """A wrong drill answer becomes a card (or a review of its card); a right one changes nothing."""
    if correct:
        return False
    action = "" if drill.given is None else str(drill.given)
    _remember_wrong(store, profile, drill.key, source="quiz", ref=f"{drill.kind}:{drill.seed}",
                    spot=drill.to_json(), action=action, now=now)
    return True


# -- lesson questions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionSpot:
    """A lesson's question answered wrong: the card holds which question, not its words.

    The prompt, the options and the explanation are read from the course when the card
    comes back, so the learner meets the question in the lesson's current words (and in
    the session's language); a question the course no longer has is a damaged card.
    """

    lesson: str
    question: str
    given: int | None = None

    @property
    def ref(self) -> str:
        """The lesson's own key of the question (``lesson/question``, as the lesson page keeps it)."""
        return f"{self.lesson}/{self.question}"

    @property
    def key(self) -> str:
        return f"question:{self.ref}"

    def to_json(self) -> str:
        return json.dumps({"lesson": self.lesson, "question": self.question}, ensure_ascii=False)


def question_from_json(text: str) -> QuestionSpot | None:
    """The lesson question a stored card holds, or None if the card holds something else."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InvalidInput(N_("This review card is damaged and cannot be shown.")) from err
    if not isinstance(data, dict) or "question" not in data:
        return None
    lesson, question = data.get("lesson"), data.get("question")
    if not isinstance(lesson, str) or not isinstance(question, str) or not lesson or not question:
        raise InvalidInput(N_("This review card is damaged and cannot be shown."))
    return QuestionSpot(lesson, question)


def remember_question(store: Store, profile: str, question: QuestionSpot, correct: bool,
                      now: datetime | None = None) -> bool:
    """A lesson question answered wrong becomes a card, as a wrong decision does; a right answer
    changes nothing (the card, if any, is answered in «Ripasso»)."""
    if correct:
        return False
    action = "" if question.given is None else str(question.given)
    _remember_wrong(store, profile, question.key, source="question", ref=question.ref,
                    spot=question.to_json(), action=action, now=now)
    return True


def open_mistakes(cards: Sequence[ReviewCard]) -> list[ReviewCard]:
    """The cards whose last answer was a mistake: what «Rivedi i tuoi errori» counts and lists.

    One list for both, so the count and the rows cannot disagree; a card answered right
    since (its last grade «ottima», «buona») is not a standing mistake, even though the
    scheduler still brings it back later to check.
    """
    return [c for c in cards if needs_review(c.grade)]
