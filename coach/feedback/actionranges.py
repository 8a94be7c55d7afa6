"""The range that follows the hand: how each postflop action reweights a player's combos.

A player's range at the start of the flop is his preflop range
(:mod:`coach.feedback.opponents`). After each of his postflop actions every
combo he may hold is multiplied by the probability that a player of his
profile takes *that* action with *that* combo on *that* board. Nothing is cut
to zero by a hard threshold: a hand that rarely bets keeps a small weight, so
a bluff stays possible and the range is never empty. The combos that use a
card the hero holds or the board shows are removed before (card removal).

What a combo "is" on a board (all vectorised over the combos with NumPy):

``made``
    the made-hand percentile: the share of all two-card hands it beats on this
    board (:func:`coach.feedback.rangemodel.strength_percentiles`). On a
    K-8-4 flop top pair is about 0.88-0.96, a set 0.99, ace high about 0.6.
``draw``
    the chance that a flush or straight draw (using a hole card) completes by
    the river: 9 outs for a flush draw, 4 per rank that completes a straight
    (8 for an open-ender, 4 for a gutshot), 15 at most; 0 on the river.
``blocker``
    holding the ace of a suit with three or more cards on the board (a bluff
    that blocks the nut flush).
``air``
    no hole card pairs the board, no pocket pair, no straight or flush made:
    if it bets, it bets as a bluff.

What each action does (balanced profile, ``f`` = the bet as a share of the pot;
docs/COACH.md says the same in plain words; the numbers are fitted to the turn
and river solves where the bands allow, see the constants' comments and
``benchmarks/fit_ranges.py``):

bet of ``f`` of the pot
    *value*: hands above a made-hand percentile of 0.72 (``f`` <= 0.4), 0.84
    (<= 0.8), 0.90 (<= 1.2), 0.9025 (<= 3) or 0.965 (more) bet almost always (a
    logistic step 0.015 wide); when his range is strong on this board the
    line drops so that his top 31% / 21% / 17% / 11% is value. *Bluffs*: per
    value combo, 1.05 times ``f / (1 + f)`` on the river, 1.5 times that on
    the turn and twice on the flop, 0.3 above three pots; 1.875 times as many
    in a continuation bet up to 1.2 pots (an overbet is polarised: its size's
    bluffs, whoever makes it); into several opponents 0.4 times as many per extra
    opponent; drawn from the draws (by their chance to hit) and the hands
    without a pair (more with a blocker; in a c-bet, when the bluffs asked for
    exceed what the preference allows, air bets up to 95%: a c-bet is merged,
    a 3-bettor bets his AK on J-8-3). A middle hand (a pair below the line)
    bets 35% of the time at a small size, 10% at up to 0.8, 3.75% at the pot,
    2.5% above. A lead into the last street's aggressor reads as a bet of its
    size (``LEAD_SHIFT``, ``LEAD_BLUFF``: the fit found no reason to move them).
raise (and check-raise)
    value line at least 0.90 + 0.04 (check-raise 0.065, each further raise
    +0.03), never lowered by his range; 62.5% of a bet's bluffs (a check-raise
    95% of that); middle 0.5%; the floor that keeps a bluff possible is scaled
    by his bluffing (a rock's check-raise is value).
check
    the hands that would bet two-thirds of the pot for value keep 35% of their
    weight, draws 70%, the rest all of it: a check caps the range. A check to
    the last street's aggressor caps a fifth as much; the check of a
    check-raise 7/8 as much (the raise reads the rest of the hand).
call of ``c`` into a pot ``P``
    hands above the calling line of :func:`coach.feedback.maths.call_threshold`
    (moved by the profile; lower when his range is strong, so that he defends
    80% of ``P / (P + c)``), the draws whose chance to hit reaches 80% of the
    price ``c / (P + c)``; floats 5%; the top keeps 70% (it would often raise).

Profiles (:mod:`coach.feedback.profiles`, :data:`STYLES`) move these numbers:
a rock's value line is 0.03 higher, he bluffs a quarter as often and defends
half as much; an aggressive player's line is 0.04 lower, he bluffs 1.8 times
as often and raises half his strong hands instead of calling; a calling
station («principiante») bluffs half as often but bets middle pairs 1.5 times
as often, calls far more and floats 25% of the time.

The same function (:func:`action_likelihood`) gives the practice bots their
choices (:mod:`coach.feedback.bots`): a bot plays its profile by this model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from coach.feedback.maths import call_threshold
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import FloatArray, IntArray, WeightedRange, strength_percentiles

STEP = 0.015  # width of the logistic step around a value line (in percentile)
MIN_FACTOR = 0.004  # no combo is ever ruled out by an action alone: a bluff stays possible

# Fitted by benchmarks/fit_ranges.py --bands (7 Dec 2026; training lines: seed 2029, 400 solved turn and
# river lines, 173 of them lines the solve takes; the benchmark's evaluation seed 29 is not used): the
# constants the turn and river lines measure, chosen so that the learner's equity against this model's
# range comes closest to his equity against the range the street's solve brings to the same node, then
# adopted one by one only where every banded spot (tests/feedback/spots_v2) and this model's tests stay
# green. "fitted" = the fit's value; "held" = the fit moves it but a band a strong player signs does not
# allow it (docs/COACH.md names the spot); "hand-set" = not measured by the lines.
#
# The value line of a bet by its size (share of the pot): (largest f, made-hand percentile).
VALUE_LINE: tuple[tuple[float, float], ...] = (
    (0.4, 0.7188), (0.8, 0.84), (1.2, 0.9019), (3.0, 0.9025))  # fitted, held at 0.84, fitted, fitted
VALUE_LINE_HUGE = 0.965  # hand-set: no line of the benchmark bets above three pots
RAISE_SHIFT = 0.04  # fitted (hand-set 0.06)
RAISE_FLOOR = 0.90  # held (the fit: 0.836)
CHECK_RAISE_SHIFT = 0.065  # held (the fit: 0.045)
RERAISE_SHIFT = 0.03  # hand-set: the lines hold no re-raise
# By size class (<= 0.4, <= 0.8, <= 1.2 pots, more): the share of his range (from the top) that is
# value at least, and how often a middle hand (a pair below the line) bets: merged when small.
VALUE_SHARE = (0.3125, 0.2063, 0.1687, 0.1125)  # fitted (hand-set 0.30, 0.20, 0.15, 0.10)
MIDDLE_RATE = (0.35, 0.10, 0.0375, 0.025)  # held at 0.35 (the fit: 0.34), fitted (hand-set 0.12, 0.04, 0.02)
RAISE_MIDDLE = 0.005  # held (the fit: 0.0037)
RAISE_BLUFF = 0.625  # fitted (hand-set 0.6): a raise carries 62.5% of the bluffs a bet of its size would
AIR_PREFERENCE = 0.35  # held (the fit: 0.7): air bluffs about as readily as a draw with a 12% chance to hit
MAX_BLUFF_RATE = 1.0  # fitted (hand-set 0.9); a hand's rate is capped at 0.95 anyway
HUGE_BLUFF_RATIO = 0.3  # hand-set: no line of the benchmark bets above three pots
# Bluffs per value combo times f / (1 + f), by street: river fitted (hand-set 1.0), turn held (the fit:
# 2.05), flop hand-set (no flop solver to measure it).
BLUFF_BY_STREET = (1.05, 1.5, 2.0)
VALUE_BY_STREET = (0.0, -0.005, 0.0)  # added to the value line: river, turn (fitted), flop (hand-set)
LEAD_SHIFT = 0.0  # fitted: a lead into the last street's aggressor reads as a bet of its size
LEAD_BLUFF = 1.0  # fitted: as many bluffs as a bet of its size
CHECK_RAISE_BLUFF = 0.95  # fitted (hand-set 1): a check-raise carries 95% of a raise's bluffs
CHECK_RAISE_CAP = 0.875  # fitted (hand-set 1): the check of a check-raise caps 7/8 as much as a plain check
CBET_BLUFF = 1.875  # fitted (hand-set 2.0): a continuation bet's bluffs, times another bet's of its size
OVERBET_CLASS = 3  # size class of a bet above 1.2 pots: polarised, no c-bet's extra bluffs
MERGED_CBET = 1.5  # a c-bettor whose value is 1.5 times the size's value share (a 3-bettor on J-8-3) merges
BLOCKER_BONUS = 1.5
MULTIWAY_BLUFF = 0.4  # each opponent beyond the first multiplies the bluffing rates by 0.4
MADE_STRONG = 0.9  # a hand without a pair this high has made a straight or a flush: not air
CHECK_KEEP_VALUE = 0.35
CHECK_KEEP_DRAW = 0.70
TO_AGGRESSOR = 0.2  # a check to the raiser: a fifth of the usual cap
CALL_DRAW_PRICE = 0.8  # a draw calls when its chance to hit reaches 80% of the price
CALL_STEP = 0.04


@dataclass(frozen=True)
class Style:
    """How a profile moves the numbers above (see the module doc)."""

    value_shift: float  # added to every value line
    bluff: float  # multiplies the draws' and the air's rates
    middle: float  # multiplies the middle hands' betting rate
    raise_top: float  # share of his strongest hands that raise instead of calling
    float_rate: float  # how often a hand below his calling line calls anyway
    trap: float  # share of his value hands that check (1 - keep after a check)
    defend: float  # share of the minimum defence (pot / (pot + bet)) of his range he calls at least


STYLES: dict[str, Style] = {
    "equilibrio": Style(0.0, 1.0, 1.0, 0.30, 0.05, 1 - CHECK_KEEP_VALUE, 0.8),
    "principiante": Style(0.02, 0.5, 1.5, 0.10, 0.25, 0.45, 1.1),
    "roccia": Style(0.03, 0.25, 0.7, 0.20, 0.02, 0.45, 0.5),
    "aggressivo": Style(-0.04, 1.8, 1.2, 0.50, 0.10, 0.8, 0.8),
}


def style_of(prof: Profile) -> Style:
    return STYLES.get(prof.key, STYLES["equilibrio"])


@dataclass(frozen=True)
class Features:
    """What each combo is on a board (same order as the combos)."""

    made: FloatArray
    draw: FloatArray
    blocker: FloatArray  # 1.0 with a nut-flush blocker, else 0.0
    air: npt.NDArray[np.bool_]  # no pair with a hole card, no pocket pair, nothing made: a bluff if it bets


def _straight(mask: IntArray) -> IntArray:
    """Whether a 13-bit rank mask (bit r = rank r, 2 = bit 0) holds five in a row (the wheel too)."""
    ext = (mask << 1) | ((mask >> 12) & 1)  # bit 0 = the ace played low
    run = ext & (ext >> 1) & (ext >> 2) & (ext >> 3) & (ext >> 4)
    return np.asarray(run != 0)


def draw_outs(cards: IntArray, board: Sequence[int]) -> IntArray:
    """Outs of the flush and straight draws that use a hole card (0 with none, 15 at most)."""
    n = len(cards)
    if len(board) not in (3, 4) or n == 0:
        return np.zeros(n, dtype=np.int64)
    b = np.array(board, dtype=np.int64)
    ranks, suits = cards // 4, cards % 4
    board_suits = np.bincount(b % 4, minlength=4)
    flush_out = np.zeros(n, dtype=np.int64)
    for s in range(4):
        mine = (suits == s).sum(axis=1)
        total = board_suits[s] + mine
        flush_out = np.where((total == 4) & (mine >= 1), 9, flush_out)
    made_flush = np.zeros(n, dtype=bool)
    for s in range(4):
        made_flush |= (board_suits[s] + (suits == s).sum(axis=1)) >= 5
    bmask = int(np.bitwise_or.reduce(1 << (b // 4)))
    mask = (1 << ranks[:, 0]) | (1 << ranks[:, 1]) | bmask
    has = _straight(mask)
    completing = np.zeros(n, dtype=np.int64)
    for r in range(13):
        bit = 1 << r
        board_has = bool(_straight(np.array([bmask | bit]))[0])
        if board_has:
            continue
        completing += (_straight(mask | bit) & ~has & ((mask & bit) == 0)).astype(np.int64)
    straight_out = 4 * np.minimum(completing, 2)
    both = (flush_out > 0) & (straight_out > 0)
    outs = np.minimum(15, flush_out + straight_out - 2 * both)
    return np.where(made_flush | has, 0, outs)


def features(cards: IntArray, board: Sequence[int]) -> Features:
    made = strength_percentiles(cards, board)
    outs = draw_outs(cards, board).astype(np.float64)
    unseen = 47.0 if len(board) == 3 else 46.0
    if len(board) == 3:
        draw = 1.0 - (1.0 - outs / unseen) * (1.0 - outs / (unseen - 1))
    elif len(board) == 4:
        draw = outs / unseen
    else:
        draw = np.zeros(len(cards))
    blocker = np.zeros(len(cards))
    if len(board) >= 3:
        bs = np.bincount(np.array(board, dtype=np.int64) % 4, minlength=4)
        for s in range(4):
            if bs[s] >= 3:
                ace = 12 * 4 + s
                blocker = np.maximum(blocker, (cards == ace).any(axis=1).astype(np.float64))
    ranks = cards // 4
    board_ranks = np.array(sorted({c // 4 for c in board}), dtype=np.int64)
    paired = np.isin(ranks, board_ranks).any(axis=1) | (ranks[:, 0] == ranks[:, 1])
    air = ~paired & (made < MADE_STRONG)
    return Features(made, draw, blocker, np.asarray(air))


def _sigmoid(x: FloatArray) -> FloatArray:
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0))))


def _size_class(f: float) -> int:
    return 0 if f <= 0.4 else (1 if f <= 0.8 else (2 if f <= 1.2 else 3))


def value_line(
    f: float, *, raise_level: int = 0, check_raise: bool = False, prof: Profile = DEFAULT,
) -> float:
    """The made-hand percentile above which a bet (or raise) of ``f`` pots is mostly for value."""
    line = VALUE_LINE_HUGE
    for top, v in VALUE_LINE:
        if f <= top:
            line = v
            break
    if raise_level >= 1:  # a raise of any size is at least as strong as a pot-sized bet
        line = max(line, RAISE_FLOOR) + (CHECK_RAISE_SHIFT if check_raise else RAISE_SHIFT)
        line += RERAISE_SHIFT * (raise_level - 1)
    return float(min(0.985, line + style_of(prof).value_shift))


def _quantile(values: FloatArray, weights: FloatArray | None, share_from_top: float) -> float:
    """The made-hand percentile above which lies ``share_from_top`` of a range's weight."""
    if weights is None or len(values) == 0 or weights.sum() <= 0:
        return 1.0
    order = np.argsort(-values, kind="stable")
    cum = np.cumsum(weights[order]) / weights.sum()
    i = min(len(values) - 1, int(np.searchsorted(cum, share_from_top)))
    return float(values[order[i]])


