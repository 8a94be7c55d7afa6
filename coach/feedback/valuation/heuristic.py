"""«Stima su un giro»: the one-street estimate, with the opponent's profile deciding his folds and calls.

Fold is 0; check is the hero's showdown share of the pot; call is
``eq * (pot + call) - call``; a bet or raise is
``f * pot + (1 - f) * (eq_called * (pot + add + v_add) - add)`` where each
opponent folds the part of his range below his calling threshold
(:func:`coach.feedback.maths.call_threshold`, moved by his profile,
:mod:`coach.feedback.profiles`) and never more than his profile's maximum.
After the flop the callers also read the hero's own range (:class:`Callers`):
his narrowed range reweighted by this bet or raise; each combo calls when its
share of the pot against it reaches the price, and where the two readings
disagree the estimate takes the one worse for the bettor (docs/COACH.md).
``eq_called`` is the hero's equity against the hands that call: heads-up his
equity against them; against several opponents each set of callers is
played out (:func:`_multiway`: his share against each caller's calling
hands, multiplied: the showdown on the river, his equity before it).
Nothing else caps the folds: a bluff is worth exactly what the profile's folds
pay for it (a calling station makes it lose, a rock makes it win); the grading
then treats a bet with no showdown value that only breaks even as the bluff it
is.

The estimate looks one street ahead: exact when the action ends the betting
(the river closed, an all-in), an estimate otherwise, and said so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from coach.feedback import texts as T
from coach.feedback.actionranges import Features, action_likelihood, features
from coach.feedback.handread import hand_phrase
from coach.feedback.maths import call_threshold, equity_needed, ev_bet, ev_call, ev_check
from coach.feedback.opponents import CALL_JAM_SHARE, OpponentRange, opponent_range, to_act
from coach.feedback.profiles import DEFAULT, Profile
from coach.feedback.rangemodel import (
    ComboEquity,
    FloatArray,
    IntArray,
    WeightedRange,
    board_strengths,
    equity_vs_range,
    strength_percentiles,
)
from coach.feedback.situation import PastAction, Situation
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


@dataclass(frozen=True)
class _Against:
    """Where one opponent's combos fall in the hero's range sorted by showdown strength (built once per spot).

    Each combo's position among the hero's combos (``lt``: those it beats,
    ``le``: those it beats or ties) and, for each of its two cards, among the
    hero's combos holding that card (``a_*``, ``b_*``; ``*_start`` where that
    card's combos begin): cumulative sums of any weights over the hero's combos
    then give the share it beats, card removal included, without a matrix of
    every combo against every combo.
    """

    lt: IntArray
    le: IntArray
    a_start: IntArray
    a_lt: IntArray
    a_le: IntArray
    b_start: IntArray
    b_lt: IntArray
    b_le: IntArray
    same: IntArray  # the hero's combo with the same two cards (-1: none)
    live_a: IntArray  # his cards, and his combo's code (for the hero's combos that share a card)
    live_b: IntArray
    code: IntArray


@dataclass(frozen=True)
class Callers:
    """What the opponents compare their hands with when the hero bets: his own range (cached per spot).

    ``hero`` is the hero's range as the table reads it, from his own actions
    (:func:`coach.feedback.opponents.opponent_range` with only the board dead:
    they do not see his cards); ``feat`` its features on the board, for the
    reweighting by the bet (:func:`coach.feedback.actionranges.action_likelihood`).
    For each opponent, ``against`` places his combos among the hero's by
    showdown strength on the board (a win beats, a tie is half, a combo sharing
    a card with his does not count) and ``draws`` holds the chance of each of
    his combos to complete a draw.
    """

    hero: WeightedRange
    feat: Features
    against: Mapping[int, _Against]
    draws: Mapping[int, FloatArray]
    cards: Mapping[int, IntArray]
    strengths: Mapping[int, IntArray]  # his combos' showdown strength on the board now
    hand: int  # the hero's own hand's showdown strength on the board now
    order: IntArray  # the hero's combos by showdown strength
    pair_combo: IntArray  # (card, combo) pairs of the hero's range by card then strength: the combo

    def bet_weights(self, sit: Situation, amount: int) -> FloatArray:
        """The hero's range after betting or raising to ``amount``: each combo times its chance to do so."""
        level = sum(a.kind in ("bet", "raise") for a in sit.street_actions())
        act = PastAction(seat=sit.hero, kind="raise" if sit.to_match > 0 else "bet", street=sit.street,
                         added=amount - sit.hero_in_front, to=amount,
                         all_in=amount >= sit.hero_in_front + sit.hero_stack, pot_before=sit.pot,
                         to_match_before=sit.to_match, raise_level=level)
        # the caller reads the size, not whose bet it is: a continuation bet is not read as the merged
        # c-bet of the range model (which bets most of a strong range at any size), or every size would
        # be called by the same hands and the largest would always win the most
        read = replace(to_act(act, (*sit.history, act), sit.players), continuation=False)
        return np.asarray(self.hero.weights * action_likelihood(self.feat, read, DEFAULT, self.hero.weights))

    def showdown_share(self, seat: int, weights: FloatArray) -> FloatArray:
        """Each of ``seat``'s combos: the share of the hero's range (by ``weights``) it beats now.

        ``weights`` is one weighting of the hero's combos, or one per column
        (every bet size at once: the answer then has a column per size). The
        hero's combos that use one of its cards do not count (card removal).
        """
        w = np.asarray(weights, dtype=np.float64)
        flat = w.ndim == 1
        if flat:
            w = w[:, None]
        at = self.against[seat]
        zero = np.zeros((1, w.shape[1]))
        cum = np.concatenate([zero, np.cumsum(w[self.order], axis=0)])
        pairs = np.concatenate([zero, np.cumsum(w[self.pair_combo], axis=0)])
        won = cum[at.lt] + 0.5 * (cum[at.le] - cum[at.lt])
        # the hero's combos holding one of his cards: those holding his first, his second, and his very
        # combo (a tie, in both) added back once
        won -= pairs[at.a_lt] - pairs[at.a_start] + 0.5 * (pairs[at.a_le] - pairs[at.a_lt])
        won -= pairs[at.b_lt] - pairs[at.b_start] + 0.5 * (pairs[at.b_le] - pairs[at.b_lt])
        won += 0.5 * np.where(at.same[:, None] >= 0, w[np.maximum(at.same, 0)], 0.0)
        hero = self.hero.cards
        per_card = np.zeros((52, w.shape[1]))
        np.add.at(per_card, hero[:, 0], w)
        np.add.at(per_card, hero[:, 1], w)
        same = np.zeros((52 * 52, w.shape[1]))
        np.add.at(same, _codes(hero), w)
        live = w.sum(axis=0)[None, :] - per_card[at.live_a] - per_card[at.live_b] + same[at.code]
        share = np.where(live > 0, won / np.maximum(live, 1e-12), 0.5)
        return np.asarray(share[:, 0] if flat else share)

    def hero_ahead(self, seat: int, combo_eq: ComboEquity | None) -> npt.NDArray[np.bool_]:
        """Which of ``seat``'s combos the hero's hand is ahead of: by his equity against each when it
        is measured for this range, else by the showdown on the board now."""
        if combo_eq is not None and len(combo_eq.per_combo) == len(self.cards[seat]):
            return np.asarray(combo_eq.per_combo > 0.5)
        return np.asarray(self.hand > self.strengths[seat])

    def equity(self, seat: int, weights: FloatArray) -> FloatArray:
        """His share of the pot if he calls: he wins now, or completes his draw when behind.

        One column per weighting when ``weights`` has several (see :meth:`showdown_share`).
        """
        share = self.showdown_share(seat, weights)
        draws = self.draws[seat] if share.ndim == 1 else self.draws[seat][:, None]
        return np.asarray(share + (1.0 - share) * draws)

    def equities(self, sit: Situation, amounts: Sequence[int]) -> dict[int, dict[int, FloatArray]]:
        """Each opponent's equity if he calls, for every bet or raise size at once (by amount, then seat)."""
        if not amounts:
            return {}
        w = np.stack([self.bet_weights(sit, a) for a in amounts], axis=1)
        by_seat = {s: self.equity(s, w) for s in self.against}
        return {a: {s: np.asarray(e[:, i]) for s, e in by_seat.items()} for i, a in enumerate(amounts)}


