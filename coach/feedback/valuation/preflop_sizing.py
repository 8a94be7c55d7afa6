"""The sizing rule of chart-graded preflop raises, and what the preflop chart modules share.

The rule (docs/COACH.md, «Le misure dei rilanci preflop»): each spot has a band of standard sizes
(:func:`standard_size`), and a size outside it loses a share of the stake (:func:`size_loss`) that is
added to the lower edge of the hand's own grade (:func:`with_size`). Kept apart from
:mod:`.preflop_ranges` so that the short-stack tables (:mod:`.preflop_short`) use the same rule and the
same EV bounds (:func:`with_evs`) without a circle of imports.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.feedback import texts as T
from coach.feedback.grading import THRESHOLDS, Grade, grade_for_loss
from coach.feedback.options import Option, limpers
from coach.feedback.rangemodel import hand_classes
from coach.feedback.ranges_data import RangeTable, table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import preflop_ev, pushfold
from coach.feedback.valuation.base import Context, Valued
from coach.i18n import Decimal, Message

PREMIUM = "QQ+, AKs, AKo"
CHART_MIN_STACK_BB = 25


def effective_bb(sit: Situation) -> float:
    others = [sit.stacks[s] + sit.bets[s] for s in sit.opponents] or [0]
    return min(sit.hero_stack + sit.hero_in_front, max(others)) / sit.big_blind


def short_first_in_bb(sit: Situation) -> float | None:
    """The effective stack of a first-in decision with more big blinds than the push/fold charts'
    first-in limit and less than the deep charts' 25, or None."""
    eff = pushfold.first_in_effective_bb(sit)
    if eff is None or eff <= pushfold.FIRST_IN_MAX_BB or effective_bb(sit) >= CHART_MIN_STACK_BB:
        return None
    return eff


def worse(g: Grade, steps: int) -> Grade:
    order = list(Grade)
    return order[min(len(order) - 1, g.rank + steps)]


def opens_anywhere(table: RangeTable, cls: str) -> bool:
    """The hand is in the tightest opening range of the table (the first seat's)."""
    first = next((p for p in table.positions if p in table.open), None)
    return first is not None and cls in hand_classes(table.open[first])


def continues_elsewhere(table: RangeTable, cls: str) -> bool:
    """The hand continues against a 3-bet from some pair of positions (a close call elsewhere)."""
    return any(cls in hand_classes(f.call) or cls in hand_classes(f.raise_range)
               for f in table.vs_3bet_by.values())


def defends_elsewhere(table: RangeTable, pos: str, cls: str, *, raising: bool = False) -> bool:
    """From ``pos`` the learner's chart continues with the hand (calls or 3-bets; only 3-bets with
    ``raising``) against an open from some other seat: a close call against this one, not a blunder."""
    for opener in table.positions:
        if opener == pos:
            continue
        f = table.learner_facing_open(pos, opener)
        if cls in hand_classes(f.raise_range) or (not raising and cls in hand_classes(f.learner_call)):
            return True
    return False


def wider_open(table: RangeTable, cls: str) -> bool:
    """The hand opens from some later position (a close call, not a blunder)."""
    return any(cls in hand_classes(t) for t in table.open.values())


# -- the sizing rule -----------------------------------------------------------------------------
# The standard sizes, as raise-to amounts (see docs/COACH.md, «Le misure dei rilanci preflop»):
OPEN_BB = (2.0, 2.5)  # first in, at any depth and from every seat but the small blind at 3+ players
OPEN_SB_BB = (2.5, 3.5)  # first in from the small blind at 3+ players: out of position against the big blind
ISO_BB = (2.5, 4.0)  # over limpers, plus 1 bb per limper: 3 bb + 1 per limper, in position
ISO_OOP_BB = (3.0, 5.0)  # from the blinds at 3+ players (out of position against the limpers) a bit bigger
THREE_BET_IP = (2.5, 3.5)  # times the open: ~3x in position
THREE_BET_OOP = (3.5, 4.5)  # ~4x out of position
SQUEEZE_EXTRA = 1.0  # one more open's worth per player who called the open
FOUR_BET = (2.2, 2.5)  # times the 3-bet
# The loss of a size outside the band, as a share of the stake (grading.py):
SMALL_SLOPE = 0.15  # too small: 15% of the stake times the share of the band's lower edge missing
BIG_SLOPE = 0.08  # too big: 8% of the stake per band's upper edge of excess
# The lower edge of each grade's band on grading.py's scale: a hand's grade plus a size's loss
GRADE_FLOOR = {Grade.OTTIMA: 0.0,
                **{g: bound for (_, bound), g in zip(THRESHOLDS, list(Grade)[1:], strict=True)}}


