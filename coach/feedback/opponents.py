"""The range the coach assumes for each opponent, from his position and his actions.

Preflop (data, :mod:`coach.feedback.ranges_data`): the range implied by his
*last* preflop action: an open raise -> the opening range of his position; a
call of an open -> the calling range facing that opener (big blind: the
defence chart); a 3-bet -> the 3-bet range; calling a 3-bet -> the calling
range facing a 3-bet; 4-bet and beyond -> the tight ``villain.fourbet`` /
``fivebet`` ranges; a limp -> ``villain.limp``; any all-in -> a shove range by
effective stack (up to 15 big blinds, up to 40, deeper). A big blind who checks
and anyone who has not acted yet: any two cards.

Postflop (a simple, documented narrowing on each street, using the made-hand
percentile on the board of that street, see
:func:`coach.feedback.rangemodel.strength_percentiles`):

* check: no change (strong hands check too);
* bet or raise of ``a`` into ``P``: hands in the top ``P / (P + a)`` keep their
  weight, the others keep 30% of it (bluffs and draws);
* call of ``c`` into ``P``: hands above the calling threshold of
  :func:`coach.feedback.maths.call_threshold` keep their weight, the others 30%
  (draws and floats).

A lesson can instead give the range of a seat in range notation.

An opponent's profile (:mod:`coach.feedback.profiles`) changes both: a loose
player's preflop range is wider (the strongest hands by preflop strength are
added until it covers the profile's share), a tight one's narrower (only its
strongest part); after a bet or raise his weaker hands keep the profile's
weight (a rock's bets are strong, an aggressive player's carry bluffs); after
a call the calling threshold is the profile's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from coach.feedback.maths import call_threshold
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import (
    WeightedRange,
    all_combos,
    parse_weighted,
    preflop_percentiles,
    strength_percentiles,
)
from coach.feedback.ranges_data import ANY_TWO, table_for
from coach.feedback.situation import STREET_BOARD, PastAction, Situation
from coach.i18n import Message

OTHER_WEIGHT = 0.3


@dataclass(frozen=True)
class OpponentRange:
    seat: int
    preflop: str  # range notation before postflop narrowing
    source: str  # "open.CO", "bb_defend.BTN.call", "lesson", ...
    range: WeightedRange
    # What the range follows, for the learner: «dopo il suo rilancio al flop» (None: his preflop range).
    story: Message | None = None


def _jam_key(stack_bb: float) -> str:
    if stack_bb <= 15:
        return "jam_short"
    return "jam_medium" if stack_bb <= 40 else "jam_deep"


def preflop_range(sit: Situation, seat: int) -> tuple[str, str]:
    """(notation, source) of the range implied by ``seat``'s preflop actions."""
    table = table_for(sit.players)
    pos = sit.positions[seat]
    opener: str | None = None
    text, source = ANY_TWO, "any"
    first_raiser: int | None = None
    for act in sit.preflop_actions():
        if act.kind in ("bet", "raise") and first_raiser is None:
            first_raiser = act.seat
        if act.seat != seat:
            if act.kind in ("bet", "raise") and act.raise_level == 0:
                opener = sit.positions[act.seat]
            continue
        stack_bb = (act.to + sit.stacks[seat] + (sit.committed[seat] - act.to)) / sit.big_blind
        lvl = act.raise_level
        if act.kind in ("bet", "raise") and act.all_in:
            key = _jam_key(stack_bb)
            text, source = table.villain[key], f"villain.{key}"
        elif act.kind in ("bet", "raise") and lvl == 0:
            if pos == "BB" or pos not in table.open:
                f = table.facing_open(pos, "CO")
                text, source = f.raise_range, "vs_limp.raise"
            else:
                text, source = table.open[pos], f"open.{pos}"
        elif act.kind in ("bet", "raise") and lvl == 1:
            f = table.facing_open(pos, opener or "CO")
            text, source = f.raise_range, f"3bet.{pos}.vs.{opener}"
        elif act.kind in ("bet", "raise"):
            key = "fourbet" if lvl == 2 else "fivebet"
            text, source = table.villain[key], f"villain.{key}"
        elif act.kind == "call" and lvl == 0:
            text, source = table.villain["limp"], "villain.limp"
        elif act.kind == "call" and lvl == 1:
            f = table.facing_open(pos, opener or "CO")
            text, source = f.call, f"call.{pos}.vs.{opener}"
        elif act.kind == "call" and lvl == 2:
            if table.vs_3bet is not None:
                text, source = table.vs_3bet.call, "vs_3bet.call"
        elif act.kind == "call":
            text, source = table.villain["fourbet"], "villain.fourbet"
        elif act.kind == "check":
            text, source = ANY_TWO, "any"
        if act.kind == "call" and act.all_in and lvl >= 1:
            key = _jam_key(stack_bb)
            text, source = table.villain[key], f"villain.{key}"
    return text, source