def _multiway(pot: int, risk: int, folds: list[float], adds: list[int], shares: list[float],
              kappa: float = 1.0) -> float:
    """EV of a bet or raise against several opponents, each calling on his own: every set of callers,
    the hero's share of the pot against them the product of his shares against each (the
    approximation the preflop estimate uses too), the pot with what each of them adds.

    Before the river a product of equities is far too low for a draw (a flush draw that hits beats
    every caller at once: 61%, 46% and 51% heads-up, 37% four-way, not 14%): ``kappa`` is the
    hero's equity against all the whole ranges over the product of his heads-up equities against
    them, and a set of ``k`` callers gets ``kappa ** ((k - 1) / (n - 1))`` of it: exact for a
    single caller and for everyone calling with his whole range, geometric in between."""
    ev = float(np.prod(folds)) * pot
    n = len(folds)
    for mask in range(1, 1 << n):
        chance, share, added = 1.0, 1.0, 0
        for i in range(n):
            if mask >> i & 1:
                chance *= 1.0 - folds[i]
                share *= shares[i]
                added += adds[i]
            else:
                chance *= folds[i]
        k = bin(mask).count("1")
        share = min(1.0, share * kappa ** ((k - 1) / (n - 1))) if n > 1 else share
        ev += chance * (share * (pot + risk + added) - risk)
    return ev


