"""Property tests: random tables, random legal (and illegal) action sequences.

Invariants checked after every step: chips are conserved, no stack is
negative, the pots plus the bets in front add up to the chips committed, a
refused action leaves the hand unchanged, and an independent model of the
minimum-raise and incomplete-all-in rules (R09, DESIGN §3) agrees with every
bet and raise the engine accepted.
"""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.engine import ActionRecord, ActionTaken, AntePosted, BlindPosted, Hand, TableConfig
from coach.errors import IllegalAction, InvalidInput


@st.composite
def tables(draw: Any) -> TableConfig:
    n = draw(st.integers(2, 10))
    bb = draw(st.integers(1, 10))
    sb = draw(st.integers(0, bb))
    # Short stacks make incomplete all-ins (the interesting case) frequent.
    stacks = tuple(draw(st.lists(st.one_of(st.integers(1, 4 * bb), st.integers(1, 300)),
                                 min_size=n, max_size=n)))
    ante = draw(st.sampled_from([0, 0, 0, 1, 2]))
    mode = draw(st.sampled_from(["each", "big_blind"]))
    structure = draw(st.sampled_from(["NL", "NL", "NL", "PL", "FL"]))
    return TableConfig(tuple(f"P{i}" for i in range(n)), stacks, draw(st.integers(0, n - 1)),
                       small_blind=sb, big_blind=bb, ante=ante, ante_mode=mode, structure=structure)


def check_invariants(hand: Hand) -> None:
    start = sum(hand.config.stacks)
    assert all(s >= 0 for s in hand.stacks)
    if hand.is_complete:
        assert hand.result is not None
        assert sum(hand.result.finishing_stacks) == start
        # Every seat: start - committed + returned + won == finish (the awards add up exactly).
        committed = [0] * hand.config.n_seats
        for e in hand.events:
            if isinstance(e, AntePosted | BlindPosted):
                committed[e.seat] += e.amount
            elif isinstance(e, ActionTaken):
                committed[e.record.seat] += e.record.added
        returned = [0] * hand.config.n_seats
        for seat, amount in hand.result.returned:
            returned[seat] += amount
        for seat in range(hand.config.n_seats):
            assert hand.result.finishing_stacks[seat] == (
                hand.config.stacks[seat] - committed[seat] + returned[seat] + hand.result.won(seat))
        for award in hand.result.awards:
            assert sum(award.shares) == award.amount and set(award.winners) <= set(award.eligible)
            if len(set(award.shares)) > 1:   # odd chips: to the first winner left of the button
                first = min(award.winners, key=hand.config.position_of)
                assert award.odd_chip_to == first
                assert dict(zip(award.winners, award.shares, strict=True))[first] == max(award.shares)
                assert max(award.shares) - min(award.shares) < len(award.winners)
    else:
        assert sum(hand.stacks) + hand.pot_total == start
        assert sum(p.amount for p in hand.pots()) + sum(hand.bets) == hand.pot_total


class RaiseModel:
    """An independent account of R09: the full increment and who may still raise."""

    def __init__(self, hand: Hand) -> None:
        self.min_bet = hand.config.effective_min_bet
        self.street = "preflop"
        self.top = max(hand.bets)
        self.full = self.min_bet
        self.level: dict[int, int] = {}

    def observe(self, rec: ActionRecord, strict: bool) -> None:
        if rec.street != self.street:
            self.street, self.top, self.full, self.level = rec.street, 0, self.min_bet, {}
        if rec.kind in ("bet", "raise"):
            inc = rec.to - self.top
            if strict:
                if not rec.all_in:
                    assert inc >= self.full, (rec, self.top, self.full)
                if rec.seat in self.level:
                    assert self.top - self.level[rec.seat] >= self.full, (rec, self.level, self.full)
            self.full = max(self.full, inc)
            self.top = rec.to
        self.level[rec.seat] = max(self.top, rec.to)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=tables(), seed=st.integers(0, 10**6), data=st.data())
def test_random_hands_keep_the_invariants(cfg: TableConfig, seed: int, data: Any) -> None:
    hand = Hand.start(cfg, seed=seed)
    model = RaiseModel(hand)
    strict = cfg.structure != "FL"
    check_invariants(hand)
    for _ in range(200):
        if hand.is_complete:
            break
        legal = hand.legal_actions()
        # Now and then try something that may be illegal: it must change nothing if refused.
        if data.draw(st.integers(0, 3)) == 0:
            kind = data.draw(st.sampled_from(["fold", "check", "call", "raise", "all_in"]))
            amount = data.draw(st.integers(1, 400))
            before, raw = hand.snapshot(), pickle.dumps(hand)
            try:
                rec = {"fold": hand.fold, "check": hand.check, "call": hand.call,
                       "all_in": hand.all_in}[kind]() if kind != "raise" else hand.bet_or_raise_to(amount)
            except (IllegalAction, InvalidInput):
                assert hand.snapshot() == before and pickle.dumps(hand) == raw
                assert kind not in legal or kind == "raise"
            else:
                model.observe(rec, strict)
            check_invariants(hand)
            continue
        options = list(legal)
        options += [k for k in options if k in ("raise", "bet", "all_in")]  # favour aggression
        kind = data.draw(st.sampled_from(options))
        if kind in ("bet", "raise"):
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            rec = hand.bet_or_raise_to(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to)))
        else:
            rec = {"fold": hand.fold, "check": hand.check, "call": hand.call, "all_in": hand.all_in}[kind]()
        model.observe(rec, strict)
        check_invariants(hand)
    assert hand.is_complete
    check_invariants(hand)


@settings(max_examples=25, deadline=None)
@given(cfg=tables(), seed=st.integers(0, 10**6), data=st.data())
def test_manual_replay_of_an_auto_hand_gives_the_same_result(cfg: TableConfig, seed: int, data: Any) -> None:
    """The PHH lines of a hand replay to the same finishing stacks (codes both ways)."""
    hand = Hand.start(cfg, seed=seed)
    while not hand.is_complete:
        kind = data.draw(st.sampled_from(list(hand.legal_actions())))
        legal = hand.legal_actions()
        if kind in ("bet", "raise"):
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.bet_or_raise_to(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to)))
        else:
            getattr(hand, kind)()
    replay = Hand.start(cfg, dealing="manual")
    for line in hand.phh_actions:
        replay.apply_code(line)
    assert replay.result is not None and hand.result is not None
    assert replay.result.finishing_stacks == hand.result.finishing_stacks
