"""Decision analysis: every legal option graded, with the numbers behind it.

``analyze(hand)`` reads the decision in front of the player to act (the hero),
assumes a range for each opponent (:mod:`coach.feedback.opponents`), computes
the hero's equity against it (exact when it is cheap, Monte Carlo with a fixed
seed and a stated error otherwise), values each option with the one-street
models of :mod:`coach.feedback.maths` and grades it
(:mod:`coach.feedback.grading`). Preflop decisions before any all-in are graded
from the charts (:mod:`coach.feedback.ranges_data`), which is how players learn
them; there the EV is not measured and says so.

The result is deterministic for a given hand state and seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from coach.cards import Card, format_cards
from coach.equity import outs as equity_outs
from coach.errors import InvalidInput
from coach.evaluator import Category, categories_batch, evaluate_batch
from coach.feedback import texts as T
from coach.feedback.grading import Grade, grade_for_loss
from coach.feedback.maths import (
    CARDS_TO_COME,
    MAX_FOLD,
    call_threshold,
    equity_needed,
    ev_bet,
    ev_call,
    ev_check,
    exact_draw_odds,
    pot_odds_ratio,
    rule_of_2_and_4,
    spr,
)
from coach.feedback.opponents import OpponentRange, opponent_ranges
from coach.feedback.rangemodel import (
    ComboEquity,
    WeightedRange,
    class_of_cards,
    equity_multiway,
    equity_vs_range,
    hand_classes,
    parse_weighted,
    strength_percentiles,
)
from coach.feedback.ranges_data import RangeTable, table_for
from coach.feedback.rules import RuleFeedback
from coach.feedback.situation import Situation, read_situation
from coach.i18n import N_, Decimal, Lowered, Message, Percent, get_translator
from coach.ranges import Range

if TYPE_CHECKING:
    from coach.engine import Hand

PREMIUM = "QQ+, AKs, AKo"
CHART_MIN_STACK_BB = 25


@dataclass(frozen=True)
class AuthoredFeedback:
    """Feedback a lesson writes for one option of one decision point.

    ``text`` is added after the coach's explanation, or replaces it with
    ``replace``; ``grade`` overrides the computed grade (the lesson knows
    something the model does not, e.g. a read on the opponent).
    """

    text: Message | str
    grade: Grade | None = None
    replace: bool = False


@dataclass(frozen=True)
class OptionGrade:
    """One legal option: its PHH code (``f``, ``cc``, ``cbr 40``), value and grade."""

    code: str
    kind: str  # fold check call bet raise all_in
    amount: int | None
    grade: Grade
    ev_bb: float | None
    ev_loss_bb: float | None
    explanation: Message
    estimate: bool
    authored: bool = False


@dataclass(frozen=True)
class EquityInfo:
    value: float
    method: str  # "exact" | "montecarlo"
    stderr: float
    samples: int


@dataclass(frozen=True)
class OutsInfo:
    """The hero's outs on the flop or turn, from :func:`coach.equity.outs`.

    ``against`` says whom they beat: ``"range"`` (the hero is behind the range
    assumed, an out puts him ahead of at least half of it) or ``"hands_ahead"``
    (he is already ahead of the range; the outs are counted against the part of
    it that beats him now, which is what a draw is for). ``cards`` strongest
    hand first; ``by_category`` the same grouped by the hand each out makes;
    ``beaten_now`` the (weighted) share of the range beaten now, the lowest
    over the opponents.
    """

    cards: tuple[Card, ...]
    by_category: Mapping[Category, tuple[Card, ...]]
    against: str  # "range" | "hands_ahead"
    beaten_now: float

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class DecisionAnalysis:
    """Everything the coach says about one decision."""

    actor: int
    actor_label: str
    name: str
    street: str
    hero_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    big_blind: int
    pot: int
    to_call: int
    pot_odds: float | None  # pot : call, e.g. 2.9 (to 1)
    equity_needed: float
    equity: EquityInfo | None
    outs: int | None
    rule_of_2_and_4: float | None
    outs_odds: float | None  # exact chance to hit one of the outs by the river (or next card)
    spr: float | None
    villain_ranges: Mapping[int, OpponentRange]
    options: tuple[OptionGrade, ...]
    best: str
    method: str  # "ev" or "chart"
    summary: tuple[Message, ...] = field(default_factory=tuple)
    outs_info: OutsInfo | None = None

    def option(self, code: str) -> OptionGrade:
        """The graded option with this code (``cbr 40``) or kind (``fold``, ``raise``)."""
        for o in self.options:
            if o.code == code or o.kind == code:
                return o
        raise KeyError(code)

    def to_json(self, locale: str = "it", *, labels: Sequence[str] | None = None) -> dict[str, Any]:
        """The CLI's JSON: figures plus the explanations rendered in ``locale``."""
        tr = get_translator(locale)
        return {
            "actor": self.actor_label,
            "name": self.name,
            "street": self.street,
            "hero_cards": format_cards(self.hero_cards),
            "board": format_cards(self.board),
            "pot": self.pot,
            "to_call": self.to_call,
            "pot_odds": None if self.pot_odds is None else round(self.pot_odds, 3),
            "equity_needed": round(self.equity_needed, 4),
            "equity": None if self.equity is None else round(self.equity.value, 4),
            "equity_method": None if self.equity is None else self.equity.method,
            "equity_stderr": None if self.equity is None else round(self.equity.stderr, 4),
            "outs": self.outs,
            "rule_of_2_and_4": self.rule_of_2_and_4,
            "outs_odds": None if self.outs_odds is None else round(self.outs_odds, 4),
            "outs_against": None if self.outs_info is None else self.outs_info.against,
            "outs_by_category": None if self.outs_info is None else {
                cat.key: format_cards(cards) for cat, cards in self.outs_info.by_category.items()},
            "spr": None if self.spr is None else round(self.spr, 2),
            "method": self.method,
            "villain_ranges": {
                (labels[s] if labels else str(s)): {"range": r.preflop, "source": r.source,
                                                     "combos": round(r.range.total, 1)}
                for s, r in self.villain_ranges.items()
            },
            "options": [
                {
                    "action": o.code,
                    "kind": o.kind,
                    "grade": o.grade.value,
                    "ev_bb": None if o.ev_bb is None else round(o.ev_bb, 2),
                    "ev_loss_bb": None if o.ev_loss_bb is None else round(o.ev_loss_bb, 2),
                    "estimate": o.estimate,
                    "explanation": tr.render(o.explanation),
                }
                for o in self.options
            ],
            "best": self.best,
            "summary": [tr.render(m) for m in self.summary],
        }