@dataclass(frozen=True)
class StandardSize:
    """The standard raise-to band of a preflop spot, in chips, and how it is described."""

    lo: float
    hi: float
    times: float | None  # the band is so many times this amount (the raise faced); None: big blinds


def standard_size(sit: Situation, kind: str, *, short: bool = False) -> StandardSize:
    """The standard raise-to band for the hero's raise in a chart spot (``kind`` of :func:`chart_situation`).

    First in 2-2.5 bb (2.5-3.5 bb from the small blind at three or more players, deep: it plays the
    hand out of position; at 12-25 bb 2-2.5 bb from every seat); over limpers 2.5-4 bb plus 1 bb per
    limper (3-5 bb plus 1 per limper from the blinds at three or more players); a 3-bet 2.5-3.5 times
    the open in position (the big blind against the small blind too: it acts last after the flop),
    3.5-4.5 times out of position, one open more per caller; a 4-bet 2.2-2.5 times the 3-bet.
    """
    bb = sit.big_blind
    if kind == "unopened":
        lo, hi = OPEN_SB_BB if (sit.hero_position == "SB" and sit.players > 2 and not short) else OPEN_BB
        return StandardSize(lo * bb, hi * bb, None)
    if kind == "limped":
        lo, hi = ISO_OOP_BB if sit.hero_position in ("SB", "BB") and sit.players > 2 else ISO_BB
        n = limpers(sit)
        return StandardSize((lo + n) * bb, (hi + n) * bb, None)
    raised = sit.to_match
    if kind == "facing_4bet":  # the 5-bet is the all-in: a smaller one is "too small"
        whole = float(sit.hero_in_front + sit.hero_stack)
        return StandardSize(whole, whole, None)
    if kind in ("facing_3bet", "cold_3bet"):
        return StandardSize(FOUR_BET[0] * raised, FOUR_BET[1] * raised, raised)
    pf = sit.preflop_actions()
    opener = next(a.seat for a in pf if a.kind in ("bet", "raise"))
    callers = sum(1 for a in pf if a.kind == "call" and a.raise_level == 1)
    pos, opener_pos = sit.hero_position, sit.positions[opener]
    oop = pos in ("SB", "BB") and not (pos == "BB" and opener_pos == "SB")  # the big blind has the SB beat
    lo, hi = THREE_BET_OOP if oop else THREE_BET_IP
    extra = SQUEEZE_EXTRA * callers
    return StandardSize((lo + extra) * raised, (hi + extra) * raised, raised)


def size_loss(amount: float, band: StandardSize) -> float:
    """The loss of a raise to ``amount`` against the standard band, as a share of the stake.

    Inside the band nothing. Below it, :data:`SMALL_SLOPE` times the part of the lower edge missing
    (half the standard: 7.5%; it never reaches 15%, because a raise of nothing is a call, which the
    chart grades by itself). Above it, :data:`BIG_SLOPE` for each upper edge of excess (twice the
    upper edge: 8%; it grows with the size, as what is risked does).
    """
    if amount < band.lo:
        return SMALL_SLOPE * (1 - amount / band.lo)
    if amount > band.hi:
        return BIG_SLOPE * (amount / band.hi - 1)
    return 0.0


def commits(sit: Situation, amount: int) -> bool:
    """A raise to ``amount`` leaves behind less than the pot it makes: the raiser is committed.

    Facing a 4-bet, such a 5-bet is the all-in's equal (docs/COACH.md, «Le misure dei rilanci preflop»):
    the 4-bettor can only re-shove or fold against it, as against the all-in, and the raiser calls the
    rest; the sizing rule's «too small» (it lays a price to call and see a flop) does not apply."""
    behind = sit.hero_in_front + sit.hero_stack - amount
    return behind < sit.pot + amount - sit.hero_in_front


