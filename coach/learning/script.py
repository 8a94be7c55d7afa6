"""Stepping through a hand and trying the learner's choice at a decision point.

Pure logic, no Streamlit: a hand is its history plus how many actions are
applied (DESIGN.md §1: the state is rebuilt by replaying), so ⏮ ◀ ▶ ⏭, deep
links (``?lezione=...&mano=...&passo=...``), the replayer and the tests are one
code path. A learner's choice is tried on a throwaway copy of the hand through
the engine's verbs: a refused choice raises :class:`IllegalAction` inside the
engine, which leaves that copy untouched, and the lesson's hand is never
touched at all.

The table at a decision point is replayed once per script and kept (a lesson's
script is shared by every learner of the process): a click tries the choice on
one copy of it, and the coach's analysis and the review card read other copies,
so a click replays the hand at most once, and the choice's legality is checked
once, by the engine verb that applies it.
"""

from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from coach.engine import Hand
from coach.engine.phh import HandHistory, loads_phh
from coach.errors import IllegalAction, InvalidInput
from coach.i18n import Message
from coach.lessons.schema import Decision, ExampleHand

ChoiceKind = Literal["fold", "check", "call", "raise", "all_in"]


@dataclass(frozen=True)
class StopView:
    """What a list of a hand's steps shows about one stop: who is to act, on which street."""

    at: int  # actions applied
    actor: int | None  # engine seat, None when nobody is to act
    street: str


@dataclass(frozen=True)
class HandScript:
    """A hand prepared for stepping.

    ``stops`` are the numbers of applied actions where the viewer pauses: the
    first stop has the forced bets posted and every hole card dealt; then one
    stop per action (a decision point is the stop just *before* its action).
    """

    history: HandHistory
    stops: tuple[int, ...]
    hero: int | None = None  # engine seat
    decisions: dict[int, Decision] = field(default_factory=dict)
    step_texts: dict[int, str] = field(default_factory=dict)  # action index -> authored text
    title: str = ""
    intro: str = ""
    outro: str = ""
    profiles: dict[str, str] = field(default_factory=dict)  # "p2" -> the opponent profile the coach assumes
    # the table at each decision point, replayed once (see hand_at); never handed out, only copies of it
    _decision_hands: dict[int, Hand] = field(default_factory=dict, init=False, repr=False, compare=False)
    # the tables a page looks at (see shown_at): shared, read only
    _shown_hands: dict[int, Hand] = field(default_factory=dict, init=False, repr=False, compare=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)

    @classmethod
    def from_history(cls, history: HandHistory, *, hero: int | None = None,
                     decisions: dict[int, Decision] | None = None,
                     step_texts: dict[int, str] | None = None,
                     title: str = "", intro: str = "", outro: str = "") -> HandScript:
        decisions = decisions or {}
        kinds = [a.kind for a in history.actions]
        first = 0
        while first < len(kinds) and kinds[first] in ("deal_hole", "comment"):
            first += 1
        stops = {first} | {i + 1 for i in range(first, len(kinds)) if kinds[i] != "comment"}
        stops |= {at for at in decisions if at >= first}
        return cls(history, tuple(sorted(stops)), hero, dict(decisions), dict(step_texts or {}),
                   title, intro, outro)

    @classmethod
    def from_example(cls, example: ExampleHand) -> HandScript:
        history = loads_phh(example.phh.to_toml(), source=example.id)
        out = cls.from_history(
            history,
            hero=None if example.hero is None else example.hero - 1,
            decisions={d.at: d for d in example.decisions},
            step_texts={s.action: s.text for s in example.steps},
            title=example.title, intro=example.intro, outro=example.outro,
        )
        out.profiles.update(example.profiles)
        return out

    def __len__(self) -> int:
        return len(self.stops)

    def clamp(self, step: int) -> int:
        return max(0, min(step, len(self.stops) - 1))

    def hand_at(self, step: int) -> Hand:
        """A fresh hand with the actions up to stop ``step`` applied (the caller's own: it may act on it).

        At a decision point the hand is replayed once per script and each caller gets a copy:
        a click on a lesson's decision tries the choice on one copy, grades it on another and
        writes the review card from a third, instead of replaying the hand for each (a copy
        costs a fifth of a replay, and the legality of the history is not checked again).
        """
        k = self.stops[self.clamp(step)]
        if k not in self.decisions:
            return self._replayed(k)
        with self._lock:
            kept = self._decision_hands.get(k)
        if kept is None:
            kept = self._replayed(k)
            with self._lock:
                kept = self._decision_hands.setdefault(k, kept)
        return copy.deepcopy(kept)

    def shown_at(self, step: int) -> Hand:
        """The hand at stop ``step`` to *look at*: replayed once per script and stop, shared by every
        caller and every learner of the process, never to be acted on (use :meth:`hand_at`).

        A page draws the table, the narration since the previous stop and the legal actions at
        each click; before, each click replayed the hand (and the previous stop, for the
        narration) or deep-copied the decision's table just to read it.
        """
        k = self.stops[self.clamp(step)]
        with self._lock:
            kept = self._shown_hands.get(k)
        if kept is None:
            kept = self._replayed(k)
            with self._lock:
                kept = self._shown_hands.setdefault(k, kept)
        return kept

    def _replayed(self, k: int) -> Hand:
        partial = replace(self.history, actions=self.history.actions[:k])
        return partial.replay(require_complete=False)

    def decision_at(self, step: int) -> Decision | None:
        return self.decisions.get(self.stops[self.clamp(step)])

    def texts_at(self, step: int) -> list[str]:
        """The authored texts of the actions applied between the previous stop and this one."""
        step = self.clamp(step)
        hi = self.stops[step]
        lo = self.stops[step - 1] if step > 0 else 0
        return [self.step_texts[i] for i in range(lo, hi) if i in self.step_texts]

    def next_stop(self, step: int, answered: set[int]) -> int:
        """The last stop (⏭), but never past a decision the learner has not answered."""
        for s in range(self.clamp(step), len(self.stops)):
            at = self.stops[s]
            if at in self.decisions and at not in answered:
                return s
        return len(self.stops) - 1

    def blocked(self, step: int, answered: set[int]) -> bool:
        """True at a decision point the learner has not answered yet (▶ waits)."""
        at = self.stops[self.clamp(step)]
        return at in self.decisions and at not in answered

    def step_of_action(self, at: int) -> int:
        return self.stops.index(at)

    @cached_property
    def views(self) -> tuple[StopView, ...]:
        """Every stop's actor and street, from ONE replay of the hand, computed once per script.

        ``hand_at`` replays from the start, so asking it at every stop costs the square of
        the hand's length (a 300-action pasted hand: 11.5 s of CPU on each of the
        teacher's clicks). A script is immutable, and the live class keeps one per pasted
        text (cached by its digest), so this is worked out once per hand.
        """
        wanted = set(self.stops)
        seen: dict[int, StopView] = {}
        last: list[Hand] = []

        def observe(k: int, hand: Hand) -> None:
            if k in wanted:
                seen[k] = StopView(k, hand.actor, hand.street)
            last[:] = [hand]

        self.history.replay(require_complete=False, observe=observe)
        end = last[0]  # a stop past the last action (as hand_at reads it) is the hand at its end
        return tuple(seen.get(k) or StopView(k, end.actor, end.street) for k in self.stops)


