"""Decision analysis: every legal option graded, with the numbers behind it and the model that made them.

``analyze(hand)`` reads the decision in front of the player to act (the hero,
:mod:`coach.feedback.situation`), his hand on the board
(:mod:`coach.feedback.handread`), assumes a range and a profile for each
opponent (:mod:`coach.feedback.opponents`, :mod:`coach.feedback.profiles`),
computes the hero's equity against them (exact when it is cheap, a seeded
Monte Carlo with its error otherwise), lists the options
(:mod:`coach.feedback.options`) and asks the valuation models in order
(:mod:`coach.feedback.valuation`): the push/fold charts, the preflop charts,
the river solver, the one-street estimate. The first that applies values the
options; the same grading rules (:mod:`coach.feedback.policy`) and the same
voice (:mod:`coach.feedback.wording`) turn that into grades and sentences, and
every explanation says which model produced its numbers.

The result is deterministic for a given hand state and seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from coach.cards import format_cards
from coach.errors import InvalidInput
from coach.feedback import texts as T
from coach.feedback.behind import Behind, branches, players_behind
from coach.feedback.grading import Grade
from coach.feedback.handread import (
    OutsInfo,
    coach_outs,
    count_outs,
    draws,
    hand_phrase,
    outs_detail,
    outs_line,
    read_hand,
)
from coach.feedback.maths import (
    CARDS_TO_COME,
    equity_needed,
    exact_draw_odds,
    pot_odds_ratio,
    rule_of_2_and_4,
    spr,
)
from coach.feedback.opponents import OpponentRange, opponent_ranges
from coach.feedback.options import Option, candidate_options, parse_raise_code
from coach.feedback.policy import Graded, best_of, grade_valuation
from coach.feedback.profiles import Profile, profile
from coach.feedback.rangemodel import ComboEquity, equity_multiway, equity_vs_range
from coach.feedback.refusals import RuleFeedback, explain_refusal, parse_attempt
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation import MODELS, Context, Declined, EquityInfo, Valuation, model_named
from coach.feedback.valuation import preflop_ranges as preflop_ranges_model
from coach.feedback.wording import bb_figure, best_verdict, ev_line, gain_over, join, loses, noun, tie_verdict
from coach.i18n import Decimal, Message, Percent, get_translator

if TYPE_CHECKING:
    from coach.engine import Hand

__all__ = [
    "ActionFeedback", "DecisionAnalysis", "EquityInfo", "OptionGrade", "OutsInfo",
    "RefusedOption", "analyze", "candidate_options", "coach_outs", "count_outs", "draws",
    "feedback_for_action", "hand_phrase", "outs_detail", "outs_line",
]

@dataclass(frozen=True)
class OptionGrade:
    """One legal option: its PHH code (``f``, ``cc``, ``cbr 40``), value and grade.

    The coach's grade only: a lesson's own grade is laid over it by
    :mod:`coach.learning.verdict`, which is where a lesson meets the coach.
    """

    code: str
    kind: str  # fold check call bet raise all_in
    amount: int | None
    grade: Grade
    ev_bb: float | None
    ev_loss_bb: float | None
    explanation: Message
    estimate: bool
    # The explanation's one plain sentence («Il fold è la scelta giusta.»): no figure, no
    # term a beginner has not met, for the essential feedback (coach.ui.feedbacklevel).
    headline: Message | None = None


@dataclass(frozen=True)
class RefusedOption:
    """An action asked about that the rules forbid now (e.g. ``cbr 3`` below the minimum raise)."""

    code: str
    rule: RuleFeedback


@dataclass(frozen=True)
class DecisionAnalysis:
    """Everything the coach says about one decision."""

    actor: int
    actor_label: str
    name: str
    street: str
    hero_cards: tuple[Any, ...]
    board: tuple[Any, ...]
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
    method: str  # "ev" or "chart" (kept for older callers; see ``model``)
    summary: tuple[Message, ...] = field(default_factory=tuple)
    outs_info: OutsInfo | None = None
    model: str = "heuristic"  # the stable id of the model that answered (coach.feedback.valuation.MODELS)
    model_note: Message | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    profiles: Mapping[int, str] = field(default_factory=dict)
    refused: tuple[RefusedOption, ...] = ()

    def option(self, code: str) -> OptionGrade:
        """The graded option with this code (``cbr 40``) or kind (``fold``, ``raise``)."""
        for o in self.options:
            if o.code == code or o.kind == code:
                return o
        raise KeyError(code)

    def to_json(self, locale: str = "it", *, labels: Sequence[str] | None = None) -> dict[str, Any]:
        """The CLI's JSON: figures plus the explanations rendered in ``locale``."""
        tr = get_translator(locale)

        def label(seat: int) -> str:
            return labels[seat] if labels else str(seat)

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
            "model": self.model,
            "model_label": tr.render(model_named(self.model).label),
            "model_details": dict(self.details),
            "profiles": {label(s): p for s, p in self.profiles.items()},
            "villain_ranges": {
                label(s): {"range": r.preflop, "source": r.source, "combos": round(r.range.total, 1),
                           "story": None if r.story is None else tr.render(r.story)}
                for s, r in self.villain_ranges.items()
            },
            "options": [
                {
                    "action": o.code,
                    "kind": o.kind,
                    "grade": o.grade.value,
                    "ev_bb": _round_bb(o.ev_bb),
                    "ev_loss_bb": _round_bb(o.ev_loss_bb),
                    "estimate": o.estimate,
                    "explanation": tr.render(o.explanation),
                }
                for o in self.options
            ],
            "refused": [
                {"action": r.code, "rule": r.rule.rule, "code": r.rule.reason,
                 "explanation": " ".join(tr.render(m) for m in r.rule.messages())}
                for r in self.refused
            ],
            "best": self.best,
            "summary": [tr.render(m) for m in self.summary],
        }