def _narrow(
    rng: WeightedRange, act: PastAction, board: tuple[int, ...], prof: Profile = DEFAULT,
) -> WeightedRange:
    if act.kind in ("check", "fold") or len(rng) == 0:
        return rng
    pct = strength_percentiles(rng.cards, board)
    other = OTHER_WEIGHT
    if act.kind in ("bet", "raise"):
        add = act.added
        w = act.pot_before / (act.pot_before + add) if add > 0 else 1.0
        keep = pct >= 1.0 - min(1.0, w * prof.bet_width)
        other = prof.other_weight
    else:  # call
        c = act.added
        threshold = prof.calling_threshold(call_threshold(act.pot_before - c, c, c)) if c > 0 else 0.0
        keep = pct >= threshold
    factors = np.where(keep, 1.0, other)
    return rng.reweighted(factors)


def _reshape(rng: WeightedRange, keep: float, dead: tuple[int, ...]) -> WeightedRange:
    """The preflop range a profile plays: ``keep`` times its share of hands, by preflop strength.

    Narrower (keep < 1): only the strongest part of the range. Wider (keep > 1):
    the range plus the strongest hands outside it until the share is reached.
    """
    if keep == 1.0 or len(rng) == 0:
        return rng
    target = min(1.0, rng.share_of_all() * keep) * 1326
    if keep < 1.0:
        order = np.argsort(-preflop_percentiles(rng.cards), kind="stable")
        cum = np.cumsum(rng.weights[order])
        n = int(np.searchsorted(cum, target)) + 1
        return WeightedRange(rng.cards[order[:n]], rng.weights[order[:n]])
    every = all_combos(dead)
    inside = {tuple(sorted(r)) for r in rng.cards.tolist()}
    extra_mask = np.array([tuple(sorted(r)) not in inside for r in every.cards.tolist()], dtype=bool)
    extra = every.cards[extra_mask]
    order = np.argsort(-preflop_percentiles(extra), kind="stable")
    need = max(0, round(target - rng.total))
    add = extra[order[:need]]
    return WeightedRange(np.concatenate([rng.cards, add]), np.concatenate([rng.weights, np.ones(len(add))]))


def opponent_range(
    sit: Situation, seat: int, *, given: str | None = None, dead: tuple[int, ...] = (),
    prof: Profile = DEFAULT,
) -> OpponentRange:
    """The assumed range of ``seat`` at the decision point, narrowed by his actions."""
    if given is not None:
        base = parse_weighted(given).without(dead)
        return OpponentRange(seat, given, "lesson", base)
    text, source = preflop_range(sit, seat)
    rng = _reshape(parse_weighted(text).without(dead), prof.preflop_keep, dead)
    board_idx = tuple(c.index for c in sit.board)
    for act in sit.history:
        if act.seat != seat or act.street == "preflop":
            continue
        rng = _narrow(rng, act, board_idx[: STREET_BOARD[act.street]], prof)
    if not prof.equilibrium:
        source = f"{source}+{prof.key}"
    return OpponentRange(seat, text, source, rng)


def opponent_ranges(
    sit: Situation, given: Mapping[int, str] | None = None, profiles: Mapping[int, Profile] | None = None,
) -> dict[int, OpponentRange]:
    """Ranges of the opponents still in the hand (hero's cards are removed from them)."""
    dead = tuple(c.index for c in sit.hero_cards) + tuple(c.index for c in sit.board)
    out: dict[int, OpponentRange] = {}
    for seat in sit.opponents:
        out[seat] = opponent_range(sit, seat, given=(given or {}).get(seat), dead=dead,
                                   prof=(profiles or {}).get(seat, DEFAULT))
    return out
