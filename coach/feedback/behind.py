"""The players still to act: each continues with a range, or folds.

After the flop the same holds: a player who has not yet answered the bet or
raise in front of the hero faces that bet and the hero's call; he goes on with
the hands the range model calls or raises with at that price
(:func:`coach.feedback.actionranges.p_continue`, under his profile), from his
range as his earlier actions left it, and folds the rest. Q-Q facing a
pot-sized donk bet with one player still to act plays the donker alone when
that player folds, not three whole ranges at showdown.

Before the flop, a player who has not yet answered the raise or all-in in
front of the hero (the blinds, an opener facing a re-jam) is not a caller with
any two cards: he continues with the hands that continue against that action
and folds the rest. His continuing range is his own range (what his earlier
actions left him; any two cards for a blind who has not acted) cut to the
hands that are also in the strongest part of the aggressor's range: the
share :data:`BEHIND_SHARE` (he faces the raise and the hero's call: an
overcall, :data:`coach.feedback.opponents.OVERCALL_JAM_SHARE`, of what a first
caller calls, :data:`coach.feedback.opponents.CALL_JAM_SHARE`: the calling model
the range reader already uses for calls of an all-in), moved by his profile's
calling width; against a raise that is not all-in,
:data:`BEHIND_RAISE_SHARE` of the raiser's range (a call or a squeeze risks a
raise, not a stack). The share of his range that continues is the chance that
he does.

The hero's equity is then the mixture of the ways the hand goes on: everyone
behind folds (the hero against the players already in), exactly one of them
continues (against those and him), or two or more do (against all). TT facing
a 12 bb re-jam with the opener and the blinds still to act has about half the
pot against the jammer, not 30% against four ranges of which three are "any
two cards".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from coach.feedback.actionranges import features, p_continue
from coach.feedback.opponents import CALL_JAM_SHARE, OVERCALL_JAM_SHARE, OpponentRange, top_share
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import IntArray, WeightedRange
from coach.feedback.situation import Situation
from coach.i18n import N_, Message

# The strongest share of the aggressor's range a player behind continues with: he faces the raise AND
# the hero's call, an overcall (OVERCALL_JAM_SHARE) of what a first caller would call (CALL_JAM_SHARE).
# Against a 12 bb jam from the cutoff (27% of hands) that is about 5% of hands: TT+, AQs+, AK.
BEHIND_SHARE = OVERCALL_JAM_SHARE * CALL_JAM_SHARE
# Against a raise that is not all-in the players behind continue wider: a cold call or a squeeze
# risks a raise, not a stack, and the pot lays them a price (the big blind facing a button open and
# a small-blind call defends about a quarter of his hands: 0.6 of the opener's 43%).
BEHIND_RAISE_SHARE = 0.6
# After the flop a player behind a bet and the hero's call overcalls: he must beat the bettor's range
# and the hero's calling range, which is the strong part of what calls. Of the made hands above his
# heads-up calling line he keeps the share an overcaller of an all-in keeps before the flop
# (OVERCALL_JAM_SHARE: the same reasoning, borrowed, not measured by a solver; docs/COACH.md). On
# 9♦8♦7♣ facing a pot-sized donk bet and a call the button goes on with about a third of his range.
BEHIND_BET_SHARE = OVERCALL_JAM_SHARE
CONTINUES_STORY = N_("if he continues against the raise in front of him (otherwise he folds)")
CONTINUES_BET_STORY = N_("if he continues against the bet in front of him (otherwise he folds)")


@dataclass(frozen=True)
class Behind:
    """A player still to act: his continuing range and how often he continues."""

    seat: int
    continuing: OpponentRange
    chance: float


def still_to_act(sit: Situation) -> list[int]:
    """The opponents who have chips and still face the bet, raise or all-in in front of the hero."""
    if sit.to_call <= 0:
        return []
    return [s for s in sit.opponents if s not in sit.all_in and sit.bets[s] < sit.to_match]


def _postflop_behind(sit: Situation, seat: int, own: OpponentRange, prof: Profile) -> Behind:
    """After the flop: he faces the bet and the hero's call, and goes on with the hands that call or
    raise at that price (see the module doc)."""
    board = [c.index for c in sit.board]
    call = sit.to_match - sit.bets[seat]
    feat = features(own.range.cards, board)
    keep = p_continue(feat, sit.pot + sit.to_call + call, call, prof, BEHIND_BET_SHARE)
    cont = own.range.reweighted(keep)
    chance = cont.total / own.range.total if own.range.total > 0 else 0.0
    return Behind(seat, OpponentRange(seat, own.preflop, f"continue.{own.source}", cont,
                                      Message(CONTINUES_BET_STORY)), chance)


def _keys(cards: IntArray) -> IntArray:
    a, b = cards[:, 0], cards[:, 1]
    out: IntArray = np.minimum(a, b) * 64 + np.maximum(a, b)
    return out


def players_behind(sit: Situation, ranges: Mapping[int, OpponentRange],
                   profiles: Mapping[int, Profile] | None = None) -> list[Behind]:
    """Each player still to act with the range he continues with (see the module doc)."""
    seats = still_to_act(sit)
    if not seats:
        return []
    aggressors = [s for s in sit.opponents if s not in seats and sit.bets[s] == sit.to_match]
    if not aggressors:
        return []
    agg = ranges.get(aggressors[0])
    if agg is None or len(agg.range) == 0:
        return []
    out: list[Behind] = []
    for seat in seats:
        own = ranges.get(seat)
        if own is None or len(own.range) == 0:
            continue
        prof = (profiles or {}).get(seat, DEFAULT)
        if sit.street != "preflop":
            out.append(_postflop_behind(sit, seat, own, prof))
            continue
        share = BEHIND_SHARE if aggressors[0] in sit.all_in else BEHIND_RAISE_SHARE
        strong = top_share(agg.range, min(1.0, share * prof.preflop_keep))
        inside = np.isin(_keys(own.range.cards), _keys(strong.cards))
        cont = own.range.reweighted(inside.astype(float))
        chance = cont.total / own.range.total if own.range.total > 0 else 0.0
        if len(cont) == 0:
            cont = WeightedRange(own.range.cards[:0], own.range.weights[:0])
        out.append(Behind(seat, OpponentRange(seat, own.preflop, f"continue.{own.source}", cont,
                                              Message(CONTINUES_STORY)), chance))
    return out


def branches(active: list[WeightedRange], behind: list[Behind]) -> list[tuple[float, list[WeightedRange]]]:
    """(probability, ranges at showdown) for: nobody behind continues, exactly one does, two or more."""
    chances = [b.chance for b in behind]
    none = float(np.prod([1 - c for c in chances])) if chances else 1.0
    out: list[tuple[float, list[WeightedRange]]] = [(none, list(active))]
    single_total = 0.0
    for i, b in enumerate(behind):
        p = b.chance * float(np.prod([1 - c for j, c in enumerate(chances) if j != i]))
        if p > 0 and len(b.continuing.range):
            out.append((p, [*active, b.continuing.range]))
            single_total += p
    rest = max(0.0, 1.0 - none - single_total)
    many = [b.continuing.range for b in behind if len(b.continuing.range)]
    if rest > 1e-9 and len(many) >= 2:
        out.append((rest, [*active, *many]))
    return [(p, r) for p, r in out if p > 0 and r]
