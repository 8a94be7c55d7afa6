"""What each option of a chart-graded preflop decision is worth, in chips: an estimate from the charts.

The preflop charts (:mod:`.preflop_ranges`) say *which* option a strong player
takes; a learner also needs *how much* a choice costs, so that a review sorted
«costliest first» means it and a 100 bb all-in is graded by what it loses like
every other option. Each option is valued against folding now (fold = 0), from
facts the coach already has:

* **the opponents' continuing ranges from the charts by position**: an opener
  facing the hero's 3-bet continues with his «facing a 3-bet» chart for that
  pair of positions (call and 4-bet), a 3-bettor facing the hero's 4-bet with
  his «facing a 4-bet» chart (in or out of position), a player facing an open
  with his «facing an open» chart (the big blind's defence), a limper facing an isolation raise
  with the hands of his limp that the «facing an open» chart continues with;
  each range is the one the range reader gave him (:mod:`coach.feedback.opponents`),
  and his profile widens or narrows it (its preflop and raising widths);
* **calling an all-in**: :data:`CALL_DEEP_JAM` (JJ+, AQs+, AKo) of his range
  with more than 40 big blinds, :data:`CALL_MID_JAM` below, the value part of
  the 4-bet range the range reader gives a 4-bettor; above 25 big blinds also
  every hand that beats the price against the range that shoves the hero's
  hand (:func:`deep_jam_callers`: a player who pushes T6o for 100 bb pushes
  every stronger hand, and any ace calls that);
* **exact preflop equities** (:mod:`coach.theory.preflop`, hand against each
  class of the range, card removal at the class level), multiplied over the
  opponents who see the flop (an approximation: it ignores how their hands
  overlap);
* **fold equity** from those ranges: everyone folds with the product of the
  shares that do not continue;
* **equity realisation** for the options that see a flop: the hero wins his
  equity share of the pot times :data:`REALISE_IP` in position and
  :data:`REALISE_OOP` out of position (see their note).

The all-in is nearly exact given the calling ranges (fold equity times the pot
plus the call's share times equity times the final pot minus the stake); the
options that see a flop are estimates (their ``estimate`` flag doubles the
grading thresholds, :mod:`coach.feedback.grading`). A re-raise over the hero's
raise is folded to unless his hand is in the calling range of an all-in (then it
is played for the stacks). Players who join later (an overcall) are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from coach.feedback.grading import THRESHOLDS, Grade
from coach.feedback.options import Option
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import WeightedRange, hand_classes
from coach.feedback.ranges_data import ANY_TWO, RangeTable
from coach.feedback.situation import Situation
from coach.feedback.valuation.base import Valued
from coach.theory.classes import CLASS_OF_NAME, N_CLASSES, all_combos, class_index, class_sizes, combo_classes
from coach.theory.preflop import equity_table

FloatArray = npt.NDArray[np.float64]

# Equity realisation: the share of his all-in equity a hand wins when the pot goes to the flop. The
# commonly cited figures (GTO Wizard, «Equity Realization»; Janda, «Applications of No-Limit Hold'em»,
# ch. 2): in position a range realises about its whole equity or a little more (90-110%), out of
# position about 70-85% (the big blind against a button open about three quarters). An estimate, not
# a measurement: the grades of the options that see a flop carry the estimate's wider margins.
# Within those bands the chart says where a hand lies: a hand the chart plays this way (it grades the
# option «ottima» or «buona») realises the top of the band, one it does not play the bottom (weak
# offsuit hands realise about half their equity out of position: they fold to the first bet).
REALISE_IP = (0.75, 1.0)  # (hands the chart does not play this way, hands it plays)
REALISE_OOP = (0.55, 0.85)
# ... and the same sources show realisation growing with the hand's equity: the hands ahead win more
# than the pot (the bets after the flop: top pairs, overpairs and sets realise 110-130%), the hands
# behind less (they fold to the first bet). The factor is multiplied by 1 + EQR_SLOPE x (equity - 0.5),
# kept within EQR_RANGE.
EQR_SLOPE = 1.0
EQR_RANGE = (0.5, 1.35)
# What calls an all-in (and jams over a 4-bet), as the range reader's 4-bettor: with more than
# JAM_DEEP_BB big blinds JJ+, AQs+, AKo (the hands that call a 100 bb shove in the published 100 bb
# charts); shallower, a little wider.
CALL_DEEP_JAM = "JJ+, AQs+, AKo"
CALL_MID_JAM = "99+, AJs+, AQo+"
JAM_DEEP_BB = 40.0
# With 25 big blinds or less (a first-in shove above the push/fold charts' 15 bb at larger tables)
# the calls of a 15-20 bb shove in the push/fold charts: 77+, ATs+, AJo+, KQs.
CALL_SHORT_JAM = "77+, ATs+, AJo+, KQs"
JAM_SHORT_BB = 25.0
# A cold caller of a 3-bet or 4-bet (a player who had not raised, or is still to act): the top of
# his range, what the charts cold-call or cold 4-bet a re-raise with.
COLD_VS_RERAISE = "QQ+, AKs, AKo, JJ:0.5, AQs:0.5"
# The 3-bettor facing the hero's 4-bet continues with his «facing a 4-bet» chart for his position
# (``[vs_4bet_by]``); where a table has none (heads-up), with these (calls and 5-bets), of which
# FIVE_BET jams (the range reader's 5-bet, docs/COACH.md)
FACING_4BET = "QQ+, AKs, AKo, JJ:0.5, AQs:0.5, A5s:0.3"
FIVE_BET = "KK+, AKs"


@cache
def _class_mask(text: str) -> FloatArray:
    """The weight of each of the 169 classes in a range notation."""
    out = np.zeros(N_CLASSES)
    for name, w in (hand_classes(text) if text else {}).items():
        out[CLASS_OF_NAME[name]] = w
    return out


@cache
def _combo_class_of() -> npt.NDArray[np.int64]:
    """The class of every pair of card indices, as a 52 x 52 table (both orders)."""
    out = np.zeros((52, 52), dtype=np.int64)
    combos = all_combos()
    cls = combo_classes()
    out[combos[:, 0], combos[:, 1]] = cls
    out[combos[:, 1], combos[:, 0]] = cls
    return out


def class_weights(rng: WeightedRange) -> FloatArray:
    """The combos of a range summed by class (card removal kept: blocked combos are not there)."""
    if len(rng) == 0:
        return np.zeros(N_CLASSES)
    idx = _combo_class_of()[rng.cards[:, 0], rng.cards[:, 1]]
    return np.bincount(idx, weights=rng.weights, minlength=N_CLASSES).astype(np.float64)


@dataclass(frozen=True)
class Foe:
    """One opponent as the estimate sees him: his range now, in classes, and his profile."""

    seat: int
    weights: FloatArray  # combos by class
    profile: Profile
    bet: int  # his chips in front on this round
    stack: int  # his chips behind

    @property
    def total(self) -> float:
        return float(self.weights.sum())

    def share(self, mask: FloatArray) -> float:
        """The share of his range in a chart range (0 when he has no range)."""
        t = self.total
        return float((self.weights * mask).sum()) / t if t > 0 else 0.0

    def part(self, mask: FloatArray) -> FloatArray:
        return self.weights * mask


def equity(hero: int, weights: FloatArray) -> float:
    """The hero class's all-in equity against a range of classes (0.5 against nothing)."""
    t = float(weights.sum())
    if t <= 0:
        return 0.5
    return float(equity_table()[hero] @ weights) / t