def with_size(g: Grade, share: float) -> Grade:
    """The hand's grade for raising, worsened by the size's loss: the lower edge of the grade's band on
    the scale plus the size's share (an «ottima» raise at a size that loses 5% of the pot is «imprecisa»)."""
    return g.at_least(grade_for_loss(GRADE_FLOOR[g] + share, 1.0))


def size_verdict(sit: Situation, o: Option, kind: str, premium: bool, stake: float, *, short: bool = False
                  ) -> tuple[int, float, list[Message], dict[str, object]]:
    """The size's part of a raise's grade: (the grades a deep all-in loses, or 0; the size's loss as a
    share of the stake; the notes; the JSON figures)."""
    assert o.amount is not None
    bb = sit.big_blind
    size_bb = o.amount / bb
    if o.kind == "all_in" and size_bb > CHART_MIN_STACK_BB and kind != "facing_4bet":  # a 5-bet is all-in
        return (2 if premium else 3), 0.0, [Message(T.PF_ALLIN_DEEP, {"bb": Decimal(size_bb, 1)})], {}
    band = standard_size(sit, kind, short=short)
    share = size_loss(o.amount, band)
    p = {"amount": o.amount, "bb": Decimal(size_bb, 1)}
    iso = kind == "limped"
    if kind == "facing_4bet" and o.amount < band.lo and commits(sit, o.amount):
        notes = [Message(T.PF_SIZE_COMMITS, p)]
        return 0, 0.0, notes, {"standard_bb": [round(band.lo / bb, 2), round(band.hi / bb, 2)],
                               "loss_share": 0.0}
    if o.amount < band.lo:
        notes = [Message(T.PF_ISO_SMALL if iso else T.PF_SIZE_SMALL, p)]
    elif o.amount > band.hi:
        notes = [Message(T.PF_SIZE_BIG, p)]
    else:
        notes = [Message(T.PF_ISO_OK if iso else T.PF_SIZE_OK, p)]
    if share > 0:
        std = ({"lo": Decimal(band.lo / band.times, 1), "hi": Decimal(band.hi / band.times, 1)}
               if band.times else {"lo": Decimal(band.lo / bb, 1), "hi": Decimal(band.hi / bb, 1)})
        standard = Message(T.PF_SIZE_STANDARD_X if band.times else T.PF_SIZE_STANDARD_BB, std)
        cost = T.pct_phrase(T.PF_SIZE_COST_STACK if stake > sit.pot / bb else T.PF_SIZE_COST_POT, share)
        notes.append(Message(T.JOIN, {"first": standard, "second": cost}))
    figures = {"standard_bb": [round(band.lo / bb, 2), round(band.hi / bb, 2)], "loss_share": round(share, 4)}
    return 0, share, notes, figures


def with_evs(ctx: Context, kind: str, valued: list[Valued], base: dict[str, Grade], shares: dict[str, float],
              stake: float, shove_ev: float | None) -> None:
    """Give every option its EV (:mod:`.preflop_ev`), in chips, bounded by the chart's grades
    (:func:`~.preflop_ev.chart_bounded`); the fold and the all-in are valued without realisation
    (``estimate`` False), the options that see a flop are estimates. A raise is valued at the standard
    size (the band's lower edge), less the sizing rule's loss (its share of the stake): the one model of
    what a size costs, so that the figure and the size's note agree (two sizes in the band are equal)."""
    sit = ctx.sit
    table = table_for(sit.players)
    ranges = {s: r.range for s, r in ctx.ranges.items() if s in sit.opponents}
    short = shove_ev is not None or short_first_in_bb(sit) is not None
    options = []
    for v in valued:
        o = v.opt
        if o.amount is not None and o.kind != "all_in" and not o.passive:
            band = standard_size(sit, kind, short=short)  # every size is valued at the standard one
            std = min(max(round(band.lo), sit.min_raise_to or 0), sit.hero_in_front + sit.hero_stack)
            o = Option(o.code, o.kind, std) if std != o.amount else o
        options.append(o)
    plays = {v.opt.code: v.grade is not None and v.grade.rank <= Grade.BUONA.rank for v in valued}
    est = preflop_ev.option_evs(sit, kind, options, table, ranges, ctx.profiles, effective_bb(sit), plays,
                                shove_ev=shove_ev)
    preflop_ev.chart_bounded(valued, est, base, shares, stake * sit.big_blind, sit.pot)
