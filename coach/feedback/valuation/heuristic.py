"""«Stima su un giro»: the one-street estimate, with the opponent's profile deciding his folds and calls.

Fold is 0; check is the hero's showdown share of the pot; call is
``eq * (pot + call) - call``; a bet or raise is
``f * pot + (1 - f) * (eq_called * (pot + add + v_add) - add)`` where each
opponent folds the part of his range below his calling threshold
(:func:`coach.feedback.maths.call_threshold`, moved by his profile,
:mod:`coach.feedback.profiles`) and never more than his profile's maximum.
Nothing else caps the folds: a bluff is worth exactly what the profile's folds
pay for it (a calling station makes it lose, a rock makes it win); the grading
then treats a bet with no showdown value that only breaks even as the bluff it
is.

The estimate looks one street ahead: exact when the action ends the betting
(the river closed, an all-in), an estimate otherwise, and said so.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from coach.feedback import texts as T
from coach.feedback.handread import hand_phrase
from coach.feedback.maths import call_threshold, equity_needed, ev_bet, ev_call, ev_check
from coach.feedback.opponents import OpponentRange
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import ComboEquity, strength_percentiles
from coach.feedback.situation import Situation
from coach.feedback.valuation.base import Context, EquityInfo, Rule, Valuation, Valued
from coach.i18n import N_, Message, Percent


class Heuristic:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`)."""

    name = "heuristic"
    label = Message(N_("one-street estimate"))
    exact = False
    measures_ev = True
    shows_range_equity = True
    ev_text: str | None = None  # its EV sentences say when the figure is an estimate, and why
    caps = frozenset(Rule)  # every rule of the policy: they correct what one street cannot see

    def value(self, ctx: Context) -> Valuation:
        return value(ctx)


MODEL = Heuristic()


def ev_aggressive(
    sit: Situation, amount: int, ranges: Mapping[int, OpponentRange], pcts: Mapping[int, np.ndarray],
    combo_eq: ComboEquity | None, eq_all: float, profiles: Mapping[int, Profile],
) -> tuple[float, float]:
    """(EV, probability that everyone folds) of betting or raising to ``amount``."""
    add = amount - sit.hero_in_front
    live = [s for s in sit.live_opponents if s in ranges and len(ranges[s].range)]
    if not live:
        return ev_call(eq_all, sit.pot_for_call(min(add, sit.to_call)), min(add, sit.to_call)), 0.0
    folds: list[float] = []
    callers_add: list[int] = []
    eq_called = eq_all
    a_eff = 0
    aggressors = {a.seat for a in sit.street_actions() if a.kind in ("bet", "raise")}
    for s in live:
        # a profile says how he answers aggression; facing a raise of his own bet he is already strong
        prof = DEFAULT if s in aggressors else profiles.get(s, DEFAULT)
        v_front = sit.bets[s]
        v_max = v_front + sit.stacks[s]
        v_add = max(0, min(amount, v_max) - v_front)
        risk = min(add, v_max - sit.hero_in_front)
        a_eff = max(a_eff, risk)
        # above twice the pot a real opponent calls only with strong hands: no reading of the bet
        # as "polarised" widens his calls (the all-in is judged by the range that calls that size)
        overbet = risk > 2 * sit.pot
        balanced = call_threshold(sit.pot, risk, v_add, is_raise=sit.to_match > 0, floor=not overbet)
        h = prof.calling_threshold(balanced, risk / sit.pot if sit.pot > 0 else 1.0)
        rng = ranges[s].range
        calls = pcts[s] >= h
        f = 1.0 - float((rng.weights * calls).sum() / rng.total)
        max_fold = _max_fold(prof.max_fold, risk, sit.pot)
        if f > max_fold:  # the strongest of his folders call anyway, down to his profile's maximum
            order = np.argsort(-pcts[s])
            cum = np.cumsum(rng.weights[order]) / rng.total
            calls = np.zeros(len(rng), dtype=bool)
            calls[order[: int(np.searchsorted(cum, 1 - max_fold)) + 1]] = True
            f = 1.0 - float((rng.weights * calls).sum() / rng.total)
        folds.append(f)
        callers_add.append(v_add)
        if combo_eq is not None and len(live) == 1:
            got = combo_eq.equity_where(calls)
            eq_called = got if got is not None else eq_all
    if len(live) == 1:
        return ev_bet(sit.pot, a_eff, callers_add[0], folds[0], eq_called), folds[0]
    f_all = float(np.prod(folds))
    if f_all >= 1.0:
        return float(sit.pot), 1.0
    expected_add = sum((1 - f) * v for f, v in zip(folds, callers_add, strict=True)) / (1 - f_all)
    called = eq_called * (sit.pot + a_eff + expected_add) - a_eff
    return f_all * sit.pot + (1 - f_all) * called, f_all


