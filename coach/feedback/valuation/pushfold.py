"""«Tabella push/fold»: short stacks before the flop, valued by the equilibrium charts.

Applies before the flop when nobody has entered the pot before the hero (he may
go all-in or fold) with an effective stack of at most 12 big blinds
(:data:`FIRST_IN_MAX_BB`), or when exactly one player went all-in first in and
everyone between folded (he may call or fold) with at most 15 big blinds (25
heads-up), at a table of up to ten (a tenth player is folded first: the charts
go to nine). The charts are those of :mod:`coach.theory.pushfold` for that
table, seat, stack (to the half big blind) and ante per player.

Why first in stops at 12 big blinds: the charts solve a game where the first
player may only go all-in or fold. That game is close to the full game's
equilibrium only with short stacks: HoldemResources, which publishes the
reference heads-up Nash charts, says the push-or-fold solution "is generally
assumed to be very close to the solution of the full game up to around 8bb"
and usable "at least until 10bb", and that push-or-fold above 20 bb "is almost
certainly a bad idea" (holdemresources.net/h/poker-theory/hune/usage.html);
Miltersen and Sørensen (AAMAS 2007) showed jam-or-fold near-optimal for a
heads-up tournament with about 13 big blinds in play; full-game solutions of
the small blind heads-up at 12-25 bb min-raise or limp almost every hand and
go all-in with few (e.g. pokersciences.com, chapter 3; husng.com, "Small Blind
Play 11-14bb Deep"). Above 12 big blinds, then, the small raise is graded by the
opening charts (:mod:`.preflop_ranges`), and the all-in stays one of the
options, valued by these charts (:func:`first_in_shove`). Calling an all-in
stays here up to 15 (25) big blinds: that decision is exact given the shover's
range, and the chart's range is the one a player who shoves that deep is
assumed to hold.

* Shoving: the chart's EV of shoving minus that of folding, for the hero's
  class (the chart's figures, at equal stacks of the effective stack).
* Calling a shove: the hero's equity against the shover's chart range (given
  that the players between folded, card removal included) on the pot the hero
  can actually win, minus the call: exact chip EV for the real amounts.
* Limping or a raise that is not all-in are outside the push/fold model: the
  chart's rule places them (a hand the chart shoves may also raise smaller, a
  close second; a hand the chart folds should not enter at all), and said so;
  their figure is the estimate of :mod:`.preflop_ev` kept inside that grade's
  band on the estimate's doubled thresholds (:func:`_estimate_outside`), so that
  every option has an EV and the grade is its figure's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from coach.cards import format_cards
from coach.feedback import texts as T
from coach.feedback.grading import ESTIMATE_FACTOR, PLAYED_FREQ, Grade, grade_for_loss, stake_bb
from coach.feedback.profiles import Profile
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import preflop_ev
from coach.feedback.valuation.base import Context, Rule, Valuation, Valued
from coach.feedback.valuation.preflop_ev import GRADE_CEILING, GRADE_FLOOR
from coach.i18n import N_, Decimal, Message, Percent
from coach.theory.classes import class_index, class_sizes, disjoint_pairs
from coach.theory.preflop import equity_table
from coach.theory.pushfold import chart, scaled_calls, shove_gain

FIRST_IN_MAX_BB = 12.0  # first in: all-in or fold up to here (see the module doc for why)
CALL_MAX_BB = 15.0  # facing a first-in all-in, at tables of three or more (the charts' deepest)
CALL_MAX_HU_BB = 25.0  # facing the small blind's all-in heads-up
BAND_MARGIN = 0.002  # a figure kept inside a grade's band stays this share of the stake from its edges


class PushFold:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`)."""

    name = "pushfold"
    label = Message(N_("push/fold chart"))
    exact = True
    measures_ev = True
    shows_range_equity = False  # the headline carries the chart's own equity
    ev_text: str | None = T.IS_BEST_EV_CHART
    # an exact model: graded by its EVs alone, none of the estimate's rules (issue 19)
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        return value(ctx)