def _codes(cards: IntArray) -> IntArray:
    """One code per combo, the same for both orders of its cards."""
    return np.asarray(np.maximum(cards[:, 0], cards[:, 1]) * 52 + np.minimum(cards[:, 0], cards[:, 1]))


def _against(cards: IntArray, strengths: IntArray, hero_codes: IntArray, sorted_s: IntArray,
             pair_key: IntArray, span: int) -> _Against:
    """Where ``cards`` (one opponent's combos) fall among the hero's combos (:class:`_Against`)."""
    a, b = cards[:, 0], cards[:, 1]
    index = np.full(52 * 52, -1, dtype=np.int64)
    index[hero_codes] = np.arange(len(hero_codes))

    def place(card: IntArray) -> tuple[IntArray, IntArray, IntArray]:
        base = card * span
        return (np.searchsorted(pair_key, base, side="left"),
                np.searchsorted(pair_key, base + strengths, side="left"),
                np.searchsorted(pair_key, base + strengths, side="right"))

    a_start, a_lt, a_le = place(a)
    b_start, b_lt, b_le = place(b)
    code = _codes(cards)
    return _Against(np.searchsorted(sorted_s, strengths, side="left"),
                    np.searchsorted(sorted_s, strengths, side="right"),
                    a_start, a_lt, a_le, b_start, b_lt, b_le, index[code], a, b, code)


def callers(sit: Situation, ranges: Mapping[int, OpponentRange]) -> Callers | None:
    """The caller model of this spot, after the flop (None before it: see :func:`ev_aggressive`)."""
    if len(sit.board) < 3:
        return None
    board = tuple(c.index for c in sit.board)
    hero = opponent_range(sit, sit.hero, dead=board).range
    if len(hero) == 0:
        return None
    hero_s = board_strengths(hero.cards, board)
    order = np.argsort(hero_s, kind="stable")
    span = int(hero_s.max()) + 2
    pair_card = hero.cards.ravel()
    pair_combo = np.repeat(np.arange(len(hero)), 2)
    keys = pair_card * span + hero_s[pair_combo]
    pair_order = np.argsort(keys, kind="stable")
    pair_key = keys[pair_order]
    hero_codes = _codes(hero.cards)
    against: dict[int, _Against] = {}
    draws: dict[int, FloatArray] = {}
    cards: dict[int, IntArray] = {}
    strengths: dict[int, IntArray] = {}
    for s, r in ranges.items():
        if not len(r.range):
            continue
        strengths[s] = board_strengths(r.range.cards, board)
        against[s] = _against(r.range.cards, strengths[s], hero_codes, hero_s[order], pair_key, span)
        draws[s] = features(r.range.cards, board).draw
        cards[s] = r.range.cards
    mine = np.array([[c.index for c in sit.hero_cards]], dtype=np.int64)
    hand = int(board_strengths(mine, board)[0])
    return Callers(hero, features(hero.cards, board), against, draws, cards, strengths, hand,
                   order, pair_combo[pair_order])