def _round_bb(x: float | None) -> float | None:
    """Two decimals, and never ``-0.0`` (a figure that rounds to zero is zero)."""
    if x is None:
        return None
    r = round(x, 2)
    return 0.0 if r == 0 else r


# -- the analysis --------------------------------------------------------------------------


def _equity(sit: Situation, ranges: Mapping[int, OpponentRange], seed: int,
            skip: bool, behind: Sequence[Behind] = (),
            branch_eqs: list[tuple[float, float]] | None = None,
            ) -> tuple[EquityInfo | None, ComboEquity | None]:
    live = {s: r for s, r in ranges.items() if len(r.range) > 0}
    if not live or skip:
        return None, None
    hero_idx = [c.index for c in sit.hero_cards]
    board_idx = [c.index for c in sit.board]
    if behind:  # the players still to act continue or fold (coach.feedback.behind): a mixture of showdowns
        waiting = {b.seat for b in behind}
        active = [r.range for s, r in live.items() if s not in waiting]
        value = err = 0.0
        samples = 0
        method = "exact"
        for p, rs in branches(active, list(behind)):
            if len(rs) == 1:
                ce = equity_vs_range(hero_idx, board_idx, rs[0], seed=seed)
                eq_b, err_b, n_b, m_b = ce.equity, ce.stderr, ce.samples, ce.method
            else:
                mw = equity_multiway(hero_idx, board_idx, rs, seed=seed)
                eq_b, err_b, n_b, m_b = mw.equity, mw.stderr, mw.samples, mw.method
            value += p * eq_b
            if branch_eqs is not None:
                branch_eqs.append((p, eq_b))
            err += (p * err_b) ** 2
            samples += n_b
            method = "montecarlo" if m_b == "montecarlo" else method
        if active:
            return EquityInfo(value, method, err ** 0.5, samples), None
    if len(live) == 1:
        (only,) = live.values()
        ce = equity_vs_range(hero_idx, board_idx, only.range, seed=seed)
        return EquityInfo(ce.equity, ce.method, ce.stderr, ce.samples), ce
    mw = equity_multiway(hero_idx, board_idx, [r.range for r in live.values()], seed=seed)
    return EquityInfo(mw.equity, mw.method, mw.stderr, mw.samples), None


