"""Table configuration: who sits where, the button, the forced bets and the structure.

Seats are indices in clockwise table order; the button is a seat. PokerKit (the
rules kernel behind :mod:`coach.engine.hand`) numbers players by *position*
instead: position 0 is the first seat left of the button (the small blind, or
the big blind heads-up) and the last position is the button. PHH hand
histories number players the same way (``p1`` = position 0). This module owns
the mapping both ways, so nothing outside the engine ever reasons in positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import MAX_CHIPS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, clip, is_int

Structure = Literal["NL", "PL", "FL"]
AnteMode = Literal["each", "big_blind"]


@dataclass(frozen=True)
class TableConfig:
    """Everything fixed before the cards are dealt.

    ``blinds_by_seat`` / ``antes_by_seat`` give the raw forced bet of every seat
    (straddles, dead blinds, PHH files); when absent, ``small_blind`` and
    ``big_blind`` are posted by the two seats left of the button (heads-up: the
    button posts the small blind) and ``ante`` by everyone (``ante_mode="each"``)
    or by the big blind alone for the table (``"big_blind"``).
    ``min_bet`` is the minimum opening bet (No-Limit, Pot-Limit) or the small bet
    (Fixed-Limit, where the big bet is twice it); it defaults to the big blind.
    """

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_mode: AnteMode = "each"
    structure: Structure = "NL"
    min_bet: int | None = None
    blinds_by_seat: tuple[int, ...] | None = None
    antes_by_seat: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        """Refuse a table the rules or one deck cannot serve, before anything is computed.

        Every field is checked for its type too (a seat given as ``"0"`` or ``1.5``,
        a stack given as ``True``): a wrong type is bad input, not a crash.
        """
        names = self.names
        if not isinstance(names, tuple) or not all(isinstance(x, str) for x in names):
            raise InvalidInput(N_("The player names must be a tuple of texts, one per seat."))
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidInput(
                N_("A table seats {low} to {high} players (one deck deals 2 cards each, 5 board "
                   "cards and 3 burned cards), not {count}."),
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=n)
        seen: set[str] = set()
        for name in names:
            if not name.strip():
                raise InvalidInput(N_("Every player needs a name: an empty name is not allowed."))
            if len(name) > MAX_NAME_LENGTH:
                raise InvalidInput(N_("The name '{name}' is longer than {limit} characters."),
                                   name=clip(name), limit=MAX_NAME_LENGTH)
            if name in seen:
                raise InvalidInput(N_("Two players are called '{name}': every name must be different."),
                                   name=name)
            seen.add(name)
        if not isinstance(self.stacks, tuple) or len(self.stacks) != n:
            raise InvalidInput(
                N_("There are {names} names but {stacks} stacks: give one stack per seat."),
                names=n, stacks=len(self.stacks) if isinstance(self.stacks, tuple | list) else 0,
            )
        if any(not is_int(s) or s <= 0 for s in self.stacks):
            raise InvalidInput(N_("Every stack must be a whole number of chips above zero."))
        if any(s > MAX_CHIPS for s in self.stacks):
            raise InvalidInput(N_("A stack is above the limit of {limit} chips."), limit=MAX_CHIPS)
        if not is_int(self.button) or not 0 <= self.button < n:
            raise InvalidInput(N_("The button must be one of the seats 0 to {last}."), last=n - 1)
        for value in (self.small_blind, self.big_blind, self.ante):
            if not is_int(value) or value < 0:
                raise InvalidInput(N_("Blinds and antes must be whole numbers of chips, zero or more."))
            if value > MAX_CHIPS:
                raise InvalidInput(N_("A blind or an ante is above the limit of {limit} chips."),
                                   limit=MAX_CHIPS)
        if self.small_blind > self.big_blind:
            raise InvalidInput(N_("The small blind ({small}) cannot be larger than the big blind ({big})."),
                               small=self.small_blind, big=self.big_blind)
        if not isinstance(self.structure, str) or self.structure not in ("NL", "PL", "FL"):
            raise InvalidInput(N_("Unknown betting structure '{structure}'."), structure=clip(self.structure))
        if not isinstance(self.ante_mode, str) or self.ante_mode not in ("each", "big_blind"):
            raise InvalidInput(N_("Unknown ante mode '{mode}'."), mode=clip(self.ante_mode))
        # A negative blind is PokerKit's (and PHH's) «post»: a live blind posted out of turn by a player
        # returning to the table, who still speaks in his turn; an ante is never negative.
        for arr, signed in ((self.blinds_by_seat, True), (self.antes_by_seat, False)):
            if arr is not None and (not isinstance(arr, tuple) or len(arr) != n
                                    or any(not is_int(v) or (v < 0 and not signed) for v in arr)):
                raise InvalidInput(N_("Per-seat blinds and antes need one whole amount per seat."))
            if arr is not None and any(abs(v) > MAX_CHIPS for v in arr):
                raise InvalidInput(N_("A blind or an ante is above the limit of {limit} chips."),
                                   limit=MAX_CHIPS)
        if self.min_bet is not None and (not is_int(self.min_bet) or self.min_bet > MAX_CHIPS):
            raise InvalidInput(N_("The minimum bet must be a whole number of chips, at most {limit}."),
                               limit=MAX_CHIPS)
        if self.effective_min_bet <= 0:
            raise InvalidInput(N_("The minimum bet must be at least one chip."))
        if not any(self.blinds_in_positions()) and not any(self.antes_in_positions()):
            raise InvalidInput(N_("A hand needs blinds or antes: something must be in the pot."))

    # -- sizes ----------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return len(self.names)

    @property
    def effective_min_bet(self) -> int:
        """The minimum bet (NL/PL) or small bet (FL); the big blind unless set."""
        if self.min_bet is not None:
            return self.min_bet
        return self.big_blind if self.blinds_by_seat is None else max(max(self.blinds_by_seat), 1)

    @property
    def heads_up(self) -> bool:
        return self.n_seats == 2

    # -- seats and positions ---------------------------------------------------
    def check_seat(self, seat: object) -> int:
        """``seat`` if it is one of this table's seats; a wrong type or range is bad input.

        Seats are plain ints: ``True``, ``0.0`` or ``"0"`` are refused, and a seat
        beyond the table never wraps round to another one.
        """
        if not is_int(seat) or not 0 <= seat < self.n_seats:
            raise InvalidInput(N_("There is no seat {seat} at this table: the seats are 0 to {last}."),
                               seat=clip(seat), last=str(self.n_seats - 1))
        return seat

    def position_of(self, seat: int) -> int:
        """PokerKit's index for ``seat``: 0 is the first seat left of the button."""
        return (self.check_seat(seat) - self.button - 1) % self.n_seats

    def _position(self, seat: int) -> int:
        """:meth:`position_of` for a seat the engine already checked (hot path)."""
        return (seat - self.button - 1) % len(self.names)

    def _seat(self, position: int) -> int:
        """:meth:`seat_of` for a position the engine already checked (hot path)."""
        return (self.button + 1 + position) % len(self.names)

    def seat_of(self, position: int) -> int:
        """The seat at PokerKit's index ``position`` (the last position is the button)."""
        if not is_int(position) or not 0 <= position < self.n_seats:
            raise InvalidInput(N_("There is no position {position} at this table: the positions are 0 "
                                  "to {last}."), position=clip(position), last=str(self.n_seats - 1))
        return (self.button + 1 + position) % self.n_seats

    def player_of_seat(self, seat: int) -> int:
        """PHH player number (``p1``..``pn``) of ``seat``: position + 1.

        p1 is the small blind (heads-up: the big blind) and pn is the button.
        """
        return self.position_of(seat) + 1

    def seat_of_player(self, player: int) -> int:
        """The seat of PHH player ``p<player>`` (1-based, in position order)."""
        if not is_int(player) or not 1 <= player <= self.n_seats:
            raise InvalidInput(
                N_("There is no player p{player}: this table has p1 to p{count}."),
                player=clip(player), count=str(self.n_seats),
            )
        return self.seat_of(player - 1)

    @property
    def small_blind_seat(self) -> int:
        return self.button if self.heads_up else self._seat(0)

    @property
    def big_blind_seat(self) -> int:
        return self._seat(0) if self.heads_up else self._seat(1)

    # -- forced bets -----------------------------------------------------------
    def blinds_by_seat_effective(self) -> tuple[int, ...]:
        """The blind each seat posts (before capping at its stack); negative: posted out of turn (live)."""
        if self.blinds_by_seat is not None:
            return self.blinds_by_seat
        out = [0] * self.n_seats
        out[self.small_blind_seat] = self.small_blind
        out[self.big_blind_seat] = self.big_blind
        return tuple(out)

    def antes_by_seat_effective(self) -> tuple[int, ...]:
        if self.antes_by_seat is not None:
            return self.antes_by_seat
        if self.ante_mode == "big_blind":
            out = [0] * self.n_seats
            out[self.big_blind_seat] = self.ante
            return tuple(out)
        return (self.ante,) * self.n_seats

    def blinds_in_positions(self) -> tuple[int, ...]:
        """The blind at each position, as actually posted (position order)."""
        by_seat = self.blinds_by_seat_effective()
        return tuple(by_seat[self._seat(p)] for p in range(self.n_seats))

    def antes_in_positions(self) -> tuple[int, ...]:
        by_seat = self.antes_by_seat_effective()
        return tuple(by_seat[self._seat(p)] for p in range(self.n_seats))

    def pokerkit_blinds(self) -> tuple[int, ...]:
        """The raw blinds array PokerKit expects: heads-up it reads it reversed."""
        pos = self.blinds_in_positions()
        return pos[::-1] if self.heads_up else pos

    def pokerkit_antes(self) -> tuple[int, ...]:
        """The raw antes array PokerKit expects: heads-up it reads antes reversed too."""
        pos = self.antes_in_positions()
        return pos[::-1] if self.heads_up else pos

    def stacks_in_positions(self) -> tuple[int, ...]:
        return tuple(self.stacks[self._seat(p)] for p in range(self.n_seats))

    def seats_to_positions(self, values: Sequence[int]) -> tuple[int, ...]:
        return tuple(values[self._seat(p)] for p in range(self.n_seats))

    def positions_to_seats(self, values: Sequence[int]) -> tuple[int, ...]:
        return tuple(values[self._position(s)] for s in range(self.n_seats))

    # -- construction from PHH arrays ------------------------------------------
    @classmethod
    def from_positions(
        cls,
        names: Sequence[str],
        stacks: Sequence[int],
        blinds_or_straddles: Sequence[int],
        antes: Sequence[int] | int = 0,
        *,
        min_bet: int | None = None,
        structure: Structure = "NL",
    ) -> TableConfig:
        """Build a config from arrays in PHH/PokerKit order (p1 first, button last).

        Seats are then the positions themselves (seat ``i`` is ``p{i+1}``) and the
        button is the last seat. ``blinds_or_straddles`` is the raw PHH array: for
        two players PokerKit (and PHH) read it reversed, so ``[1, 2]`` means the
        button (p2) posts 1 and p1 posts 2 (the antes array likewise); we store what each
        seat really posts.
        """
        def whole(values: object) -> tuple[int, ...]:
            if not isinstance(values, tuple | list) or not all(is_int(v) for v in values):
                raise InvalidInput(N_("Per-seat blinds and antes need one whole amount per seat."))
            return tuple(values)

        if not isinstance(names, tuple | list) or not isinstance(stacks, tuple | list):
            raise InvalidInput(N_("The player names must be a tuple of texts, one per seat."))
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidInput(
                N_("A table seats {low} to {high} players (one deck deals 2 cards each, 5 board "
                   "cards and 3 burned cards), not {count}."),
                low=MIN_PLAYERS, high=MAX_PLAYERS, count=n)
        blinds = whole(blinds_or_straddles)
        if len(blinds) != n:
            raise InvalidInput(N_("Per-seat blinds and antes need one whole amount per seat."))
        if n == 2:
            blinds = blinds[::-1]
        ante_arr = (antes,) * n if isinstance(antes, int) and is_int(antes) else whole(antes)
        if n == 2:
            ante_arr = ante_arr[::-1]
        if any(abs(b) > MAX_CHIPS for b in blinds):
            raise InvalidInput(N_("A blind or an ante is above the limit of {limit} chips."), limit=MAX_CHIPS)
        positive = [b for b in blinds if b > 0]
        bb = max(positive) if positive else 0
        sb = min(positive) if len(positive) > 1 else 0
        return cls(
            names=tuple(names), stacks=tuple(stacks), button=n - 1,
            small_blind=sb, big_blind=bb, structure=structure,
            min_bet=min_bet if min_bet is not None else max(bb, 1),
            blinds_by_seat=blinds, antes_by_seat=ante_arr,
        )