MODEL = PushFold()


def _preflop_index(sit: Situation, seat: int) -> int:
    """The seat's place in the preflop order (0 = first to act; the big blind last)."""
    n = sit.players
    if n == 2:
        return 0 if seat == sit.button else 1
    return (seat - (sit.button + 3)) % n


def _total(sit: Situation, seat: int) -> int:
    """The seat's chips at the start of the hand (what an all-in can put in)."""
    return sit.stacks[seat] + sit.committed[seat]


def _ante_bb(sit: Situation, hand_antes: int) -> float:
    return hand_antes / sit.players / sit.big_blind


def _spot(sit: Situation) -> tuple[str, int | None] | None:
    """("first_in", None) or ("vs_shove", shover) when the push/fold model applies."""
    if sit.street != "preflop":
        return None
    pf = sit.preflop_actions()
    aggressive = [a for a in pf if a.kind in ("bet", "raise")]
    if not aggressive:
        if any(a.kind != "fold" for a in pf) or sit.hero_position == "BB" or sit.to_call <= 0:
            return None
        return ("first_in", None)
    if len(aggressive) != 1 or not aggressive[0].all_in:
        return None
    shover = aggressive[0]
    before = pf[: pf.index(shover)]
    after = pf[pf.index(shover) + 1:]
    if any(a.kind != "fold" for a in before) or any(a.kind != "fold" for a in after):
        return None
    return ("vs_shove", shover.seat)


@dataclass(frozen=True)
class ShoveValue:
    """The push/fold chart's value of going all-in first in (chips relative to folding)."""

    ev: float  # chips: the chart's EV of shoving minus that of folding, for the hero's class
    frequency: float  # how often the chart shoves the hero's class
    stack_bb: float  # the chart's stack (the effective stack to the half big blind)
    players: int  # the chart's table (a tenth player is folded first)
    ante_bb: float
    chart: Any  # the :class:`coach.theory.pushfold` chart, for its share and exploitability
    caller_keeps: tuple[float, ...] | None = None  # profiled callers: each one's calling width (else None)


def first_in_effective_bb(sit: Situation) -> float | None:
    """The effective stack of a first-in decision (the hero against the deepest player still to act),
    or None when the hero is not first in (someone limped or raised, or he is the big blind)."""
    spot = _spot(sit)
    if spot is None or spot[0] != "first_in":
        return None
    acted = {a.seat for a in sit.preflop_actions()}
    behind = [s for s in range(sit.players) if s not in acted and s != sit.hero]
    others = max((_total(sit, s) for s in behind), default=0)
    return min(_total(sit, sit.hero), others) / sit.big_blind


def _seat_at(sit: Situation, index: int) -> int:
    """The seat at this place in the preflop order (the inverse of :func:`_preflop_index`)."""
    n = sit.players
    if n == 2:
        return sit.button if index == 0 else (sit.button + 1) % 2
    return (index + sit.button + 3) % n


def caller_keeps(sit: Situation, profiles: Mapping[int, Profile] | None, callers: int) -> tuple[float, ...]:
    """How wide each player behind the hero calls an all-in, against the chart's calling range.

    The chart's ``j``-th caller is the ``j``-th player after the hero in the preflop order. A profiled
    player calls :attr:`~coach.feedback.profiles.Profile.preflop_keep` times as many hands (a rock
    0.6, a beginner who calls too much 1.6, an aggressive player 1.2): the same width the range model
    gives a profiled player's call of an all-in (:func:`coach.feedback.opponents.preflop_weighted`).
    """
    hero_idx = _preflop_index(sit, sit.hero)
    keeps: list[float] = []
    for j in range(callers):
        prof = (profiles or {}).get(_seat_at(sit, hero_idx + 1 + j))
        keeps.append(1.0 if prof is None or prof.equilibrium else prof.preflop_keep)
    return tuple(keeps)