def bluff_ratio(f: float, cards_to_come: int) -> float:
    """Bluffs per value combo in a bet of ``f`` pots: ``f / (1 + f)`` on the river (what makes the
    caller's call break even), twice that on the flop and 1.5 times on the turn (the bluffs still
    have cards to come); above three pots (a jam much larger than the pot) real players bluff far
    less: 0.3."""
    if f > 3.0:
        return HUGE_BLUFF_RATIO
    return f / (1.0 + f) * BLUFF_BY_STREET[min(2, max(0, cards_to_come))]


def p_aggressive(
    feat: Features, f: float, *, raise_level: int = 0, check_raise: bool = False, prof: Profile = DEFAULT,
    opponents: int = 1, weights: FloatArray | None = None, cards_to_come: int = 0, continuation: bool = False,
    lead: bool = False,
) -> FloatArray:
    """Probability of betting (raise_level 0) or raising ``f`` pots with each combo.

    *Value*: the hands above the value line for the size, or, for a bet (not a
    raise) when his range is strong on this board, above the line that leaves
    his range's value share for that size (a 3-bettor on J-8-3 bets his
    overpairs for value).
    *Bluffs*: as many, in weight, as the value times :func:`bluff_ratio`
    (times the profile's bluffing and, into several opponents,
    ``MULTIWAY_BLUFF`` per extra opponent), spread over the hands below the
    line by preference: draws by their chance to hit, air (with a bonus for a
    nut-flush blocker); a middle hand bets by the size's merged rate.
    """
    st = style_of(prof)
    line = value_line(f, raise_level=raise_level, check_raise=check_raise, prof=prof)
    line = min(0.985, line + VALUE_BY_STREET[min(2, max(0, cards_to_come))] + (LEAD_SHIFT if lead else 0.0))
    k = _size_class(f)
    if raise_level == 0:  # a raise is value-heavy whatever his range: its line never drops
        line = min(line, _quantile(feat.made, weights, VALUE_SHARE[k]))
    value = _sigmoid((feat.made - line) / STEP)
    middle_rate = (RAISE_MIDDLE if raise_level >= 1 else MIDDLE_RATE[k]) * st.middle
    many = MULTIWAY_BLUFF ** max(0, opponents - 1)
    air = feat.air
    prefer = np.where(air, AIR_PREFERENCE * (1.0 + (BLOCKER_BONUS - 1.0) * feat.blocker), 0.0)
    prefer = np.maximum(prefer, np.minimum(1.0, feat.draw / 0.35))
    w = np.ones(len(feat.made)) if weights is None else weights
    v_mass = float((w * value).sum())
    pool = float((w * (1.0 - value) * prefer).sum())
    per_value = bluff_ratio(f, cards_to_come) * (RAISE_BLUFF if raise_level >= 1 else 1.0)
    # the last street's aggressor bets much of his range again, small: a c-bet carries more bluffs. An
    # overbet (above 1.2 pots) is polarised whoever makes it: the bluffs its size asks for, no more (a
    # 2-pot turn barrel carried 1.875 times them: 65% of the c-bettor's range was bluffs, and 8-7 on
    # K-7-3-2 called it with 56%)
    if continuation and k < OVERBET_CLASS:
        per_value *= CBET_BLUFF
    if lead:
        per_value *= LEAD_BLUFF
    if check_raise:
        per_value *= CHECK_RAISE_BLUFF
    target = v_mass * per_value * st.bluff * many
    rate = target / pool if pool > 0 else 0.0
    if continuation and v_mass >= MERGED_CBET * VALUE_SHARE[k] * float(w.sum()):
        # a c-bet from a range with the advantage on this board (a 3-bettor on J-8-3) is merged: when
        # it asks for more bluffs than the preference allows, air bets up to the cap (his AK)
        bluff = np.minimum(MAX_BLUFF_RATE, rate * prefer)
    else:
        bluff = min(MAX_BLUFF_RATE, rate) * prefer
    other = np.maximum(bluff, np.where(air, 0.0, middle_rate * many))
    p = value + (1.0 - value) * np.minimum(0.95, other)
    # the floor that keeps a bluff possible is a bluff too: a rock, who bluffs a quarter as often,
    # keeps a quarter of it in a raise (his check-raise is value, not 200 junk combos at the floor)
    floor = MIN_FACTOR * min(1.0, st.bluff) if raise_level >= 1 else MIN_FACTOR
    return np.asarray(np.clip(p, floor, 1.0))


