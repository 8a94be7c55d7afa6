"""«Tabelle preflop»: deeper preflop decisions graded from the preflop ranges, the way players learn them.

With more than the push/fold stacks, preflop decisions are graded from the
charts in ``coach/feedback/data/``: raising first in, facing one open (3-bet,
call or fold), facing a 3-bet, facing a 4-bet that is not all-in, and pots
where one or more players only limped (isolate with a raise of 3 big blinds
plus 1 per limper, call behind, complete the small blind, check the big blind).
Every option also gets an EV estimate from the charts' ranges (:mod:`.preflop_ev`,
:func:`_with_evs`), bounded by the chart's grades where they disagree
(docs/COACH.md, «Tabelle e valori insieme»).

The size of a raise is graded by one rule (:func:`standard_size`,
:func:`size_loss`, :func:`with_size`; docs/COACH.md, «Le misure dei rilanci
preflop»): each spot has a band of standard sizes, and a size outside it loses
a share of the stake (grading.py: the pot, the stack at 25 bb or less) that
grows with its distance from the band: 15% times the part of the lower edge it
misses when too small (a raise of half the standard: 7.5%, «imprecisa»), 8% per
upper edge of excess when too big (twice the upper edge: 8%). That share is
added to the lower edge of the hand's own grade for raising, so a hand the
chart raises at a size 5% off is «imprecisa», and the note says the standard
and the share. The all-in for more than 25 bb keeps its own rule (it risks the
stack, a question of the hand, not of the size).

First in with 12 to 25 big blinds (above the push/fold charts: see
:mod:`.pushfold` for why they stop at 12) the spot is graded as an opening with
a small raise, from the short-stack ranges of the data (heads-up: a min-raise
range, a limp range and the few hands that fold; at larger tables the 100 bb
opening ranges), and the all-in stays one of the options, valued by the
push/fold chart at that stack (:func:`~.pushfold.first_in_shove`; the charts go
to 25 big blinds heads-up and 15 at larger tables). The rules, so that no grade
contradicts the chart's number:

* a hand the short range raises: the small raise «ottima»; the all-in at best
  «buona» (never above the raise the chart plays), and if the chart says it
  loses against folding, at least as bad as folding and by that loss, and at
  least «imprecisa» (it loses both that and what the hand earns when played);
* a hand outside the raising range that the push/fold chart shoves (EV above
  folding): the all-in «ottima», a small raise «imprecisa» (raising and folding
  to a re-raise all-in throws the hand away), folding graded by the all-in's
  EV and never above «buona» (the chart plays the all-in, not the fold);
* folding a hand the range plays: «errore» heads-up when the push/fold chart
  also shoves it at that stack (K9o at 20 bb: the small blind gives up a hand
  that plays for the whole pot in position), or at any table a hand every seat
  opens; «imprecisa» otherwise; never better than the all-in's EV allows;
  folding a hand the heads-up range only limps is «buona».
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.cards import format_cards
from coach.feedback import texts as T
from coach.feedback.grading import THRESHOLDS, Grade, grade_for_loss, stake_bb
from coach.feedback.opponents import open_against, response_to_raise
from coach.feedback.options import Option, limpers
from coach.feedback.profiles import DEFAULT
from coach.feedback.rangemodel import class_of_cards, hand_classes, parse_weighted
from coach.feedback.ranges_data import FacingRanges, RangeTable, table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import preflop_ev, pushfold
from coach.feedback.valuation.base import Context, Rule, Valuation, Valued
from coach.i18n import N_, Decimal, Message

PREMIUM = "QQ+, AKs, AKo"
CHART_MIN_STACK_BB = 25

# -- first in with 12-25 big blinds (the short-stack openings) ---------------------------------
SHORT_RAISE = N_(
    "With {stack} big blinds you are above the push/fold range (up to 12 big blinds): {hand} is in the "
    "opening range {from_pos} for this depth, {width}: open with a small raise (2 to 2.5 big blinds); "
    "the all-in is an alternative.")
SHORT_LIMP = N_(
    "With {stack} big blinds heads-up you are above the push/fold range (up to 12 big blinds): {hand} is "
    "among the hands the small blind plays by just calling (limping): it is too weak to raise and good "
    "enough to see a flop for half a big blind.")
SHORT_SHOVE_ONLY = N_(
    "With {stack} big blinds you are above the push/fold range (up to 12 big blinds): {hand} is not in the "
    "opening range {from_pos}, {width}, but the push/fold chart goes all-in with it: all-in or fold, not a "
    "small raise.")
SHORT_SHOVE_EST = N_(
    "With {stack} big blinds you are above the push/fold range (up to 12 big blinds): {hand} is not in the "
    "opening range {from_pos}, {width}, but the all-in wins the blinds often enough to pay for the times it "
    "is called: all-in or fold, not a small raise.")
SHORT_FOLD = N_(
    "With {stack} big blinds you are above the push/fold range (up to 12 big blinds): {hand} is not in the "
    "opening range {from_pos} for this depth, {width}: fold.")
SHORT_SHOVE_EV = N_("By the push/fold chart for {stack} big blinds, the all-in is worth {ev} bb compared "
                    "with folding.")
SHORT_SHOVE_SECOND = N_(
    "Above 12 big blinds the small raise is the standard play with this hand: it wins the same blinds "
    "risking far less, and it keeps the hand when someone re-raises.")
SHORT_RAISE_SHOVER = N_(
    "A small raise with a hand that is not in the opening range wastes it: if someone re-raises all-in you "
    "must fold it or call as the underdog. The chart plays it all-in.")
SHORT_NO_CHART = N_(
    "The push/fold charts stop at 15 big blinds at tables of three or more: the all-in with {stack} big "
    "blinds is valued against the players behind calling with 77+, ATs+, AJo+, KQs, the calls of the "
    "push/fold charts at 15-20 big blinds.")


class PreflopRanges:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`)."""

    name = "chart"  # the stable id in the JSON and the banded spots (the module was ``charts.py``)
    label = Message(N_("preflop charts"))
    exact = True
    measures_ev = True  # each option's EV is estimated from the charts' ranges (preflop_ev.py)
    shows_range_equity = False
    ev_text: str | None = T.PF_EV_LINE
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        return value(ctx)