def first_in_shove(sit: Situation, profiles: Mapping[int, Profile] | None = None) -> ShoveValue | None:
    """The chart's value of an all-in first in, for any stack the charts cover (25 bb heads-up,
    15 bb at three players or more), or None outside them.

    With ``profiles``, a profiled player behind calls his own width (:func:`caller_keeps`): the EV is
    the shove's against those calling ranges (:func:`coach.theory.pushfold.shove_gain`), and the
    frequency the best response to them (all-in when it gains), not the chart's.
    """
    eff_bb = first_in_effective_bb(sit)
    if eff_bb is None or eff_bb <= 0 or sit.players > 10:
        return None
    limit = CALL_MAX_HU_BB if sit.players == 2 else CALL_MAX_BB
    if eff_bb > limit:
        return None
    players = min(sit.players, 9)
    ante = max(0.0, min(1.0, round(_ante_bb(sit, sum(sit.antes)), 3)))
    stack = min(limit, max(1.0, round(eff_bb * 2) / 2))
    cls = class_index(sit.hero_cards[0].index, sit.hero_cards[1].index)
    behind_n = sit.players - 1 - _preflop_index(sit, sit.hero)
    c = chart(players, players - 1 - min(behind_n, players - 1), stack, ante)
    keeps = caller_keeps(sit, profiles, len(c.calls))
    if any(k != 1.0 for k in keeps):
        gain = float(shove_gain(c, scaled_calls(c, keeps))[cls])
        return ShoveValue(gain * sit.big_blind, 1.0 if gain > 0 else 0.0, stack, players, ante, c, keeps)
    return ShoveValue(float(c.ev_push[cls] - c.ev_fold[cls]) * sit.big_blind, float(c.push[cls]), stack,
                      players, ante, c)