def _branch_figures(branch_eqs: list[tuple[float, float]]) -> tuple[float, float, float] | None:
    """(equity when nobody behind continues, equity when someone does, chance that nobody does)."""
    if len(branch_eqs) < 2:
        return None
    (none, alone), rest = branch_eqs[0], branch_eqs[1:]
    p_called = sum(p for p, _ in rest)
    called = sum(p * e for p, e in rest) / p_called if p_called > 0 else alone
    return alone, called, none


def _profiles(sit: Situation, given: Mapping[int, str | Profile] | None) -> dict[int, Profile]:
    return {s: profile(p) for s, p in (given or {}).items() if s in sit.opponents}


def _valuation(ctx: Context) -> tuple[Valuation, list[Message]]:
    """The first model that applies (see :mod:`coach.feedback.valuation`), and notes on the choice."""
    notes: list[Message] = []
    for model in MODELS:
        try:
            found = model.value(ctx)
        except Declined as declined:  # the solver applies but cannot answer here: the next model answers
            notes.append(declined.note if declined.note is not None else Message(T.MODEL_FALLBACK))
            continue
        if found is not None:
            return found, notes
    raise AssertionError("the last model of the registry (the estimate) always answers")


def analyze(
    hand: Hand,
    *,
    villain_ranges: Mapping[int, str] | None = None,
    profiles: Mapping[int, str | Profile] | None = None,
    seed: int = 0,
    candidates: Iterable[str] = (),
    solver: bool = True,
    read_behind: bool = True,
) -> DecisionAnalysis:
    """Grade every option of the player to act in ``hand`` (the hand is not changed).

    ``villain_ranges`` maps seats to range notation (a lesson's assumption);
    ``profiles`` maps seats to opponent profiles (``"principiante"``...,
    :mod:`coach.feedback.profiles`; balanced by default); ``candidates`` adds
    bet/raise codes to grade (``"cbr 40"``, e.g. the learner's own choice;
    illegal ones are listed in ``refused`` with the rule that forbids them);
    ``solver=False`` skips the river solver (the practice bots, which must
    answer at once); ``read_behind=False`` leaves out, after the flop, the players still to act behind
    the player (the practice bots again: each set of them continuing or folding is an equity of its own,
    and a practice click runs several bots' analyses, so it cost the click 60% more CPU, issue 28's
    budget; the bots play as before that model, the learner's grade keeps it). A lesson's own grades
    and texts are not the coach's: they
    are laid over this analysis by :func:`coach.learning.verdict.lesson_options`.
    """
    sit = read_situation(hand)
    profs = _profiles(sit, profiles)
    ranges = opponent_ranges(sit, villain_ranges, profs)
    waiting = (players_behind(sit, ranges, profs)
               if not villain_ranges and (read_behind or sit.street == "preflop") else [])
    # what the learner reads: each player still to act with the range he continues with; the models keep
    # his whole range, from which they fold him (coach.feedback.behind)
    shown_ranges = {**ranges, **{b.seat: b.continuing for b in waiting}}
    wanted = list(candidates)
    actor = f"p{hand.config.player_of_seat(sit.hero)}"
    # a code written for another player ("p9 cbr 10" when p3 acts) is not the hero's option: refused
    mine = [c for c in wanted if not _other_player(c, actor)]
    options = candidate_options(sit, mine)
    refused = _refused(hand, wanted, options, actor)
    chart = preflop_ranges_model.chart_situation(sit, villain_ranges)
    no_equity = chart is not None and chart[0] in ("unopened", "limped")
    branch_eqs: list[tuple[float, float]] = []
    equity, combo_eq = _equity(sit, ranges, seed, skip=no_equity, behind=waiting, branch_eqs=branch_eqs)
    # after the flop a call meets the players behind continuing or folding; a bet or raise of the hero's is
    # still valued against their whole ranges (coach.feedback.valuation.base.Context.equity_whole)
    whole = (_equity(sit, ranges, seed, skip=no_equity)[0]
             if waiting and sit.street != "preflop" and any(o.aggressive for o in options) else None)
    ctx = Context(sit, ranges, profs, options, equity, combo_eq, read_hand(sit.hero_cards, sit.board),
                  villain_ranges, seed, solver,
                  _branch_figures(branch_eqs), whole)
    valuation, notes = _valuation(ctx)
    graded = grade_valuation(valuation, ctx)
    best = best_of(graded, sit.big_blind)
    options_out = [_option_grade(g, best, valuation, ctx, notes, graded) for g in graded]
    summary = _summary(sit, ctx, valuation, notes)
    to_come = CARDS_TO_COME.get(sit.street, 0)
    outs_info = (coach_outs(sit.hero_cards, sit.board, [r.range for r in ranges.values() if len(r.range)])
                 if to_come else None)
    outs = outs_info.count if outs_info is not None else None
    unseen = 52 - 2 - len(sit.board)
    if outs_info is not None:
        summary.insert(1 if equity is not None else 0, outs_line(outs_info, to_come, unseen))
    eff = min(sit.hero_stack, max((sit.stacks[s] + sit.bets[s] - sit.hero_in_front for s in sit.opponents),
                                  default=0))
    behind = eff - sit.to_call
    spr_value = spr(behind, sit.pot + sit.to_call) if sit.street != "preflop" and behind > 0 else None
    if spr_value is not None:
        summary.append(Message(T.SPR_LINE, {"spr": Decimal(spr_value, 1)}))
    return DecisionAnalysis(
        actor=sit.hero, actor_label=f"p{hand.config.player_of_seat(sit.hero)}", name=sit.names[sit.hero],
        street=sit.street, hero_cards=sit.hero_cards, board=sit.board, big_blind=sit.big_blind,
        pot=sit.pot, to_call=sit.to_call, pot_odds=pot_odds_ratio(sit.to_call, sit.pot),
        equity_needed=equity_needed(sit.to_call, sit.pot), equity=valuation.equity or equity, outs=outs,
        rule_of_2_and_4=rule_of_2_and_4(outs, to_come) if outs else None,
        outs_odds=exact_draw_odds(outs, unseen, to_come) if outs else None,
        spr=spr_value, villain_ranges=shown_ranges, options=tuple(options_out), best=best.opt.code,
        method="chart" if valuation.model is preflop_ranges_model.MODEL else "ev", summary=tuple(summary),
        outs_info=outs_info,
        model=valuation.model.name, model_note=valuation.note, details=valuation.details,
        profiles={s: p.key for s, p in profs.items()}, refused=tuple(refused),
    )


