"""From a model's values to the grades a strong player signs.

A grade is the EV an option loses against the best one as a share of what is
at stake (:func:`coach.feedback.grading.grade_for_loss`, :func:`stake_chips`;
estimates get double thresholds, Monte Carlo noise counts as no loss).

For an **exact** model (the push/fold charts, the river solver) that is all:
its grades are ordered by its EVs, and where it plays an option (a frequency
of at least :data:`coach.feedback.grading.PLAYED_FREQ`) that option is never graded below one it does
not play, nor is one it does not play named the best. Its ``caps`` are empty.

The **one-street estimate** sees one betting round and an average opponent;
for what it gets wrong, a few named rules (:class:`~coach.feedback.valuation.Rule`,
each documented on its function below and in ``docs/COACH.md``, each with its
own test in ``tests/feedback/test_policy.py``) cap or floor its grades, each
with the sentence that tells the learner why. Which rules apply to a model is
the model's own declaration (``ValuationModel.caps``): the policy never asks
which model answered.

Two rules of the game hold for every model and never contradict its numbers:
folding when checking is free is «errore» at best (it gives up a pot that costs
nothing to keep), and so is any option worth even less than that fold.

After grading, the coach never says two things at once:

* the best option is the best grade, then (never rounded) the larger EV, what
  the chart or solver plays, what is measured exactly, the passive play: one
  rule, used by the JSON's ``best`` and by every sentence that names it;
* options graded «ottima» within the model's precision of the best
  (:func:`coach.feedback.grading.tie_margin`, and the Monte Carlo noise) are a
  tie, and the text says they are worth the same;
* an option graded below the best while the model gives it a higher EV (a
  capped bet whose folds the estimate overrates) is not given that EV: the
  number is not trusted, and the rule's sentence says why it is graded so.
* a hand with showdown value (a pair or better made with a hole card, or at
  least :data:`BLUFF_EQUITY` equity) is never called a bluff, and no rule about
  bluffs applies before the flop.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coach.feedback import texts as T
from coach.feedback.grading import (
    PRINTED_TIE_BB,
    SHORT_STACK_BB,
    Grade,
    drop_limit,
    grade_for_loss,
    lift_limit,
    stake_bb,
    tie_margin,
)
from coach.feedback.handplay import (
    fold_price_floor,
    is_bluff,
    is_weak,
    standard_passive_line,
)
from coach.feedback.options import Option
from coach.feedback.valuation import Context, Rule, Valuation, Valued
from coach.i18n import Message

BREAK_EVEN_SHARE = 0.05  # a bluff earning less than this share of the stake over giving up only breaks even
GREAT_PRICE_EQUITY = 0.3  # with at least this equity and ...
GREAT_PRICE_FACTOR = 2.0  # ... twice the equity the price asks for, folding before the river is «errore»
DEAD_CALL_EQUITY = 0.10  # a call with less equity than this is graded on the plain thresholds
TOKEN_BET = 0.25  # a bet or raise adding less than this share of the pot is no "other size" of a real bet
MIN_RAISE_FACTOR = 2.5  # a raise to less than this many times the bet faced is a "min-raise"


@dataclass
class Graded:
    """An option with its grade, its value in big blinds and the notes the rules added."""

    valued: Valued
    grade: Grade
    notes: list[Message] = field(default_factory=list)
    best: bool = False  # the option every sentence names as the right choice (set by the policy)
    tied: bool = False  # worth the same as the best, within the model's precision
    trusted: bool = True  # False: graded below the best although the model gives it more; its EV is not shown
    played: bool | None = None  # the chart or solver plays it (None: the model does not say)

    @property
    def opt(self) -> Option:
        return self.valued.opt

    @property
    def ev(self) -> float | None:
        return self.valued.ev


def stack_chips(ctx: Context) -> float:
    """The effective stack at the start of the hand, in chips: the hero's against the largest opponent's."""
    sit = ctx.sit
    hero_total = sit.hero_stack + sit.committed[sit.hero]
    others = max((sit.stacks[s] + sit.committed[s] for s in sit.opponents), default=0)
    return float(min(hero_total, others))


def stake_chips(ctx: Context) -> float:
    """What is at stake in the decision, in chips (:func:`coach.feedback.grading.stake_bb`)."""
    sit = ctx.sit
    eff = stack_chips(ctx)
    return stake_bb(sit.pot / ctx.bb, eff / ctx.bb, preflop=sit.street == "preflop") * ctx.bb


def _bluff_catcher_cap(v: Valued, val: Valuation, ctx: Context) -> Cap | None:
    """Against an aggressive player who bet, a bluff-catcher calls: raising folds his bluffs out.

    The estimate, which sees one street, likes raising (his bluffs fold); what
    makes calling right is what it cannot see: his bluffs keep betting into a
    hand that beats them. Raises of a medium hand are then at best «buona».
    A strong draw's raise is a semi-bluff, not a bluff-catcher's raise: the
    rule leaves it to the estimate.
    """
    sit = ctx.sit
    if Rule.BLUFF_CATCHER not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0 \
            or ctx.hand.strong_made or ctx.hand.strong_draw or sit.street == "preflop":
        return None
    eq = ctx.equity.value if ctx.equity is not None else 0.0
    bettors = {a.seat for a in sit.street_actions() if a.kind in ("bet", "raise")}
    aggressive = any(p.bet_width > 1.0 for s, p in ctx.profiles.items() if s in bettors)
    if aggressive and eq >= 0.5:
        return Grade.BUONA, T.BLUFF_CATCHER_NOTE, None
    return None


Cap = tuple[Grade, str | None, Grade | None]


def _worst_cap(a: Cap | None, b: Cap) -> Cap:
    """The stricter of two caps (the lower best grade allowed, then the harsher floor)."""
    if a is None:
        return b
    return max(a, b, key=lambda c: (c[0].rank, c[2].rank if c[2] is not None else -1))


def _break_even_bluff_cap(v: Valued, val: Valuation, ctx: Context,
                          best_passive_ev: float | None, stake: float) -> Cap | None:
    """A bet with no showdown value that only breaks even is at best «imprecisa».

    It wins only when the opponent folds, and here the folds pay for it in the
    best case; the estimate of folds is the weakest part of any model, and at a
    computed equilibrium such a bluff is a coin flip between two equal choices:
    never the play a learner should take home as "the right one".
    """
    if (Rule.BREAK_EVEN_BLUFF not in val.model.caps or not v.opt.aggressive or v.ev is None
            or best_passive_ev is None or not is_bluff(ctx)):
        return None
    if v.ev - best_passive_ev < BREAK_EVEN_SHARE * stake:
        return Grade.IMPRECISA, T.BLUFF_BREAK_EVEN, None
    return None


def _bluff_raise_cap(v: Valued, val: Valuation, ctx: Context) -> Cap | None:
    """A raise with no showdown value against a bet, before the river, is at best «imprecisa».

    It wins only if the bettor folds a hand he chose to bet; the one-street
    estimate folds him as often as an average range would, while a range that
    bets (a lead into the field, a bet on a board that hits it) is stronger
    than average. When the raise adds more than the pot, it risks that much on
    the least reliable number of the model: «errore» at best. (The river has the
    solver, whose ranges follow the betting.)
    """
    sit = ctx.sit
    if (Rule.BLUFF_RAISE not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0
            or sit.street == "river" or not is_weak(ctx) or v.opt.amount is None):
        return None
    note = T.BLUFF_RAISE_NOTE if is_bluff(ctx) else T.WEAK_RAISE_NOTE  # a weak pair is no bluff
    if v.opt.amount - sit.hero_in_front > sit.pot + sit.to_call:
        return Grade.ERRORE, note, None
    return Grade.IMPRECISA, note, None


def _multiway_bluff_cap(v: Valued, val: Valuation, ctx: Context) -> Cap | None:
    """A raise with no showdown value into a bettor and a caller is at best «imprecisa».

    The estimate multiplies two players' folds, each of them optimistic: one of
    two players who have put chips in usually has a hand.
    """
    sit = ctx.sit
    if Rule.MULTIWAY_BLUFF not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0 \
            or not is_weak(ctx):
        return None
    in_this_street = {a.seat for a in sit.street_actions() if a.kind in ("bet", "raise", "call")}
    if len(in_this_street & set(sit.opponents)) >= 2:
        return Grade.IMPRECISA, T.MULTIWAY_BLUFF_NOTE if is_bluff(ctx) else T.MULTIWAY_WEAK_NOTE, None
    return None


def _size_cap(v: Valued, val: Valuation, ctx: Context) -> tuple[Grade, str | None, Grade | None]:
    """(best grade allowed, note, worst grade forced) for the size of a bet, whatever its EV.

    * river, more than twice the pot: at most «buona» (more than four times: at
      most «imprecisa»), unless the hero holds the nuts heads-up;
    * before the river, more than three times the pot: «errore» at best (it
      risks a deep stack to win a small pot: only better hands call);
    * before the river, two to three times the pot and not all-in (the
      estimate): never above the standard sizes («buona» at best).
    """
    sit = ctx.sit
    o = v.opt
    caps = val.model.caps
    if not o.aggressive or o.amount is None:
        return Grade.OTTIMA, None, None
    add = o.amount - sit.hero_in_front
    pot = sit.pot + sit.to_call
    if sit.street == "river":
        if Rule.RIVER_OVERBET not in caps or (ctx.hand.nuts and len(sit.opponents) == 1):
            return Grade.OTTIMA, None, None
        if add > 4 * pot:
            return Grade.IMPRECISA, T.RIVER_HUGE_OVERBET_NOTE, None
        if add > 2 * pot:
            return Grade.BUONA, T.RIVER_OVERBET_NOTE, None
        return Grade.OTTIMA, None, None
    if add > 3 * pot and Rule.DEEP_OVERBET in caps:
        if ctx.hand.combo_draw:  # a big draw is a favourite against one pair: a crude play, not a blunder
            return Grade.IMPRECISA, T.DEEP_OVERBET_NOTE, None
        if is_bluff(ctx):  # a stack risked on a pure bluff
            return Grade.ERRORE_GRAVE, T.DEEP_OVERBET_NOTE, Grade.ERRORE_GRAVE
        return Grade.ERRORE, T.DEEP_OVERBET_NOTE, Grade.ERRORE
    if add > 2 * pot and o.kind != "all_in" and Rule.OVERBET in caps:
        return Grade.BUONA, T.OVERBET_NOTE, None
    facing = sit.hero_in_front + sit.to_call  # the bet the raise is measured against
    if (o.kind == "raise" and sit.to_call > 0 and Rule.MIN_RAISE in caps and sit.street in ("flop", "turn")
            and o.amount < MIN_RAISE_FACTOR * facing):
        return Grade.BUONA, T.MIN_RAISE_NOTE, None
    return Grade.OTTIMA, None, None


def grade_valuation(val: Valuation, ctx: Context) -> list[Graded]:
    """The grade of every option of a model's valuation (see the module doc for the rules).

    The returned list marks the best option (``best``), the options tied with
    it (``tied``) and those whose EV is not shown (``trusted`` False).
    """
    stake = stake_chips(ctx)
    stack = stack_chips(ctx) or None
    if not val.model.measures_ev:  # the model graded every option itself
        own = [Graded(v, v.grade or Grade.IMPRECISA, list(v.notes)) for v in val.valued]
        _lift_played(own, val)
        _settle(own, ctx, stake, 0.0)
        return own
    if all(v.grade is not None and v.ev is not None for v in val.valued):
        return _chart_with_evs(val, ctx, stake, stack)
    sit = ctx.sit
    measured = [v for v in val.valued if v.ev is not None]
    passive_evs = [v.ev for v in measured if not v.opt.aggressive and v.ev is not None]
    best_passive_ev = max(passive_evs) if passive_evs else None
    caps = {id(v): _worst_cap(_worst_cap(_bluff_catcher_cap(v, val, ctx) or _multiway_bluff_cap(v, val, ctx)
                                         or _break_even_bluff_cap(v, val, ctx, best_passive_ev, stake),
                                         _size_cap(v, val, ctx)),
                              _bluff_raise_cap(v, val, ctx) or (Grade.OTTIMA, None, None))
            for v in measured}
    # the best is measured among the options no rule caps: a capped option (a huge overbet, say)
    # is graded against the others, never the yardstick they are graded by
    rankable = [v for v in measured if caps[id(v)][0] is Grade.OTTIMA] or measured
    top = max(rankable, key=lambda v: v.ev or 0.0)
    top_ev = top.ev or 0.0
    tol = 0.0
    if ctx.equity is not None and ctx.equity.method == "montecarlo" and Rule.NOISE_TIE in val.model.caps:
        tol = 2 * ctx.equity.stderr * (sit.pot + sit.to_call)
    passive = [v for v in measured if not v.opt.aggressive]
    best_passive = max(passive, key=lambda v: v.ev or 0.0) if passive else None
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    out: list[Graded] = []
    by_numbers: dict[int, tuple[Grade, bool]] = {}  # id(Graded): (grade by its loss alone, estimate)
    demoted: set[int] = set()  # id(Graded) of the options a rule capped below their numbers, saying why
    for v in val.valued:
        notes = list(v.notes)
        if v.ev is None:
            out.append(Graded(v, v.grade or Grade.IMPRECISA, notes))
            continue
        loss = max(0.0, top_ev - v.ev)
        estimate = v.estimate or top.estimate
        if (estimate and v.opt.kind == "call" and sit.to_call > 0 and eq < DEAD_CALL_EQUITY
                and not top.opt.aggressive and not top.estimate):
            # a call with next to no equity has nothing to realise: its loss (about the call itself)
            # is no estimate's guess, so it is graded on the plain thresholds
            estimate = False
        grade = grade_for_loss(0.0 if loss <= tol else loss, stake, estimate=estimate, stack=stack)
        numbers = grade
        cap, cap_note, floor = caps[id(v)]
        beats_passive = v.opt.aggressive and all(v.ev > (u.ev or 0.0) for u in passive)
        small_raise = cap_note == T.MIN_RAISE_NOTE  # the right action at a poor size: still «buona»
        if (Rule.OTHER_SIZE in val.model.caps and beats_passive and top.opt.aggressive
                and grade.rank > Grade.BUONA.rank and (cap is Grade.OTTIMA or small_raise)
                and v.opt.amount is not None
                and v.opt.amount - sit.hero_in_front >= TOKEN_BET * (sit.pot + sit.to_call)):
            # the right action, another size: sizes are where the estimate leans most on its assumptions
            # (a token bet, 2 chips into 19, is not "another size" of a value bet: it gives the value up)
            grade = Grade.BUONA
        grade = _heuristic_rules(v, grade, val, ctx, top, best_passive, eq, notes, stake, stack)
        if (Rule.NUTS_PASSIVE in val.model.caps and v.opt.passive and sit.to_call > 0
                and sit.street == "river" and ctx.hand.nuts and top.opt.aggressive
                and grade.rank > Grade.IMPRECISA.rank):
            # calling or checking the nuts wins the pot: what it loses is value not collected
            grade = Grade.IMPRECISA
            notes.append(Message(T.NUTS_PASSIVE))
        if grade.rank < numbers.rank:  # a rule lifted it: one grade at most (grading.lift_limit)
            grade = grade.at_least(lift_limit(numbers, estimate=estimate))
        if cap_note is not None and (grade.rank < cap.rank or floor is not None):
            grade = grade.at_least(cap)
            if floor is not None:
                grade = grade.at_least(floor)
            notes.append(Message(cap_note))
        if v.opt.kind == "fold" and ctx.equity is not None and ctx.equity.method == "exact" \
                and ctx.equity.value >= 0.9999 and not sit.can_check:
            notes.append(Message(T.NEVER_LOSES))
        g = Graded(v, grade, notes)
        by_numbers[id(g)] = (numbers, estimate)
        if cap_note is not None and grade.rank >= cap.rank \
                and (floor is not None or grade.rank > numbers.rank):
            demoted.add(id(g))  # a rule holds its grade down, and says why
        out.append(g)
    _one_order(out, demoted, by_numbers, stake, tol)
    fold = _fold_when_free(out, ctx)
    _lift_played(out, val)
    _settle(out, ctx, stake, tol)
    if fold is not None:  # never above an option worth more whose EV is given (known after _settle)
        fold_ev = fold.ev if fold.ev is not None else 0.0
        for g in out:
            if g is not fold and g.trusted and g.ev is not None and g.ev > fold_ev:
                fold.grade = fold.grade.at_least(g.grade)
    return out


def _chart_with_evs(val: Valuation, ctx: Context, stake: float, stack: float | None) -> list[Graded]:
    """A chart's grades beside its EV estimates (docs/COACH.md, «Tabelle e valori insieme»).

    Each option's loss is graded like any model's (against the best EV; an
    option valued without realisation, the fold and the all-in, also against
    the best such option on the plain scale: what is known exactly is not
    given the estimate's margin). The chart's grade stands within one grade of
    that (two when the loss is an estimate), either way: the chart knows what
    the estimate guesses (how a hand plays after the flop), the numbers keep it
    from saying the opposite of them. A deep all-in (more than
    :data:`coach.feedback.grading.SHORT_STACK_BB`) is graded by its loss alone,
    like an option of any model. Then one order, the rule of the free check, the
    best.
    """
    out: list[Graded] = []
    by_numbers: dict[int, tuple[Grade, bool]] = {}
    deep = stack is not None and stack / ctx.bb > SHORT_STACK_BB

    def unplayed_push(v: Valued) -> bool:  # a deep all-in the chart does not play
        return deep and v.opt.kind == "all_in" and v.grade is not None and v.grade.rank > Grade.BUONA.rank

    # the yardstick: never a deep all-in the chart does not play (its figure leans on how wide a 100 bb
    # push is called); an exact figure first at a tie
    top = max([v for v in val.valued if not unplayed_push(v)] or val.valued,
              key=lambda v: (v.ev or 0.0, not v.estimate))
    top_ev = top.ev or 0.0
    # the yardsticks valued exactly: the fold, and the all-in with a short stack (a deep all-in's figure
    # leans on how a 100 bb shove is called: it is graded by its own loss, never the others' measure)
    exact = [v.ev for v in val.valued if not v.estimate and v.ev is not None
             and not (v.opt.kind == "all_in" and deep)]
    top_exact = max(exact) if exact else None
    for v in val.valued:
        assert v.ev is not None and v.grade is not None
        est = v.estimate or top.estimate
        numbers = grade_for_loss(max(0.0, top_ev - v.ev), stake, estimate=est, stack=stack)
        measured = not est  # its loss is measured against an option valued exactly: its figure decides
        if not v.estimate and top_exact is not None:  # what is known exactly, on the plain scale
            exact_numbers = grade_for_loss(max(0.0, top_exact - v.ev), stake, stack=stack)
            if lift_limit(exact_numbers).rank > lift_limit(numbers, estimate=est).rank:
                numbers, est, measured = exact_numbers, False, True
        if v.opt.kind == "all_in" and deep:  # the stack for a small pot: its loss, never milder than chart
            if unplayed_push(v):  # its loss is the stack's, on the plain scale (docs/COACH.md)
                numbers, est = grade_for_loss(max(0.0, top_ev - v.ev), stake, stack=stack), False
            grade = numbers.at_least(v.grade)
        elif measured:  # never above its figure; the chart may hold it one grade below
            grade = v.grade.at_least(numbers).at_best(drop_limit(numbers))
        else:
            grade = v.grade.at_least(lift_limit(numbers, estimate=est))
            grade = grade.at_best(drop_limit(numbers, estimate=est))
        g = Graded(v, grade, list(v.notes))
        by_numbers[id(g)] = (numbers, est)
        out.append(g)
    # a deep all-in the chart does not play, valued at or above what it plays: held at the chart's grade,
    # whose note says why (the stack risked for a small pot); its figure is not shown rather than lifted
    held = {id(g) for g in out if unplayed_push(g.valued) and (g.ev or 0.0) >= top_ev}
    _one_order(out, held, by_numbers, stake, 0.0)
    fold = _fold_when_free(out, ctx)
    _lift_played(out, val)
    rest = [g for g in out if id(g) not in held] or out  # a held push is never named the best
    _settle(rest, ctx, stake, 0.0)
    if any(not g.trusted for g in rest):
        # worth a little more than the best but graded below it: within the precision (the order above
        # holds beyond it), so it is the best's equal, never a hidden figure: every option keeps its loss
        top_grade = next(g for g in rest if g.best).grade
        for g in rest:
            g.best = False
            if not g.trusted:
                g.trusted, g.grade = True, top_grade
        _settle(rest, ctx, stake, 0.0)
    best = next(g for g in out if g.best)
    if (best.grade is not Grade.OTTIMA and not best.valued.estimate
            and by_numbers[id(best)][0] is Grade.OTTIMA):
        best.grade = Grade.OTTIMA  # the best figure, measured exactly: no chart holds it below «ottima»
    for g in out:  # the printed figures (tenths of a big blind) cannot tell these apart: a tie, said so
        close = abs((g.ev or 0.0) - (best.ev or 0.0)) < PRINTED_TIE_BB * ctx.bb
        if g is not best and id(g) not in held and g.grade is best.grade and close:
            g.tied = True
    if fold is not None:
        for g in rest:
            if g is not fold and g.ev is not None and fold.ev is not None and g.ev > fold.ev:
                fold.grade = fold.grade.at_least(g.grade)
    return out


def _one_order(graded: list[Graded], demoted: set[int], by_numbers: dict[int, tuple[Grade, bool]],
               stake: float, tol: float, depth: int = 0) -> None:
    """Within one decision, an option that loses more than another never gets a better grade.

    Two options further apart than the model's precision (the tie margin, and
    the Monte Carlo noise) are compared: when the one worth less is graded
    better, either the one worth more was capped by a rule that says why (a
    huge overbet, a bluff raise: its figure is the estimate's least reliable
    number, and it is not shown), or the one worth less was lifted by a rule
    (a slow play, a standard line): then the one worth more is lifted to its
    grade where its own loss allows that lift (:func:`coach.feedback.grading.lift_limit`),
    and otherwise the one worth less comes down to the other's grade.
    """
    measured = sorted((g for g in graded if g.ev is not None), key=lambda g: g.ev or 0.0, reverse=True)
    before = [(g.grade, g.trusted) for g in measured]
    for i, hi in enumerate(measured):
        for lo in measured[i + 1:]:
            assert hi.ev is not None and lo.ev is not None
            margin = max(tol, tie_margin(stake, estimate=hi.valued.estimate or lo.valued.estimate))
            if hi.ev - lo.ev <= margin or lo.grade.rank >= hi.grade.rank or not hi.trusted:
                continue
            if id(hi) in demoted:
                hi.trusted = False  # its grade is the rule's, and so is the reason; its figure is not shown
                continue
            numbers, estimate = by_numbers.get(id(hi), (hi.grade, False))
            if lift_limit(numbers, estimate=estimate).rank <= lo.grade.rank:
                hi.grade = lo.grade
            else:
                lo.grade = hi.grade
    if [(g.grade, g.trusted) for g in measured] != before:
        if depth < len(measured):
            # a lift may reorder an earlier pair
            _one_order(graded, demoted, by_numbers, stake, tol, depth + 1)
            return
        for i, hi in enumerate(measured):  # settled by demotions only: the order holds whatever lifted
            for lo in measured[i + 1:]:
                assert hi.ev is not None and lo.ev is not None
                margin = max(tol, tie_margin(stake, estimate=hi.valued.estimate or lo.valued.estimate))
                if hi.trusted and hi.ev - lo.ev > margin:
                    lo.grade = lo.grade.at_least(hi.grade)


def _fold_when_free(graded: list[Graded], ctx: Context) -> Graded | None:
    """A rule of the game, for every model: folding when checking is free is «errore» at best.

    It can never gain anything and gives up the pot: «errore», or «errore grave»
    when what it gives up is that large (the loss grades it so). Whatever the
    model values even lower than that fold is «errore» at best too; and (in
    :func:`grade_valuation`, once the EVs not given are known) the fold is never
    graded above an option worth more whose EV is given, so the rule never
    contradicts the numbers. Returns the fold it graded, if any.
    """
    if not ctx.sit.can_check:
        return None
    fold = next((g for g in graded if g.opt.kind == "fold"), None)
    if fold is None:
        return None
    check = next((g for g in graded if g.opt.kind == "check" and g.ev is not None), None)
    if check is not None and check.ev is not None and fold.ev is not None and fold.ev > check.ev:
        # a free check dominates folding (one can still fold later): a model's number that puts the
        # check below the fold is its precision (a solver's last hundredths), not a fact of the game
        fold.valued.ev = check.ev
    fold.grade = fold.grade.at_least(Grade.ERRORE)
    fold.notes.append(Message(T.FOLD_WHEN_FREE))
    fold_ev = fold.ev if fold.ev is not None else 0.0
    for g in graded:
        if g is not fold and g.ev is not None and g.ev < fold_ev:
            g.grade = g.grade.at_least(Grade.ERRORE)
    return fold


def _lift_played(graded: list[Graded], val: Valuation) -> None:
    """What the chart or the solver plays is never graded below an option it does not play."""
    if val.played is None:
        return
    for g in graded:
        g.played = g.opt.code in val.played
    unplayed = [g for g in graded if not g.played]
    if not unplayed:
        return
    ceiling = min((g.grade for g in unplayed), key=lambda gr: gr.rank)
    for g in graded:
        if g.played:
            g.grade = g.grade.at_best(ceiling)


def _settle(graded: list[Graded], ctx: Context, stake: float, tol: float) -> None:
    """Mark the best option, the ties with it, and the EVs the coach does not give (see the module doc)."""
    best = _best_key_min(graded)
    best.best = True
    if best.ev is None:
        return
    for g in graded:
        if g is best or g.ev is None:
            continue
        if g.grade is best.grade and best.ev - g.ev <= max(tol, tie_margin(stake, estimate=g.valued.estimate
                                                                                 or best.valued.estimate)):
            g.tied = True
        if g.grade.rank > best.grade.rank and g.ev > best.ev:
            g.trusted = False


def _best_key_min(graded: list[Graded]) -> Graded:
    def key(g: Graded) -> tuple[int, bool, float, bool, bool]:
        return (g.grade.rank, g.played is False and any(x.played for x in graded),
                -(g.ev if g.ev is not None else float("-inf")), g.valued.estimate, g.opt.aggressive)

    return min(graded, key=key)


def _heuristic_rules(
    v: Valued, grade: Grade, val: Valuation, ctx: Context, top: Valued, best_passive: Valued | None,
    eq: float, notes: list[Message], stake: float, stack: float | None = None,
) -> Grade:
    """The rules for the one-street estimate's blind spots, each where the model lists it in ``caps``."""
    sit = ctx.sit
    caps = val.model.caps
    assert v.ev is not None
    if (Rule.PASSIVE_VS_ESTIMATE in caps and top.estimate and top.opt.aggressive and not v.opt.aggressive
            and best_passive is not None and best_passive.ev is not None
            and (v.opt.kind != "fold" or eq < 0.5)):
        # a passive play beaten by an estimated bet or raise: graded in full against the best passive
        # play, while the raise's estimated extra may add at most a capped penalty
        # missing a value raise with a strong hand is at worst a mistake; with a medium hand the raise
        # is a bluff or a protection play, and passing it up is at worst a close second
        profiles = [p for s, p in ctx.profiles.items() if s in sit.opponents]
        pays_off = any(p.call_scale < 1.0 for p in profiles)  # a calling station pays value bets
        folds_too_much = any(p.call_shift > 0.0 for p in profiles)  # a rock gives up to bluffs
        if eq >= 0.5 and ctx.hand.strong_made:
            cap = Grade.ERRORE
        elif eq >= 0.5:  # a medium hand's value: a leak against a station, and more of it on the river
            cap = (Grade.IMPRECISA if sit.street != "river" else Grade.ERRORE) if pays_off else Grade.BUONA
        else:  # passing up a bluff: a close second against a balanced player, a leak against a rock
            cap = Grade.IMPRECISA if folds_too_much else Grade.BUONA
        by_estimate = grade if grade.rank <= cap.rank else cap
        by_passive = grade_for_loss(max(0.0, best_passive.ev - v.ev), stake, estimate=best_passive.estimate,
                                    stack=stack)
        grade = by_passive.at_least(by_estimate)
    needed = sit.to_call / (sit.pot + sit.to_call) if sit.to_call > 0 else 0.0
    # what the call wins on the price alone, before any later street: equity times the pot it plays for
    direct = eq * (sit.pot + sit.to_call) - sit.to_call
    by_price = grade_for_loss(direct, stake, stack=stack) if direct > 0 else Grade.OTTIMA
    if (Rule.FOLD_GREAT_PRICE in caps and v.opt.kind == "fold" and sit.to_call > 0
            and eq >= GREAT_PRICE_FACTOR * needed and grade.rank < Grade.ERRORE.rank
            and ((eq >= GREAT_PRICE_EQUITY and sit.street != "river") or by_price.rank >= Grade.ERRORE.rank)):
        # a draw or a hand with this much equity at this price is a clear call (or raise): folding it
        # is the mistake the pot odds lesson is about, however cautious the estimate of the call; and
        # so is any fold whose price alone (20 into 350 with 21% against 5.4% needed: 5.6 bb, 16% of the
        # pot) loses what the plain scale calls «errore» — the estimate's doubt is about later streets
        grade = Grade.ERRORE
        notes.append(Message(T.FOLD_GREAT_PRICE))
    call = best_passive if best_passive is not None and best_passive.opt.kind == "call" else None
    if (Rule.FOLD_GREAT_PRICE in caps and call is not None and call.ev is not None and sit.street != "river"
            and (v.opt.kind == "fold" or v.ev < -tie_margin(stake, estimate=True))):
        floor = fold_price_floor(ctx, eq, call.ev, stake, stack)  # what the fold gives up for sure
        if floor.rank > grade.rank:  # the fold, and what is worth even less than folding
            grade = floor
            notes.append(Message(T.FOLD_PRICE_PAYS if v.opt.kind == "fold" else T.BELOW_FOLD_PRICE))
    bluff = v.opt.aggressive and is_bluff(ctx)
    if (Rule.BLUFF_LOSES in caps and bluff and best_passive is not None and best_passive.ev is not None
            and v.ev < best_passive.ev):
        notes.append(Message(T.BLUFF_LOSES))
    # a call is slow play only when the price is covered: below it a strong hand or draw just loses chips
    # (AK on K-7-2-4 with 26% against a check-raise and a pot lead "keeps no bluffs in")
    pays = v.opt.kind == "check" or eq >= needed
    if Rule.STRONG_PASSIVE in caps and not v.opt.aggressive and v.opt.kind != "fold" and v.estimate \
            and sit.street != "river" and (ctx.hand.strong_made or ctx.hand.strong_draw) and pays:
        standard = standard_passive_line(v.opt, ctx)
        floor = Grade.BUONA if standard else Grade.IMPRECISA
        if grade.rank > floor.rank:
            grade = floor
            if v.opt.kind == "check":  # the estimate's alternative is a bet, not a raise
                notes.append(Message(T.STRONG_CHECK_STANDARD if standard else T.STRONG_CHECK))
            else:
                notes.append(Message(T.STRONG_PASSIVE_STANDARD if standard else T.STRONG_PASSIVE))
    return grade


def best_of(graded: list[Graded], big_blind: int | None = None) -> Graded:
    """The best option, as :func:`grade_valuation` marked it (``big_blind`` is kept for older callers).

    Best grade, then the larger EV (never rounded: a chart shove worth +0.04 bb
    beats folding), what the chart or solver plays, what is measured exactly,
    the passive play.
    """
    marked = [g for g in graded if g.best]
    return marked[0] if marked else _best_key_min(graded)
