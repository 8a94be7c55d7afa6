"""Short stacks before the flop (12-25 big blinds): first in, and facing one open.

Part of the «tabelle preflop» model (id ``chart``, :mod:`.preflop_ranges`, which dispatches here).
At six and nine players both spots are graded from the opening and re-shove tables of
:mod:`coach.theory.shortstack` (built from the project's push/fold equilibria,
``coach/theory/data/shortstack.npz``; how, in that module and in docs/COACH.md, «Push/fold: fin dove
vale»). Tables of 3-5 players use the six-handed table, 7-10 the nine-handed one, by position name
(the players behind a seat are the same; only the antes in the pot differ).

**First in** (:func:`short_open`): the grading rules are in :mod:`.preflop_ranges`' doc; the table
says which hands raise small, which go all-in and which fold; the all-in's EV is the push/fold
chart's up to 15 bb (the shipped charts, to the half big blind) and the table's above.

**Facing one open** (:func:`short_vs_open`), everyone else folded, the open up to
:data:`MAX_OPEN_BB`, the effective stack from 12 to 25 big blinds: the re-shove table says re-shove,
call or fold for the hero's hand. The all-in's EV is the re-shove equilibrium's for the hero's class
(exact given the table's ranges: fold equity times the pot, plus the calls' share times equity times
the final pot minus the stack, against the opener's calling range and the calls of the players
behind); the call and a small 3-bet are estimates (:mod:`.preflop_ev`), bounded by the table's grades
as every chart decision is (docs/COACH.md, «Tabelle e valori insieme»).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from coach.cards import format_cards
from coach.feedback import texts as T
from coach.feedback.grading import PRINTED_TIE_BB, Grade, grade_for_loss, stake_bb
from coach.feedback.rangemodel import class_of_cards, hand_classes, parse_weighted
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import pushfold
from coach.feedback.valuation.base import Context, Valuation, ValuationModel, Valued
from coach.feedback.valuation.preflop_sizing import (
    CHART_MIN_STACK_BB,
    PREMIUM,
    effective_bb,
    opens_anywhere,
    size_verdict,
    wider_open,
    with_evs,
    with_size,
)
from coach.i18n import N_, Decimal, Message
from coach.positions import position_names
from coach.theory import shortstack
from coach.theory.classes import CLASS_OF_NAME, N_CLASSES, class_index, class_sizes, range_text

MIN_BB = 12.0  # below, facing an open is outside the tables (they start at 12.5 bb)
MAX_OPEN_BB = 3.0  # the tables assume a 2.2 bb open; a bigger one is another spot
ACTION_NAMES = {shortstack.FOLD: "fold", shortstack.RAISE: "raise", shortstack.SHOVE: "all_in",
                shortstack.CALL: "call"}

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
SHORT_SHOVE_BVB = N_(
    "With {stack} big blinds you are above the push/fold range (up to 12 big blinds): {hand} is not in the "
    "opening range {from_pos}, {width}, but the push/fold chart goes all-in with it; blind against blind, "
    "completing for half a big blind is the other standard play, not a small raise.")
SHORT_BVB_LIMP = N_(
    "Blind against blind with {stack} big blinds, completing (limping) for half a big blind is a standard "
    "play too: it sees a flop cheaply without risking the stack.")
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


def short_open(ctx: Context, eff_bb: float, model: ValuationModel) -> Valuation:
    """First in with 12-25 big blinds: the small raise from the short ranges (at six and nine, the
    opening tables), the all-in from the push/fold equilibrium (the rules are in the module doc)."""
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
    share = parse_weighted(open_text).share_of_all() if open_text else 0.0
    shove = pushfold.first_in_shove(sit)
    ev = shove.ev if shove is not None else None
    shoves = ev is not None and ev > 0 and shove is not None and shove.frequency >= 0.5
    row = None if heads_up else open_table(sit, eff_bb)
    ci = class_index(sit.hero_cards[0].index, sit.hero_cards[1].index)
    if row is not None:  # the opening table for this depth decides raise, all-in or fold
        raise_w = raise_w if row.action[ci] == shortstack.RAISE else 0.0
        share = float((class_sizes() * (row.action == shortstack.RAISE) * open_mask(open_text)).sum()) / 1326
        if ev is None:  # above the shipped push/fold charts: the table's equilibrium at that stack
            ev = float(row.ev_shove[ci]) * bb
        shoves = row.action[ci] == shortstack.SHOVE and ev > 0
    stack = Decimal(round(eff_bb * 2) / 2, 1)
    width = T.pct_phrase(T.WIDTH, share)
    params = {"hand": format_cards(sit.hero_cards, symbols=True), "stack": stack, "width": width,
              "from_pos": Message(T.FROM_POS.get(pos, T.FROM_POS["UTG"]))}
    plays = raise_w >= 1 or limp_w >= 1
    # blind against blind (folded to the small blind at three or more players): completing is standard
    # for the hands the table plays (docs/COACH.md, «Da 12 a 25 bb, il piccolo buio contro il grande»)
    bvb = not heads_up and pos == "SB" and (raise_w > 0 or shoves)
    if raise_w > 0:
        headline = Message(SHORT_RAISE, params)
        if bvb:
            headline = Message(T.JOIN, {"first": headline, "second": Message(SHORT_BVB_LIMP, params)})
    elif limp_w > 0:
        headline = Message(SHORT_LIMP, params)
    elif shoves:
        headline = Message(SHORT_SHOVE_BVB if bvb else SHORT_SHOVE_ONLY, params)
    else:
        headline = Message(SHORT_FOLD, params)
    # folding: what the ranges say, never better than the chart's all-in allows
    if raise_w >= 1:
        if premium:
            fold = Grade.ERRORE_GRAVE
        elif (shoves and heads_up) or opens_anywhere(table, cls):
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
        chart_stack = shove.stack_bb if shove is not None else row.stack_bb if row is not None else eff_bb
        shove_notes.append(Message(SHORT_SHOVE_EV, {"stack": Decimal(chart_stack, 1),
                                                    "ev": Decimal(round(ev / bb, 2) + 0.0, 2)}))
        if ev >= 0:
            all_in = Grade.BUONA if plays else Grade.OTTIMA
        else:
            # it loses against folding, and folding already loses what the hand earns when played
            floor = Grade.IMPRECISA if plays else Grade.OTTIMA
            chart_folds = (row.action[ci] == shortstack.FOLD if row is not None
                           else shove is not None and shove.frequency < 0.1)
            if raise_w == 0 and limp_w == 0 and chart_folds:
                # a hand no range plays and the chart folds: the all-in risks the whole stack where
                # the small raise risks 2-2.5 bb, so it is never graded above that raise
                floor = floor.at_least(Grade.IMPRECISA if wider_open(table, cls) else Grade.ERRORE)
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
            elif bvb:
                g = Grade.BUONA
                notes.append(Message(SHORT_BVB_LIMP, params))
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
                g = Grade.IMPRECISA if wider_open(table, cls) else Grade.ERRORE
            _, share, size_notes, figures = size_verdict(sit, o, "unopened", premium, stake, short=True)
            shares[o.code], base[o.code] = share, g
            g = with_size(g, share)
            notes += size_notes
            sizes[o.code] = figures
        valued.append(Valued(o, None, True, g, notes))
    with_evs(ctx, "unopened", valued, base, shares, stake, ev)
    _not_below_the_fold(valued, sit.big_blind)
    jam = next((v for v in valued if v.opt.kind == "all_in"), None)
    no_chart = shove is None and row is None
    if no_chart and not plays and raise_w == 0 and jam is not None and (jam.ev or 0.0) > 0:
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
    if row is not None:
        details["short_table"] = {
            "players": row.players, "seat": sit.hero_position, "stack_bb": row.stack_bb,
            "ante_bb": row.ante_bb,
            "action": ACTION_NAMES[int(row.action[ci])], "shove_ev_bb": round(float(row.ev_shove[ci]), 4),
            "raise_ev_bb": round(float(row.ev_raise[ci]), 4)}
    return Valuation(model, valued, Message(T.PF_CHART_NOTE), headline=headline, details=details)



SHORT_VS_SHOVE = N_(
    "With {stack} big blinds facing an open {opener_from}, {hand} is in the re-shove range {hero_from} for "
    "this depth, {width}: go all-in over the open (a 3-bet all-in).")
SHORT_VS_CALL = N_(
    "With {stack} big blinds facing an open {opener_from}, {hand} is not among the re-shoves {hero_from} "
    "({width}) but it is good enough to call the open at this price: call.")
SHORT_VS_FOLD = N_(
    "With {stack} big blinds facing an open {opener_from}, {hand} is neither in the re-shove range "
    "{hero_from} ({width}) nor among the hands that call the open: fold.")
SHORT_VS_EV = N_(
    "By the re-shove table for {stack} big blinds, the all-in is worth {ev} bb compared with folding: the "
    "opener calls it with {calls}.")
SHORT_VS_SMALL = N_(
    "With {stack} big blinds a 3-bet that is not all-in puts a large part of the stack in and lets the "
    "opener decide; the re-shove takes the pot or gets the stacks in with the hand: all-in or fold.")


def _full_table(players: int) -> int:
    return 6 if players <= 6 else 9


def _index(players: int, position: str) -> int | None:
    names = position_names(_full_table(players))
    return names.index(position) if position in names else None


def _ante_bb(sit: Situation) -> float:
    return sum(sit.antes) / sit.players / sit.big_blind


@cache
def open_mask(text: str) -> npt.NDArray[np.float64]:
    """The weight of each of the 169 classes in a range notation."""
    out = np.zeros(N_CLASSES)
    for name, w in (hand_classes(text) if text else {}).items():
        out[CLASS_OF_NAME[name]] = w
    return out


def open_table(sit: Situation, eff_bb: float) -> shortstack.OpenRow | None:
    """The shipped opening table for the hero's seat, stack and ante, or None (heads-up, no table)."""
    if sit.players < 3 or sit.players > 10:
        return None
    seat = _index(sit.players, sit.hero_position)
    if seat is None:
        return None
    return shortstack.open_row(_full_table(sit.players), seat, eff_bb, _ante_bb(sit))