def _other_player(code: str, actor: str) -> bool:
    head = code.split()[0] if code.split() else ""
    return head.startswith("p") and head[1:].isdigit() and head != actor


def _refused(hand: Hand, wanted: Sequence[str], options: Sequence[Option], actor: str) -> list[RefusedOption]:
    """The asked-for codes that the rules forbid now, with the rule (legal ones are graded)."""
    have = {o.code for o in options}
    out = []
    for code in wanted:
        amount = parse_raise_code(code)
        other = _other_player(code, actor)
        short = code.strip() if other else (f"cbr {amount}" if amount is not None else code.strip())
        if short in have:
            continue
        try:
            rule = explain_refusal(hand, code)
        except InvalidInput:
            continue
        if not rule.legal:
            out.append(RefusedOption(short, rule))
    return out


def _summary(sit: Situation, ctx: Context, valuation: Valuation, notes: list[Message]) -> list[Message]:
    out: list[Message] = []
    eq = ctx.equity
    # the push/fold headline carries the chart's own equity; the range model's would contradict it
    if valuation.equity is not None:  # the model's own villain hands at this decision (a solved street)
        out.append(Message(T.EQUITY_LINE, {"equity": Percent(valuation.equity.value),
                                           "model": Percent(eq.value) if eq is not None else "–"}))
    elif eq is not None and valuation.model.shows_range_equity:
        out.append(Message(T.EQUITY_EXACT if eq.method == "exact" else T.EQUITY_MC,
                           {"equity": Percent(eq.value), "err": Percent(eq.stderr)}))
    out += valuation.summary
    out += notes
    out.append(valuation.note)  # which model produced the figures: once per verdict, not in every option
    return out