def postflop_order(players: int, position: str) -> int:
    """The position's place in the order of acting after the flop (larger: acts later)."""
    if players == 2:
        return 1 if position in ("BTN", "SB") else 0
    if position == "SB":
        return 0
    if position == "BB":
        return 1
    order = ("UTG", "UTG1", "UTG2", "MP", "LJ", "HJ", "CO", "BTN")
    return 2 + (order.index(position) if position in order else 0)


def realisation(sit: Situation, seats: Iterable[int], plays: bool, eq: float) -> float:
    """:data:`REALISE_IP` when the hero acts after every one of ``seats`` on the flop, else
    :data:`REALISE_OOP`; the top of the band for an option the chart plays; moved by the hand's
    equity ``eq`` (:data:`EQR_SLOPE`)."""
    me = postflop_order(sit.players, sit.hero_position)
    ip = all(me > postflop_order(sit.players, sit.positions[s]) for s in seats)
    band = REALISE_IP if ip else REALISE_OOP
    base = band[1] if plays else band[0]
    return base * min(EQR_RANGE[1], max(EQR_RANGE[0], 1 + EQR_SLOPE * (eq - 0.5)))


def jam_caller_mask(stack_bb: float) -> FloatArray:
    if stack_bb <= JAM_SHORT_BB:
        return _class_mask(CALL_SHORT_JAM)
    return _class_mask(CALL_DEEP_JAM if stack_bb > JAM_DEEP_BB else CALL_MID_JAM)