def value(ctx: Context) -> Valuation | None:
    sit = ctx.sit
    if ctx.given or sit.players > 10:
        return None
    spot = _spot(sit)
    if spot is None:
        return None
    kind, shover = spot
    players = min(sit.players, 9)
    hero_idx = _preflop_index(sit, sit.hero)
    cls = class_index(sit.hero_cards[0].index, sit.hero_cards[1].index)
    bb = sit.big_blind
    valued: list[Valued] = []
    played: frozenset[str] | None
    if kind == "first_in":
        eff = first_in_effective_bb(sit)
        shove = first_in_shove(sit, ctx.profiles) if eff is not None and eff <= FIRST_IN_MAX_BB else None
        if shove is None:
            return None  # deeper: the opening charts (:mod:`.preflop_ranges`) grade a small raise
        c, stack, ante = shove.chart, shove.stack_bb, shove.ante_bb
        ev_shove, freq = shove.ev, shove.frequency
        if shove.caller_keeps is not None:  # players behind call their own width: the best response
            msg = T.PF_PUSH_PROFILED_IN if freq >= 0.5 else T.PF_PUSH_PROFILED_OUT
        else:
            msg = T.PF_PUSH_IN if freq >= 0.95 else (T.PF_PUSH_OUT if freq <= 0.05 else T.PF_PUSH_MIXED)
        headline = Message(msg, {"hand": _hand(sit), "stack": Decimal(stack, 1), "players": sit.players,
                                 "share": T.pct_phrase(T.SHARE_OF_HANDS, c.push_share()),
                                 "freq": Percent(freq, 0)})
        for o in ctx.options:
            if o.kind == "fold":
                valued.append(Valued(o, 0.0, False))
            elif o.kind == "all_in":
                valued.append(Valued(o, ev_shove, False))
            elif o.passive:  # a limp or completing the small blind
                g = (Grade.BUONA if (freq >= 0.5 and sit.players == 2) else Grade.IMPRECISA) if freq >= 0.5 \
                    else (Grade.IMPRECISA if ev_shove > -0.5 * bb else Grade.ERRORE)
                valued.append(Valued(o, None, True, g, [Message(T.PF_PUSH_LIMP)]))
            else:  # a raise that is not all-in
                close = ev_shove > -0.5 * bb
                g = Grade.BUONA if freq >= 0.5 else (Grade.IMPRECISA if close else Grade.ERRORE)
                valued.append(Valued(o, None, True, g, [Message(T.PF_PUSH_SMALL_RAISE)]))
        _estimate_outside(ctx, valued, max(0.0, ev_shove))
        details = {"chart": {"players": players, "seat": c.shover, "stack_bb": stack, "ante_bb": ante,
                             "push_frequency": round(freq, 4), "exploitability_bb": c.exploitability_bb}}
        if shove.caller_keeps is not None:
            cls_freq = float(c.push[cls])
            details["chart"]["equilibrium_push_frequency"] = round(cls_freq, 4)
            details["chart"]["caller_keeps"] = list(shove.caller_keeps)
        played = _played(ctx, freq, "all_in")
    else:
        assert shover is not None
        eff_bb = min(_total(sit, sit.hero), _total(sit, shover)) / bb
        limit = CALL_MAX_HU_BB if sit.players == 2 else CALL_MAX_BB
        if eff_bb > limit or eff_bb <= 0:
            return None
        ante = max(0.0, min(1.0, round(_ante_bb(sit, sum(sit.antes)), 3)))
        stack = min(limit, max(1.0, round(eff_bb * 2) / 2))
        shover_idx = _preflop_index(sit, shover)
        behind_n = sit.players - 1 - shover_idx
        seat = players - 1 - min(behind_n, players - 1)
        c = chart(players, seat, stack, ante)
        j = hero_idx - shover_idx - 1
        eq = _equity_vs_shover(c, j, cls)
        prof = ctx.profiles.get(shover)
        profiled = prof is not None and not prof.equilibrium and ctx.equity is not None
        if profiled and ctx.equity is not None:
            # a profiled shover does not shove the chart's range: the equity against his own range
            # (coach.feedback.opponents: a rock jams half as wide, an aggressive player twice)
            eq = ctx.equity.value
        pot = sit.pot_for_call(sit.to_call)
        ev_call = eq * (pot + sit.to_call) - sit.to_call
        freq = float(c.calls[j][cls]) if j < len(c.calls) else float("nan")
        chart_freq = freq
        if profiled:
            # the chart's calling frequency answers the equilibrium shover; against the profile's own
            # range the play is the best response: call when the call gains, fold when it loses
            freq = 1.0 if ev_call > 0 else 0.0
        hand_phrase = Message(T.HAND_PREFLOP, {"hand": _hand(sit)})
        headline = Message(T.PF_CALL_HEAD_PROFILED if profiled else T.PF_CALL_HEAD, {
            "stack": Decimal(stack, 1), "share": T.pct_phrase(T.SHARE_OF_HANDS, c.push_share()),
            "need": T.pct_phrase(T.NEED, sit.to_call / (pot + sit.to_call)),
            "have": T.pct_phrase(T.HAVE, eq, hand=hand_phrase)})
        for o in ctx.options:
            if o.kind == "fold":
                valued.append(Valued(o, 0.0, False))
            else:  # calling, or raising all-in over the top: the same all-in against the shover
                valued.append(Valued(o, ev_call, False))
        details = {"chart": {"players": players, "seat": c.shover, "stack_bb": stack, "ante_bb": ante,
                             "call_frequency": round(freq, 4), "equity_vs_shove": round(eq, 4),
                             "exploitability_bb": c.exploitability_bb}}
        if profiled:
            details["chart"]["equilibrium_call_frequency"] = round(chart_freq, 4)
        played = _played(ctx, freq, "call") if freq == freq else None  # NaN: no chart column
    note = Message(T.MODEL_PUSHFOLD, {"players": players, "stack": Decimal(stack, 1),
                                      "expl": Decimal(max(c.exploitability_bb, 0.0001), 4)})
    return Valuation(MODEL, valued, note, headline=headline, details=details, played=played)