# -- options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Option:
    code: str
    kind: str
    amount: int | None


def _clamp(sit: Situation, amount: float) -> int | None:
    if sit.min_raise_to is None or sit.max_raise_to is None:
        return None
    return int(min(max(round(amount), sit.min_raise_to), sit.max_raise_to))


def _aggressive(sit: Situation, amount: int) -> _Option:
    assert sit.max_raise_to is not None
    full = sit.hero_stack + sit.hero_in_front
    if amount >= full:
        return _Option(f"cbr {amount}", "all_in", amount)
    return _Option(f"cbr {amount}", "bet" if sit.to_match == 0 else "raise", amount)


def candidate_options(sit: Situation, extra: Iterable[str] = ()) -> list[_Option]:
    """Fold, check or call, a few standard sizes and all-in, plus the ``extra`` codes."""
    out: list[_Option] = []
    out.append(_Option("f", "fold", None))
    if sit.can_check:
        out.append(_Option("cc", "check", None))
    if sit.can_call:
        out.append(_Option("cc", "all_in" if sit.to_call >= sit.hero_stack else "call", None))
    sizes: list[float] = []
    if sit.can_raise:
        bb = sit.big_blind
        if sit.street == "preflop":
            raises = [a for a in sit.preflop_actions() if a.kind in ("bet", "raise")]
            limpers = sum(1 for a in sit.preflop_actions() if a.kind == "call" and a.raise_level == 0)
            if not raises:
                sizes = [2.5 * bb + limpers * bb, 3 * bb + limpers * bb]
            elif len(raises) == 1:
                oop = sit.hero_position in ("SB", "BB")
                sizes = [sit.to_match * (4 if oop else 3), sit.to_match * (3 if oop else 4)]
            else:
                sizes = [sit.to_match * 2.3]
        elif sit.to_match == 0:
            sizes = [sit.pot * f for f in (0.33, 0.5, 0.66, 1.0)]
        else:
            pot_after_call = sit.pot + sit.to_call
            sizes = [sit.to_match * 2.5, sit.to_match + pot_after_call * 0.75, sit.to_match + pot_after_call]
        if sit.min_raise_to is not None:
            sizes.append(sit.min_raise_to)
        if sit.max_raise_to is not None:
            sizes.append(sit.max_raise_to)
    seen = {o.code for o in out if o.kind != "fold"} | {"f"}
    for s in sizes:
        amount = _clamp(sit, s)
        if amount is None:
            continue
        opt = _aggressive(sit, amount)
        if opt.code not in seen:
            seen.add(opt.code)
            out.append(opt)
    for code in extra:
        parts = code.split()
        if parts and parts[0].startswith("p") and parts[0][1:].isdigit():
            parts = parts[1:]
        if len(parts) == 2 and parts[0] == "cbr" and parts[1].isdigit():
            amount = int(parts[1])
            if sit.can_raise and sit.min_raise_to is not None and sit.max_raise_to is not None and (
                    sit.min_raise_to <= amount <= sit.max_raise_to
                    or amount == sit.hero_stack + sit.hero_in_front):
                opt = _aggressive(sit, amount)
                if opt.code not in seen:
                    seen.add(opt.code)
                    out.append(opt)
    return out


# -- texts ---------------------------------------------------------------------------------


_NOUNS = {"fold": T.NOUN_FOLD, "check": T.NOUN_CHECK, "call": T.NOUN_CALL, "all_in": T.NOUN_ALLIN,
          "bet": T.NOUN_BET, "raise": T.NOUN_RAISE}
_BEST = {"fold": T.BEST_FOLD, "check": T.BEST_CHECK, "call": T.BEST_CALL, "all_in": T.BEST_ALLIN,
         "bet": T.BEST_BET, "raise": T.BEST_RAISE}


def _by_kind(o: _Option, table: Mapping[str, str]) -> Message:
    """The option's wording from ``table``: calling all-in is still a call; bets carry their size."""
    kind = "call" if o.code == "cc" and o.kind != "check" else o.kind
    if kind in ("bet", "raise") or kind not in table:
        return Message(table["bet" if kind == "bet" else "raise"], {"amount": o.amount})
    return Message(table[kind])


def _noun(o: _Option) -> Message:
    return _by_kind(o, _NOUNS)