@cache
def _all_in_strength() -> FloatArray:
    """Each class's all-in equity against a random hand: the order of a linear shoving range."""
    sizes = class_sizes().astype(np.float64)
    return np.asarray(equity_table() @ sizes / sizes.sum(), dtype=np.float64)


def shoving_range(hero: int) -> FloatArray:
    """The range a player who shoves this hand is read with: every class at least as strong all-in
    (:func:`_all_in_strength`), a mask of the 169 classes."""
    strength = _all_in_strength()
    mask: FloatArray = (strength >= strength[hero] - 1e-12).astype(np.float64)
    return mask


def calls_against(shover: FloatArray, need: float) -> FloatArray:
    """The classes that call an all-in from the range ``shover`` (a class mask) at a price asking for
    ``need`` equity: those whose all-in equity against it reaches the price (the best response)."""
    weights = shover * class_sizes()
    total = float(weights.sum())
    if total <= 0:
        return np.zeros(N_CLASSES)
    return (equity_table() @ weights / total >= need).astype(np.float64)


def deep_jam_callers(hero: int, stack_bb: float, need: float, *, respond: bool = False) -> FloatArray:
    """Who calls the hero's all-in: the charts' callers (:func:`jam_caller_mask`) and, above
    :data:`JAM_SHORT_BB`, also every hand that beats the price against the range that shoves the
    hero's hand (:func:`shoving_range`, :func:`calls_against`; docs/COACH.md, «Tabelle e valori
    insieme»). The charts' push-callers answer the charts' deep shoving range (the premiums and a few
    blockers); a player who shoves T6o for 100 bb shoves everything better too, and against that
    range any ace calls: valuing his shove against the premiums alone gives him folds nobody makes.

    ``respond``: the same best response with 25 big blinds or less, where no table has the callers
    (:mod:`.preflop_short_ev`: a re-shove over a limp, over an open and a call, over a big open): the
    push/fold charts' calls answer a first-in shove, not a re-shove over a player who already put in
    a raise and gets a better price."""
    chart = jam_caller_mask(stack_bb)
    # a hand the charts get all-in with: their shove
    if (stack_bb <= JAM_SHORT_BB and not respond) or chart[hero] > 0:
        return chart
    return np.maximum(chart, calls_against(shoving_range(hero), need))


def scaled(share: float, factor: float) -> float:
    return max(0.0, min(1.0, share * factor))


@dataclass(frozen=True)
class Reply:
    """How one opponent answers the hero's raise: the hands that call, the hands that re-raise."""

    foe: Foe
    calls: FloatArray  # combos by class
    reraises: FloatArray

    @property
    def p_continue(self) -> float:
        t = self.foe.total
        return float((self.calls.sum() + self.reraises.sum()) / t) if t > 0 else 0.0


def reply(foe: Foe, call_text: str, raise_text: str) -> Reply:
    """His chart's call and re-raise ranges within his range, moved by his profile's widths."""
    raise_mask = _class_mask(raise_text)
    calls = foe.part(_class_mask(call_text) * (1 - np.minimum(raise_mask, 1.0)))
    raises = foe.part(raise_mask)
    p = foe.profile
    calls = calls * min(1.0, p.preflop_keep) if p.preflop_keep < 1 else calls
    raises = raises * min(1.0, p.raise_keep) if p.raise_keep < 1 else raises
    if p.preflop_keep > 1 or p.raise_keep > 1:  # a wider player continues with more of what the chart folds
        rest = foe.weights - calls - raises
        extra = rest * min(1.0, (max(p.preflop_keep, p.raise_keep) - 1) * 0.5)
        calls = calls + extra
    return Reply(foe, calls, raises)


def all_in_ev(sit: Situation, hero: int, foes: list[Foe], stack_bb: float, *, respond: bool = False) -> float:
    """The all-in against everyone who can still call: fold equity, then heads-up against the first caller.

    ``fold equity × pot + Σ chance(he is the caller) × (equity × final pot − what the hero risks)``.
    """
    mine = sit.hero_in_front + sit.hero_stack
    ev = 0.0
    nobody = 1.0
    for f in foes:
        matched = min(mine, f.bet + f.stack)
        risk = matched - sit.hero_in_front
        final = sit.pot + (matched - sit.hero_in_front) + (matched - f.bet)
        mask = deep_jam_callers(hero, stack_bb, (matched - f.bet) / final if final > 0 else 1.0,
                                respond=respond)
        keep = min(1.0, f.profile.preflop_keep)
        c = scaled(f.share(mask), keep if keep < 1 else f.profile.preflop_keep)
        if c <= 0:
            continue
        eq = equity(hero, f.part(mask))
        ev += nobody * c * (eq * final - risk)
        nobody *= 1 - c
    return ev + nobody * sit.pot