@dataclass(frozen=True)
class Attempt:
    """What the learner asked for: an action kind and, for a bet or raise, the "to" amount."""

    kind: ChoiceKind
    amount: int | None = None


@dataclass(frozen=True)
class Outcome:
    """A choice applied to a throwaway hand: its PHH code and narration, or the refusal."""

    attempt: Attempt
    code: str | None = None
    said: Message | None = None
    refusal: IllegalAction | None = None

    @property
    def legal(self) -> bool:
        return self.refusal is None


def try_choice(hand: Hand, attempt: Attempt) -> Outcome:
    """Apply the learner's choice to ``hand`` (a copy nobody else holds)."""
    try:
        if attempt.kind == "fold":
            record = hand.fold()
        elif attempt.kind == "check":
            record = hand.check()
        elif attempt.kind == "call":
            record = hand.call()
        elif attempt.kind == "all_in":
            record = hand.all_in()
        else:
            record = hand.bet_or_raise_to(int(attempt.amount or 0))
    except IllegalAction as err:
        return Outcome(attempt, refusal=err)
    except InvalidInput as err:
        return Outcome(attempt, refusal=as_refusal(err))
    return Outcome(attempt, code=record.code, said=record.message())


def as_refusal(err: InvalidInput) -> IllegalAction:
    """An unreadable amount (zero, negative) refused like any other bet the rules forbid:
    the same message, shown in the same place, and nothing changes."""
    return IllegalAction("bad_amount", err.message.msgid, rule="R08", **err.params)