def ev_aggressive(
    sit: Situation, amount: int, ranges: Mapping[int, OpponentRange], pcts: Mapping[int, np.ndarray],
    combo_eq: ComboEquity | None, eq_all: float, profiles: Mapping[int, Profile],
    model: Callers | None = None, called_eq: Mapping[int, FloatArray] | None = None,
    branches: tuple[float, float, float] | None = None,
    heads_up: Mapping[int, ComboEquity] | None = None,
) -> tuple[float, float]:
    """(EV, probability that everyone folds) of betting or raising to ``amount``.

    After the flop (``model`` given) each opponent's combo calls when its share
    of the pot against the hero's range *after this bet* (:class:`Callers`)
    reaches the price the bet offers it, the price moved by his profile. Before
    the flop, the percentile line of :func:`coach.feedback.maths.call_threshold`.
    ``called_eq`` is each opponent's equity against this bet when already
    computed for every size at once (:meth:`Callers.equities`).

    With an opponent already all-in and players still to act (``branches``:
    the hero's equity when they all fold, and when they continue), folding
    them out does not win the pot: the hero still plays the all-in player for
    what he matched, and a caller's range is the one that continues.

    Against several opponents after the flop, each set of callers is played
    out (:func:`_multiway`): on the river with the hero's showdown share
    against each caller's calling hands, before it with his equity against
    them (``heads_up``: his equity against each combo of each opponent), not
    his equity against their whole ranges: the hands that call a raise are the
    strong ones.
    """
    add = amount - sit.hero_in_front
    live = [s for s in sit.live_opponents if s in ranges and len(ranges[s].range)]
    if not live:
        return ev_call(eq_all, sit.pot_for_call(min(add, sit.to_call)), min(add, sit.to_call)), 0.0
    folds: list[float] = []
    callers_add: list[int] = []
    shares: list[float] = []  # on the river with several opponents: the hero's share against each caller
    eq_called = eq_all
    a_eff = 0
    aggressors = {a.seat for a in sit.street_actions() if a.kind in ("bet", "raise")}
    if model is not None and called_eq is None:
        called_eq = model.equities(sit, [amount])[amount]
    for s in live:
        # a profile says how he answers aggression; facing a raise of his own bet he is already strong
        prof = DEFAULT if s in aggressors else profiles.get(s, DEFAULT)
        v_front = sit.bets[s]
        v_max = v_front + sit.stacks[s]
        v_add = max(0, min(amount, v_max) - v_front)
        risk = min(add, v_max - sit.hero_in_front)
        a_eff = max(a_eff, risk)
        size = risk / sit.pot if sit.pot > 0 else 1.0
        rng = ranges[s].range
        # the line read against all hands (before the flop, the only reading)
        overbet = risk > 2 * sit.pot  # above twice the pot only strong hands call: no "polarised" read
        balanced = call_threshold(sit.pot, risk, v_add, is_raise=sit.to_match > 0, floor=not overbet)
        calls = pcts[s] >= prof.calling_threshold(balanced, size)
        max_fold = _max_fold(prof.max_fold, risk, sit.pot)
        if 1.0 - float((rng.weights * calls).sum() / rng.total) > max_fold:
            # the strongest of his folders call anyway, down to his profile's maximum
            order = np.argsort(-pcts[s])
            cum = np.cumsum(rng.weights[order]) / rng.total
            calls = np.zeros(len(rng), dtype=bool)
            calls[order[: int(np.searchsorted(cum, 1 - max_fold)) + 1]] = True
        if model is not None and called_eq is not None:
            # against the hero's range after this bet: he calls when his share of the pot reaches the
            # price, moved by his profile. Where the two readings disagree the estimate takes the one
            # worse for the bettor: the hands that beat the hero call if either reading calls, the
            # hands he beats only if both do
            price = v_add / (sit.pot + risk + v_add) if v_add > 0 else 0.0
            reads = called_eq[s] >= prof.calling_threshold(price, size)
            ahead = model.hero_ahead(s, combo_eq if len(live) == 1 else None)
            calls = np.where(ahead, calls & reads, calls | reads)
        f = 1.0 - float((rng.weights * calls).sum() / rng.total)
        folds.append(f)
        callers_add.append(v_add)
        if combo_eq is not None and len(live) == 1:
            got = combo_eq.equity_where(calls)
            eq_called = got if got is not None else eq_all
        if model is not None and sit.street == "river" and len(live) > 1:
            # several opponents on the river: the hero's share of the pot against the hands that call
            # (exact on the river: the showdown now), not against their whole ranges
            win = (model.hand > model.strengths[s]) + 0.5 * (model.hand == model.strengths[s])
            called_w = rng.weights * calls
            shares.append(float((called_w * win).sum() / called_w.sum()) if called_w.sum() > 0 else 1.0)
        elif model is not None and heads_up is not None and len(live) > 1:
            # before the river: his equity against the hands that call (one street of cards to come)
            hu = heads_up.get(s)
            got = hu.equity_where(calls) if hu is not None and len(hu.per_combo) == len(rng) else None
            shares.append(got if got is not None else eq_all)
    if branches is not None and sit.all_in:
        # the players behind continue with the strongest half (CALL_JAM_SHARE) of what continues against
        # the all-in and the hero's call: a raise of the hero's faces them with more
        alone, when_called, none = branches
        matched = min(add, sit.to_call)  # what the all-in player matches; the rest comes back when all fold
        fold_payoff = alone * sit.pot_for_call(matched) - matched
        f_all = 1.0 - CALL_JAM_SHARE * (1.0 - none)
        caller_add = max(callers_add) if callers_add else 0  # one player behind continues, as a rule
        called = when_called * (sit.pot + a_eff + caller_add) - a_eff
        return f_all * fold_payoff + (1 - f_all) * called, f_all
    if len(live) == 1:
        return ev_bet(sit.pot, a_eff, callers_add[0], folds[0], eq_called), folds[0]
    f_all = float(np.prod(folds))
    if model is not None and len(shares) == len(live) > 1:
        kappa = 1.0
        if heads_up is not None and sit.street != "river":
            whole = float(np.prod([heads_up[s].equity if s in heads_up else eq_all for s in live]))
            kappa = eq_all / whole if whole > 0 else 1.0
        return _multiway(sit.pot, a_eff, folds, callers_add, shares, kappa), f_all
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