def _best_verdict(o: _Option) -> Message:
    return _by_kind(o, _BEST)


def join(*parts: Message | None) -> Message:
    """Sentences one after the other, each still translated on its own."""
    items = [p for p in parts if p is not None]
    if not items:
        return Message("")
    out = items[0]
    for p in items[1:]:
        out = Message(T.JOIN, {"first": out, "second": p})
    return out


def hand_phrase(hero: Sequence[Card], board: Sequence[Card]) -> Message:
    """"with your flush draw", "with your hand (Colore all'asso)", "with A♥J♥"."""
    if len(board) < 3:
        return Message(T.HAND_PREFLOP, {"hand": format_cards(hero, symbols=True)})
    from coach.evaluator import category, describe, evaluate

    strength = evaluate(list(hero) + list(board))
    cat = category(strength).key
    made_strong = cat not in ("high_card", "one_pair")
    if len(board) < 5 and not made_strong:
        flush, straight, gutshot = draws(hero, board)
        if flush and (straight or gutshot):
            return Message(T.HAND_COMBO_DRAW)
        if flush:
            return Message(T.HAND_FLUSH_DRAW)
        if straight:
            return Message(T.HAND_STRAIGHT_DRAW)
        if gutshot and cat == "high_card":
            return Message(T.HAND_GUTSHOT)
    return Message(T.HAND_MADE, {"hand": Lowered(describe(list(hero) + list(board)))})


def _straight_ranks(ranks: set[int]) -> bool:
    r = set(ranks)
    if 12 in r:
        r.add(-1)
    return any(all(x in r for x in range(lo, lo + 5)) for x0 in [0] for lo in range(-1, 9))


def draws(hero: Sequence[Card], board: Sequence[Card]) -> tuple[bool, bool, bool]:
    """(flush draw, open-ended straight draw, gutshot) that use at least one hole card."""
    cards = list(hero) + list(board)
    flush = False
    for suit in range(4):
        n = sum(1 for c in cards if c.suit == suit)
        if n == 4 and any(c.suit == suit for c in hero):
            flush = True
    ranks = {c.rank for c in cards}
    board_ranks = {c.rank for c in board}
    if _straight_ranks(ranks):
        return flush, False, False
    completing = [r for r in range(13) if r not in ranks and _straight_ranks(ranks | {r})
                  and not _straight_ranks(board_ranks | {r})]
    return flush, len(completing) >= 2, len(completing) == 1


def count_outs(hero: Sequence[Card], board: Sequence[Card]) -> int | None:
    """Cards that complete the hero's flush or straight draw (None without a draw).

    The textbook count (9 for a flush draw, 8 for an open-ender, 4 for a
    gutshot, 15 for both), whoever the opponent is. The coach's summary uses
    :func:`coach_outs` instead, which counts against the range assumed.
    """
    if len(board) not in (3, 4):
        return None
    from coach.evaluator import category, evaluate

    cats_weak = ("high_card", "one_pair", "two_pair", "three_of_a_kind")
    if category(evaluate(list(hero) + list(board))).key not in cats_weak:
        return None
    seen = {c.index for c in list(hero) + list(board)}
    outs = 0
    base = list(hero) + list(board)
    for idx in range(52):
        if idx in seen:
            continue
        c = Card.from_index(idx)
        cat = category(evaluate([*base, c])).key
        board_cat = category(evaluate([*board, c])).key if len(board) + 1 >= 5 else "high_card"
        if cat in ("straight", "flush", "straight_flush") and cat != board_cat:
            outs += 1
    return outs or None


def _as_range(wr: WeightedRange) -> Range:
    """The coach's weighted combos as a :class:`coach.ranges.Range` (what coach.equity takes)."""
    pairs = zip(wr.cards.tolist(), wr.weights.tolist(), strict=True)
    return Range({(max(a, b), min(a, b)): float(w) for (a, b), w in pairs})


def coach_outs(
    hero: Sequence[Card], board: Sequence[Card], ranges: Sequence[WeightedRange],
) -> OutsInfo | None:
    """The hero's outs against the opponents' ranges (None off the flop and turn, or without a range).

    Counted by :func:`coach.equity.outs`, so pairs improving to trips or two
    pair, overcards and draws all count, and a card that also improves the
    range enough is no out. Multiway, an out must put the hero ahead of every
    range. When the hero already beats at least half of every range, the outs
    are counted against the hands of each range that beat him now (None if
    there are none: nothing to draw to).
    """
    if len(board) not in (3, 4) or not ranges:
        return None
    known = [c.index for c in (*hero, *board)]
    live = [wr.without(known) for wr in ranges]
    live = [wr for wr in live if len(wr) and wr.total > 0]
    if not live:
        return None
    results = [equity_outs(hero, board, _as_range(wr)) for wr in live]
    beaten_now = min(o.beat_now for o in results)
    against = "range"
    if all(o.ahead for o in results):
        against = "hands_ahead"
        hero_now = int(evaluate_batch(np.array([known]))[0])
        bidx = np.array([c.index for c in board], dtype=np.int64)
        sub: list[WeightedRange] = []
        for wr in live:
            rows = np.concatenate([wr.cards.astype(np.int64), np.tile(bidx, (len(wr), 1))], axis=1)
            keep = evaluate_batch(rows) >= hero_now
            if keep.any():
                sub.append(WeightedRange(wr.cards[keep], wr.weights[keep]))
        if not sub:
            return None
        results = [equity_outs(hero, board, _as_range(wr)) for wr in sub]
    cards = [c for c in results[0].beat_after if all(o.beat_after[c] >= 0.5 for o in results)]
    base = [c.index for c in (*hero, *board)]
    cats = categories_batch(evaluate_batch(np.array([[*base, c.index] for c in cards], dtype=np.int64)
                                           .reshape(len(cards), len(base) + 1)))
    order = sorted(range(len(cards)), key=lambda i: (-int(cats[i]), -cards[i].index))
    by_cat: dict[Category, tuple[Card, ...]] = {}
    for i in order:
        cat = Category(int(cats[i]))
        by_cat[cat] = (*by_cat.get(cat, ()), cards[i])
    return OutsInfo(tuple(cards[i] for i in order), by_cat, against, beaten_now)


