"""«Tabelle preflop»: deeper preflop decisions graded from the preflop ranges, the way players learn them.

With more than the push/fold stacks, preflop decisions are graded from the
charts in ``coach/feedback/data/``: raising first in, facing one open (3-bet,
call or fold), facing a 3-bet, and pots where one or more players only limped
(isolate with a raise of 3 big blinds plus 1 per limper, call behind, complete
the small blind, check the big blind). No EV is measured here and the text
says so; the size of a raise is graded against the standard sizes.
"""

from __future__ import annotations

from coach.cards import format_cards
from coach.feedback import texts as T
from coach.feedback.grading import Grade
from coach.feedback.opponents import response_to_raise
from coach.feedback.options import Option, limpers
from coach.feedback.profiles import DEFAULT
from coach.feedback.rangemodel import class_of_cards, hand_classes, parse_weighted
from coach.feedback.ranges_data import RangeTable, table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation.base import Context, Rule, Valuation, Valued
from coach.i18n import N_, Decimal, Message

PREMIUM = "QQ+, AKs, AKo"
CHART_MIN_STACK_BB = 25


class PreflopRanges:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`)."""

    name = "chart"  # the stable id in the JSON and the banded spots (the module was ``charts.py``)
    label = Message(N_("preflop charts"))
    exact = True
    measures_ev = False  # it grades each option from the ranges directly
    shows_range_equity = False
    ev_text: str | None = None
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        return value(ctx)


MODEL = PreflopRanges()


def effective_bb(sit: Situation) -> float:
    others = [sit.stacks[s] + sit.bets[s] for s in sit.opponents] or [0]
    return min(sit.hero_stack + sit.hero_in_front, max(others)) / sit.big_blind


def chart_situation(sit: Situation, given: object) -> tuple[str, int | None] | None:
    """("unopened" | "limped" | "facing_open" | "facing_3bet", opener seat) when a chart applies."""
    if sit.street != "preflop" or given:
        return None
    if effective_bb(sit) < CHART_MIN_STACK_BB:
        return None
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
    return None


def _worse(g: Grade, steps: int) -> Grade:
    order = list(Grade)
    return order[min(len(order) - 1, g.rank + steps)]


def _opens_anywhere(table: RangeTable, cls: str) -> bool:
    """The hand is in the tightest opening range of the table (the first seat's)."""
    first = next((p for p in table.positions if p in table.open), None)
    return first is not None and cls in hand_classes(table.open[first])


def _wider_open(table: RangeTable, cls: str) -> bool:
    """The hand opens from some later position (a close call, not a blunder)."""
    return any(cls in hand_classes(t) for t in table.open.values())


def _size_penalty(sit: Situation, o: Option, kind: str, premium: bool) -> tuple[int, Message | None]:
    assert o.amount is not None
    bb = sit.big_blind
    size_bb = o.amount / bb
    if o.kind == "all_in" and size_bb > CHART_MIN_STACK_BB:
        return (2 if premium else 3), Message(T.PF_ALLIN_DEEP, {"bb": Decimal(size_bb, 1)})
    p = {"amount": o.amount, "bb": Decimal(size_bb, 1)}
    if kind in ("unopened", "limped"):
        net = size_bb - limpers(sit)
        small, big = (2.0, 3.5) if kind == "unopened" else (2.5, 4.5)
        if net < small:
            return 1, Message(T.PF_SIZE_SMALL if kind == "unopened" else T.PF_ISO_SMALL, p)
        if net <= big:
            return 0, Message(T.PF_SIZE_OK if kind == "unopened" else T.PF_ISO_OK, p)
        return (1 if net <= big + 1.5 else 2), Message(T.PF_SIZE_BIG, p)
    ratio = o.amount / max(sit.to_match, 1)
    lo, hi = (2.7, 5.0) if kind == "facing_open" else ((2.0, 3.0) if kind == "facing_3bet" else (2.0, 5.0))
    if ratio < lo:
        return 1, Message(T.PF_SIZE_SMALL, p)
    if ratio > hi:
        return (1 if ratio <= hi * 1.6 else 2), Message(T.PF_SIZE_BIG, p)
    return 0, Message(T.PF_SIZE_OK, p)


def value(ctx: Context) -> Valuation | None:
    sit = ctx.sit
    chart = chart_situation(sit, ctx.given)
    if chart is None:
        return None
    kind, opener = chart
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
        raise_w = hand_classes(text).get(cls, 0.0) if text else 0.0
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
    else:
        f3 = table.vs_3bet
        if f3 is not None:
            answer = response_to_raise(f3.raise_range, f3.call, ctx.profiles.get(opener or -1, DEFAULT))
            raise_w, call_w = answer.raise_classes.get(cls, 0.0), answer.call_classes.get(cls, 0.0)
            profile_note = answer.note
        msg = T.PF_3B_RAISE if raise_w > 0 else (T.PF_3B_CALL if call_w > 0 else T.PF_3B_FOLD)
        headline = Message(msg, {"hand": hand_txt})
    wider = _wider_open(table, cls)
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
            steps, note = _size_penalty(sit, o, kind, premium)
            if g.rank <= Grade.BUONA.rank:  # the size matters only when raising is right
                g = _worse(g, steps)
            if note is not None:
                notes.append(note)
        valued.append(Valued(o, None, True, g, notes))
    if profile_note is not None:
        headline = Message(T.JOIN, {"first": headline, "second": profile_note})
    return Valuation(MODEL, valued, Message(T.PF_CHART_NOTE), headline=headline)