def _heads_up(sit: Situation, ctx: Context) -> dict[int, ComboEquity] | None:
    """Before the river against several opponents: the hero's equity against each combo of each of
    them (once per spot: :func:`ev_aggressive` reads the part that calls each size)."""
    live = [s for s in sit.live_opponents if s in ctx.ranges and len(ctx.ranges[s].range)]
    if len(live) < 2:
        return None
    hero = [c.index for c in sit.hero_cards]
    board = [c.index for c in sit.board]
    return {s: equity_vs_range(hero, board, ctx.ranges[s].range, seed=ctx.seed) for s in live}


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
    model = callers(sit, ctx.ranges) if any(o.aggressive for o in ctx.options) else None
    # the callers' equities for every size at once: one pass over the hero's range, not one per size
    amounts = list(dict.fromkeys(o.amount for o in ctx.options if o.aggressive and o.amount is not None))
    called = model.equities(sit, amounts) if model is not None else {}
    heads_up = _heads_up(sit, ctx) if model is not None and sit.street != "river" else None
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
            eq_bet = ctx.equity_whole.value if ctx.equity_whole is not None else eq
            ev, f = ev_aggressive(sit, o.amount, ctx.ranges, pcts, ctx.combo_eq, eq_bet, ctx.profiles, model,
                                  called.get(o.amount), ctx.equity_branches, heads_up)
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