def outs_detail(info: OutsInfo) -> Message:
    """"9 for the flush", "2 for trips, 3 for two pair": where the outs come from."""
    parts = [Message(T.OUTS_FOR[cat.key], {"n": len(cards)}) for cat, cards in info.by_category.items()]
    out = parts[0]
    for p in parts[1:]:
        out = Message(T.OUTS_LIST, {"first": out, "second": p})
    return out


def outs_line(info: OutsInfo, cards_to_come: int, unseen: int) -> Message:
    """The summary line: the outs, their breakdown, the rule of 2 and 4 next to the exact figure."""
    beaten = Percent(info.beaten_now)
    if not info.count:
        return Message(T.OUTS_NONE if info.against == "range" else T.OUTS_AHEAD_NONE, {"beaten": beaten})
    params = {"outs": info.count, "detail": outs_detail(info), "beaten": beaten,
              "rule": Percent(rule_of_2_and_4(info.count, cards_to_come), 0),
              "exact": Percent(exact_draw_odds(info.count, unseen, cards_to_come))}
    return Message(T.OUTS_BY if info.against == "range" else T.OUTS_AHEAD, params)


# -- the analysis --------------------------------------------------------------------------


def _bb(chips: float, sit: Situation) -> float:
    return chips / sit.big_blind


def analyze(
    hand: Hand,
    *,
    villain_ranges: Mapping[int, str] | None = None,
    seed: int = 0,
    candidates: Iterable[str] = (),
    authored: Mapping[str, AuthoredFeedback | Message | str] | None = None,
) -> DecisionAnalysis:
    """Grade every option of the player to act in ``hand`` (the hand is not changed).

    ``villain_ranges`` maps seats to range notation (a lesson's assumption);
    ``candidates`` adds bet/raise codes to grade (``"cbr 40"``, e.g. the
    learner's own choice); ``authored`` adds or replaces feedback per option
    code (``"f"``, ``"cc"``, ``"cbr 40"``) or kind (``"raise"``, ``"*"`` for all).
    """
    sit = read_situation(hand)
    ranges = opponent_ranges(sit, villain_ranges)
    options = candidate_options(sit, candidates)
    hero_idx = [c.index for c in sit.hero_cards]
    board_idx = [c.index for c in sit.board]
    chart = _chart_situation(sit, villain_ranges)
    combo_eq: ComboEquity | None = None
    equity: EquityInfo | None = None
    live_ranges = {s: r for s, r in ranges.items() if len(r.range) > 0}
    if live_ranges and not (chart is not None and chart[0] == "unopened"):
        if len(live_ranges) == 1:
            (only,) = live_ranges.values()
            combo_eq = equity_vs_range(hero_idx, board_idx, only.range, seed=seed)
            equity = EquityInfo(combo_eq.equity, combo_eq.method, combo_eq.stderr, combo_eq.samples)
        else:
            mw = equity_multiway(hero_idx, board_idx, [r.range for r in live_ranges.values()], seed=seed)
            equity = EquityInfo(mw.equity, mw.method, mw.stderr, mw.samples)
    to_come = CARDS_TO_COME.get(sit.street, 0)
    outs_info = (coach_outs(sit.hero_cards, sit.board, [r.range for r in live_ranges.values()])
                 if to_come else None)
    outs = outs_info.count if outs_info is not None else None
    unseen = 52 - 2 - len(sit.board)
    summary: list[Message] = []
    if chart is not None:
        graded, method = _grade_chart(sit, options, chart), "chart"
    else:
        assert equity is not None or not live_ranges
        graded, method = _grade_ev(sit, options, ranges, combo_eq, equity), "ev"
    graded = _apply_authored(graded, authored)
    # Best grade, then the larger EV to a tenth of a big blind, then what is measured
    # exactly, then the passive play (the same preference as the grading itself).
    best = min(graded, key=lambda o: (o.grade.rank, -round(o.ev_bb if o.ev_bb is not None else 0.0, 1),
                                      o.estimate, o.code.startswith("cbr")))
    eff = min(sit.hero_stack, max((sit.stacks[s] + sit.bets[s] - sit.hero_in_front for s in sit.opponents),
                                  default=0))
    behind = eff - sit.to_call
    spr_value = spr(behind, sit.pot + sit.to_call) if sit.street != "preflop" and behind > 0 else None
    if equity is not None:
        summary.append(Message(T.EQUITY_EXACT if equity.method == "exact" else T.EQUITY_MC,
                               {"equity": Percent(equity.value), "err": Percent(equity.stderr)}))
    if outs_info is not None:
        summary.append(outs_line(outs_info, to_come, unseen))
    if spr_value is not None:
        summary.append(Message(T.SPR_LINE, {"spr": Decimal(spr_value, 1)}))
    return DecisionAnalysis(
        actor=sit.hero, actor_label=f"p{hand.config.player_of_seat(sit.hero)}", name=sit.names[sit.hero],
        street=sit.street, hero_cards=sit.hero_cards, board=sit.board, big_blind=sit.big_blind,
        pot=sit.pot, to_call=sit.to_call, pot_odds=pot_odds_ratio(sit.to_call, sit.pot),
        equity_needed=equity_needed(sit.to_call, sit.pot), equity=equity, outs=outs,
        rule_of_2_and_4=rule_of_2_and_4(outs, to_come) if outs else None,
        outs_odds=exact_draw_odds(outs, unseen, to_come) if outs else None,
        spr=spr_value, villain_ranges=ranges, options=tuple(graded), best=best.code, method=method,
        summary=tuple(summary), outs_info=outs_info,
    )


