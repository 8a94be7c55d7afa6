"""Where the chips went: a session's decisions summed by street, position and grade, and its leaks.

A leak is a kind of decision on a street (``river_call`` on the river, ``vs_open``
preflop...) where the hero's decisions are graded «imprecisa» or worse (a «buona»
that lost a little is no leak): the three that cost most EV (then the most
flawed decisions, for the chart-graded preflop spots that measure none) are named with
an explanation in the reader's language (a sentence on the spot, one on the
direction of the mistakes: too loose, too tight, too passive, too aggressive)
and their costliest examples. Everything here is pure and JSON-ready, so the
job stores it and the page, the command line and the tests read the same thing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from coach.i18n import N_, Amount, Decimal, Message
from coach.review.session import ReviewedDecision, SessionReview
from coach.textsafe import UserText

__all__ = [
    "GRADES",
    "KINDS",
    "STREETS",
    "Leak",
    "action_words",
    "best_words",
    "hand_name",
    "kind_label",
    "leaks",
    "summarize",
]

STREETS = ("preflop", "flop", "turn", "river")
GRADES = ("ottima", "buona", "imprecisa", "errore", "errore grave")
MISTAKES = frozenset({"errore", "errore grave"})
FLAWED = frozenset({"imprecisa", *MISTAKES})  # what a leak is made of: «imprecisa» and worse

KINDS: dict[str, str] = {
    "open": N_("open"),
    "limped": N_("limped pot"),
    "3bet": N_("3-bet"),
    "4bet": N_("4-bet"),
    "vs_open": N_("facing an open"),
    "vs_3bet": N_("facing a 3-bet"),
    "cbet": N_("c-bet"),
    "bet": N_("bet"),
    "vs_bet": N_("facing a bet"),
    "river_call": N_("river call"),
}

# What the spot asks of the player, one sentence per kind.
_SPOT: dict[str, str] = {
    "open": N_("Opening: which hands to raise first from each position, and which to fold."),
    "limped": N_("Limped pots: with the option in the big blind, raise the strong hands and check the rest."),
    "3bet": N_(
        "3-bets: re-raise for value with the best hands and a few blockers, not with every good hand."),
    "4bet": N_("4-bets: at this size of pot only the strongest hands and a few bluffs continue."),
    "vs_open": N_(
        "Facing an open: call or 3-bet with the hands the chart gives your position, fold the rest."),
    "vs_3bet": N_("Facing a 3-bet: continue with the hands that play well in a big pot, fold the others."),
    "cbet": N_("Continuation bets: bet when the board favours your range, check when it does not."),
    "bet": N_("Betting first: bet when your hand or your draws earn it, check otherwise."),
    "vs_bet": N_("Facing a bet: compare the price of the call with your equity before you continue."),
    "river_call": N_("River calls: call when you win more often than the pot odds ask, fold otherwise."),
}

_DIRECTION: dict[str, str] = {
    "loose": N_("Most of these mistakes continue where folding was better."),
    "tight": N_("Most of these mistakes fold where continuing was better."),
    "passive": N_("Most of these mistakes check or call where betting or raising earned more."),
    "aggressive": N_("Most of these mistakes bet or raise where a quieter choice was better."),
    "size": N_("Most of these mistakes choose the right action with the wrong size."),
}

_WORDS = {"fold": N_("fold"), "check": N_("check"), "call": N_("call"), "all_in": N_("all-in")}
_BET = N_("bet {amount} bb")
_RAISE = N_("raise to {amount} bb")
_ALL_IN = N_("all-in {amount} bb")
_MONEY = N_("{amount} ({money})")
_CURRENCY = N_("{amount} {currency}")
_ROOM_HAND = N_("hand #{number} ({file}, line {line})")
_FILE_HAND = N_("hand {n} ({file})")
_FILE_ONLY = N_("the hand of {file}")


def kind_label(kind: str) -> Message:
    return Message(KINDS.get(kind, kind))


def _money(d: ReviewedDecision, amount_bb: float) -> Message:
    chips = Amount(round(amount_bb * d.big_blind), d.scale)
    if not d.currency:
        return Message("{amount}", {"amount": chips})
    return Message(_CURRENCY, {"amount": chips, "currency": d.currency})


def _words(d: ReviewedDecision, kind: str, amount_bb: float | None) -> Message:
    """An action in big blinds («raise a 2,5 bb»), with its money in parentheses when the hand was
    played for money («raise a 2,5 bb (0,05 USD)»); action names stay English, as poker players say them."""
    if kind in ("bet", "raise", "all_in") and amount_bb is not None:
        words = Message(_BET if kind == "bet" else _RAISE if kind == "raise" else _ALL_IN,
                        {"amount": Decimal(amount_bb, 1)})
        if d.in_money and d.big_blind:
            return Message(_MONEY, {"amount": words, "money": _money(d, amount_bb)})
        return words
    return Message(_WORDS.get(kind, kind))


def action_words(d: ReviewedDecision) -> Message:
    """The hero's action in words («raise a 2,5 bb», «call»)."""
    return _words(d, d.action_kind, d.action_bb)


def best_words(d: ReviewedDecision) -> Message:
    return _words(d, d.best_kind, d.best_bb)