def vs_open_spot(sit: Situation, given: object) -> tuple[int, float] | None:
    """(the opener's seat, the effective stack in bb) when the hero faces one open with 12-25 big blinds,
    everyone else folded, at a table of 3-10 players; else None."""
    if sit.street != "preflop" or given or not 3 <= sit.players <= 10:
        return None
    pf = sit.preflop_actions()
    raises = [a for a in pf if a.kind in ("bet", "raise")]
    if len(raises) != 1 or raises[0].all_in or any(a.seat == sit.hero for a in pf):
        return None
    opener = raises[0].seat
    if any(a.kind not in ("fold",) for a in pf if a is not raises[0]):
        return None
    if raises[0].to > MAX_OPEN_BB * sit.big_blind:
        return None
    eff = min(sit.hero_stack + sit.hero_in_front, sit.stacks[opener] + sit.bets[opener]) / sit.big_blind
    if not MIN_BB <= eff < CHART_MIN_STACK_BB or effective_bb(sit) >= CHART_MIN_STACK_BB:
        return None
    return opener, eff


def _reshove_row(sit: Situation, opener: int, eff_bb: float) -> shortstack.ReshoveRow | None:
    x = _index(sit.players, sit.positions[opener])
    y = _index(sit.players, sit.hero_position)
    if x is None or y is None or y <= x:
        return None
    return shortstack.reshove_row(_full_table(sit.players), x, y, eff_bb, _ante_bb(sit))