def _apply_authored(
    graded: list[OptionGrade], authored: Mapping[str, AuthoredFeedback | Message | str] | None,
) -> list[OptionGrade]:
    if not authored:
        return graded
    out = []
    for o in graded:
        fb = authored.get(o.code) or authored.get(o.kind) or authored.get("*")
        if fb is None:
            out.append(o)
            continue
        if not isinstance(fb, AuthoredFeedback):
            fb = AuthoredFeedback(fb)
        text = fb.text if isinstance(fb.text, Message) else Message("{text}", {"text": fb.text})
        expl = text if fb.replace else join(o.explanation, text)
        out.append(replace(o, explanation=expl, grade=fb.grade or o.grade, authored=True))
    return out


# -- EV grading ------------------------------------------------------------------------------


@dataclass
class _Valued:
    opt: _Option
    ev: float  # chips
    estimate: bool


def _grade_ev(
    sit: Situation, options: list[_Option], ranges: Mapping[int, OpponentRange],
    combo_eq: ComboEquity | None, equity: EquityInfo | None,
) -> list[OptionGrade]:
    eq = equity.value if equity is not None else 1.0
    closes = sit.call_closes_action
    board_idx = tuple(c.index for c in sit.board)
    pcts = {s: strength_percentiles(r.range.cards, board_idx) for s, r in ranges.items() if len(r.range)}
    valued: list[_Valued] = []
    for o in options:
        if o.kind == "fold":
            valued.append(_Valued(o, 0.0, False))
        elif o.kind == "check":
            valued.append(_Valued(o, ev_check(eq, sit.pot), not closes))
        elif o.code == "cc":
            call = sit.to_call
            pot = sit.pot_for_call(call)
            valued.append(_Valued(o, ev_call(eq, pot, call), not closes))
        else:
            assert o.amount is not None
            valued.append(_Valued(o, _ev_aggressive(sit, o.amount, ranges, pcts, combo_eq, eq), True))
    # Before the river an overbet (more than twice the pot) risks chips on streets this
    # one-street model cannot see: it is valued but never graded above the standard sizes.
    overbets = {id(v) for v in valued if _is_aggr(v.opt) and sit.street != "river"
                and v.opt.amount is not None
                and v.opt.amount - sit.hero_in_front > 2 * (sit.pot + sit.to_call)}
    rankable = [v for v in valued if id(v) not in overbets] or valued
    # Within a tenth of a big blind of the top, prefer what is measured exactly, then
    # the passive play: a coach does not recommend a raise the model barely prefers
    # (a bluff whose folds only pay for itself is no better than giving up).
    top = max(v.ev for v in rankable)
    near = [v for v in rankable if v.ev >= top - 0.1 * sit.big_blind
            and not (v.opt.kind == "fold" and sit.can_check)]
    best = max(near or rankable, key=lambda v: (not v.estimate, not _is_aggr(v.opt), v.ev))
    passive_opts = [v for v in valued if not _is_aggr(v.opt)]
    best_passive = max(passive_opts, key=lambda v: v.ev) if passive_opts else None
    tol = 0.0
    if equity is not None and equity.method == "montecarlo":
        tol = 2 * equity.stderr * (sit.pot + sit.to_call)
    runner_up = sorted(rankable, key=lambda v: -v.ev)
    passive = max((v for v in valued if v.opt.kind in ("check", "call") or v.opt.code == "cc"),
                  key=lambda v: v.ev, default=None)
    context = _context_sentence(sit, equity)
    out: list[OptionGrade] = []
    for v in valued:
        loss = max(0.0, best.ev - v.ev)
        estimate = v.estimate or best.estimate
        loss_for_grade = 0.0 if loss <= tol else loss
        grade = grade_for_loss(_bb(loss_for_grade, sit), estimate=estimate)
        beats_passive = _is_aggr(v.opt) and all(v.ev > u.ev for u in valued if not _is_aggr(u.opt))
        if beats_passive and _is_aggr(best.opt) and estimate:
            # Only the size differs from the best, and sizes are where the model is weakest.
            grade = Grade.BUONA if grade.rank > Grade.BUONA.rank else grade
        if (best.estimate and _is_aggr(best.opt) and not _is_aggr(v.opt) and best_passive is not None
                and (v.opt.kind != "fold" or eq < 0.5)):
            # A passive play beaten by an estimated bet or raise: graded in full against
            # the best passive play, while the raise's estimated extra may add at most a
            # capped penalty: missing a value raise (equity >= 50%) is at worst a
            # mistake, passing up a bluff or semi-bluff (equity < 50%: the gain rests on
            # folds) at worst a close second. Folding a favourite is graded in full.
            cap = Grade.ERRORE if eq >= 0.5 else Grade.BUONA
            by_estimate = grade if grade.rank <= cap.rank else cap
            by_passive = grade_for_loss(_bb(max(0.0, best_passive.ev - v.ev), sit),
                                        estimate=best_passive.estimate)
            grade = by_passive.at_least(by_estimate)
        if v.opt.kind == "fold" and sit.can_check:
            grade = Grade.ERRORE  # always exactly this: a rule of the game, not a matter of EV
        overbet_note = None
        if id(v) in overbets:
            grade = grade.at_least(Grade.BUONA)
            overbet_note = Message(T.OVERBET_NOTE)
        if v is best:
            other = next((u for u in runner_up if u is not v), None)
            if other is None:
                verdict = Message(T.ONLY, {"verdict": _best_verdict(v.opt)})
            else:
                verdict = _loses(v.opt, other, best.ev - other.ev, sit, other.estimate or v.estimate)
        elif beats_passive and passive is not None:
            verdict = Message(T.GAIN_OVER_CALL if passive.opt.kind != "check" else T.GAIN_OVER_CHECK, {
                "noun": _noun(v.opt), "gain": T.bb(_bb(v.ev - passive.ev, sit)), "best": _noun(best.opt),
                "loss": T.bb(_bb(loss, sit))})
        else:
            verdict = _loses(best.opt, v, loss, sit, estimate)
        extra = None
        if v.opt.kind == "fold" and sit.can_check:
            extra = Message(T.FOLD_WHEN_FREE)
        elif v.opt.kind == "fold" and equity is not None and equity.method == "exact" \
                and equity.value >= 0.9999:
            extra = Message(T.NEVER_LOSES)
        ev_line = Message(T.IS_BEST_EV_EST if v.estimate else T.IS_BEST_EV,
                          {"ev": T.bb(_bb(v.ev, sit)), "why": _why(v.opt)})
        out.append(OptionGrade(
            code=v.opt.code, kind=v.opt.kind, amount=v.opt.amount, grade=grade, ev_bb=_bb(v.ev, sit),
            ev_loss_bb=_bb(loss, sit), explanation=join(context, extra, verdict, ev_line, overbet_note),
            estimate=v.estimate,
        ))
    return out