def raise_ev(sit: Situation, hero: int, amount: int, replies: list[Reply], stack_bb: float,
             plays: bool) -> float:
    """A raise to ``amount``: everyone folds, or the first who continues calls (a flop) or re-raises.

    Facing a re-raise the hero takes the better of folding what he put in and getting the stacks in
    against the re-raising range (what a player who knows that range does).
    """
    add = amount - sit.hero_in_front
    ev = 0.0
    nobody = 1.0
    mine = sit.hero_in_front + sit.hero_stack
    for r in replies:
        t = r.foe.total
        if t <= 0:
            continue
        pc, pr = float(r.calls.sum()) / t, float(r.reraises.sum()) / t
        if pc + pr <= 0:
            continue
        call_pot = sit.pot + add + (amount - r.foe.bet) if amount > r.foe.bet else sit.pot + add
        eq = equity(hero, r.calls)
        branch = pc * (realisation(sit, [r.foe.seat], plays, eq) * eq * call_pot - add)
        if pr > 0:
            matched = min(mine, r.foe.bet + r.foe.stack)
            final = sit.pot + (matched - sit.hero_in_front) + (matched - r.foe.bet)
            branch += pr * max(-add, equity(hero, r.reraises) * final - (matched - sit.hero_in_front))
        ev += nobody * branch
        nobody *= 1 - (pc + pr)
    return ev + nobody * sit.pot


def call_ev(sit: Situation, hero: int, active: list[Foe], behind: list[Reply], *, pot_after: int,
            cost: int, plays: bool) -> float:
    """Calling (or limping, completing, checking): a flop against the players in, unless one behind
    raises (then the hero folds what he put in). Equity against several players is the product of
    his equities against each (an approximation)."""
    eq = 1.0
    for f in active:
        if f.total > 0:
            eq *= equity(hero, f.weights)
    seen = realisation(sit, [f.seat for f in active], plays, eq ** (1 / max(1, len(active))))
    squeeze = 0.0
    nobody = 1.0
    for r in behind:
        t = r.foe.total
        pr = float(r.reraises.sum()) / t if t > 0 else 0.0
        squeeze += nobody * pr
        nobody *= 1 - pr
    return (1 - squeeze) * (seen * eq * pot_after - cost) - squeeze * cost


def foes_of(sit: Situation, seats: Iterable[int], ranges: Mapping[int, WeightedRange],
            profiles: Mapping[int, Profile]) -> list[Foe]:
    out = []
    for s in seats:
        rng = ranges.get(s)
        weights = class_weights(rng) if rng is not None else _class_mask(ANY_TWO) * class_sizes()
        out.append(Foe(s, weights, profiles.get(s, DEFAULT), sit.bets[s], sit.stacks[s]))
    return out