def p_check(feat: Features, prof: Profile = DEFAULT, to_aggressor: bool = False) -> FloatArray:
    """Probability of checking with each combo: the value hands mostly bet (a check caps the range).

    A check to the last street's aggressor, who is still to act, caps little:
    most players check their whole range to the raiser (strong hands keep
    ``1 - TO_AGGRESSOR * trap`` of their weight, draws all of it).
    """
    st = style_of(prof)
    value = _sigmoid((feat.made - value_line(0.66, prof=prof)) / STEP)
    draw = np.minimum(1.0, feat.draw / 0.35) * (1.0 - CHECK_KEEP_DRAW) * min(1.0, st.bluff)
    if to_aggressor:
        return np.asarray(np.clip(1.0 - TO_AGGRESSOR * st.trap * value, MIN_FACTOR, 1.0))
    p = (1.0 - st.trap * value) * (1.0 - draw)
    return np.asarray(np.clip(p, MIN_FACTOR, 1.0))


def p_call(
    feat: Features, pot_before: int, call: int, prof: Profile = DEFAULT, weights: FloatArray | None = None,
) -> FloatArray:
    """Probability of calling ``call`` into ``pot_before`` (the pot with the bet in) with each combo.

    The calling line is the profile's (:func:`coach.feedback.maths.call_threshold`),
    or lower when his range is strong: he defends at least the profile's share
    of the minimum defence ``P / (P + c)`` of his range.
    """
    st = style_of(prof)
    if call <= 0:
        return np.ones(len(feat.made))
    size = call / max(1, pot_before - call)
    t = prof.calling_threshold(call_threshold(pot_before - call, call, call), size)
    mdf = (pot_before - call) / max(1, pot_before)
    t = min(t, _quantile(feat.made, weights, min(1.0, mdf * st.defend)))
    made = _sigmoid((feat.made - t) / CALL_STEP)
    price = call / (pot_before + call)
    drawing = _sigmoid((feat.draw - CALL_DRAW_PRICE * price) / CALL_STEP) * (feat.draw > 0)
    p = np.maximum(np.maximum(made, drawing), st.float_rate)
    top = _sigmoid((feat.made - value_line(size, raise_level=1, prof=prof)) / STEP)
    p = p * (1.0 - st.raise_top * top)
    return np.asarray(np.clip(p, MIN_FACTOR, 1.0))