def _is_aggr(o: _Option) -> bool:
    return o.code.startswith("cbr")


def _why(o: _Option) -> Message:
    if o.kind == "check":
        return Message(T.WHY_CHECK_EST)
    if o.kind in ("call",) or o.code == "cc":
        return Message(T.WHY_CALL_EST)
    return Message(T.WHY_BET_EST)


def _loses(best: _Option, v: _Valued, loss_chips: float, sit: Situation, estimate: bool) -> Message:
    loss_bb = _bb(loss_chips, sit)
    verdict = _best_verdict(best)
    if round(loss_bb, 1) <= 0:
        return Message(T.SAME, {"verdict": verdict, "noun": _noun(v.opt)})
    return Message(T.LOSES_EST if estimate else T.LOSES,
                   {"verdict": verdict, "noun": _noun(v.opt), "loss": T.bb(loss_bb)})


def _context_sentence(sit: Situation, equity: EquityInfo | None) -> Message | None:
    if equity is None:
        return None
    phrase = hand_phrase(sit.hero_cards, sit.board)
    if sit.to_call > 0:
        pot = sit.pot_for_call(sit.to_call)
        need = T.pct_phrase(T.NEED, equity_needed(sit.to_call, pot))
        have = T.pct_phrase(T.HAVE if equity.method != "exact" else T.HAVE_EXACT, equity.value, hand=phrase)
        return Message(T.PRICE, {"call": sit.to_call, "pot": pot, "need": need, "have": have})
    return join(Message(T.FREE_CHECK), Message(T.EQUITY_NOW, {"equity": Percent(equity.value)}))


