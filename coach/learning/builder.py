"""«Crea una mano»: a hand a player remembers from a live table, entered step by step.

Why a module of its own, with no Streamlit: the builder is a small state machine
(set-up -> legal actions -> apply -> PHH text) whose every step the engine judges, and
it must be testable by itself (every built hand replays to the same stacks; undo gives
back the state before). The state is a frozen :class:`Build`: the set-up plus the
steps entered so far. The engine's :class:`Hand` is rebuilt from them on demand, so
«undo» is dropping the last step, and a refused step raises before any new state
exists: the caller keeps the old one, untouched.

Unknown cards: the engine deals in manual mode, where a seat's hole cards may be
unknown (PHH ``????``). The hero's cards must be known (the coach grades the hero's
decisions); any other seat's cards may be given or left unknown. At the showdown a seat
with unknown cards may muck, or show cards typed then (cards that are nowhere else).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from coach.cards import Card, parse_cards
from coach.engine import Hand, TableConfig
from coach.engine.phh import HandHistory, dump_phh
from coach.errors import CoachError, IllegalAction, InvalidInput
from coach.i18n import N_
from coach.learning.judge import judge
from coach.learning.verdict import Verdict
from coach.limits import MAX_AMOUNT_DIGITS, MAX_AMOUNT_UNITS, MAX_PLAYERS, MIN_PLAYERS, clip

__all__ = ["HERO_FIELD", "Build", "BuildStep", "Phase", "Setup", "StepKind", "board_size", "coach_grades",
           "hero_decisions", "make_setup", "parse_known_cards"]

StepKind = Literal["fold", "check", "call", "bet", "raise", "all_in", "board", "show", "muck"]
Phase = Literal["action", "board", "showdown", "complete"]
PLAYER_KINDS: tuple[str, ...] = ("fold", "check", "call", "bet", "raise", "all_in")
HERO_FIELD = "_hero"  # PHH user-defined field (a leading underscore): the hero's player number


@dataclass(frozen=True)
class Setup:
    """The table before the deal: seats in clockwise order, the button, the forced bets, the cards.

    ``hole[seat]`` is the seat's two cards, or None when unknown (never None for the hero).
    """

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int
    hero: int
    hole: tuple[tuple[Card, Card] | None, ...]

    def config(self) -> TableConfig:
        return TableConfig(names=self.names, stacks=self.stacks, button=self.button,
                           small_blind=self.small_blind, big_blind=self.big_blind, ante=self.ante)


@dataclass(frozen=True)
class BuildStep:
    """One entered step: a player's action (the player to act), the next board cards, or a showdown."""

    kind: StepKind
    amount: int | None = None  # bet/raise: the "to" total on this street
    cards: tuple[Card, ...] = ()  # board cards, or the cards an unknown hand shows
    seat: int | None = None  # show/muck: the seat
    face_down: bool = False  # show: an unknown hand shown without its cards (PHH ``????``)


def parse_known_cards(text: str, count: int, what: str) -> tuple[Card, ...]:
    """``"AsKd"`` or ``"As Kd"`` -> exactly ``count`` cards; anything else is refused in words."""
    if not isinstance(text, str):
        raise InvalidInput(N_("{what}: '{text}' is not a list of cards such as AsKd."), what=what,
                           text=clip(text))
    compact = "".join(text.split())
    if len(compact) != 2 * count:
        raise InvalidInput(N_("{what}: write exactly {count} cards, such as AsKd (here: '{text}')."),
                           what=what, count=count, text=clip(text))
    try:
        cards = parse_cards([compact[i:i + 2] for i in range(0, len(compact), 2)])
    except InvalidInput as err:
        raise InvalidInput(N_("{what}: {problem}"), what=what, problem=err.message) from err
    return tuple(cards)


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: «²» and «١٢» are digits to str.isdigit


def _whole(value: object, low: int, msgid: str, **params: object) -> int:
    """A whole number of chips of at least ``low`` (a form's text or a number), else ``msgid``.

    Why the digits are counted before ``int``: a 5,000-digit stack made ``int`` raise past Python's
    4,300-digit limit, and the page crashed; any amount longer than the engine's largest
    (:data:`~coach.limits.MAX_AMOUNT_UNITS`) is refused in words before it is converted.
    """
    if isinstance(value, str) and _DIGITS.fullmatch(text := value.strip()):
        digits = text.lstrip("0") or "0"
        if len(digits) > MAX_AMOUNT_DIGITS or int(digits) > MAX_AMOUNT_UNITS:
            raise InvalidInput(N_("'{value}' is too large: at most {limit} chips."), value=clip(text, 24),
                               limit=MAX_AMOUNT_UNITS)
        value = int(digits)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidInput(msgid, value=clip(value), **params)
    if value > MAX_AMOUNT_UNITS:
        raise InvalidInput(N_("'{value}' is too large: at most {limit} chips."), value=clip(value, 24),
                           limit=MAX_AMOUNT_UNITS)
    return value