def option_evs(sit: Situation, kind: str, options: list[Option], table: RangeTable,
               ranges: Mapping[int, WeightedRange], profiles: Mapping[int, Profile],
               stack_bb: float, plays: Mapping[str, bool], shove_ev: float | None = None,
               short: bool = False) -> dict[str, float]:
    """The EV in chips of every option of a chart decision (``kind`` of ``chart_situation``), fold = 0.

    ``plays``: by option code, whether the chart plays it (its realisation is the top of the band);
    ``shove_ev``: the all-in's EV from the push/fold chart when it values it (first in, short stacks);
    ``short``: 25 big blinds or less without a table (:mod:`.preflop_short_ev`): the all-in's callers
    answer the range that shoves the hero's hand (:func:`deep_jam_callers`), and a raise that is not
    all-in is answered by those hands all-in, called by the others that beat its price
    (:func:`short_reply`).
    """
    a, b = sit.hero_cards[0].index, sit.hero_cards[1].index
    hero = class_index(a, b)
    pf = sit.preflop_actions()
    raisers = [x.seat for x in pf if x.kind in ("bet", "raise")]
    acted = {x.seat for x in pf}
    opps = [s for s in sit.opponents]
    behind = [s for s in opps if s not in acted and sit.bets[s] < sit.to_match]
    behind = [s for s in opps if s not in acted] if kind in ("unopened", "limped") else behind
    in_pot = [s for s in opps if s not in behind]
    all_foes = foes_of(sit, opps, ranges, profiles)
    by_seat = {f.seat: f for f in all_foes}
    hero_pos = sit.hero_position
    evs: dict[str, float] = {}
    for o in options:
        if o.kind == "fold":
            evs[o.code] = 0.0
        elif o.kind == "all_in":
            if shove_ev is not None:
                evs[o.code] = shove_ev
            else:
                order = [by_seat[s] for s in (*in_pot, *behind)]
                evs[o.code] = all_in_ev(sit, hero, order, stack_bb, respond=short)
        elif o.passive:  # call, check, limp, complete
            behind_replies = [_reply_to_open(by_seat[s], sit, table, raisers[-1] if raisers else sit.hero)
                              for s in behind]
            active = [by_seat[s] for s in in_pot if s not in behind]
            if kind == "cold_3bet":  # behind an open, a 3-bet and a cold call: only a cold 4-bet raises
                cold = table.facing_cold_3bet()
                behind_replies = [reply(by_seat[s], "", cold.raise_range if cold is not None else FIVE_BET)
                                  for s in behind]
            if kind in ("unopened", "limped"):
                # the blinds in the pot who have not acted see the flop with any two cards
                active = [by_seat[s] for s in opps if s in in_pot or s in behind]
                behind_replies = [r for r in behind_replies if sit.bets[r.foe.seat] < sit.to_match
                                  or r.foe.seat not in acted]
                if sit.can_check:
                    behind_replies = []
            pot_after = sit.pot + sit.to_call
            evs[o.code] = call_ev(sit, hero, active, behind_replies, pot_after=pot_after, cost=sit.to_call,
                                  plays=plays.get(o.code, False))
        else:
            assert o.amount is not None
            replies = []
            for s in (*in_pot, *behind):
                f = by_seat[s]
                if kind == "facing_4bet" and s == raisers[-1]:  # the 4-bettor facing a 5-bet: in or out
                    replies.append(reply(f, "", CALL_DEEP_JAM))
                elif kind in ("facing_3bet", "cold_3bet") and s in raisers:
                    f4 = table.facing_4bet(sit.positions[s])
                    replies.append(reply(f, f4.call, f4.raise_range) if f4 is not None
                                   else reply(f, FACING_4BET, FIVE_BET))
                elif kind == "facing_open" and raisers and s == raisers[0]:
                    f3 = table.facing_3bet(sit.positions[s], hero_pos)
                    replies.append(reply(f, f3.call, f3.raise_range) if f3 is not None
                                   else reply(f, COLD_VS_RERAISE, ""))
                elif kind in ("unopened", "limped"):
                    chart = table.facing_open(sit.positions[s], hero_pos)
                    replies.append(reply(f, chart.call, chart.raise_range))
                else:  # a caller or a player behind facing a re-raise: cold
                    replies.append(reply(f, "", COLD_VS_RERAISE))
            if short:
                replies = [short_reply(sit, hero, r.foe, o.amount, stack_bb) for r in replies]
            evs[o.code] = raise_ev(sit, hero, o.amount, replies, stack_bb, plays.get(o.code, False))
    return evs


def short_reply(sit: Situation, hero: int, f: Foe, amount: int, stack_bb: float) -> Reply:
    """His answer to the hero's raise to ``amount`` with 25 big blinds or less where no table has one.

    He reads the raise as coming from the range that raises the hero's hand (:func:`shoving_range`:
    everything at least as strong). The hands that would call the hero's all-in (:func:`deep_jam_callers`
    at the all-in's price) re-shove; the other hands that beat the raise's own price against that range
    call and see a flop; the rest folds. So a small raise, which lays a better price, is called more
    often, and the raiser who does not hold a hand folds what he put in to the re-shove."""
    mine = sit.hero_in_front + sit.hero_stack
    matched = min(mine, f.bet + f.stack)
    final_all_in = sit.pot + (matched - sit.hero_in_front) + (matched - f.bet)
    jams = deep_jam_callers(hero, stack_bb, (matched - f.bet) / final_all_in if final_all_in > 0 else 1.0,
                            respond=True)
    pay = max(0, amount - f.bet)
    final = sit.pot + (amount - sit.hero_in_front) + pay
    calls = np.maximum(calls_against(shoving_range(hero), pay / final if final > 0 else 1.0) - jams, 0.0)
    keep = min(1.0, f.profile.preflop_keep)
    return Reply(f, f.part(calls) * keep, f.part(jams) * keep)