def _ev_aggressive(
    sit: Situation, amount: int, ranges: Mapping[int, OpponentRange], pcts: Mapping[int, np.ndarray],
    combo_eq: ComboEquity | None, eq_all: float,
) -> float:
    """One-street EV of betting or raising to ``amount`` (see :mod:`coach.feedback.maths`)."""
    add = amount - sit.hero_in_front
    live = [s for s in sit.live_opponents if s in ranges and len(ranges[s].range)]
    if not live:
        return ev_call(eq_all, sit.pot_for_call(min(add, sit.to_call)), min(add, sit.to_call))
    folds: list[float] = []
    capped: list[float] = []
    callers_add: list[int] = []
    eq_called = eq_capped = eq_all
    a_eff = 0
    for s in live:
        v_front = sit.bets[s]
        v_max = v_front + sit.stacks[s]
        v_add = max(0, min(amount, v_max) - v_front)
        a_eff = max(a_eff, min(add, v_max - sit.hero_in_front))
        h = call_threshold(sit.pot, min(add, v_max - sit.hero_in_front), v_add, is_raise=sit.to_match > 0)
        rng = ranges[s].range
        calls = pcts[s] >= h
        f = 1.0 - float((rng.weights * calls).sum() / rng.total)
        folds.append(f)
        callers_add.append(v_add)
        calls_capped, f_capped = calls, f
        # The second reading's opponent folds no more than MAX_FOLD, nor more than
        # the bet's break-even frequency add / (add + pot): an opponent who defends
        # at least the minimum defence frequency, so a pure bluff is never credited
        # with a profit from folds alone (honest numbers for a learner).
        risk = min(add, v_max - sit.hero_in_front)
        fold_cap = min(MAX_FOLD, risk / (risk + sit.pot)) if risk > 0 else MAX_FOLD
        if f > fold_cap:  # the strongest folders call anyway, down to fold_cap folds
            order = np.argsort(-pcts[s])
            cum = np.cumsum(rng.weights[order]) / rng.total
            calls_capped = np.zeros(len(rng), dtype=bool)
            calls_capped[order[: int(np.searchsorted(cum, 1 - fold_cap)) + 1]] = True
            f_capped = fold_cap
        capped.append(f_capped)
        if combo_eq is not None and len(live) == 1:
            got = combo_eq.equity_where(calls)
            eq_called = got if got is not None else eq_all
            got = combo_eq.equity_where(calls_capped)
            eq_capped = got if got is not None else eq_all
    if len(live) == 1:
        # Two readings of the opponent: the model's, and one that never folds more than
        # fold_cap. The estimate is the less favourable of the two: a bluff is not
        # credited with more folds than fold_cap, a value bet not with more calls
        # than the model gives.
        return min(ev_bet(sit.pot, a_eff, callers_add[0], folds[0], eq_called),
                   ev_bet(sit.pot, a_eff, callers_add[0], capped[0], eq_capped))
    folds = [min(f, c) for f, c in zip(folds, capped, strict=True)]
    f_all = float(np.prod(folds))
    if f_all >= 1.0:
        return float(sit.pot)
    expected_add = sum((1 - f) * v for f, v in zip(folds, callers_add, strict=True)) / (1 - f_all)
    called = eq_called * (sit.pot + a_eff + expected_add) - a_eff
    return f_all * sit.pot + (1 - f_all) * called


# -- chart grading -----------------------------------------------------------------------


def _effective_bb(sit: Situation) -> float:
    others = [sit.stacks[s] + sit.bets[s] for s in sit.opponents] or [0]
    return min(sit.hero_stack + sit.hero_in_front, max(others)) / sit.big_blind


def _chart_situation(sit: Situation, given: Mapping[int, str] | None) -> tuple[str, int | None] | None:
    """("unopened" | "facing_open" | "facing_3bet", opener seat) when a preflop chart applies."""
    if sit.street != "preflop" or given:
        return None
    if _effective_bb(sit) < CHART_MIN_STACK_BB:
        return None
    pf = sit.preflop_actions()
    raises = [a for a in pf if a.kind in ("bet", "raise")]
    if any(a.all_in for a in pf) or sit.to_call >= sit.hero_stack:
        return None
    if any(a.to >= 0.4 * (a.to + sit.stacks[a.seat]) for a in raises):
        return None
    if not raises:
        return ("unopened", None)
    hero_raised = any(a.seat == sit.hero for a in raises)
    if len(raises) == 1 and not hero_raised:
        return ("facing_open", raises[0].seat)
    if len(raises) == 2 and raises[0].seat == sit.hero:
        return ("facing_3bet", raises[1].seat)
    return None


def _worse(g: Grade, steps: int) -> Grade:
    order = list(Grade)
    return order[min(len(order) - 1, g.rank + steps)]


def _grade_chart(sit: Situation, options: list[_Option], chart: tuple[str, int | None]) -> list[OptionGrade]:
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
    bb_check = sit.can_check
    if kind == "unopened" and bb_check:
        r = table.facing_open("BB", "CO").raise_range
        raise_w = hand_classes(r).get(cls, 0.0)
        headline = Message(T.PF_BB_RAISE if raise_w > 0 else T.PF_BB_CHECK, {"hand": hand_txt})
    elif kind == "unopened":
        text = table.open_range(pos)
        raise_w = hand_classes(text).get(cls, 0.0) if text else 0.0
        width = T.pct_phrase(T.WIDTH, parse_weighted(text).share_of_all() if text else 0.0)
        msg = T.PF_OPEN_IN if raise_w >= 1 else (T.PF_OPEN_MIXED if raise_w > 0 else T.PF_OPEN_OUT)
        headline = Message(msg, {"hand": hand_txt, "from_pos": from_pos, "width": width})
        limp_line = Message(T.PF_LIMP)
    elif kind == "facing_open":
        assert opener is not None
        f = table.facing_open(pos, sit.positions[opener])
        raise_w = hand_classes(f.raise_range).get(cls, 0.0)
        call_w = hand_classes(f.call).get(cls, 0.0)
        msg = T.PF_VS_RAISE if raise_w > 0 else (T.PF_VS_CALL if call_w > 0 else T.PF_VS_FOLD)
        opener_from = Message(T.FROM_POS.get(sit.positions[opener], T.FROM_POS["UTG"]))
        headline = Message(msg, {"hand": hand_txt, "hero_from": from_pos, "opener_from": opener_from})
    else:
        f3 = table.vs_3bet
        raise_w = hand_classes(f3.raise_range).get(cls, 0.0) if f3 else 0.0
        call_w = hand_classes(f3.call).get(cls, 0.0) if f3 else 0.0
        msg = T.PF_3B_RAISE if raise_w > 0 else (T.PF_3B_CALL if call_w > 0 else T.PF_3B_FOLD)
        headline = Message(msg, {"hand": hand_txt})
    wider = _wider_open(table, cls)
    graded: list[tuple[_Option, Grade, list[Message]]] = []
    for o in options:
        notes: list[Message] = []
        if o.kind == "fold":
            if bb_check:
                g = Grade.ERRORE
                notes.append(Message(T.FOLD_WHEN_FREE))
            elif raise_w >= 1 or call_w >= 1:
                g = Grade.ERRORE_GRAVE if premium else (Grade.IMPRECISA if raise_w == 0 else Grade.ERRORE)
            elif raise_w > 0 or call_w > 0:
                g = Grade.BUONA
            else:
                g = Grade.OTTIMA
        elif o.kind == "check":
            g = Grade.BUONA if raise_w > 0 else Grade.OTTIMA
        elif o.code == "cc":  # call (or limp)
            if kind == "unopened":
                g = Grade.IMPRECISA if (raise_w > 0 or pos == "SB") else Grade.ERRORE
                if limp_line is not None:
                    notes.append(limp_line)
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
                g = Grade.IMPRECISA
            elif kind == "unopened" and wider:
                g = Grade.IMPRECISA
            else:
                g = Grade.ERRORE
            steps, note = _size_penalty(sit, o, kind, premium)
            if g.rank <= Grade.BUONA.rank:  # the size matters only when raising is right
                g = _worse(g, steps)
            if note is not None:
                notes.append(note)
        graded.append((o, g, notes))
    best_o, _, _ = min(graded, key=lambda t: t[1].rank)
    out = []
    for o, g, notes in graded:
        if o is best_o:
            verdict = Message(T.ONLY, {"verdict": _best_verdict(o)})
        else:
            verdict = Message(T.ONLY, {"verdict": _best_verdict(best_o)})
        out.append(OptionGrade(
            code=o.code, kind=o.kind, amount=o.amount, grade=g, ev_bb=None, ev_loss_bb=None,
            explanation=join(headline, *notes, verdict, Message(T.PF_CHART_NOTE)), estimate=True,
        ))
    return out