def make_setup(names: Sequence[str], stacks: Sequence[object], *, button: int, small_blind: object,
               big_blind: object, ante: object, hero: int, hero_cards: str,
               known: Mapping[int, str] | None = None) -> Setup:
    """The set-up form's values, checked: a bad field raises :class:`InvalidInput` naming it.

    ``known`` maps other seats to their cards as typed (blank: unknown).
    """
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidInput(N_("A table seats {low} to {high} players, not {count}."),
                           low=MIN_PLAYERS, high=MAX_PLAYERS, count=n)
    clean = tuple(str(x).strip() for x in names)
    if len(stacks) != n:
        raise InvalidInput(N_("Give one stack per player."))
    chips = tuple(_whole(s, 1, N_("The stack of {name} must be a whole number of chips above zero, "
                                  "not '{value}'."), name=clean[i] or str(i + 1))
                  for i, s in enumerate(stacks))
    sb = _whole(small_blind, 0, N_("The small blind must be a whole number of chips, not '{value}'."))
    bb = _whole(big_blind, 1, N_("The big blind must be a whole number of chips above zero, not '{value}'."))
    an = _whole(ante, 0, N_("The ante must be a whole number of chips, zero or more, not '{value}'."))
    if isinstance(hero, bool) or not isinstance(hero, int) or not 0 <= hero < n:
        raise InvalidInput(N_("Choose your seat among the players."))
    hole: list[tuple[Card, Card] | None] = [None] * n
    mine = parse_known_cards(hero_cards, 2, clean[hero] or str(hero + 1))
    hole[hero] = (mine[0], mine[1])
    for seat, text in (known or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < n or seat == hero or not str(text).strip():
            continue
        theirs = parse_known_cards(str(text), 2, clean[seat])
        hole[seat] = (theirs[0], theirs[1])
    every = [str(c) for pair in hole if pair is not None for c in pair]
    parse_cards(every)  # a card given twice is refused, with its name
    setup = Setup(clean, chips, button, sb, bb, an, hero, tuple(hole))
    setup.config()  # the engine's own checks: names, stacks, blinds, the button
    return setup


def board_size(board: Sequence[Card]) -> int:
    """How many cards the next street deals: 3 (flop), then 1 (turn, river)."""
    return 3 if not board else 1


@dataclass(frozen=True)
class Build:
    """A hand being built: the set-up and the steps entered so far (each one accepted by the engine)."""

    setup: Setup
    steps: tuple[BuildStep, ...] = ()

    @classmethod
    def start(cls, setup: Setup) -> Build:
        build = cls(setup)
        build.hand()  # the engine accepts the table and the cards
        return build

    def hand(self) -> Hand:
        """The engine's hand after every step (rebuilt: the engine's hand is mutable, the build is not)."""
        config = self.setup.config()
        hand = Hand.start(config, dealing="manual")
        for pos in range(config.n_seats):
            seat = config.seat_of(pos)
            hand.deal_hole(seat, self.setup.hole[seat])
        for step in self.steps:
            _apply(hand, step)
        return hand

    def phase(self, hand: Hand | None = None) -> Phase:
        hand = hand if hand is not None else self.hand()
        if hand.is_complete:
            return "complete"
        if hand.actor is not None:
            return "action"
        if hand.street == "showdown":
            return "showdown"
        return "board"

    def apply(self, step: BuildStep) -> Build:
        """The build with ``step`` added; the engine's refusal (:class:`IllegalAction` with its rule,
        or :class:`InvalidInput`) is raised instead, and this build is unchanged."""
        new = replace(self, steps=(*self.steps, step))
        new.hand()
        return new

    def undo(self) -> Build:
        """The build without its last step (the set-up alone stays as it is)."""
        return replace(self, steps=self.steps[:-1])

    def showdown_seat(self, hand: Hand | None = None) -> int | None:
        """The seat that must show or muck now (None outside the showdown): the first, in the
        engine's order, for which the engine accepts a show or a muck."""
        hand = hand if hand is not None else self.hand()
        if self.phase(hand) != "showdown":
            return None
        config = hand.config
        for pos in range(config.n_seats):
            seat = config.seat_of(pos)
            if self.showdown_options(seat, hand):
                return seat
        return None  # pragma: no cover - the engine always names one at the showdown

    def showdown_options(self, seat: int, hand: Hand | None = None) -> tuple[BuildStep, ...]:
        """What the engine accepts from ``seat`` now: show the known cards, show face down (unknown
        cards, PHH ``????``), muck. Showing typed cards for an unknown hand is checked when applied."""
        hand = hand if hand is not None else self.hand()
        out: list[BuildStep] = []
        if self.setup.hole[seat] is not None:
            if hand.can_show_or_muck(seat, show=True):
                out.append(BuildStep("show", seat=seat))
        elif hand.can_show_or_muck(seat, "????"):
            out.append(BuildStep("show", seat=seat, face_down=True))
        if hand.can_show_or_muck(seat):
            out.append(BuildStep("muck", seat=seat))
        return tuple(out)

    def to_draft(self) -> str:
        """The build as a small JSON text (the set-up and the steps), kept in the database so a reload
        of the page does not lose a half-built hand (:meth:`from_draft` reads it back)."""
        s = self.setup
        data = {"v": 1, "names": list(s.names), "stacks": list(s.stacks), "button": s.button,
                "small_blind": s.small_blind, "big_blind": s.big_blind, "ante": s.ante, "hero": s.hero,
                "hole": [None if pair is None else "".join(map(str, pair)) for pair in s.hole],
                "steps": [{"kind": x.kind, "amount": x.amount, "cards": "".join(map(str, x.cards)),
                           "seat": x.seat, "face_down": x.face_down} for x in self.steps]}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_draft(cls, text: str) -> Build:
        """A build read back from :meth:`to_draft`; every value checked again (the set-up form's checks,
        then the engine replaying each step): a draft that does not replay raises :class:`CoachError`."""
        try:
            data = json.loads(text)
            hole = data["hole"]
            known = {k: str(c) for k, c in enumerate(hole) if c and k != data["hero"]}
            setup = make_setup(data["names"], [str(x) for x in data["stacks"]], button=int(data["button"]),
                               small_blind=str(data["small_blind"]), big_blind=str(data["big_blind"]),
                               ante=str(data["ante"]), hero=data["hero"], hero_cards=str(hole[data["hero"]]),
                               known=known)
            build = cls.start(setup)
            for x in data["steps"]:
                kinds: dict[str, StepKind] = {k: k for k in ("fold", "check", "call", "bet", "raise",
                                                             "all_in", "board", "show", "muck")}
                kind = kinds.get(str(x["kind"]))
                if kind is None:
                    raise InvalidInput(N_("The draft of the hand cannot be read back."))
                cards = parse_cards([x["cards"][i:i + 2] for i in range(0, len(x["cards"]), 2)])
                amount = x["amount"]
                build = build.apply(BuildStep(
                    kind, None if amount is None else _whole(str(amount), 1, N_(
                        "The draft of the hand cannot be read back.")),
                    tuple(cards), None if x["seat"] is None else int(x["seat"]), bool(x["face_down"])))
            return build
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
            if isinstance(exc, CoachError):
                raise
            raise InvalidInput(N_("The draft of the hand cannot be read back.")) from None

    def phh(self) -> str:
        """The hand as PHH text (the players' names as typed; ``_hero``: the hero's PHH player number,
        a user-defined field, so the coach knows whose decisions to grade when the hand is opened)."""
        config = self.setup.config()
        meta: dict[str, Any] = {HERO_FIELD: config.position_of(self.setup.hero) + 1}
        return dump_phh(self.hand(), **meta)


def hero_decisions(history: HandHistory) -> list[tuple[Hand, str]]:
    """The hero's decisions of a saved hand: the hand just before each one and its PHH code.

    The hero is the file's ``_hero`` field (written by :meth:`Build.phh`); none: no decisions.
    """
    hero = history.extra.get(HERO_FIELD)
    if isinstance(hero, bool) or not isinstance(hero, int) or not 1 <= hero <= history.player_count:
        return []
    out: list[tuple[Hand, str]] = []
    for k, action in enumerate(history.actions):
        if action.seat == hero - 1 and action.kind in ("fold", "check_call", "bet_raise"):
            before = replace(history, actions=history.actions[:k], finishing_stacks=None)
            out.append((before.replay(require_complete=False), action.code(history.scale)))
    return out


def coach_grades(history: HandHistory) -> list[tuple[str, str, int | None, Verdict]]:
    """The coach's verdict on each of the hero's decisions, in order: (street, kind, amount, verdict),
    the kind in words' terms (a ``cc`` facing nothing is a check, a ``cbr`` facing nothing a bet)."""
    out: list[tuple[str, str, int | None, Verdict]] = []
    for hand, code in hero_decisions(history):
        legal = hand.legal_actions()
        words = code.split()
        amount = int(words[2]) if len(words) > 2 and words[2].isdigit() else None
        if words[1] == "cbr":
            kind = "bet" if legal.to_match == 0 else "raise"
        else:
            kind = {"f": "fold", "cc": "check" if legal.can_check else "call"}.get(words[1], words[1])
        out.append((hand.street, kind, amount, judge(hand, code)))
    return out


def _apply(hand: Hand, step: BuildStep) -> None:
    """One step on the engine; refusals raise and, the engine being strict, change nothing."""
    match step.kind:
        case "fold":
            hand.fold()
        case "check":
            hand.check()
        case "call":
            hand.call()
        case "bet" | "raise":
            if step.amount is None:
                raise InvalidInput(N_("A bet or raise needs the amount it goes to."))
            hand.bet_or_raise_to(step.amount)
        case "all_in":
            hand.all_in()
        case "board":
            hand.deal_board(step.cards)
        case "show":
            if step.seat is None:
                raise InvalidInput(N_("Say who shows."))
            if step.face_down:
                hand.show_or_muck(step.seat, "????")
            elif step.cards:
                hand.show_or_muck(step.seat, step.cards)
            else:
                hand.show_or_muck(step.seat, show=True)
        case "muck":
            if step.seat is None:
                raise InvalidInput(N_("Say who mucks."))
            hand.show_or_muck(step.seat)
        case _:
            raise IllegalAction("unknown_action", N_("Unknown action '{kind}'."), rule="R07",
                                kind=clip(step.kind))
