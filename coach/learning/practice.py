"""A practice table: the learner against the coach's bots, hand after hand.

Pure logic, no Streamlit, so a whole session can be played in a test. The
engine's :class:`~coach.engine.session.Session` moves the button, removes busted
players and raises the blinds in a tournament; the bots are
:class:`coach.feedback.Bot`; every decision of the learner is graded by the
coach *before* it is applied (the analysis needs the spot as it was), and a
refused choice leaves the hand exactly as it was.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from coach.engine import Hand
from coach.engine.session import BlindLevel, HandRecord, Session
from coach.errors import CoachError, IllegalAction, InvalidInput
from coach.feedback import STYLES, Bot
from coach.feedback.profiles import BOT_STYLE_PROFILE
from coach.i18n import N_, Message
from coach.learning.judge import judge
from coach.learning.review import ReviewSpot, spot_of
from coach.learning.script import Attempt, Outcome, as_refusal, try_choice
from coach.learning.verdict import Verdict, option_code

Mode = Literal["cash", "tournament"]
BOT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nico")
HERO = 0  # the learner's table seat
# Tournament: equal stacks, rising blinds every few hands, antes from level 4.
TOURNAMENT_LEVELS = (
    BlindLevel(10, 20), BlindLevel(15, 30), BlindLevel(25, 50), BlindLevel(50, 100, 10),
    BlindLevel(75, 150, 15), BlindLevel(100, 200, 25), BlindLevel(150, 300, 40), BlindLevel(200, 400, 50),
)
TOURNAMENT_STACK = 1500
HANDS_PER_LEVEL = 6
SNAPSHOT_VERSION = 1  # the layout of PracticeTable.snapshot()
MAX_RESTORED_HANDS = 200  # a longer saved session is not rebuilt (about 40 ms a hand): a fresh table
CASH_BLINDS = BlindLevel(1, 2)


@dataclass(frozen=True)
class PracticeConfig:
    seats: int = 6
    mode: Mode = "cash"
    stack_bb: int = 100  # cash game buy-in, in big blinds
    style: str = "mixed"  # a coach.feedback.STYLES key, or "mixed"
    difficulty: float = 0.7
    seed: int | None = None
    hero_name: str = "Tu"


@dataclass(frozen=True)
class GradedDecision:
    hand_number: int
    street: str
    verdict: Verdict
    said: str  # PHH code of the learner's action (what the progress store keeps)
    message: Message | None = None  # the action in words, as the narration says it ("Anna paga 2.")
    spot: ReviewSpot | None = None  # the table before the choice: «rigioca», and a review card if wrong


@dataclass
class PracticeTable:
    """One practice session; mutable, kept in the learner's own Streamlit session."""

    config: PracticeConfig
    session: Session
    bots: dict[int, Bot]
    results: list[int] = field(default_factory=list)  # the learner's net chips per hand
    decisions: list[GradedDecision] = field(default_factory=list)
    last_record: HandRecord | None = None
    unsaved: list[HandRecord] = field(default_factory=list)  # finished hands the page has not stored yet
    unrecorded: list[GradedDecision] = field(default_factory=list)  # choices not in the progress store yet
    _session_id: str = field(default_factory=lambda: format(int(time.time() * 1000), "x"))
    # Streamlit's fast reruns can start a learner's second click (a double click, a click on a
    # button the first click made stale) in a new thread while the first is still playing the
    # bots: one move at a time, and the second finds the table as the first left it.
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)
    # What a reload needs beyond the engine's hands (see snapshot): the learner's choices in the
    # last hand (to grade them again), when they bought in again, the grades of earlier hands.
    _attempts: list[tuple[str, int | None]] = field(default_factory=list, repr=False)
    _rebuys: list[int] = field(default_factory=list, repr=False)
    past_grades: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, config: PracticeConfig) -> PracticeTable:
        n = max(2, min(10, int(config.seats)))
        seed = config.seed if config.seed is not None else random.SystemRandom().randrange(1 << 30)
        config = replace(config, seed=seed)  # kept: a reload rebuilds the same table (snapshot)
        rng = random.Random(seed)
        others = [x for x in BOT_NAMES if x != config.hero_name]
        names = [config.hero_name, *rng.sample(others, n - 1)]
        if config.mode == "tournament":
            session = Session(names, TOURNAMENT_STACK, button=rng.randrange(n), levels=TOURNAMENT_LEVELS,
                              hands_per_level=HANDS_PER_LEVEL, mode="tournament", seed=seed)
        else:
            stack = max(20, int(config.stack_bb)) * CASH_BLINDS.big_blind
            session = Session(names, stack, button=rng.randrange(n), levels=CASH_BLINDS, seed=seed)
        styles = list(STYLES)
        bots = {}
        for seat in range(1, n):
            style = config.style if config.style in STYLES else styles[rng.randrange(len(styles))]
            bots[seat] = Bot(style, max(0.0, min(1.0, config.difficulty)), seed=seed + seat)
        return cls(config, session, bots)

    # -- state ---------------------------------------------------------------------
    @contextmanager
    def held(self) -> Iterator[PracticeTable]:
        """The table to itself: no move (a click's action and the bots' replies) starts or is half done.

        Streamlit's fast reruns start a new run in a new thread while the old run's thread is still
        in its callback, playing the learner's action and the bots; the old run's page is then
        thrown away. A page drawn while that move is under way would show the table mid-move (the
        learner's action made, a bot to act, no buttons) for good: the page draws the table only
        while it holds it, and a click takes it before deciding to move (see the Pratica page).
        """
        with self._lock:
            yield self

    def advance(self) -> bool:
        """Let the bots play up to the learner's turn or the hand's end; True if a bot moved.

        Idempotent: nothing to do when the learner is to act or no hand is in progress. A move
        cut short (an exception that is not an ``Exception``, such as the stop Streamlit raises
        in a run it abandons) never leaves the table waiting on a bot: the next page draws it on.
        """
        with self._lock:
            hand = self.session.current
            if hand is None or (not hand.is_complete and hand.actor == self.hero_seat()):
                return False
            before = len(hand.actions)
            self._bots_play()
            return len(hand.actions) != before or self.session.current is None

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, or the last one once it is over (until the next starts)."""
        if self.session.current is not None:
            return self.session.current
        return self.last_record.hand if self.last_record is not None else None

    @property
    def hand_number(self) -> int:
        return self.session.hands_played + (1 if self.session.current is not None else 0)

    def hero_seat(self) -> int | None:
        """The learner's seat in the current hand (None if not dealt in)."""
        if self.session.current is None:
            if self.last_record is None:
                return None
            seats = self.last_record.seats
            return seats.index(HERO) if HERO in seats else None
        return self.session.hand_seat(HERO)

    @property
    def hero_busted(self) -> bool:
        return self.session.stacks[HERO] == 0 and self.session.current is None

    @property
    def can_deal(self) -> bool:
        if self.session.current is not None or self.hero_busted:
            return False
        return not self.session.is_over or (self.config.mode == "cash" and self.session.stacks[HERO] > 0)

    def hero_to_act(self) -> bool:
        hand = self.session.current
        return hand is not None and not hand.is_complete and hand.actor == self.hero_seat()

    # -- flow ----------------------------------------------------------------------
    @property
    def buy_in(self) -> int:
        """A cash game's starting stack, in chips."""
        return max(20, int(self.config.stack_bb)) * CASH_BLINDS.big_blind

    def rebuy(self) -> None:
        with self._lock:
            self._rebuy()

    def _rebuy(self) -> None:
        """Cash game: the learner buys back in after losing every chip."""
        if self.config.mode == "cash" and self.session.current is None and self.session.stacks[HERO] == 0:
            self.session.add_chips(HERO, self.buy_in)
            self._rebuys.append(self.session.hands_played)

    def _refill_bots(self) -> None:
        """Cash game: a bot that lost its stack buys in again, so the table stays full."""
        if self.config.mode != "cash" or self.session.current is not None:
            return
        for seat, chips in enumerate(self.session.stacks):
            if seat != HERO and chips == 0:
                self.session.add_chips(seat, self.buy_in)

    def deal(self, *, bots: bool = True) -> Hand:
        """Start the next hand and let the bots play up to the learner's turn (one move at a time).

        ``bots=False``: the bots wait, for the page to show their actions one by one (:meth:`step`).
        """
        with self._lock:
            return self._deal(bots=bots)

    def _deal(self, *, bots: bool = True) -> Hand:
        """Start the next hand and let the bots play up to the learner's turn."""
        self._refill_bots()
        if not self.can_deal:
            raise IllegalAction("hand_over", N_("No new hand can be dealt."))
        hand = self.session.start_hand()
        self._attempts = []
        self._after_move(bots)
        return hand

    def _after_move(self, bots: bool) -> None:
        """The bots play (``bots``), or only a hand that is over is finished (they play in :meth:`step`)."""
        hand = self.session.current
        if hand is None:
            return
        if bots:
            self._bots_play()
        elif hand.is_complete:
            self._finish()

    def step(self) -> bool:
        """One bot action, if a bot is to act; True if one acted (the hand finished if it is over)."""
        with self._lock:
            hand = self.session.current
            if hand is None or hand.is_complete or hand.actor is None or hand.actor == self.hero_seat():
                return False
            self._bot_act(hand)
            if hand.is_complete:
                self._finish()
            return True

    def _bots_play(self) -> None:
        hand = self.session.current
        assert hand is not None
        hero = self.hero_seat()
        while not hand.is_complete and hand.actor is not None and hand.actor != hero:
            self._bot_act(hand)
        if hand.is_complete:
            self._finish()

    def _bot_act(self, hand: Hand) -> None:
        """The bot to act in ``hand`` acts, its dice drawn from this very decision (:func:`bot_seed`).

        A bot's random choices depend only on the session's seed, the hand, how many actions it has
        seen and the seat, never on what the bot drew before: a table rebuilt after a reload
        (:meth:`restore`) has the same bots making the same choices from there on.
        """
        assert hand.actor is not None
        seat = self.session.table_seat(hand.actor)
        bot = self.bots[seat]
        seed = bot_seed(int(self.config.seed or 0), self.hand_number, len(hand.actions), seat)
        Bot(bot.style, bot.difficulty, seed=seed).act(hand)

    def _finish(self) -> None:
        record = self.session.finish_hand()
        self.last_record = record
        self.unsaved.append(record)
        self.results.append(record.stacks_after[HERO] - record.stacks_before[HERO])

    def act(self, attempt: Attempt, *, seed: int = 0, at: tuple[int, int] | None = None,
            bots: bool = True) -> Outcome:
        """The learner's action: checked, graded on the spot as it was, applied, then the bots.

        ``IllegalAction("not_your_turn")`` when the learner is not to act, also when another
        click got there first (see ``_lock``); ``at`` is (hand number, actions so far) of the
        decision the learner saw, so a stale click is never applied to a later decision.
        """
        with self._lock:
            hand = self.session.current
            if at is not None and (hand is None or (self.hand_number, len(hand.actions)) != at):
                # a click on the buttons of a decision that is gone: never applied to the next one
                raise IllegalAction("not_your_turn", N_("It is not your turn."))
            return self._act(attempt, seed=seed, bots=bots)

    def _act(self, attempt: Attempt, *, seed: int = 0, bots: bool = True) -> Outcome:
        hand = self.session.current
        if hand is None or not self.hero_to_act():
            raise IllegalAction("not_your_turn", N_("It is not your turn."))
        outcome = self._decide(hand, attempt, seed=seed)
        if outcome.code is not None:
            self.unrecorded.append(self.decisions[-1])
            self._after_move(bots)
        return outcome

    def _decide(self, hand: Hand, attempt: Attempt, *, seed: int = 0) -> Outcome:
        """The learner's ``attempt`` graded on the spot as it is, then applied (the bots wait)."""
        refusal = _refusal(hand, attempt)
        if refusal is not None:
            return Outcome(attempt, refusal=refusal)
        verdict = judge(hand, _attempt_code(hand, attempt), profiles=self.profile_labels(hand), seed=seed)
        street = hand.street
        number = self.hand_number
        spot = self._spot(hand, number)
        outcome = try_choice(hand, attempt)
        if outcome.code is not None:
            verdict = replace(verdict, code=outcome.code)
            said = option_code(outcome.code)
            if spot is not None:
                spot = replace(spot, action=said, grade=verdict.grade or "")
            self.decisions.append(GradedDecision(number, street, verdict, said, outcome.said, spot))
            self._attempts.append((attempt.kind, attempt.amount))
        return outcome

    def _spot(self, hand: Hand, number: int) -> ReviewSpot | None:
        """The spot as it stands, to answer again later (None if it cannot be written down)."""
        try:
            return spot_of(hand, source="practice", ref=f"{self.session_id}/{number}/{len(hand.actions)}",
                           profiles=self.profile_labels(hand))
        except CoachError:
            return None

    def profile_labels(self, hand: Hand) -> dict[str, str]:
        """:meth:`profiles` by PHH player (``{"p2": "principiante"}``), as the judge and cards take them."""
        return {f"p{hand.config.player_of_seat(seat)}": name for seat, name in self.profiles(hand).items()}

    @property
    def session_id(self) -> str:
        """Tells this session's spots apart from another session's (the seed and the start time)."""
        return self._session_id

    def profiles(self, hand: Hand) -> dict[int, str]:
        """The profile the coach assumes for each bot in ``hand``, from its style (a calling station...)."""
        out: dict[int, str] = {}
        for seat in range(hand.config.n_seats):
            table_seat = self.session.table_seat(seat)
            bot = self.bots.get(table_seat)
            if bot is not None:
                out[seat] = BOT_STYLE_PROFILE.get(bot.style.name, "equilibrio")
        return out

    def grades(self) -> list[str]:
        """The session's grades in order (earlier hands' from before a reload, then this page's)."""
        return self.past_grades + [d.verdict.grade for d in self.decisions if d.verdict.grade is not None]

    # -- reload ----------------------------------------------------------------------
    def snapshot(self) -> str:
        """The table as JSON, enough to rebuild it exactly (:meth:`restore`) after a reload.

        The settings with the seed, then each hand's players' actions: the engine deals the same
        cards from the session's seed, so replaying the actions gives the same hands, stacks and
        results. The learner's choices of the last hand are kept to grade them again (its comments);
        earlier hands keep only their grades (the session's chart).
        """
        with self._lock:
            records = [r.hand for r in self.session.records]
            current = self.session.current
            hands = [*records, *([current] if current is not None else [])]
            last = self.hand_number
            return json.dumps({
                "v": SNAPSHOT_VERSION,
                "config": {"seats": self.config.seats, "mode": self.config.mode,
                           "stack_bb": self.config.stack_bb, "style": self.config.style,
                           "difficulty": self.config.difficulty,
                           "seed": self.config.seed, "hero_name": self.config.hero_name},
                "session_id": self._session_id,
                "hands": [[a.code for a in h.actions] for h in hands],
                "attempts": [list(a) for a in self._attempts],
                "rebuys": list(self._rebuys),
                "grades": self.past_grades + [d.verdict.grade for d in self.decisions
                                              if d.verdict.grade is not None and d.hand_number != last],
            }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str) -> PracticeTable:
        """The table :meth:`snapshot` wrote, rebuilt with the engine; InvalidInput if it cannot be.

        Nothing is pending afterwards (the hands and grades were stored before the snapshot). The
        bots' dice come from each decision (:meth:`_bot_act`), so the rebuilt table plays on exactly
        as the lost one would have: a reload changes nothing.
        """
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("v") != SNAPSHOT_VERSION:
                raise ValueError("version")
            return cls._rebuild(data)
        except (CoachError, ValueError, TypeError, KeyError, IndexError, AssertionError,
                RecursionError) as err:
            raise InvalidInput(N_("The practice table kept for you cannot be rebuilt.")) from err

    @classmethod
    def _rebuild(cls, data: Mapping[str, Any]) -> PracticeTable:
        c = data["config"]
        if c["mode"] not in ("cash", "tournament"):
            raise ValueError("mode")
        config = PracticeConfig(seats=int(c["seats"]), mode=cast(Mode, c["mode"]),
                                stack_bb=int(c["stack_bb"]), style=str(c["style"]),
                                difficulty=float(c["difficulty"]), seed=int(c["seed"]),
                                hero_name=str(c["hero_name"]))
        hands = [[str(code) for code in codes] for codes in data["hands"]]
        if len(hands) > MAX_RESTORED_HANDS:
            raise ValueError("too long")
        attempts = [(str(k), None if a is None else int(a)) for k, a in data["attempts"]]
        rebuys = [int(n) for n in data["rebuys"]]
        tb = cls.create(config)
        tb._session_id = str(data["session_id"])
        for i, codes in enumerate(hands):
            while rebuys and rebuys[0] <= tb.session.hands_played:
                rebuys.pop(0)
                tb._rebuy()
            tb._refill_bots()
            hand = tb.session.start_hand()
            last = i == len(hands) - 1
            todo = list(attempts) if last else []
            for code in codes:
                if todo and hand.actor == tb.hero_seat():
                    kind, amount = todo.pop(0)
                    tb._decide(hand, Attempt(cast(Any, kind), amount))
                    if not hand.actions or hand.actions[-1].code != code:
                        raise ValueError("the learner's choice gave another action")
                else:
                    hand.apply_code(code)
            if hand.is_complete:
                tb._finish()
            elif not last:
                raise ValueError("an unfinished hand before the last")
        tb._attempts = attempts
        tb.past_grades = [str(g) for g in data["grades"]]
        tb.unsaved.clear()
        tb.unrecorded.clear()
        return tb

    def decisions_of(self, hand_number: int) -> list[GradedDecision]:
        return [d for d in self.decisions if d.hand_number == hand_number]

    def saved(self, record: HandRecord) -> None:
        """``record`` is in the practice history now: no longer pending (see ``unsaved``)."""
        with self._lock:
            self.unsaved = [r for r in self.unsaved if r is not record]

    def recorded(self, decision: GradedDecision) -> None:
        """``decision`` is in the progress store now: no longer pending (see ``unrecorded``).

        The page writes each pending item on every draw and calls this in the same step as the
        write, not in the click's callback: a run that Streamlit stops after the move (a newer
        click arrived) would lose them there, and one stopped between a write and this call
        would store them twice.
        """
        with self._lock:
            self.unrecorded = [d for d in self.unrecorded if d is not decision]