def hand_name(d: ReviewedDecision) -> Message:
    """How the player finds the hand in his own file: the room's hand number and the line where it
    starts («mano #1000003 (ps.txt, riga 52)»), a PHH file's section («mano 12 (s.phhs)»), or a file of
    one hand («la mano di 19.phh»)."""
    file, sep, line = d.source.rpartition(":")
    if d.room_hand is not None and sep and line.isdigit():
        return Message(_ROOM_HAND, {"number": UserText(d.room_hand), "file": UserText(file),
                                    "line": line})  # a line number, not a quantity: no grouping
    name, bracket, key = d.source.partition("[")
    if bracket and key.endswith("]"):
        return Message(_FILE_HAND, {"n": UserText(key[:-1]), "file": UserText(name)})
    return Message(_FILE_ONLY, {"file": UserText(d.source)})  # a file of one hand: its name says it


def _direction(d: ReviewedDecision) -> str | None:
    taken, best = d.action_kind, d.best_kind
    aggressive = {"bet", "raise", "all_in"}
    if taken == best:
        return "size" if taken in aggressive else None
    if taken == "fold":
        return "tight"
    if best == "fold":
        return "loose" if taken not in aggressive else "aggressive"
    if taken in aggressive:
        return "aggressive" if best not in aggressive else "size"
    return "passive" if best in aggressive else None


@dataclass(frozen=True)
class Leak:
    kind: str
    street: str
    count: int  # decisions of this kind on this street
    mistakes: int  # of them graded «imprecisa» or worse
    ev_lost_bb: float
    direction: str | None
    examples: tuple[ReviewedDecision, ...]

    def title(self) -> Message:
        return Message(N_("{kind} on the {street}: {ev} bb lost; imprecise or worse: {mistakes} of {count} "
                          "decisions."),
                       {"kind": kind_label(self.kind), "street": self.street, "mistakes": self.mistakes,
                        "count": self.count, "ev": Decimal(self.ev_lost_bb, 1)})

    def explanation(self) -> Message:
        spot = Message(_SPOT.get(self.kind, N_("Look again at these spots.")))
        if self.direction is None:
            return spot
        return Message(N_("{spot} {direction}"),
                       {"spot": spot, "direction": Message(_DIRECTION[self.direction])})


def leaks(decisions: Sequence[ReviewedDecision], top: int = 3) -> list[Leak]:
    """The ``top`` groups (kind × street) that cost most, among those with a decision graded «imprecisa»
    or worse: EV lost, then the flawed decisions."""
    groups: dict[tuple[str, str], list[ReviewedDecision]] = defaultdict(list)
    for d in decisions:
        groups[(d.kind, d.street)].append(d)
    found: list[Leak] = []
    for (kind, street), items in groups.items():
        bad = [d for d in items if d.grade in FLAWED]
        if not bad:
            continue
        ev = round(sum(d.loss for d in items), 2)
        dirs = Counter(x for x in (_direction(d) for d in bad) if x is not None)
        direction = dirs.most_common(1)[0][0] if dirs else None
        examples = tuple(sorted(bad, key=lambda d: (-d.loss, -GRADES.index(d.grade)))[:3])
        found.append(Leak(kind, street, len(items), len(bad), ev, direction, examples))
    found.sort(key=lambda x: (-x.ev_lost_bb, -x.mistakes,
                              STREETS.index(x.street) if x.street in STREETS else 9))
    return found[:top]


def summarize(review: SessionReview) -> dict[str, Any]:
    """The JSON-ready summary: EV lost by street and position, grades in session order, counts."""
    by_street = {s: 0.0 for s in STREETS}
    by_position: dict[str, float] = defaultdict(float)
    grades = Counter(d.grade for d in review.decisions)
    for d in review.decisions:
        by_street[d.street] = round(by_street.get(d.street, 0.0) + d.loss, 2)
        by_position[d.position] = round(by_position[d.position] + d.loss, 2)
    ordered = sorted(review.decisions, key=lambda d: (d.hand, d.step))
    return {
        "hero": review.hero,
        "hands": review.hands,
        "decisions": len(review.decisions),
        "ev_lost_bb": round(sum(d.loss for d in review.decisions), 2),
        "mistakes": sum(1 for d in review.decisions if d.grade in MISTAKES),
        "by_street": by_street,
        "by_position": dict(by_position),
        "grades": {g: grades.get(g, 0) for g in GRADES},
        "timeline": [[d.hand, d.grade] for d in ordered],
        "refused": [{"hand": r.hand, "source": r.source, "reason": r.reason, "status": r.status}
                    for r in review.refused],
        "skipped": review.skipped,
    }


def to_json(review: SessionReview) -> dict[str, Any]:
    """What the job stores: the decisions (biggest loss first), the summary and the three leaks' keys."""
    return {
        "summary": summarize(review),
        "decisions": [d.to_dict() for d in review.decisions],
        "leaks": [{"kind": x.kind, "street": x.street, "count": x.count, "mistakes": x.mistakes,
                   "ev_lost_bb": x.ev_lost_bb, "direction": x.direction,
                   "examples": [e.to_dict() for e in x.examples]} for x in leaks(review.decisions)],
    }


def leak_from_json(data: dict[str, Any]) -> Leak:
    return Leak(str(data["kind"]), str(data["street"]), int(data["count"]), int(data["mistakes"]),
                float(data["ev_lost_bb"]), data.get("direction"),
                tuple(ReviewedDecision.from_dict(e) for e in data.get("examples", ())))