def short_vs_open(ctx: Context, opener: int, eff_bb: float, model: ValuationModel) -> Valuation | None:
    """Facing one open with 12-25 big blinds: re-shove, call or fold from the re-shove table."""
    sit = ctx.sit
    row = _reshove_row(sit, opener, eff_bb)
    if row is None:
        return None
    bb = sit.big_blind
    table = table_for(sit.players)
    cls = class_of_cards(sit.hero_cards)
    ci = class_index(sit.hero_cards[0].index, sit.hero_cards[1].index)
    premium = cls in hand_classes(PREMIUM)
    action = int(row.action[ci])
    ev = float(row.ev_shove[ci]) * bb
    stack = Decimal(round(eff_bb * 2) / 2, 1)
    shove_share = float((class_sizes() * (row.action == shortstack.SHOVE)).sum()) / 1326
    calls_text = range_text((row.opener_calls >= 0.5).astype(np.float64)) or "—"
    params = {"hand": format_cards(sit.hero_cards, symbols=True), "stack": stack,
              "width": T.pct_phrase(T.WIDTH, shove_share),
              "hero_from": Message(T.FROM_POS.get(sit.hero_position, T.FROM_POS["UTG"])),
              "opener_from": Message(T.FROM_POS.get(sit.positions[opener], T.FROM_POS["UTG"]))}
    msg = {shortstack.SHOVE: SHORT_VS_SHOVE, shortstack.CALL: SHORT_VS_CALL}.get(action, SHORT_VS_FOLD)
    headline = Message(msg, params)
    stake = stake_bb(sit.pot / bb, eff_bb, preflop=True)
    loss = grade_for_loss(abs(ev) / bb, stake)  # what the all-in gains or loses against folding
    deep = table.facing_open(sit.hero_position, sit.positions[opener])
    continues = cls in hand_classes(deep.learner_call) or cls in hand_classes(deep.raise_range)
    if action == shortstack.SHOVE:
        all_in = Grade.OTTIMA
        call = Grade.IMPRECISA if continues else Grade.ERRORE
        fold = (Grade.ERRORE_GRAVE if premium else Grade.BUONA).at_least(loss if ev > 0 else Grade.BUONA)
        small = Grade.IMPRECISA
    elif action == shortstack.CALL:
        call = Grade.OTTIMA
        all_in = Grade.BUONA if ev >= 0 else loss.at_least(Grade.IMPRECISA)
        fold = Grade.IMPRECISA if ev >= 0 else Grade.BUONA
        small = Grade.IMPRECISA
    else:
        fold = Grade.OTTIMA if ev <= 0 else Grade.BUONA
        all_in = loss.at_least(Grade.BUONA) if ev < 0 else Grade.BUONA
        call = Grade.IMPRECISA if continues else Grade.ERRORE
        small = Grade.ERRORE
    ev_note = Message(SHORT_VS_EV, {"stack": Decimal(row.stack_bb, 1),
                                    "ev": Decimal(round(ev / bb, 2) + 0.0, 2), "calls": calls_text})
    sizes: dict[str, object] = {}
    shares: dict[str, float] = {}
    base: dict[str, Grade] = {}
    valued: list[Valued] = []
    for o in ctx.options:
        notes: list[Message] = []
        if o.kind == "fold":
            g = fold
        elif o.kind == "all_in":
            g, notes = all_in, [ev_note]
        elif o.passive:
            g = call
        else:
            assert o.amount is not None
            _, share, size_notes, figures = size_verdict(sit, o, "facing_open", premium, stake)
            shares[o.code], base[o.code] = share, small
            g = with_size(small, share)
            notes += [Message(SHORT_VS_SMALL, {"stack": stack}), *size_notes]
            sizes[o.code] = figures
        valued.append(Valued(o, None, True, g, notes))
    with_evs(ctx, "facing_open", valued, base, shares, stake, ev)
    _not_below_the_fold(valued, sit.big_blind)
    details: dict[str, object] = {"sizes": sizes, "short_table": {
        "players": _full_table(sit.players), "opener": sit.positions[opener], "seat": sit.hero_position,
        "stack_bb": row.stack_bb, "ante_bb": round(_ante_bb(sit), 3), "action": ACTION_NAMES[action],
        "reshove_frequency": round(float(row.shove[ci]), 4), "shove_ev_bb": round(float(row.ev_shove[ci]), 4),
        "opener_calls": calls_text, "exploitability_bb": round(row.exploitability_bb, 5)}}
    return Valuation(model, valued, Message(T.PF_CHART_NOTE), headline=headline, details=details)


def _not_below_the_fold(valued: list[Valued], bb: float) -> None:
    """An option whose printed figure beats the fold's is never graded below the fold.

    When the table's play is the all-in, the fold and the small raise are both second choices, and the
    fold's grade is read on its exact figure. The raise's estimate can still say it beats folding (T9s
    first in at 15 bb: «rende circa 0,1 bb in più» than the fold): graded below the fold, its grade and
    its own sentence would disagree. It is lifted to the fold's grade, one step at most above the table's
    (docs/COACH.md, «Tabelle e valori insieme», rule 4).
    """
    fold = next((v for v in valued if v.opt.kind == "fold"), None)
    if fold is None or fold.grade is None or fold.ev is None:
        return
    for v in valued:
        if (v is fold or v.grade is None or v.ev is None or v.ev - fold.ev < PRINTED_TIE_BB * bb
                or v.grade.rank <= fold.grade.rank):
            continue
        v.grade = list(Grade)[max(fold.grade.rank, v.grade.rank - 1)]