def _estimate_outside(ctx: Context, valued: list[Valued], ref: float) -> None:
    """Give the limp and the raise that is not all-in (outside the push/fold game) an EV: the estimate
    of :mod:`.preflop_ev` (the charts' replies, equity realised on the flop), kept inside the band of
    the grade the chart's rule gives them, on the estimate's doubled thresholds, below ``ref`` (the
    better of folding and the chart's all-in, in chips). The chart's game has no limp and no small
    raise, so the estimate places the option inside its grade and never above what the chart plays;
    the grade is then the figure's (docs/COACH.md, «Push/fold: fin dove vale»)."""
    sit = ctx.sit
    outside = [v for v in valued if v.ev is None and v.grade is not None]
    if not outside:
        return
    hero_total = sit.hero_stack + sit.committed[sit.hero]
    eff = min(hero_total, max((sit.stacks[s] + sit.committed[s] for s in sit.opponents), default=0))
    stake = stake_bb(sit.pot / sit.big_blind, eff / sit.big_blind, preflop=True) * sit.big_blind
    table = table_for(sit.players)
    ranges = {s: r.range for s, r in ctx.ranges.items() if s in sit.opponents}
    plays = {v.opt.code: v.grade is not None and v.grade.rank <= Grade.BUONA.rank for v in outside}
    est = preflop_ev.option_evs(sit, "unopened", [v.opt for v in outside], table, ranges, ctx.profiles,
                                eff / sit.big_blind, plays)
    exact = [(x.ev, grade_for_loss(ref - x.ev, stake, stack=eff)) for x in valued if x.ev is not None]
    margin = BAND_MARGIN * stake
    for v in outside:
        assert v.grade is not None
        lo = ref - (GRADE_CEILING[v.grade] * ESTIMATE_FACTOR - BAND_MARGIN) * stake
        hi = ref
        if v.grade is not Grade.OTTIMA:
            hi -= (GRADE_FLOOR[v.grade] * ESTIMATE_FACTOR + BAND_MARGIN) * stake
        for ev, grade in exact:  # one order with the options valued exactly: a better grade is worth more
            if v.grade.rank < grade.rank:
                lo = max(lo, ev + margin)
            elif v.grade.rank > grade.rank:
                hi = min(hi, ev - margin)
        v.ev = min(hi, max(lo, est[v.opt.code]))
        v.grade = None  # graded by its figure, like the fold and the all-in
        v.estimate = True


def _played(ctx: Context, freq: float, action: str) -> frozenset[str]:
    """The options the chart plays: its all-in (or call) when it takes it at least 10% of the time,
    the fold when it folds at least 10% of the time (a calling chart's all-in over the top is the same
    all-in against the shover, so it is played with the call)."""
    out: set[str] = set()
    for o in ctx.options:
        if o.kind == "fold" and freq <= 1.0 - PLAYED_FREQ:
            out.add(o.code)
        elif freq >= PLAYED_FREQ and (o.kind == "all_in" or (action == "call" and o.passive)):
            out.add(o.code)
    return frozenset(out)


def _hand(sit: Situation) -> str:
    return format_cards(sit.hero_cards, symbols=True)


def _equity_vs_shover(c: object, j: int, cls: int) -> float:
    """The hero's class equity against the shover's chart range, given the players between folded."""
    push = c.push  # type: ignore[attr-defined]
    calls = c.calls  # type: ignore[attr-defined]
    sizes = class_sizes().astype(np.float64)
    cond = disjoint_pairs() / (sizes[:, None] * 1225.0)
    u = sizes / 1326.0 * push
    for k in range(min(j, len(calls))):
        u = u * (1.0 - cond @ calls[k])
    w = u * cond[:, cls]
    if w.sum() <= 0:
        return 0.5
    return float((w * (1.0 - equity_table()[:, cls])).sum() / w.sum())
