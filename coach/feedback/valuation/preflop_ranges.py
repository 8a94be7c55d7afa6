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
a small raise, from the short-stack ranges (heads-up: a min-raise range, a limp
range and the few hands that fold, from the data; at larger tables the opening
tables of :mod:`coach.theory.shortstack`, which also move some hands to the
all-in), and the all-in stays one of the options, valued by the push/fold
equilibrium at that stack. Facing one open with 12 to 25 big blinds at three
players or more, the re-shove tables grade re-shove, call and fold. Both live in
:mod:`.preflop_short`; the sizing rule in :mod:`.preflop_sizing`. The other spots with 12 to 25 big
blinds (a limp, an open already called or bigger than 3 bb, heads-up against the small blind's raise)
have no table: :mod:`.preflop_short_ev` grades them by their values. The rules of the
first-in spot, so that no grade contradicts the chart's number:

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

from coach.cards import format_cards
from coach.feedback import texts as T
from coach.feedback.grading import PRINTED_TIE_BB, Grade, stake_bb
from coach.feedback.opponents import open_against, response_to_raise
from coach.feedback.options import limpers
from coach.feedback.profiles import DEFAULT
from coach.feedback.rangemodel import class_of_cards, hand_classes, parse_weighted
from coach.feedback.ranges_data import FacingRanges, table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import preflop_ev, preflop_short, preflop_short_ev
from coach.feedback.valuation.base import Context, Rule, Valuation, Valued
from coach.feedback.valuation.preflop_sizing import (  # the sizing rule lives there; its names are used here
    BIG_SLOPE,
    CHART_MIN_STACK_BB,
    PREMIUM,
    SMALL_SLOPE,
    StandardSize,
    continues_elsewhere,
    defends_elsewhere,
    effective_bb,
    opens_anywhere,
    short_first_in_bb,
    size_loss,
    size_verdict,
    standard_size,
    wider_open,
    with_evs,
    with_size,
    worse,
)
from coach.i18n import N_, Decimal, Message

__all__ = ["BIG_SLOPE", "MODEL", "SMALL_SLOPE", "StandardSize", "chart_situation", "short_first_in_bb",
           "size_loss", "standard_size", "value", "with_size"]


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


def chart_situation(sit: Situation, given: object) -> tuple[str, int | None] | None:
    """("unopened" | "limped" | "facing_open" | "facing_3bet" | "cold_3bet" | "facing_4bet", the raiser's
    seat) when a chart applies (for a 3-bet or a 4-bet, the seat that made it; ``cold_3bet``: an open and
    a 3-bet in front of a player who has not acted)."""
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
    if len(raises) == 2 and not any(a.seat == sit.hero for a in pf):  # an open and a 3-bet, cold
        return ("cold_3bet", raises[1].seat)
    if len(raises) == 3 and raises[1].seat == sit.hero:  # his 3-bet met a 4-bet (not all-in)
        return ("facing_4bet", raises[2].seat)
    return None


def value(ctx: Context, overruled: Message | None = None) -> Valuation | None:
    """The chart's grades and figures; ``overruled``: the note that the chart's all-in loses against
    folding by its exact figure (then the hand is graded as one the chart folds, see the end)."""
    sit = ctx.sit
    chart = chart_situation(sit, ctx.given)
    if chart is None:
        facing = preflop_short.vs_open_spot(sit, ctx.given)
        tabled = preflop_short.short_vs_open(ctx, *facing, MODEL) if facing is not None else None
        return tabled if tabled is not None else preflop_short_ev.short_by_value(ctx, MODEL)
    kind, opener = chart
    if kind == "unopened":
        short = short_first_in_bb(sit)
        if short is not None:
            return preflop_short.short_open(ctx, short, MODEL)
    table = table_for(sit.players)
    cls = class_of_cards(sit.hero_cards)
    hand_txt = format_cards(sit.hero_cards, symbols=True)
    pos = sit.hero_position
    premium = cls in hand_classes(PREMIUM)
    from_pos = Message(T.FROM_POS.get(pos, T.FROM_POS["UTG"]))
    raise_w = call_w = 0.0
    headline: Message
    in_chart = False  # facing an open: the hand is in the chart before the opener's profile moved it
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
        f = table.learner_facing_open(pos, sit.positions[opener])
        answer = response_to_raise(f.raise_range, f.learner_call, ctx.profiles.get(opener, DEFAULT))
        raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
        profile_note = answer.note
        in_chart = cls in hand_classes(f.raise_range) or cls in hand_classes(f.learner_call)
        msg = T.PF_VS_RAISE if raise_w > 0 else (T.PF_VS_CALL if call_w > 0 else T.PF_VS_FOLD)
        opener_from = Message(T.FROM_POS.get(sit.positions[opener], T.FROM_POS["UTG"]))
        headline = Message(msg, {"hand": hand_txt, "hero_from": from_pos, "opener_from": opener_from})
    elif kind == "cold_3bet":
        assert opener is not None
        fc = table.facing_cold_3bet() or FacingRanges(preflop_ev.FIVE_BET, preflop_ev.COLD_VS_RERAISE)
        answer = response_to_raise(fc.raise_range, fc.call, ctx.profiles.get(opener, DEFAULT))
        raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
        profile_note = answer.note
        msg = T.PF_COLD_RAISE if raise_w > 0 else (T.PF_COLD_CALL if call_w > 0 else T.PF_COLD_FOLD)
        headline = Message(msg, {"hand": hand_txt})
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
    if overruled is not None:  # the chart's all-in lost by its exact figure: a hand the chart folds
        raise_w = call_w = 0.0
    wider = wider_open(table, cls)
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
            elif kind == "unopened" and raise_w >= 1 and not premium and not opens_anywhere(table, cls):
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
            elif kind == "facing_3bet" and continues_elsewhere(table, cls):
                # a hand that calls a 3-bet from another pair of positions (T9s in position against
                # the blinds, not out of position against the button): a leak, not a blunder
                g = Grade.IMPRECISA
            elif kind == "facing_open" and (in_chart or defends_elsewhere(table, pos, cls)):
                # a hand this seat defends against another opener (K7o in the big blind against the
                # button, not against UTG), or that the chart plays before the opener's profile
                # tightened it (AJo against a rock's UTG open): a leak, not a blunder
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
            elif kind == "facing_open" and (in_chart or defends_elsewhere(table, pos, cls, raising=True)):
                g = Grade.IMPRECISA  # a 3-bet against another opener, or before the profile: a leak
            elif kind == "limped" and bb_check and raise_w == 0:
                g = Grade.IMPRECISA if wider else Grade.ERRORE
            else:
                g = Grade.ERRORE
            steps, share, size_notes, figures = size_verdict(sit, o, kind, premium, stake)
            shares[o.code] = share
            if steps:  # a deep all-in: the stack risked matters only when raising is right
                g = worse(g, steps) if g.rank <= Grade.BUONA.rank else g
            else:
                base[o.code] = g
                g = with_size(g, share)
            notes += size_notes
            if figures:
                sizes[o.code] = figures
        valued.append(Valued(o, None, True, g, notes))
    if profile_note is not None:
        headline = Message(T.JOIN, {"first": headline, "second": profile_note})
    with_evs(ctx, kind, valued, base, shares, stake, None)
    top = min(v.grade.rank for v in valued if v.grade is not None)
    jam = next((v for v in valued
                if v.opt.kind == "all_in" and v.grade is not None and v.grade.rank == top), None)
    if overruled is None and jam is not None and jam.ev is not None \
            and jam.ev < -PRINTED_TIE_BB * sit.big_blind:
        # the chart's all-in (a 5-bet bluff it mixes in, A5s against an early 4-bet with few bluffs)
        # loses against folding by its exact figure: the figure decides («Tabelle e valori insieme»,
        # rule 2), so the hand is graded as one the chart folds (calling its 4-bet is no «close second»
        # of a losing all-in), and the headline says why rather than the opposite of the grades
        loss = Decimal(round(-jam.ev / sit.big_blind, 1), 1)
        return value(ctx, Message(T.PF_CHART_JAM_LOSES, {"loss": loss}))
    if overruled is not None:
        headline = Message(T.JOIN, {"first": headline, "second": overruled})
    return Valuation(MODEL, valued, Message(T.PF_CHART_NOTE), headline=headline, details={"sizes": sizes})

