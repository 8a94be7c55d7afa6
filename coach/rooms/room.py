"""What every room is: a class that reads one hand of its text into a :class:`RawHand`.

Why a reader of our own on top of pokerkit's parsers: pokerkit's ``REParser`` reads a room
with public patterns (``SEATS``, ``ANTE_POSTING``, ``COMPLETION_BETTING_OR_RAISING``…) and
then plays the hand through its own state, which completes what it reads (missing folds,
the showdown); a coach must refuse a doctored history, not repair it. The methods that run
the patterns are private in pokerkit (``_parse_*``) and change between its versions, so a
room here subclasses pokerkit's parser for its *patterns* only (public class attributes,
extended where a room writes more than pokerkit reads) and :class:`Room` runs them: one
loop over the hand's lines, in the order the room wrote them, with every failure a
:class:`~coach.errors.HandHistoryError` whose words are the same on every run (never a
Python exception's name, never a set's iteration order).

A room is one class (:mod:`coach.rooms.catalog`): its name, the ``SIGNATURE`` that finds a
hand's first line, its patterns, how its raises count (``RAISE``), the summary lines that say
what each player collected (``COLLECTED``, ``RAKE``), the lines
the engine cannot replay exactly (``REFUSED_LINES``), its quirks (:meth:`Room.normalize`)
and the guide that says how its client saves hands (``GUIDE``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar, Literal

from pokerkit import Card

from coach.engine.phh import HandHistory
from coach.errors import HandHistoryError, InvalidInput
from coach.i18n import N_
from coach.limits import MAX_NAME_LENGTH, clip

__all__ = ["OTHER_GAME", "ParseValue", "RawHand", "Room", "UnknownHeader", "anchor", "local_number"]

ParseValue = Callable[[str], Any]
_NEVER = "(?!)"
# Words of a header that name another game than No-Limit Hold'em: such a hand is skipped, not refused.
OTHER_GAME = re.compile(
    r"Omaha|Stud|Razz|Draw|Badugi|Courchevel|Pot[ -]Limit|Fix(?:ed)?[ -]Limit|\bPL\b|\bFL\b|\bLimit Hold"
    r"|Hold'?em Limit|\bLHE\b|\bPLO\b|Triple|5 ?Card|Irish|Pineapple|HORSE|Six Plus|6\+|Short ?Deck"
    r"|^\s*[LP]H\b|\bNormal\b|POT_LIMIT|\bLIMIT TEXAS", re.I)


# Hold'em with 36 cards («6+ Hold'em», «Six Plus»): the same words as No-Limit Hold'em, another game.
_SHORT_DECK = re.compile(r"6\+ ?Hold|Six ?Plus|Short ?Deck", re.I)


@dataclass(frozen=True)
class RawHand:
    """One hand as the room wrote it, in PHH order (``p1`` left of the button, ``pN`` the button).

    Amounts are Decimals in the room's units; ``actions`` are PHH action strings (hole cards
    only for the seats whose cards the room printed); ``winnings`` what the room says each
    player collected (None when the room writes no summary), less the ``rake``.
    """

    players: tuple[str, ...]
    seats: tuple[int, ...]
    antes: tuple[Any, ...]
    blinds_or_straddles: tuple[Any, ...]
    starting_stacks: tuple[Any, ...]
    actions: tuple[str, ...]
    variables: dict[str, Any] = field(default_factory=dict)
    winnings: dict[str, Decimal] | None = None
    rake: Decimal = Decimal(0)
    shows_written: bool = True
    final_stacks: dict[str, Decimal] = field(default_factory=dict)  # what the summary says each one has left
    # What the room paid a player who cashed out the hand (PokerStars' All-in Cash Out), outside the pot;
    # his share of the pot, if any, is the room's (``winnings`` then holds the share the room kept)
    cash_outs: dict[str, Decimal] = field(default_factory=dict)
    total_pot: Decimal | None = None  # the pot the summary says was played for, rake included (TOTAL_POT)


class UnknownHeader(HandHistoryError):
    """The hand's header names no game this room's reader knows (skipped when it names another game)."""

    def __init__(self, source: str, header: str, other_game: bool) -> None:
        self.other_game = other_game
        if other_game:
            super().__init__(N_("not No-Limit Texas Hold'em ({game})."), game=clip(header, 80))
        else:
            super().__init__(N_("{file}: unrecognised header: «{header}»."), file=source,
                             header=clip(header, 80))


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0].strip()


class Room:
    """The reader every room shares; a room subclasses it *and* a pokerkit ``REParser`` (its patterns).

    Class attributes a room sets (beyond pokerkit's patterns): ``KEY`` (a stable id), ``NAME``
    (what users read), ``SIGNATURE`` (a hand's first line, searched with ``re.M``), ``RAISE``
    (``"over"``: the amount is what the raise adds over the largest bet, «raises $4 to $6»
    read at $4; ``"adds"``: the chips the player adds; ``"to"``: the street total), the summary
    patterns and ``GUIDE`` (a translatable paragraph: how the client saves its hands).
    """

    KEY: ClassVar[str] = ""
    NAME: ClassVar[str] = ""
    SIGNATURE: ClassVar[re.Pattern[str]]
    RAISE: ClassVar[Literal["over", "adds", "to"]] = "over"
    GUIDE: ClassVar[str] = ""
    FILE_TYPES: ClassVar[tuple[str, ...]] = ("txt",)
    FALLBACK: ClassVar[bool] = False  # detected only when no other room is (ACPC's loose lines)
    # What the room says each player won (after rake) and the rake; COLLECTED_LINE: only these lines,
    # each winner after the match (split at «), »), are read by COLLECTED (Ongame's split pots).
    COLLECTED: ClassVar[re.Pattern[str] | None] = None
    COLLECTED_LINE: ClassVar[re.Pattern[str] | None] = None
    RAKE: ClassVar[re.Pattern[str] | None] = None
    # «anna cashed out the hand for $22.77» (``player``, ``amount``): the room pays him outside the pot and
    # keeps his share of it, which FORFEITED finds (``player``, ``winnings``) where the room writes it
    CASH_OUT: ClassVar[re.Pattern[str] | None] = None
    # «Total pot $9.56 | Rake $0.55» (``pot``): the whole pot, rake included, checked against the rules' pots
    TOTAL_POT: ClassVar[re.Pattern[str] | None] = None
    FORFEITED: ClassVar[re.Pattern[str] | None] = None
    # A cash game whose room writes no rake line: the rake is what the pot keeps beyond what the winners
    # collected, at most RAKE_SHARE of the pot; never in a tournament (TOURNAMENT finds its header).
    RAKE_IMPLIED: ClassVar[bool] = False
    RAKE_SHARE: ClassVar[Decimal] = Decimal("0.10")
    TOURNAMENT: ClassVar[re.Pattern[str] | None] = None
    # «Seat 1: anna ($133.31), net: +$10» (Ongame): each player's stack after the hand, checked too
    FINAL_STACK: ClassVar[re.Pattern[str] | None] = None
    # «anna has joined the table.» (PartyPoker): a player who sits down during the hand and posts, for whom
    # the room writes no seat line and no stack; such a hand is refused saying so.
    JOINED: ClassVar[re.Pattern[str] | None] = None
    # Headers of other games in words of the room's own (PartyPoker's limit games have no «Limit»)
    OTHER_GAMES: ClassVar[re.Pattern[str] | None] = None
    # Lines the engine cannot replay exactly, each with the key of its reason (coach.rooms.refusals).
    REFUSED_LINES: ClassVar[tuple[tuple[re.Pattern[str], str], ...]] = ()
    # A hand's players and hero for the upload's peek (no parsing): the seat lines' and «Dealt to» names.
    PEEK_PLAYER: ClassVar[re.Pattern[str]] = re.compile(
        rf"^Seat \d+: ([^\n(]{{1,{MAX_NAME_LENGTH}}}?) \(", re.M)
    PEEK_HERO: ClassVar[re.Pattern[str]] = re.compile(
        rf"^Dealt to ([^\n\[]{{1,{MAX_NAME_LENGTH}}}?) \[", re.M)
    # pokerkit's pattern names (public class attributes of every REParser)
    FINAL_SEAT: ClassVar[re.Pattern[str]]
    SEATS: ClassVar[re.Pattern[str]]
    VARIANT: ClassVar[re.Pattern[str]]
    VARIANTS: ClassVar[dict[str, str]]
    ANTE_POSTING: ClassVar[re.Pattern[str]]
    BLIND_OR_STRADDLE_POSTING: ClassVar[re.Pattern[str]]
    STARTING_STACKS: ClassVar[re.Pattern[str]]
    HOLE_DEALING: ClassVar[re.Pattern[str]]
    BOARD_DEALING: ClassVar[re.Pattern[str]]
    FOLDING: ClassVar[re.Pattern[str]]
    CHECKING_OR_CALLING: ClassVar[re.Pattern[str]]
    COMPLETION_BETTING_OR_RAISING: ClassVar[re.Pattern[str]]
    HOLE_CARDS_SHOWING: ClassVar[re.Pattern[str]]
    VARIABLES: ClassVar[dict[str, tuple[re.Pattern[str], Callable[[str], Any] | None]]]

    _ACTING: ClassVar[tuple[str, ...]] = ("ANTE_POSTING", "BLIND_OR_STRADDLE_POSTING", "FOLDING",
                                          "CHECKING_OR_CALLING", "COMPLETION_BETTING_OR_RAISING",
                                          "HOLE_CARDS_SHOWING")

    # -- the file ---------------------------------------------------------------------------

    def normalize(self, text: str) -> str:
        """The file's text as the patterns expect it (a room's quirk of layout is undone here)."""
        return text

    def hands(self, text: str) -> Iterator[tuple[int, str]]:
        """Each hand of ``text`` (already normalized): its offset and its text, up to the next hand."""
        starts = [m.start() for m in self.SIGNATURE.finditer(text)]
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(text)
            yield start, text[start:end].rstrip("\n") + "\n"

    def count(self, text: str) -> int:
        return sum(1 for _ in self.SIGNATURE.finditer(text))

    def peek(self, hand_text: str) -> tuple[set[str], set[str]]:
        """(the players, the hero) the hand names on lines of their own, without reading it."""
        players = {n.strip() for n in self.PEEK_PLAYER.findall(hand_text)}
        return players, {n.strip() for n in self.PEEK_HERO.findall(hand_text)}

    # -- one hand -----------------------------------------------------------------------------

    def variant(self, hand_text: str, source: str) -> str:
        """The game's PHH code; raises :class:`UnknownHeader` (another game, or a header not read)."""
        m = self.VARIANT.search(hand_text)
        head = "\n".join(hand_text[:4000].split("\n", 4)[:4])  # the header: its game is on its first lines
        if m is not None and m["variant"] in self.VARIANTS:
            short = _SHORT_DECK.search(head)
            if short is None:
                return self.VARIANTS[m["variant"]]
            raise UnknownHeader(source, next(x for x in head.split("\n") if short.group() in x).strip(), True)
        game = OTHER_GAME.search(head) or (self.OTHER_GAMES.search(head) if self.OTHER_GAMES else None)
        line = next((x for x in head.split("\n") if game and game.group() in x), None) or next(
            (x for x in head.split("\n") if "hold" in x.lower()), _first_line(hand_text))
        raise UnknownHeader(source, line.strip(), game is not None)

    def player_of(self, line: str) -> str | None:
        """The player a line of action names, with the pattern order pokerkit's parsers use."""
        for name in self._ACTING:
            pattern: re.Pattern[str] = getattr(self, name)
            if pattern.pattern != _NEVER and (m := pattern.search(line)):
                return str(m["player"])
        return None

    def seated(self, hand_text: str) -> list[str]:
        """The players who act, in the order they first act (deterministic, unlike a set)."""
        seen: dict[str, None] = {}
        for line in hand_text.splitlines():
            player = self.player_of(line)
            if player is not None:
                seen.setdefault(player, None)
        return list(seen)

    def raise_total(self, bets: dict[str, Any], player: str, amount: Any, line: str) -> Any:
        """The street total a «bets/raises» line reaches, by the room's ``RAISE`` convention."""
        if self.RAISE == "to":
            return amount
        if self.RAISE == "adds":
            return bets[player] + amount
        return max(bets.values(), default=0) + amount

    def cards(self, written: str) -> str:
        """The room's cards as PHH cards (``10h`` and ``h10`` rooms override); cards written otherwise
        (a client's translated suits) are refused in words, not with pokerkit's exception."""
        try:
            return "".join(map(repr, Card.parse(written.replace(",", " ").replace("10", "T"))))
        except ValueError:
            raise InvalidInput(N_("the cards «{cards}» cannot be read: a room writes a rank and a suit in "
                                  "English, as in As or Td."), cards=clip(written.strip(), 40)) from None

    def button_index(self, hand_text: str, players: list[str], seats: list[int],
                     blinds: dict[str, Any], source: str) -> int:
        """The index (in seat order) of the button: the room's button seat, else left of the blinds."""
        m = self.FINAL_SEAT.search(hand_text)
        if m is not None and int(m["final_seat"]) in seats:
            return self._before_the_blinds(seats.index(int(m["final_seat"])), players, blinds)
        if blinds:
            first = players.index(next(iter(blinds)))
            return first if len(players) == 2 else first - 1
        raise HandHistoryError(N_("{file}: the hand does not say which seat has the button."), file=source)

    @staticmethod
    def _before_the_blinds(index: int, players: list[str], blinds: dict[str, Any]) -> int:
        """The seat before the small blind when players dealt in sit between the written button and the
        blinds (a player who has just sat down, PartyPoker's and 888poker's clients): they act in their
        seats' order after the button, which is the order of a button on the last of them; an order the
        room did not follow is refused by the replay."""
        posts = list(blinds)
        if len(players) > 2 and len(posts) >= 2 and posts[0] in players and posts[1] in players:
            small, big = players.index(posts[0]), players.index(posts[1])
            if big == (small + 1) % len(players) and small != (index + 1) % len(players):
                return (small - 1) % len(players)
        return index

    def replay(self, hand_text: str, parse_value: ParseValue, source: str) -> tuple[RawHand, HandHistory]:
        """The hand read, replayed by the engine and checked against the room's summary (each room kind)."""
        raise NotImplementedError

    def number(self, written: str) -> str:
        """An amount as the room wrote it, in plain digits: the English clients' «$1,500.50» (a point is
        always the decimal one: «$0.125» is an eighth) and a Mac client's «$0,10 USD»; the rooms whose
        clients write «6 000» or «2.000 $» override it with :func:`local_number`."""
        digits = _NOT_DIGITS.sub("", written).rstrip(".,")  # «1,270.» ends a sentence
        if digits.count(".") > 1:  # «2.856.582»: a client set to a locale with points between thousands
            return digits.replace(".", "").replace(",", ".")
        if "." not in digits and "," in digits and len(digits.rsplit(",", 1)[1]) != 3:
            return digits.replace(",", ".")  # «0,10»: a decimal comma
        return digits.replace(",", "") or written

    def read(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        """The hand in PHH order; raises :class:`HandHistoryError` with the reason in words."""
        self.variant(hand_text, source)

        def value(written: str) -> Any:
            return parse_value(self.number(written))

        lines = hand_text.splitlines()
        seat_of: dict[str, int] = {}
        stack_of: dict[str, Any] = {}
        antes: defaultdict[str, Any] = defaultdict(int)
        blinds: dict[str, Any] = {}
        for line in lines:
            if m := self.SEATS.search(line):
                seat_of.setdefault(m["player"], int(m["seat"]))
            if m := self.STARTING_STACKS.search(line):
                stack_of.setdefault(m["player"], value(m["starting_stack"]))
            if self.ANTE_POSTING.pattern != _NEVER and (m := self.ANTE_POSTING.search(line)):
                antes[m["player"]] += value(m["ante"])
            elif m := self.BLIND_OR_STRADDLE_POSTING.search(line):
                blinds.setdefault(m["player"], value(m["blind_or_straddle"]))
        acting = self.seated(hand_text)
        for player in acting:
            if player not in seat_of or player not in stack_of:
                line = next((x for x in lines if self.player_of(x) == player), player)
                if self.JOINED is not None and any(
                        (m := self.JOINED.search(x)) and m["player"] == player for x in lines):
                    raise HandHistoryError(
                        N_("{file}: «{line}»: {player} sat down at the table during this hand and the {room} "
                           "client writes no seat line and no stack for him: without his stack the hand "
                           "cannot be replayed exactly."),
                        file=source, line=clip(line.strip(), 80), player=clip(player, 40), room=self.NAME)
                raise HandHistoryError(
                    N_("{file}: «{line}»: {player} acts but has no seat line with his stack: the hand is "
                       "incomplete or not in the {room} format."),
                    file=source, line=clip(line.strip(), 80), player=clip(player, 40), room=self.NAME)
        if not blinds and not any(antes.values()):
            raise HandHistoryError(
                N_("{file}: the hand posts no blind: the {room} format writes them, so the hand is "
                   "incomplete or in a variant of the format that is not read here."),
                file=source, room=self.NAME)
        if len(acting) < 2:
            raise HandHistoryError(N_("{file}: fewer than two players act in this hand: it is incomplete."),
                                   file=source)
        players = sorted(acting, key=seat_of.__getitem__)
        seats = [seat_of[p] for p in players]
        button = self.button_index(hand_text, players, seats, blinds, source)
        players = players[button + 1:] + players[:button + 1]
        blind_list = [blinds.get(p, 0) for p in players]
        blind_list[2:] = [-b for b in blind_list[2:]]  # pokerkit's mark of a blind posted out of turn
        ante_list = [antes[p] for p in players]
        if len(players) == 2:
            ante_list.reverse()
            blind_list.reverse()
        return RawHand(
            players=tuple(players), seats=tuple(seat_of[p] for p in players), antes=tuple(ante_list),
            blinds_or_straddles=tuple(blind_list), starting_stacks=tuple(stack_of[p] for p in players),
            actions=tuple(self.actions(lines, value, players)),
            variables=self.variables(hand_text, parse_value),
            winnings=self.collected(hand_text, value), rake=self.rake(hand_text, value),
            shows_written=self.HOLE_CARDS_SHOWING.pattern != _NEVER,
            final_stacks={} if self.FINAL_STACK is None else {
                m["player"]: Decimal(value(m["amount"])) for m in self.FINAL_STACK.finditer(hand_text)},
            cash_outs=self.cash_outs(lines, value, players, source),
            total_pot=None if self.TOTAL_POT is None or (pot := self.TOTAL_POT.search(hand_text)) is None
            else Decimal(value(pot["pot"])),
        )

    def cash_outs(self, lines: list[str], parse_value: ParseValue, players: list[str],
                  source: str) -> dict[str, Decimal]:
        """What the room paid each player who cashed out the hand (``CASH_OUT``), outside the pot."""
        paid: dict[str, Decimal] = {}
        if self.CASH_OUT is None:
            return paid
        for line in lines:
            if (m := self.CASH_OUT.search(line)) is None:
                continue
            if m["player"] not in players or m["player"] in paid:
                raise HandHistoryError(
                    N_("{file}: «{line}»: the cash-out names a player who is not in the hand, or one who "
                       "cashed out already."), file=source, line=clip(line.strip(), 80))
            paid[m["player"]] = Decimal(parse_value(m["amount"]))
        return paid

    def actions(self, lines: list[str], parse_value: ParseValue, players: list[str]) -> list[str]:
        """The PHH actions of the lines, in their order (the order of checks is pokerkit's)."""
        index = {p: k for k, p in enumerate(players)}
        bets: defaultdict[str, Any] = defaultdict(int)
        out: list[str] = []
        for line in lines:
            action = None
            if m := self.BLIND_OR_STRADDLE_POSTING.search(line):
                bets[m["player"]] = parse_value(m["blind_or_straddle"])
            elif self.HOLE_DEALING.pattern != _NEVER and (m := self.HOLE_DEALING.search(line)):
                if m["player"] in index:
                    action = f"d dh p{index[m['player']] + 1} {self.cards(m['cards'])}"
            elif m := self.BOARD_DEALING.search(line):
                action = f"d db {self.cards(m['cards'])}"
                bets.clear()
            elif m := self.FOLDING.search(line):
                action = f"p{index[m['player']] + 1} f"
            elif m := self.CHECKING_OR_CALLING.search(line):
                action = f"p{index[m['player']] + 1} cc"
                bets[m["player"]] = max(bets.values(), default=0)
            elif m := self.COMPLETION_BETTING_OR_RAISING.search(line):
                player = m["player"]
                top = max(bets.values(), default=0)
                bets[player] = self.raise_total(bets, player, parse_value(m["amount"]), line)
                action = (f"p{index[player] + 1} cc" if bets[player] <= top
                          else f"p{index[player] + 1} cbr {bets[player]}")
            elif self.HOLE_CARDS_SHOWING.pattern != _NEVER and (m := self.HOLE_CARDS_SHOWING.search(line)):
                action = f"p{index[m['player']] + 1} sm {self.cards(m['cards'])}"
            if action is not None:
                out.append(action)
        return out

    def variables(self, hand_text: str, parse_value: ParseValue) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, (pattern, parse) in getattr(self, "VARIABLES", {}).items():
            if (m := pattern.search(hand_text)) and key in m.groupdict():
                try:
                    found[key] = (parse or parse_value)(m[key])
                except (ValueError, TypeError, ArithmeticError, HandHistoryError):
                    continue  # a date or a table name the room wrote oddly is not a reason to refuse
        return found

    def collected(self, hand_text: str, parse_value: ParseValue) -> dict[str, Decimal] | None:
        if self.COLLECTED is None:
            return None
        won: defaultdict[str, Decimal] = defaultdict(Decimal)
        for line in hand_text.splitlines():
            if self.COLLECTED_LINE is None:
                parts = [line]
            elif head := self.COLLECTED_LINE.match(line):  # «… won by anna ($1.90), bruno ($1.90)»
                parts = [part + ")" for part in line[head.end():].removesuffix(")").split("), ")]
            else:
                continue
            for part in parts:
                if m := self.COLLECTED.search(part):
                    won[m["player"]] += Decimal(parse_value(m["winnings"]))
            if self.FORFEITED is not None and (m := self.FORFEITED.search(line)):
                won[m["player"]] += Decimal(parse_value(m["winnings"]))  # the share the room kept
        return dict(won)

    def rake(self, hand_text: str, parse_value: ParseValue) -> Decimal:
        """The rake the room wrote; else, for a room that writes none, the most a cash game's rake keeps."""
        m = None if self.RAKE is None else self.RAKE.search(hand_text)
        if m is not None:
            return Decimal(parse_value(m["rake"]))
        if not self.RAKE_IMPLIED or (self.TOURNAMENT is not None and self.TOURNAMENT.search(hand_text)):
            return Decimal(0)
        won = self.collected(hand_text, parse_value) or {}
        return Decimal(sum(won.values(), Decimal(0))) * self.RAKE_SHARE / (1 - self.RAKE_SHARE)


_NOT_DIGITS = re.compile(r"[^\d.,]")


def local_number(written: str) -> str:
    """An amount in any of the rooms' local spellings, as plain digits with a decimal point.

    «$1,379» and «2.000 $» and «6 000» are thousands (a separator followed by exactly three
    digits, or written more than once), «0,02 €» and «$0.02» are decimals; with both a comma and
    a point, the last one is the decimal separator («1.234,50 €»).
    """
    digits = _NOT_DIGITS.sub("", written)
    if "," in digits and "." in digits:
        decimal = "," if digits.rfind(",") > digits.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        return digits.replace(thousands, "").replace(decimal, ".")
    for sep in (",", "."):
        if sep in digits:
            last = digits.rsplit(sep, 1)[1]
            if digits.count(sep) > 1 or len(last) == 3:
                return digits.replace(sep, "")
            return digits.replace(sep, ".")
    return digits or written


def anchor(cls: type[Room]) -> type[Room]:
    """Anchor at the line's start the patterns that begin with the player's name (a class decorator).

    ``(?P<player>.+): folds`` searched in a line that does not match tries every start and
    backtracks over the rest of the line from each: the square of the line's length. The
    name starts the line in every text room's format, so ``^`` keeps each match and makes
    the search linear.
    """
    for name in ("ANTE_POSTING", "BLIND_OR_STRADDLE_POSTING", "FOLDING", "CHECKING_OR_CALLING",
                 "COMPLETION_BETTING_OR_RAISING", "HOLE_CARDS_SHOWING", "SEATS", "STARTING_STACKS"):
        pattern: re.Pattern[str] = getattr(cls, name)
        if pattern.pattern.startswith("(?P<player>.+)"):
            setattr(cls, name, re.compile("^" + pattern.pattern, pattern.flags))
    return cls