def p_continue(feat: Features, pot_before: int, call: int, prof: Profile = DEFAULT,
               share: float = 1.0) -> FloatArray:
    """Probability of going on (calling or raising) when facing ``call`` into ``pot_before`` behind a
    player who has already called (coach.feedback.behind): the strongest ``share`` of the made hands
    above his profile's calling line at the price, the draws that reach the price and the strong
    hands that would raise. No minimum defence: the call in front has already stopped the bet's
    bluffs from winning the pot, so he owes the bettor nothing (:func:`p_call` defends a share of
    ``P / (P + c)`` of a heads-up range), and no floats."""
    if call <= 0:
        return np.ones(len(feat.made))
    size = call / max(1, pot_before - call)
    line = prof.calling_threshold(call_threshold(pot_before - call, call, call), size)
    t = 1.0 - (1.0 - line) * share
    made = _sigmoid((feat.made - t) / CALL_STEP)
    price = call / (pot_before + call)
    # a draw needs the whole price: the bettor still to act behind him may raise (no implied-odds discount)
    drawing = _sigmoid((feat.draw - price) / CALL_STEP) * (feat.draw > 0)
    top = _sigmoid((feat.made - value_line(size, raise_level=1, prof=prof)) / STEP)
    return np.asarray(np.clip(np.maximum(np.maximum(made, drawing), top), MIN_FACTOR, 1.0))