def _option_grade(g: Graded, best: Graded, valuation: Valuation, ctx: Context,
                  notes: list[Message], graded_all: Sequence[Graded]) -> OptionGrade:
    """One option's grade, figures and explanation: the spot, the rules' notes, the verdict, its EV.

    The verdict names the best option (or the options tied with it: «valgono
    lo stesso»); an option whose EV the policy does not trust (``trusted``
    False) gets no EV and no loss, only the rule's reason; the model's note is
    in the summary, once per verdict.
    """
    o = g.opt
    bb = ctx.bb
    tied = [x for x in graded_all if x.tied]
    head = tie_verdict(best.opt, [x.opt for x in tied]) if tied else best_verdict(best.opt)
    short = Message(T.ONLY, {"verdict": head})
    if not valuation.model.measures_ev or g.ev is None:
        verdict = Message(T.ONLY, {"verdict": head})
        parts: list[Message | None] = [valuation.headline, *g.notes, verdict]
        return OptionGrade(o.code, o.kind, o.amount, g.grade, None, None, join(*parts), True, short)
    if not g.trusted:
        above_best = best.ev is None or (g.ev is not None and g.ev > best.ev)
        verdict = Message(T.UNTRUSTED_EV if above_best else T.UNTRUSTED_EV_RULE,
                          {"verdict": head, "noun": noun(o)})
        parts = [valuation.headline, *g.notes, verdict, *notes]
        return OptionGrade(o.code, o.kind, o.amount, g.grade, None, None, join(*parts), True, short)
    ev_bb = g.ev / bb
    best_ev = best.ev if best.ev is not None else g.ev
    loss_bb = max(0.0, best_ev - g.ev) / bb
    passive = [p for p in graded_all if p.ev is not None and not p.opt.aggressive]
    best_passive = max(passive, key=lambda p: p.ev or 0.0) if passive else None
    if g is best or g.tied:
        verdict = Message(T.ONLY, {"verdict": head})
    elif (o.aggressive and best_passive is not None and best_passive.ev is not None and g.ev > best_passive.ev
          and best.opt.aggressive):
        est = g.valued.estimate or best.valued.estimate
        verdict = Message(gain_over(best_passive.opt, est), {
            "noun": noun(o), "gain": bb_figure((g.ev - best_passive.ev) / bb), "best": noun(best.opt),
            "loss": bb_figure(loss_bb)})
    else:
        verdict = loses(head, o, loss_bb, g.valued.estimate or best.valued.estimate)
    line = ev_line(o, ev_bb, g.valued.estimate, valuation.model.ev_text)
    parts = [valuation.headline, *g.notes, verdict, line, *notes]
    return OptionGrade(o.code, o.kind, o.amount, g.grade, ev_bb, loss_bb, join(*parts), g.valued.estimate,
                       short)


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
    profiles: Mapping[int, str | Profile] | None = None,
) -> ActionFeedback:
    """Rule feedback, then (if legal) the grade of ``action`` ("call", "raise 40", "p3 cbr 40", "cc")."""
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
    analysis = analyze(hand, villain_ranges=villain_ranges, seed=seed, profiles=profiles,
                       candidates=[code] if code.startswith("cbr") else [])
    return ActionFeedback(rule, analysis.option(code), analysis)