def bot_seed(session_seed: int, hand_number: int, actions: int, seat: int) -> int:
    """The seed of one bot decision: the session's seed, the hand's number, the actions so far, the seat.

    Drawn through ``random.Random`` seeded with the text of the four numbers (hashed with SHA-512,
    the same in every process, unlike ``hash()``), so neighbouring decisions get unrelated dice.
    """
    return random.Random(f"bot:{session_seed}:{hand_number}:{actions}:{seat}").randrange(1 << 30)


def _refusal(hand: Hand, attempt: Attempt) -> IllegalAction | None:
    """The engine's refusal for the attempt, checked without applying it."""
    try:
        if attempt.kind == "fold":
            hand.verify_fold()
        elif attempt.kind == "check":
            hand.verify_check()
        elif attempt.kind == "call":
            hand.verify_call()
        elif attempt.kind == "all_in":
            hand.verify_all_in()
        else:
            hand.verify_bet_or_raise_to(int(attempt.amount or 0))
    except IllegalAction as err:
        return err
    except InvalidInput as err:
        return as_refusal(err)
    return None


def _attempt_code(hand: Hand, attempt: Attempt) -> str:
    """The PHH code (without the player) ``attempt`` will be if the rules allow it, to judge the spot
    before the attempt is applied: the judge reads the table as the learner saw it."""
    if attempt.kind == "fold":
        return "f"
    if attempt.kind in ("check", "call"):
        return "cc"
    legal = hand.legal_actions()
    if attempt.kind == "all_in":
        can_raise = legal.can_bet or legal.can_raise
        return f"cbr {legal.max_raise_to}" if can_raise and legal.max_raise_to else "cc"
    return f"cbr {int(attempt.amount or 0)}"
