"""A seeded fuzzer of the engine's public API: every verb, the dealer's verbs, wrong types.

Shared by ``tests/hostile/test_fuzz.py`` (a suite-sized run) and
``benchmarks/bench_hostile.py`` (100,000+ calls). Each call draws its arguments
from a mix of sensible values (so hands really progress to the showdown, in auto
and manual dealing) and hostile ones: seats as ``True``, ``0.0``, ``"0"``, ``7``
or ``-1``, numpy integers, amounts of ``10**30``, cards dealt twice, shown cards
that differ from the dealt ones, garbage strings. After every call:

- the only exceptions allowed are the project's typed errors
  (:class:`~coach.errors.InvalidInput`, :class:`~coach.errors.IllegalAction`);
  anything else is counted as a *leaked* exception type;
- a refused call leaves ``hand.snapshot()`` and ``pickle.dumps(hand)`` unchanged;
- chips are conserved, and no card is anywhere twice (hole cards, board);
- once a hand is over, every shown hand equals its dealt cards where they were known.
"""

from __future__ import annotations

import pickle
import random
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from coach.cards import ALL_CARDS
from coach.engine import Hand, TableConfig, parse_code
from coach.errors import IllegalAction, InvalidInput

TYPED = (InvalidInput, IllegalAction)


@dataclass
class FuzzReport:
    calls: int = 0
    refused: int = 0
    hands: int = 0
    completed: int = 0
    leaked: Counter[str] = field(default_factory=Counter)
    changed_on_refusal: int = 0
    broken_invariants: int = 0
    examples: list[str] = field(default_factory=list)

    def note(self, kind: str, text: str) -> None:
        if len(self.examples) < 10:
            self.examples.append(f"{kind}: {text}")


def _hostile_int(rng: random.Random) -> Any:
    return rng.choice([True, False, 0.0, 1.5, "0", "1", None, -1, -10**30, 10**30, 10**19, 7, 23,
                       np.int64(1), np.int32(0), [0], {"seat": 0}, b"0", float("nan"), float("inf")])


def _hostile_cards(rng: random.Random) -> Any:
    return rng.choice(["", "As", "AsAs", "AsKsQs", "XxYy", "????", "??As", "10h10d", "A♠K♥", 5, None,
                       ["As", 3], [ALL_CARDS[0], ALL_CARDS[1]], {"As", "Kd"}, b"AsKs", "As" * 5000,
                       "p1 cbr 4", 1.0])