def _wider_open(table: RangeTable, cls: str) -> bool:
    """The hand opens from some later position (a close call, not a blunder)."""
    return any(cls in hand_classes(t) for t in table.open.values())


def _size_penalty(sit: Situation, o: _Option, kind: str, premium: bool) -> tuple[int, Message | None]:
    assert o.amount is not None
    bb = sit.big_blind
    size_bb = o.amount / bb
    if o.kind == "all_in" and size_bb > CHART_MIN_STACK_BB:
        return (1 if premium else 2), Message(T.PF_ALLIN_DEEP, {"bb": Decimal(size_bb, 1)})
    p = {"amount": o.amount, "bb": Decimal(size_bb, 1)}
    if kind == "unopened" and not sit.can_check:
        limpers = sum(1 for a in sit.preflop_actions() if a.kind == "call" and a.raise_level == 0)
        net = size_bb - limpers
        if net < 2.0:
            return 1, Message(T.PF_SIZE_SMALL, p)
        if net <= 3.5:
            return 0, Message(T.PF_SIZE_OK, p)
        return (1 if net <= 5 else 2), Message(T.PF_SIZE_BIG, p)
    ratio = o.amount / max(sit.to_match, 1)
    lo, hi = (2.7, 5.0) if kind == "facing_open" else ((2.0, 3.0) if kind == "facing_3bet" else (2.0, 5.0))
    if ratio < lo:
        return 1, Message(T.PF_SIZE_SMALL, p)
    if ratio > hi:
        return (1 if ratio <= hi * 1.6 else 2), Message(T.PF_SIZE_BIG, p)
    return 0, Message(T.PF_SIZE_OK, p)


__all__ = [
    "ActionFeedback", "AuthoredFeedback", "DecisionAnalysis", "EquityInfo", "OptionGrade", "OutsInfo",
    "analyze", "candidate_options", "coach_outs", "count_outs", "draws", "feedback_for_action", "hand_phrase",
    "outs_detail", "outs_line",
]
_ = (N_, InvalidInput)


@dataclass(frozen=True)
class ActionFeedback:
    """Everything the learner reads after choosing an action: the rule, then the quality.

    ``rule`` says whether the action is legal (and which rule forbids it, or
    warns against it); for a legal action ``option`` is its graded option and
    ``analysis`` the whole decision (the best option, the figures).
    """

    rule: RuleFeedback
    option: OptionGrade | None
    analysis: DecisionAnalysis | None


def feedback_for_action(
    hand: Hand, action: str, *, villain_ranges: Mapping[int, str] | None = None, seed: int = 0,
    authored: Mapping[str, AuthoredFeedback | Message | str] | None = None,
) -> ActionFeedback:
    """Rule feedback, then (if legal) the grade of ``action`` ("call", "raise 40", "p3 cbr 40", "cc")."""
    from coach.feedback.rules import explain_refusal, parse_attempt

    rule = explain_refusal(hand, action)
    if not rule.legal:
        return ActionFeedback(rule, None, None)
    _, kind, amount = parse_attempt(hand, action)
    sit_legal = hand.legal_actions()
    if kind == "all_in":
        amount = sit_legal.max_raise_to if (sit_legal.can_bet or sit_legal.can_raise) else None
    if kind == "fold":
        code = "f"
    elif kind in ("check", "call") or amount is None:
        code = "cc"
    else:
        code = f"cbr {amount}"
    analysis = analyze(hand, villain_ranges=villain_ranges, seed=seed,
                       candidates=[code] if code.startswith("cbr") else [], authored=authored)
    return ActionFeedback(rule, analysis.option(code), analysis)