@dataclass(frozen=True)
class Act:
    """One postflop action as the model reads it."""

    kind: str  # check bet raise call fold
    fraction: float  # a bet or raise: its size as a share of the pot (after calling); a call: 0
    pot_before: int
    call: int  # chips he had to call when he acted
    raise_level: int  # 0 a bet, 1 a raise, 2 a re-raise...
    check_raise: bool = False  # a raise after his check on this street; a check he raises later
    opponents: int = 1  # players still in the hand besides him when he acted
    cards_to_come: int = 0  # board cards still to come when he acted (flop 2, turn 1, river 0)
    continuation: bool = False  # a bet by the last street's aggressor (a c-bet): his range bets wide
    to_aggressor: bool = False  # a check to the last street's aggressor, who is still to act
    lead: bool = False  # a bet into the last street's aggressor, who is still to act (a donk bet)


def action_likelihood(
    feat: Features, act: Act, prof: Profile = DEFAULT, weights: FloatArray | None = None,
) -> FloatArray:
    """Probability that a player of ``prof`` takes ``act`` with each combo (the narrowing factor)."""
    if act.kind in ("bet", "raise"):
        return p_aggressive(feat, act.fraction, raise_level=act.raise_level, check_raise=act.check_raise,
                            prof=prof, opponents=act.opponents, weights=weights,
                            cards_to_come=act.cards_to_come, continuation=act.continuation, lead=act.lead)
    if act.kind == "check":
        checked = p_check(feat, prof, act.to_aggressor)
        if act.check_raise:  # the first half of a check-raise: the raise reads most of the hand
            return np.asarray(1.0 - CHECK_RAISE_CAP * (1.0 - checked))
        return checked
    if act.kind == "call":
        return p_call(feat, act.pot_before, act.call, prof, weights)
    return np.ones(len(feat.made))


def narrow(rng: WeightedRange, board: Sequence[int], act: Act, prof: Profile = DEFAULT) -> WeightedRange:
    """``rng`` after ``act`` on ``board``: each combo's weight times its likelihood."""
    if len(rng) == 0 or act.kind == "fold":
        return rng
    return rng.reweighted(action_likelihood(features(rng.cards, board), act, prof, rng.weights))