def _reply_to_open(f: Foe, sit: Situation, table: RangeTable, raiser: int) -> Reply:
    """A player still to act behind a call: he raises (a squeeze) with his chart's re-raise range."""
    if raiser == sit.hero or sit.to_match <= sit.big_blind:  # an unraised pot: the big blind may raise a limp
        chart = table.facing_open(sit.positions[f.seat], sit.hero_position)
    else:
        chart = table.facing_open(sit.positions[f.seat], sit.positions[raiser])
    return reply(f, chart.call, chart.raise_range)


# The lower edge of each grade's band on grading.py's scale (the least a grade says an option loses)
GRADE_FLOOR = {Grade.OTTIMA: 0.0,
               **{g: bound for (_, bound), g in zip(THRESHOLDS, list(Grade)[1:], strict=True)}}
# ... and the upper edge (the most it says it loses; none for «errore grave»)
GRADE_CEILING = {**{g: bound for g, bound in THRESHOLDS}, Grade.ERRORE_GRAVE: float("inf")}


def _floor_of(g: Grade) -> float:
    """The least loss a chart's grade for an exact option (the fold, the all-in) lends the chart's play:
    the lower edge of its band, but never above «errore»'s. «errore grave» is the chart's word for
    giving up a premium (folding QQ to a 4-bet), not a measure: read as 40% of the pot it made QQ's
    call worth 14 bb and its all-in, a near equal at equilibrium, an «errore» 13 bb behind."""
    return min(GRADE_FLOOR[g], GRADE_FLOOR[Grade.ERRORE])


def chart_bounded(valued: list[Valued], est: Mapping[str, float], base: Mapping[str, Grade],
                  shares: Mapping[str, float], stake: float, pot: float) -> None:
    """Set each option's EV from the estimate ``est`` (chips), bounded by the chart's grades.

    The chart (a summary of solver play) knows what the estimate guesses: how a hand plays after
    the flop. Where they disagree the chart's grades bound the numbers (docs/COACH.md, «Tabelle e
    valori insieme»), each by the least loss its grade says (the lower edge of its band,
    :data:`GRADE_FLOOR`), read on the pot ``pot`` (chips): what a choice before the flop wins or
    loses is of the order of the pot, also where the grade is read on the stack (25 bb or less:
    a chart's «errore» for a fold there never makes the raise worth more than the pot):

    * what the chart plays (its best grade) is worth at least what the chart grades below it among
      the options valued exactly (the fold, the all-in), plus that floor: at equilibrium nobody plays
      an option that loses against folding, and the estimate of a flop leaves out the bets a strong
      hand wins later, which the all-in's figure does not need;
    * an option that sees a flop and that the chart does not play loses against the chart's play
      what the estimate says, kept within its grade's band (at least the lower edge, less than the
      upper one: the estimate places it inside the band the chart gives), and a raise also its
      size's loss (``shares``);
    * the fold and the all-in keep their own figures (exact given the ranges).

    ``estimate`` is False for the fold and the all-in, True for the options that see a flop.
    """
    best = min(v.grade.rank for v in valued if v.grade is not None)
    played = [v for v in valued if v.grade is not None and v.grade.rank == best]

    def exact(v: Valued) -> bool:
        return v.opt.kind == "fold" or v.opt.kind == "all_in"

    floor = max((est[v.opt.code] + _floor_of(base.get(v.opt.code, v.grade or Grade.OTTIMA)) * pot
                 for v in valued if v not in played and exact(v)), default=float("-inf"))
    ref = float("-inf")
    for v in played:
        own = est[v.opt.code] - shares.get(v.opt.code, 0.0) * stake
        v.ev = own if exact(v) else max(own, floor)
        ref = max(ref, v.ev)
    if any(exact(v) for v in played):
        # the chart's play valued exactly (a 5-bet all-in it mixes in) may lose against folding: then the
        # others are measured from the best exact figure, never from a play its own figure overrules
        ref = max([ref, *(est[v.opt.code] for v in valued if v not in played and exact(v))])
    for v in valued:
        v.estimate = not exact(v)
        if v in played:
            continue
        code = v.opt.code
        if exact(v):
            v.ev = est[code]
            continue
        hand = base.get(code, v.grade or Grade.OTTIMA)
        low = ref - GRADE_CEILING[hand] * pot
        v.ev = max(low, min(est[code], ref - GRADE_FLOOR[hand] * pot)) - shares.get(code, 0.0) * stake