def _max_fold(profile_max: float, risk: int, pot: int) -> float:
    """The most a profile folds to a bet of ``risk`` into ``pot``.

    Up to a pot-sized bet, the profile's maximum (real opponents call too much);
    above it the cap rises towards 97% at three times the pot: nobody calls a
    huge overbet with the weak hands that would call a normal bet.
    """
    ratio = risk / pot if pot > 0 else 3.0
    if ratio <= 1.0:
        return profile_max
    return profile_max + (0.97 - profile_max) * min(1.0, (ratio - 1.0) / 2.0)


def context_sentence(sit: Situation, equity: EquityInfo | None) -> Message | None:
    """"You pay 3 to win 16: you need 15.8%; with your flush draw you have about 35%"."""
    if equity is None:
        return None
    phrase = hand_phrase(sit.hero_cards, sit.board)
    if sit.to_call > 0:
        pot = sit.pot_for_call(sit.to_call)
        need = T.pct_phrase(T.NEED, equity_needed(sit.to_call, pot))
        have = T.pct_phrase(T.HAVE if equity.method != "exact" else T.HAVE_EXACT, equity.value, hand=phrase)
        return Message(T.PRICE, {"call": sit.to_call, "pot": pot, "need": need, "have": have})
    return Message(T.JOIN, {"first": Message(T.FREE_CHECK),
                            "second": Message(T.EQUITY_NOW, {"equity": Percent(equity.value)})})


def value(ctx: Context) -> Valuation:
    """The estimate for every option (this model always answers)."""
    sit = ctx.sit
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    closes = sit.call_closes_action
    board_idx = tuple(c.index for c in sit.board)
    pcts = {s: strength_percentiles(r.range.cards, board_idx) for s, r in ctx.ranges.items() if len(r.range)}
    valued: list[Valued] = []
    fold_share: dict[str, float] = {}
    for o in ctx.options:
        if o.kind == "fold":
            valued.append(Valued(o, 0.0, False))
        elif o.kind == "check":
            valued.append(Valued(o, ev_check(eq, sit.pot), not closes))
        elif o.passive:
            call = sit.to_call
            pot = sit.pot_for_call(call)
            valued.append(Valued(o, ev_call(eq, pot, call), not closes))
        else:
            assert o.amount is not None
            ev, f = ev_aggressive(sit, o.amount, ctx.ranges, pcts, ctx.combo_eq, eq, ctx.profiles)
            fold_share[o.code] = f
            # an all-in that leaves nobody able to bet later is exact given the folds
            valued.append(Valued(o, ev, True))
    profiled = [p for s, p in ctx.profiles.items() if s in sit.opponents and not p.equilibrium]
    # the profile's own sentence (Italian needs its article and gender: «una roccia, stretta e passiva»)
    against = T.MODEL_HEURISTIC_AGAINST.get(profiled[0].key) if profiled else None
    note = Message(against) if against is not None else Message(
        T.MODEL_HEURISTIC if not profiled else T.MODEL_HEURISTIC_PROFILE,
        {"profile": profiled[0].name} if profiled else {})
    return Valuation(MODEL, valued, note, headline=context_sentence(sit, ctx.equity),
                     details={"fold_share": fold_share})