MODEL = PreflopRanges()


def effective_bb(sit: Situation) -> float:
    others = [sit.stacks[s] + sit.bets[s] for s in sit.opponents] or [0]
    return min(sit.hero_stack + sit.hero_in_front, max(others)) / sit.big_blind


def chart_situation(sit: Situation, given: object) -> tuple[str, int | None] | None:
    """("unopened" | "limped" | "facing_open" | "facing_3bet" | "facing_4bet", the raiser's seat) when a
    chart applies (for a 3-bet or a 4-bet, the seat that made it)."""
    if sit.street != "preflop" or given:
        return None
    if effective_bb(sit) < CHART_MIN_STACK_BB:
        return ("unopened", None) if short_first_in_bb(sit) is not None else None
    pf = sit.preflop_actions()
    raises = [a for a in pf if a.kind in ("bet", "raise")]
    if any(a.all_in for a in pf) or sit.to_call >= sit.hero_stack:
        return None
    if any(a.to >= 0.4 * (a.to + sit.stacks[a.seat]) for a in raises):
        return None
    if not raises:
        return ("limped", None) if limpers(sit) else ("unopened", None)
    hero_raised = any(a.seat == sit.hero for a in raises)
    if len(raises) == 1 and not hero_raised:
        return ("facing_open", raises[0].seat)
    if len(raises) == 2 and raises[0].seat == sit.hero:
        return ("facing_3bet", raises[1].seat)
    if len(raises) == 3 and raises[1].seat == sit.hero:  # his 3-bet met a 4-bet (not all-in)
        return ("facing_4bet", raises[2].seat)
    return None


def short_first_in_bb(sit: Situation) -> float | None:
    """The effective stack of a first-in decision with more big blinds than the push/fold charts'
    first-in limit and less than the deep charts' 25, or None."""
    eff = pushfold.first_in_effective_bb(sit)
    if eff is None or eff <= pushfold.FIRST_IN_MAX_BB or effective_bb(sit) >= CHART_MIN_STACK_BB:
        return None
    return eff


