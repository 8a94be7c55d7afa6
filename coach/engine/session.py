"""A session: consecutive hands at one table, as a cash game or a tournament.

A single :class:`~coach.engine.hand.Hand` knows nothing of the hands before it.
The session is what carries over: who still has chips, where the button is,
which blind level applies, and the record of every hand played (exportable as
PHH). It builds each hand's :class:`~coach.engine.config.TableConfig` from the
players still seated, so the engine's own rules (heads-up blinds and order,
all-in blinds) apply to that hand unchanged.

Button rule: the *moving button*. After each hand the button moves one seat
clockwise to the next seat whose player still has chips; the small blind and
the big blind are the next two such seats after it (heads-up, the button posts
the small blind and the other player the big blind, as the engine does for any
two-handed table). Busted players leave the table at the end of the hand in
which they lost their last chip; their seats are skipped from then on. We do not
implement the *dead button* rule of live tournaments (where the big blind
always advances one player and the button or the small blind may be missing
for a hand): with a moving button a player may post the big blind twice in a
row, or skip it, after an elimination. That is the rule most home games and
online cash tables follow, it is easy to teach ("the button goes to the next
player"), and it is stated in the lesson on the button (R02).

Blind levels: a cash game keeps one level for ever; a tournament has a
schedule of levels and moves up one level every ``hands_per_level`` hands
(hands, not minutes: a learner's session has no clock), staying at the last
level once the schedule ends. Each level may carry an ante, posted by every
player (``ante_mode="each"``) or by the big blind for the table
(``"big_blind"``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from coach.cards import Card
from coach.engine.config import AnteMode, Structure, TableConfig
from coach.engine.hand import Hand
from coach.engine.phh import dump_phh
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, clip, is_int

__all__ = ["BlindLevel", "HandRecord", "Session", "SessionMode"]

SessionMode = Literal["cash", "tournament"]


@dataclass(frozen=True)
class BlindLevel:
    """The forced bets of a level: small blind, big blind, ante (0 = none)."""

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for value in (self.small_blind, self.big_blind, self.ante):
            if type(value) is not int or value < 0:
                raise InvalidInput(N_("Blinds and antes must be whole numbers of chips, zero or more."))
        if self.big_blind <= 0 or self.small_blind > self.big_blind:
            raise InvalidInput(
                N_("A blind level needs a big blind above zero and a small blind no larger than it "
                   "(given {small}/{big})."),
                small=self.small_blind, big=self.big_blind,
            )


@dataclass(frozen=True)
class HandRecord:
    """One finished hand of the session, in table seats.

    ``seats`` lists the table seats dealt in, in the hand's own seat order
    (``config`` seat ``i`` is table seat ``seats[i]``); ``stacks_before`` and
    ``stacks_after`` are whole-table tuples (0 for a seat not dealt in);
    ``busted`` are the seats that lost their last chip in this hand.
    """

    number: int
    level: BlindLevel
    level_index: int
    button: int
    seats: tuple[int, ...]
    config: TableConfig
    hand: Hand
    stacks_before: tuple[int, ...]
    stacks_after: tuple[int, ...]
    busted: tuple[int, ...]

    def phh(self, **meta: Any) -> str:
        """This hand as PHH text (player names, hand number and level recorded)."""
        meta.setdefault("hand", self.number)
        meta.setdefault("level", self.level_index + 1)
        return dump_phh(self.hand, **meta)


class Session:
    """Consecutive hands at one table, with chips, button and levels carried over.

    ``names`` and ``stacks`` are per table seat, clockwise; ``stacks`` may be a
    single starting stack for everyone (a tournament). ``button`` is the seat
    of the button for the first hand. ``levels`` is the blind schedule
    (``mode="cash"`` allows exactly one level). ``seed`` makes the whole session
    reproducible: hand ``i`` is dealt with a seed drawn from it.

    Use: ``hand = session.start_hand()``, play it through the engine's verbs
    (or let bots do it), then ``session.finish_hand()``; repeat while not
    ``session.is_over``.
    """

    def __init__(
        self,
        names: Sequence[str],
        stacks: Sequence[int] | int,
        *,
        button: int = 0,
        levels: Sequence[BlindLevel] | BlindLevel = BlindLevel(1, 2),
        hands_per_level: int | None = None,
        mode: SessionMode = "cash",
        ante_mode: AnteMode = "each",
        structure: Structure = "NL",
        seed: int | None = None,
    ) -> None:
        if not isinstance(names, list | tuple) or not all(isinstance(x, str) for x in names):
            raise InvalidInput(N_("The player names must be a tuple of texts, one per seat."))
        n = len(names)
        if n < 2:
            raise InvalidInput(N_("A session needs at least two players with chips."))
        if n > MAX_PLAYERS:
            raise InvalidInput(
                N_("A table seats {low} to {high} players (one deck deals 2 cards each, 5 board "
                   "cards and 3 burned cards), not {count}."),
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=n)
        stack_list: list[int]
        if isinstance(stacks, int) and not isinstance(stacks, bool):
            stack_list = [stacks] * n
        elif isinstance(stacks, list | tuple):
            stack_list = list(stacks)
        else:
            raise InvalidInput(N_("Every stack must be a whole number of chips, zero or more."))
        if len(stack_list) != n:
            raise InvalidInput(
                N_("There are {names} names but {stacks} stacks: give one stack per seat."),
                names=n, stacks=len(stack_list),
            )
        if any(type(s) is not int or s < 0 or s > MAX_CHIPS for s in stack_list):
            raise InvalidInput(N_("Every stack must be a whole number of chips, zero or more."))
        if sum(1 for s in stack_list if s > 0) < 2:
            raise InvalidInput(N_("A session needs at least two players with chips."))
        if not isinstance(levels, BlindLevel | list | tuple) or (
                not isinstance(levels, BlindLevel) and not all(isinstance(x, BlindLevel) for x in levels)):
            raise InvalidInput(N_("Give at least one blind level."))
        level_list = [levels] if isinstance(levels, BlindLevel) else list(levels)
        if not level_list:
            raise InvalidInput(N_("Give at least one blind level."))
        if mode not in ("cash", "tournament"):
            raise InvalidInput(N_("Unknown session mode '{mode}'."), mode=mode)
        if mode == "cash" and len(level_list) != 1:
            raise InvalidInput(N_("A cash game keeps the same blinds: give exactly one level."))
        if hands_per_level is not None and (type(hands_per_level) is not int or hands_per_level < 1):
            raise InvalidInput(N_("The hands per level must be a whole number, at least 1."))
        if len(level_list) > 1 and hands_per_level is None:
            raise InvalidInput(N_("With several blind levels, say how many hands each level lasts."))
        for i in range(1, len(level_list)):
            if level_list[i].big_blind < level_list[i - 1].big_blind:
                raise InvalidInput(N_("Blind levels must not go down: level {number} is lower than the one "
                                      "before."), number=i + 1)
        if not is_int(button) or not 0 <= button < n:
            raise InvalidInput(N_("The button must be one of the seats 0 to {last}."), last=n - 1)
        if seed is not None and not is_int(seed):
            raise InvalidInput(N_("The seed must be a whole number or a random generator, not {value}."),
                               value=clip(seed))
        if stack_list[button] == 0:
            raise InvalidInput(N_("Seat {seat} has no chips: the button must be on a player still in "
                                  "the game."), seat=button)
        self.names: tuple[str, ...] = tuple(names)
        self.mode: SessionMode = mode
        self.levels: tuple[BlindLevel, ...] = tuple(level_list)
        self.hands_per_level = hands_per_level
        self.ante_mode: AnteMode = ante_mode
        self.structure: Structure = structure
        self._stacks: list[int] = stack_list
        self._button = button
        self._rng = random.Random(seed)
        self._current: tuple[Hand, TableConfig, tuple[int, ...], tuple[int, ...]] | None = None
        self.records: list[HandRecord] = []
        self.eliminated: list[int] = []  # seats in order of elimination (first out first)

    # -- state ------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips per table seat between hands (0 = busted or gone)."""
        return tuple(self._stacks)

    @property
    def button(self) -> int:
        """The table seat of the button for the current (or next) hand."""
        return self._button

    @property
    def hands_played(self) -> int:
        return len(self.records)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game (with chips), clockwise from seat 0."""
        return tuple(i for i, s in enumerate(self._stacks) if s > 0)

    @property
    def is_over(self) -> bool:
        """Fewer than two players with chips: no hand can be dealt."""
        return len(self.active_seats) < 2

    @property
    def current(self) -> Hand | None:
        return None if self._current is None else self._current[0]

    @property
    def level_index(self) -> int:
        """0-based index of the level for the next hand (or the one in progress)."""
        if self.hands_per_level is None:
            return 0
        return min(self.hands_played // self.hands_per_level, len(self.levels) - 1)

    @property
    def level(self) -> BlindLevel:
        return self.levels[self.level_index]

    # -- one hand -------------------------------------------------------------------
    def next_config(self) -> tuple[TableConfig, tuple[int, ...]]:
        """The next hand's table and the table seat of each of its seats.

        Only players with chips are dealt in; the hand's seats keep the table's
        clockwise order, so the engine's positions (small blind left of the
        button, heads-up button = small blind) follow the table.
        """
        if self.is_over:
            raise InvalidInput(N_("Only one player has chips left: the session is over."))
        seats = self.active_seats
        level = self.level
        config = TableConfig(
            names=tuple(self.names[s] for s in seats),
            stacks=tuple(self._stacks[s] for s in seats),
            button=seats.index(self._button),
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            ante_mode=self.ante_mode,
            structure=self.structure,
        )
        return config, seats

    def start_hand(
        self,
        *,
        seed: int | None = None,
        dealing: Literal["auto", "manual"] = "auto",
        hole_cards: Mapping[int, str | Sequence[Card]] | None = None,
        board: str | Sequence[Card] | None = None,
    ) -> Hand:
        """Deal the next hand. ``hole_cards`` is keyed by *table* seat.

        Without ``seed`` the hand's seed is drawn from the session's seed, so a
        seeded session replays identically.
        """
        if self._current is not None:
            raise InvalidInput(N_("The hand in progress is not over yet."))
        config, seats = self.next_config()
        mapped: dict[int, str | Sequence[Card]] | None = None
        if hole_cards is not None:
            mapped = {}
            for table_seat, cards in hole_cards.items():
                if table_seat not in seats:
                    raise InvalidInput(N_("Seat {seat} is not dealt in this hand."), seat=table_seat)
                mapped[seats.index(table_seat)] = cards
        rng_state = self._rng.getstate()
        hand_seed = self._rng.getrandbits(63)  # drawn even with an explicit seed: hand i stays hand i
        try:
            hand = Hand.start(config, seed=hand_seed if seed is None else seed, dealing=dealing,
                              hole_cards=mapped, board=board)
        except Exception:
            self._rng.setstate(rng_state)  # a refused start leaves the session as it was
            raise
        self._current = (hand, config, seats, self.stacks)
        return hand

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of seat ``hand_seat`` of the hand in progress."""
        if self._current is None:
            raise InvalidInput(N_("No hand is in progress."))
        seats = self._current[2]
        if not is_int(hand_seat) or not 0 <= hand_seat < len(seats):
            raise InvalidInput(N_("The seat must be one of 0 to {last}."), last=len(seats) - 1)
        return seats[hand_seat]

    def hand_seat(self, table_seat: int) -> int | None:
        """The hand's seat for a table seat (``None`` if not dealt in)."""
        if self._current is None:
            raise InvalidInput(N_("No hand is in progress."))
        seats = self._current[2]
        return seats.index(table_seat) if table_seat in seats else None

    def finish_hand(self) -> HandRecord:
        """Record the finished hand: new stacks, eliminations, button, level."""
        if self._current is None:
            raise InvalidInput(N_("No hand is in progress."))
        hand, config, seats, before = self._current
        result = hand.result
        if not hand.is_complete or result is None:
            raise InvalidInput(N_("The hand in progress is not over yet."))
        finishing = tuple(result.finishing_stacks)
        after = list(before)
        for i, table_seat in enumerate(seats):
            after[table_seat] = finishing[i]
        busted = tuple(s for s in seats if after[s] == 0)
        # Players out in the same hand: the one who started it with more chips
        # finishes higher, so is eliminated later.
        self.eliminated.extend(sorted(busted, key=lambda s: before[s]))
        record = HandRecord(
            number=self.hands_played + 1,
            level=self.level,
            level_index=self.level_index,
            button=self._button,
            seats=seats,
            config=config,
            hand=hand,
            stacks_before=before,
            stacks_after=tuple(after),
            busted=busted,
        )
        self._stacks = after
        self.records.append(record)
        self._current = None
        if not self.is_over:
            self._button = self._next_active(self._button)
        return record

    def _next_active(self, seat: int) -> int:
        """The first seat clockwise after ``seat`` whose player has chips."""
        n = len(self._stacks)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self._stacks[candidate] > 0:
                return candidate
        raise AssertionError("no active seat")  # pragma: no cover - is_over is checked first

    # -- between hands (cash game) ---------------------------------------------------------
    def add_chips(self, seat: int, amount: int) -> None:
        """Buy in or top up a seat between hands (cash game only)."""
        if self.mode != "cash":
            raise InvalidInput(N_("In a tournament nobody can add chips."))
        if self._current is not None:
            raise InvalidInput(N_("Chips can be added only between hands."))
        if not is_int(seat) or not 0 <= seat < len(self._stacks):
            raise InvalidInput(N_("The seat must be one of 0 to {last}."), last=len(self._stacks) - 1)
        if type(amount) is not int or amount <= 0:
            raise InvalidInput(N_("Add a whole number of chips above zero."))
        if self._stacks[seat] + amount > MAX_CHIPS:
            raise InvalidInput(N_("A stack is above the limit of {limit} chips."), limit=MAX_CHIPS)
        self._stacks[seat] += amount

    def leave(self, seat: int) -> int:
        """A cash-game player gets up between hands, taking their chips (returned)."""
        if self.mode != "cash":
            raise InvalidInput(N_("In a tournament a player leaves only by losing all their chips."))
        if self._current is not None:
            raise InvalidInput(N_("A player can leave only between hands."))
        if not is_int(seat) or not 0 <= seat < len(self._stacks):
            raise InvalidInput(N_("The seat must be one of 0 to {last}."), last=len(self._stacks) - 1)
        chips = self._stacks[seat]
        self._stacks[seat] = 0
        if seat == self._button and not self.is_over:
            # The button passes on now, so the next hand still has a button seat.
            self._button = self._next_active(seat)
        return chips

    def standings(self) -> tuple[int, ...]:
        """Seats from first place down: chips left (most first), then the last eliminated."""
        alive = sorted(self.active_seats, key=lambda s: self._stacks[s], reverse=True)
        return tuple(alive) + tuple(reversed(self.eliminated))