class _Driver:
    """One hand and the fuzzing of its verbs."""

    def __init__(self, rng: random.Random, report: FuzzReport) -> None:
        self.rng = rng
        self.report = report

    # -- one call, judged ------------------------------------------------------
    def call(self, hand: Hand | None, fn: Callable[[], Any], label: str) -> tuple[bool, Any]:
        r = self.report
        r.calls += 1
        before = hand.snapshot() if hand is not None else None
        raw = pickle.dumps(hand) if hand is not None else b""
        try:
            value = fn()
        except TYPED:
            r.refused += 1
            if hand is not None and (hand.snapshot() != before or pickle.dumps(hand) != raw):
                r.changed_on_refusal += 1
                r.note("changed", label)
            return False, None
        except Exception as exc:
            r.leaked[type(exc).__name__] += 1
            r.note("leaked", f"{label}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}")
            return False, None
        if hand is not None:
            self.check(hand, label)
        return True, value

    def check(self, hand: Hand, label: str) -> None:
        problems = []
        start = sum(hand.config.stacks)
        if hand.is_complete:
            if hand.result is None or sum(hand.result.finishing_stacks) != start:
                problems.append("chips")
        elif sum(hand.stacks) + hand.pot_total != start or min(hand.stacks) < 0:
            problems.append("chips")
        seen = list(hand.board)
        for seat in range(hand.config.n_seats):
            cards = hand.hole_cards(seat)
            if cards:
                seen += list(cards)
        if len(seen) != len(set(seen)):
            problems.append("card twice")
        if problems:
            self.report.broken_invariants += 1
            self.report.note("invariant", f"{label}: {problems}")

    # -- arguments -------------------------------------------------------------
    def seat(self, hand: Hand) -> Any:
        if self.rng.random() < 0.8:
            return self.rng.randrange(hand.config.n_seats)
        return _hostile_int(self.rng)

    def free_cards(self, hand: Hand, k: int) -> str:
        used = set(hand.board)
        for s in range(hand.config.n_seats):
            used |= set(hand.hole_cards(s) or ())
        free = [c for c in ALL_CARDS if c not in used]
        return "".join(str(c) for c in self.rng.sample(free, min(k, len(free))))

    def cards(self, hand: Hand, k: int) -> Any:
        roll = self.rng.random()
        if roll < 0.75:
            return self.free_cards(hand, k)
        if roll < 0.9:  # a card already out somewhere
            out = list(hand.board)
            out += [c for s in range(hand.config.n_seats) for c in (hand.hole_cards(s) or ())]
            if out:
                return "".join(str(self.rng.choice(out)) for _ in range(k))
        return _hostile_cards(self.rng)

    def amount(self, hand: Hand) -> Any:
        legal = hand.legal_actions()
        roll = self.rng.random()
        if roll < 0.6 and legal.min_raise_to is not None and legal.max_raise_to is not None:
            return self.rng.randint(legal.min_raise_to, legal.max_raise_to)
        if roll < 0.8:
            return self.rng.randint(1, 400)
        return _hostile_int(self.rng)

    # -- a hand -----------------------------------------------------------------
    def config(self) -> TableConfig | None:
        rng = self.rng
        n = rng.choice([2, 2, 3, 4, 6, 9, 10, 22])
        bb = rng.randint(1, 10)
        kwargs: dict[str, Any] = dict(
            names=tuple(f"P{i}" for i in range(n)),
            stacks=tuple(rng.choice([rng.randint(1, 4 * bb), rng.randint(1, 300)]) for _ in range(n)),
            button=rng.randrange(n), small_blind=rng.randint(0, bb), big_blind=bb,
            ante=rng.choice([0, 0, 1]), structure=rng.choice(["NL", "NL", "PL", "FL"]))
        if rng.random() < 0.25:  # one hostile field
            key = rng.choice(list(kwargs))
            kwargs[key] = rng.choice([
                _hostile_int(rng), (), ("A", "A"), ("", "B"), tuple(f"P{i}" for i in range(23)),
                ("x" * 100, "y"), (1, 2), (10**30, 5), "NL", "XL", [100, 100]])
        ok, cfg = self.call(None, lambda: TableConfig(**kwargs), "TableConfig")
        return cfg if ok else None

    def play(self) -> None:
        rng = self.rng
        cfg = self.config()
        if cfg is None:
            return
        manual = rng.random() < 0.5
        presets: Any = None
        if not manual and rng.random() < 0.3:
            key = self.seat_like(cfg)
            key = key if isinstance(key, int | float | str | bytes | None) else repr(key)  # a dict key
            presets = {key: _hostile_cards(rng) if rng.random() < 0.5 else "AsKs"}
        seed = rng.choice([rng.randrange(10**6), rng.randrange(10**6), -1, 1.5, "x", None])
        ok, hand = self.call(None, lambda: Hand.start(cfg, seed=seed, dealing="manual" if manual else "auto",
                                                      hole_cards=presets), "Hand.start")
        if not ok:
            return
        self.report.hands += 1
        for _ in range(300):
            try:  # reading the hand (actor, legal actions) must not fail either
                if hand.is_complete:
                    break
                self.step(hand, manual)
            except Exception as exc:
                self.report.leaked[type(exc).__name__] += 1
                self.report.note("leaked", f"reading the hand: {type(exc).__name__}: {exc}")
                return
        if hand.is_complete:
            self.report.completed += 1
            self.check_showdown(hand)

    def seat_like(self, cfg: TableConfig) -> Any:
        return self.rng.randrange(cfg.n_seats) if self.rng.random() < 0.7 else _hostile_int(self.rng)

    def check_showdown(self, hand: Hand) -> None:
        assert hand.result is not None
        for shown in hand.result.shown:
            dealt = [e for e in hand.events if type(e).__name__ == "HoleDealt" and e.seat == shown.seat]
            if dealt and dealt[0].cards is not None and set(dealt[0].cards) != set(shown.cards):
                self.report.broken_invariants += 1
                self.report.note("showdown", f"seat {shown.seat} dealt {dealt[0].cards} showed {shown.cards}")

    def step(self, hand: Hand, manual: bool) -> None:
        rng = self.rng
        verbs: list[tuple[str, Callable[[], Any]]] = []
        seat = self.seat(hand)
        actor = hand.actor
        if actor is not None and rng.random() < 0.7:
            seat = actor if rng.random() < 0.85 else seat
        amount = self.amount(hand)
        verbs += [
            ("fold", lambda: hand.fold(seat)), ("check", lambda: hand.check(seat)),
            ("call", lambda: hand.call(seat)), ("check_or_call", lambda: hand.check_or_call(seat)),
            ("all_in", lambda: hand.all_in(seat)),
            ("bet_or_raise_to", lambda: hand.bet_or_raise_to(amount, seat)),
            ("can_bet_or_raise_to", lambda: hand.can_bet_or_raise_to(amount, seat)),
            ("verify_call", lambda: hand.verify_call(seat)), ("can_fold", lambda: hand.can_fold(seat)),
            ("explain", lambda: hand.legal_actions().explain(rng.choice(["bet", "raise", "x", 3]), amount)),
            ("hole_cards", lambda: hand.hole_cards(seat)), ("in_hand", lambda: hand.in_hand(seat)),
            ("is_all_in", lambda: hand.is_all_in(seat)), ("pots", hand.pots),
            ("apply_code", lambda: hand.apply_code(self.code(hand), scale=rng.choice([1, 1, 1, 100, 3, 0]))),
        ]
        if manual or rng.random() < 0.1:
            hole = self.cards(hand, 2) if rng.random() < 0.9 else rng.choice([None, "????"])
            board_count = rng.choice([3, 1, 1, 2, 5])
            board = self.cards(hand, board_count)
            held = ["".join(str(c) for c in (hand.hole_cards(s) or ())) for s in range(hand.config.n_seats)]
            shown = rng.choice([None, "????", self.cards(hand, 2), *[h or None for h in held]])
            show = rng.choice([None, True, False, 1, "yes"])
            verbs += [
                ("deal_hole", lambda: hand.deal_hole(seat, hole)),
                ("can_deal_hole", lambda: hand.can_deal_hole(seat, hole)),
                ("verify_deal_hole", lambda: hand.verify_deal_hole(seat, hole)),
                ("deal_board", lambda: hand.deal_board(board)),
                ("can_deal_board", lambda: hand.can_deal_board(board)),
                ("show_or_muck", lambda: hand.show_or_muck(seat, shown, show=show)),
                ("verify_show_or_muck", lambda: hand.verify_show_or_muck(seat, shown, show=show)),
            ]
            if manual:  # make progress: the dealer's next move, with fresh cards most of the time
                verbs += self.dealer_moves(hand) * 3
        if actor is not None:  # make progress: a legal action of the player to act
            verbs += [("legal", lambda: self.legal_move(hand))] * 4
        label, fn = rng.choice(verbs)
        self.call(hand, fn, label)

    def dealer_moves(self, hand: Hand) -> list[tuple[str, Callable[[], Any]]]:
        moves: list[tuple[str, Callable[[], Any]]] = []
        for s in range(hand.config.n_seats):
            if hand.can_deal_hole(s, None):
                cards = self.free_cards(hand, 2) if self.rng.random() < 0.8 else None
                moves.append(("deal_hole*", lambda s=s, cards=cards: hand.deal_hole(s, cards)))
                break
        for k in (3, 1):
            cards = self.free_cards(hand, k)
            if hand.can_deal_board(cards):
                moves.append(("deal_board*", lambda cards=cards: hand.deal_board(cards)))
        if hand.street == "showdown":
            for s in range(hand.config.n_seats):
                dealt = hand.hole_cards(s)
                choice = self.rng.choice([None, True, "????", self.free_cards(hand, 2),
                                          "".join(str(c) for c in dealt) if dealt else None])
                if isinstance(choice, bool):
                    moves.append(("show*", lambda s=s: hand.show_or_muck(s, show=True)))
                else:
                    moves.append(("show*", lambda s=s, c=choice: hand.show_or_muck(s, c)))
        return moves

    def legal_move(self, hand: Hand) -> Any:
        legal = hand.legal_actions()
        kinds = list(legal)
        kind = self.rng.choice(kinds)
        if kind in ("bet", "raise"):
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            return hand.bet_or_raise_to(self.rng.randint(legal.min_raise_to, legal.max_raise_to))
        return getattr(hand, kind)()

    def code(self, hand: Hand) -> Any:
        rng = self.rng
        p = rng.choice([1, 2, 3, 0, 99, "x", "9" * 5000])
        amount = rng.choice([4, 10, "1e999999999", "inf", "9" * 5000, "-3", "1.5"])
        return rng.choice([
            f"p{p} f", f"p{p} cc", f"p{p} cbr {amount}",
            f"d dh p{p} {self.free_cards(hand, 2)}", f"d db {self.free_cards(hand, rng.choice([1, 3]))}",
            f"p{p} sm {self.free_cards(hand, 2)}", f"p{p} sm -", f"p{p} sm", "garbage", 42, None,
        ])


def run_fuzz(calls: int, seed: int = 0) -> FuzzReport:
    """At least ``calls`` engine calls, seeded; the report counts what leaked."""
    rng = random.Random(seed)
    report = FuzzReport()
    driver = _Driver(rng, report)
    while report.calls < calls:
        if rng.random() < 0.05:  # the other public entry points
            text = rng.choice(["p1 cbr 1e999999999", "p1 cbr " + "9" * 5000, "p0 f", "p99999 cc", 5, None,
                               "d db AsAs", "p1 cbr 1.005", "p1 sm ????"])
            driver.call(None, lambda text=text: parse_code(text, scale=rng.choice([1, 100, 7])), "parse_code")
            positions = rng.choice([[1, 2], [1, 2, 0], ["1", 2], [1.5, 2], [10**30, 2]])
            driver.call(None, lambda positions=positions: TableConfig.from_positions(
                ("a", "b", "c")[: len(positions)], [100] * len(positions), positions, antes=rng.choice(
                    [0, [0, 0], "x", -1])), "from_positions")
        driver.play()
    return report