def _worse(g: Grade, steps: int) -> Grade:
    order = list(Grade)
    return order[min(len(order) - 1, g.rank + steps)]


def _opens_anywhere(table: RangeTable, cls: str) -> bool:
    """The hand is in the tightest opening range of the table (the first seat's)."""
    first = next((p for p in table.positions if p in table.open), None)
    return first is not None and cls in hand_classes(table.open[first])


def _continues_elsewhere(table: RangeTable, cls: str) -> bool:
    """The hand continues against a 3-bet from some pair of positions (a close call elsewhere)."""
    return any(cls in hand_classes(f.call) or cls in hand_classes(f.raise_range)
               for f in table.vs_3bet_by.values())


def _wider_open(table: RangeTable, cls: str) -> bool:
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
_GRADE_FLOOR = {Grade.OTTIMA: 0.0,
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
    if kind == "facing_3bet":
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


def with_size(g: Grade, share: float) -> Grade:
    """The hand's grade for raising, worsened by the size's loss: the lower edge of the grade's band on
    the scale plus the size's share (an «ottima» raise at a size that loses 5% of the pot is «imprecisa»)."""
    return g.at_least(grade_for_loss(_GRADE_FLOOR[g] + share, 1.0))


def _size_verdict(sit: Situation, o: Option, kind: str, premium: bool, stake: float, *, short: bool = False
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


def value(ctx: Context) -> Valuation | None:
    sit = ctx.sit
    chart = chart_situation(sit, ctx.given)
    if chart is None:
        return None
    kind, opener = chart
    if kind == "unopened":
        short = short_first_in_bb(sit)
        if short is not None:
            return _short_open(ctx, short)
    table = table_for(sit.players)
    cls = class_of_cards(sit.hero_cards)
    hand_txt = format_cards(sit.hero_cards, symbols=True)
    pos = sit.hero_position
    premium = cls in hand_classes(PREMIUM)
    from_pos = Message(T.FROM_POS.get(pos, T.FROM_POS["UTG"]))
    raise_w = call_w = 0.0
    headline: Message
    limp_line: Message | None = None
    profile_note: Message | None = None  # the raiser's profile moved the chart's answer
    bb_check = sit.can_check
    if kind == "unopened":
        text = table.open_range(pos)
        behind = [ctx.profiles.get(s, DEFAULT) for s in sit.opponents]
        opens, profile_note = open_against(text, behind)
        raise_w = (opens if opens is not None else hand_classes(text) if text else {}).get(cls, 0.0)
        width = T.pct_phrase(T.WIDTH, parse_weighted(text).share_of_all() if text else 0.0)
        msg = T.PF_OPEN_IN if raise_w >= 1 else (T.PF_OPEN_MIXED if raise_w > 0 else T.PF_OPEN_OUT)
        headline = Message(msg, {"hand": hand_txt, "from_pos": from_pos, "width": width})
        limp_line = Message(T.PF_LIMP)
    elif kind == "limped":
        f = table.facing_limp(pos)
        raise_w = hand_classes(f.raise_range).get(cls, 0.0) if f.raise_range else 0.0
        call_w = hand_classes(f.call).get(cls, 0.0) if f.call else 0.0
        size = 3 + limpers(sit)
        if raise_w > 0:
            msg = T.PF_LIMPED_RAISE
        elif bb_check:
            msg = T.PF_LIMPED_CHECK
        elif call_w > 0:
            msg = T.PF_LIMPED_COMPLETE if pos == "SB" else T.PF_LIMPED_CALL
        else:
            msg = T.PF_LIMPED_FOLD
        headline = Message(msg, {"hand": hand_txt, "from_pos": from_pos, "size": size, "call": sit.to_call})
    elif kind == "facing_open":
        assert opener is not None
        f = table.facing_open(pos, sit.positions[opener])
        answer = response_to_raise(f.raise_range, f.call, ctx.profiles.get(opener, DEFAULT))
        raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
        profile_note = answer.note
        msg = T.PF_VS_RAISE if raise_w > 0 else (T.PF_VS_CALL if call_w > 0 else T.PF_VS_FOLD)
        opener_from = Message(T.FROM_POS.get(sit.positions[opener], T.FROM_POS["UTG"]))
        headline = Message(msg, {"hand": hand_txt, "hero_from": from_pos, "opener_from": opener_from})
    elif kind == "facing_4bet":
        assert opener is not None
        f4 = table.facing_4bet(pos) or FacingRanges(preflop_ev.FIVE_BET, preflop_ev.FACING_4BET)
        answer = response_to_raise(f4.raise_range, f4.call, ctx.profiles.get(opener, DEFAULT))
        raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
        profile_note = answer.note
        msg = T.PF_4B_RAISE if raise_w > 0 else (T.PF_4B_CALL if call_w > 0 else T.PF_4B_FOLD)
        headline = Message(msg, {"hand": hand_txt})
    else:
        f3 = table.facing_3bet(pos, sit.positions[opener] if opener is not None else None)
        if f3 is not None:
            answer = response_to_raise(f3.raise_range, f3.call, ctx.profiles.get(opener or -1, DEFAULT))
            raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
            profile_note = answer.note
        msg = T.PF_3B_RAISE if raise_w > 0 else (T.PF_3B_CALL if call_w > 0 else T.PF_3B_FOLD)
        headline = Message(msg, {"hand": hand_txt})
    wider = _wider_open(table, cls)
    stake = stake_bb(sit.pot / sit.big_blind, effective_bb(sit), preflop=True)
    sizes: dict[str, object] = {}  # the sizing rule's figures, by option (JSON details)
    shares: dict[str, float] = {}  # the sizing rule's loss, by option, as a share of the stake
    base: dict[str, Grade] = {}  # the hand's grade for a raise, before its size
    valued: list[Valued] = []
    for o in ctx.options:
        notes: list[Message] = []
        if o.kind == "fold":
            if bb_check:
                g = Grade.ERRORE
            elif kind == "unopened" and raise_w >= 1 and not premium and not _opens_anywhere(table, cls):
                # a late-position open folded: it gives up a small edge (a few tenths of a big blind);
                # a hand that opens from every seat (AJs, 88) folded is a real mistake
                g = Grade.IMPRECISA
            elif raise_w >= 1 or call_w >= 1:
                if kind == "limped" and raise_w == 0:
                    # a speculative hand behind limpers: a close second, except the small blind's
                    # cheap completion
                    g = Grade.IMPRECISA if pos == "SB" else Grade.BUONA
                else:
                    g = Grade.ERRORE_GRAVE if premium else (Grade.IMPRECISA if raise_w == 0 else Grade.ERRORE)
            elif raise_w > 0 or call_w > 0:
                g = Grade.BUONA
            else:
                g = Grade.OTTIMA
        elif o.kind == "check":
            g = (Grade.ERRORE if premium else Grade.IMPRECISA) if raise_w >= 1 else \
                (Grade.BUONA if raise_w > 0 else Grade.OTTIMA)
        elif o.passive:  # call, limp, complete
            if kind == "unopened":
                g = Grade.IMPRECISA if (raise_w > 0 or pos == "SB") else Grade.ERRORE
                if limp_line is not None:
                    notes.append(limp_line)
            elif kind == "limped":
                if raise_w >= 1:
                    g = Grade.ERRORE if premium else Grade.IMPRECISA
                    notes.append(Message(T.PF_LIMPED_MISSED_RAISE))
                elif raise_w > 0 or call_w > 0:
                    g = Grade.OTTIMA if call_w >= raise_w else Grade.BUONA
                else:
                    g = Grade.IMPRECISA
            elif call_w > 0:
                g = Grade.OTTIMA
            elif raise_w > 0:
                g = Grade.BUONA
            elif kind == "facing_3bet" and _continues_elsewhere(table, cls):
                # a hand that calls a 3-bet from another pair of positions (T9s in position against
                # the blinds, not out of position against the button): a leak, not a blunder
                g = Grade.IMPRECISA
            else:
                g = Grade.ERRORE
        else:
            assert o.amount is not None
            if raise_w > 0:
                g = Grade.OTTIMA
            elif call_w > 0:
                g = Grade.BUONA if kind == "limped" else Grade.IMPRECISA
            elif kind == "unopened" and wider:
                g = Grade.IMPRECISA
            elif kind == "limped" and bb_check and raise_w == 0:
                g = Grade.IMPRECISA if wider else Grade.ERRORE
            else:
                g = Grade.ERRORE
            steps, share, size_notes, figures = _size_verdict(sit, o, kind, premium, stake)
            shares[o.code] = share
            if steps:  # a deep all-in: the stack risked matters only when raising is right
                g = _worse(g, steps) if g.rank <= Grade.BUONA.rank else g
            else:
                base[o.code] = g
                g = with_size(g, share)
            notes += size_notes
            if figures:
                sizes[o.code] = figures
        valued.append(Valued(o, None, True, g, notes))
    if profile_note is not None:
        headline = Message(T.JOIN, {"first": headline, "second": profile_note})
    _with_evs(ctx, kind, valued, base, shares, stake, None)
    return Valuation(MODEL, valued, Message(T.PF_CHART_NOTE), headline=headline, details={"sizes": sizes})


def _short_open(ctx: Context, eff_bb: float) -> Valuation:
    """First in with 12-25 big blinds: the small raise from the short ranges, the all-in from the chart
    (the rules are in the module doc)."""
    sit = ctx.sit
    bb = sit.big_blind
    table = table_for(sit.players)
    cls = class_of_cards(sit.hero_cards)
    pos = sit.hero_position
    heads_up = sit.players == 2
    premium = cls in hand_classes(PREMIUM)
    open_text = table.short_open_range(pos)
    raise_w = hand_classes(open_text).get(cls, 0.0) if open_text else 0.0
    limp_text = table.short_limp_range(pos)
    limp_w = hand_classes(limp_text).get(cls, 0.0) if limp_text else 0.0
    shove = pushfold.first_in_shove(sit)
    ev = shove.ev if shove is not None else None
    shoves = ev is not None and ev > 0 and shove is not None and shove.frequency >= 0.5
    stack = Decimal(round(eff_bb * 2) / 2, 1)
    width = T.pct_phrase(T.WIDTH, parse_weighted(open_text).share_of_all() if open_text else 0.0)
    params = {"hand": format_cards(sit.hero_cards, symbols=True), "stack": stack, "width": width,
              "from_pos": Message(T.FROM_POS.get(pos, T.FROM_POS["UTG"]))}
    plays = raise_w >= 1 or limp_w >= 1
    if raise_w > 0:
        headline = Message(SHORT_RAISE, params)
    elif limp_w > 0:
        headline = Message(SHORT_LIMP, params)
    elif shoves:
        headline = Message(SHORT_SHOVE_ONLY, params)
    else:
        headline = Message(SHORT_FOLD, params)
    # folding: what the ranges say, never better than the chart's all-in allows
    if raise_w >= 1:
        if premium:
            fold = Grade.ERRORE_GRAVE
        elif (shoves and heads_up) or _opens_anywhere(table, cls):
            fold = Grade.ERRORE
        else:
            fold = Grade.IMPRECISA
    elif raise_w > 0 or limp_w > 0:
        fold = Grade.BUONA
    else:
        fold = Grade.OTTIMA
    stake = stake_bb(sit.pot / bb, eff_bb, preflop=True)  # the stack, at these depths (grading.py)
    if ev is not None and ev > 0:
        fold = fold.at_least(grade_for_loss(ev / bb, stake))
        if shoves:  # the chart's play is the all-in: folding is never its equal, however small the edge
            fold = fold.at_least(Grade.BUONA)
    shove_notes: list[Message] = []
    if ev is not None:
        assert shove is not None
        shove_notes.append(Message(SHORT_SHOVE_EV, {"stack": Decimal(shove.stack_bb, 1),
                                                    "ev": Decimal(round(ev / bb, 2), 2)}))
        if ev >= 0:
            all_in = Grade.BUONA if plays else Grade.OTTIMA
        else:
            # it loses against folding, and folding already loses what the hand earns when played
            floor = Grade.IMPRECISA if plays else Grade.OTTIMA
            if raise_w == 0 and limp_w == 0 and shove is not None and shove.frequency < 0.1:
                # a hand no range plays and the chart folds: the all-in risks the whole stack where
                # the small raise risks 2-2.5 bb, so it is never graded above that raise
                floor = floor.at_least(Grade.IMPRECISA if _wider_open(table, cls) else Grade.ERRORE)
            all_in = fold.at_least(grade_for_loss(-ev / bb, stake)).at_least(floor)
        if plays:
            shove_notes.append(Message(SHORT_SHOVE_SECOND))
    else:
        shove_notes.append(Message(SHORT_NO_CHART, {"stack": stack}))
        # no chart: its figure (preflop_ev.py) decides, except that a hand the range raises keeps the
        # small raise as the standard play (the all-in «buona» with QQ+/AK, «imprecisa» otherwise)
        all_in = (Grade.BUONA if premium else Grade.IMPRECISA) if raise_w > 0 else Grade.OTTIMA
    sizes: dict[str, object] = {}  # the sizing rule's figures, by option (JSON details)
    shares: dict[str, float] = {}
    base: dict[str, Grade] = {}
    valued: list[Valued] = []
    for o in ctx.options:
        notes: list[Message] = []
        if o.kind == "fold":
            g = fold
        elif o.kind == "all_in":
            g, notes = all_in, list(shove_notes)
        elif o.passive:  # a limp, or completing the small blind
            if heads_up:
                g = Grade.OTTIMA if limp_w >= 1 else \
                    (Grade.BUONA if raise_w > 0 or limp_w > 0 else Grade.IMPRECISA)
            else:
                g = Grade.IMPRECISA if (raise_w > 0 or pos == "SB") else Grade.ERRORE
                notes.append(Message(T.PF_LIMP))
        else:
            assert o.amount is not None
            if raise_w >= 1:
                g = Grade.OTTIMA
            elif raise_w > 0 or limp_w > 0:
                g = Grade.BUONA
            elif shoves:
                g = Grade.IMPRECISA
                notes.append(Message(SHORT_RAISE_SHOVER))
            else:
                g = Grade.IMPRECISA if _wider_open(table, cls) else Grade.ERRORE
            _, share, size_notes, figures = _size_verdict(sit, o, "unopened", premium, stake, short=True)
            shares[o.code], base[o.code] = share, g
            g = with_size(g, share)
            notes += size_notes
            sizes[o.code] = figures
        valued.append(Valued(o, None, True, g, notes))
    _with_evs(ctx, "unopened", valued, base, shares, stake, ev)
    jam = next((v for v in valued if v.opt.kind == "all_in"), None)
    if shove is None and not plays and raise_w == 0 and jam is not None and (jam.ev or 0.0) > 0:
        headline = Message(SHORT_SHOVE_EST, params)  # no chart, but the all-in's figure pays: say so
    details: dict[str, object] = {"short_stack": {"stack_bb": round(eff_bb, 1), "raise_weight": raise_w,
                                                  "limp_weight": limp_w}, "sizes": sizes}
    if shove is not None:
        # the push/fold chart's all-in, for reference: above the cut it is not the model's play (the
        # small raise is), so it is not given as a "chart" strategy the grades follow
        details["pushfold_reference"] = {
            "players": shove.players, "seat": shove.chart.shover, "stack_bb": shove.stack_bb,
            "ante_bb": shove.ante_bb, "push_frequency": round(shove.frequency, 4),
            "shove_ev_bb": round(shove.ev / bb, 4), "exploitability_bb": shove.chart.exploitability_bb}
    return Valuation(MODEL, valued, Message(T.PF_CHART_NOTE), headline=headline, details=details)


def _with_evs(ctx: Context, kind: str, valued: list[Valued], base: dict[str, Grade], shares: dict[str, float],
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
