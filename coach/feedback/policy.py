"""From a model's values to the grades a strong player signs.

A grade is the big blinds an option loses against the best one
(:func:`coach.feedback.grading.grade_for_loss`; estimates get double
thresholds, Monte Carlo noise counts as no loss). On top of that, rules that
say what the numbers alone would get wrong, each with the sentence that tells
the learner why:

* folding when checking is free is «errore», always (a rule of the game);
* **a bluff that only breaks even** (a bet with no showdown value that earns
  less than half a big blind more than giving up) is at best «imprecisa»: in
  the best case the bluff breaks even, and the estimate of the folds is the
  weakest part of the model (the estimate only: at a computed equilibrium a
  hand that mixes is worth the same either way, and is graded so);
* **strong hands that call or check** before the river (a set, an overpair,
  top pair with a good kicker, two pair, a flush or straight draw) are never
  below «imprecisa» when the one-street estimate prefers a raise, and at least
  «buona» in the standard lines (a strong hand calling a bet up to the pot, a
  draw calling half the pot, a combo draw up to the pot, a set or an
  out-of-position strong hand checking): the estimate looks one street ahead,
  while these lines keep the opponent's bluffs in and control the pot;
* **river bets above twice the pot** are at most «buona» (above four times,
  at most «imprecisa») unless the hero holds the nuts heads-up (the calling
  range a real opponent has for such a size is narrow and strong);
* before the river, a bet of more than twice the pot that is not all-in is
  never graded above the standard sizes (it risks chips on streets the estimate
  cannot see); an all-in is never penalised for later streets: there are none;
  but a bet or all-in of more than **three times the pot** before the river is
  «errore» at best: it risks a deep stack to win a small pot, the worse hands
  that would pay a normal bet fold and only better hands (or better draws)
  call, and the estimate of its folds is the least reliable of all;
* on the flop and the turn, a **bluff raise** (no showdown value, no strong
  draw) against a bet is at most «imprecisa», «errore» if it adds more than
  the pot: the bettor's range is stronger than the estimate's average range;
* on the flop and the turn, a raise to less than two and a half times the bet
  (a min-raise) is at most «buona»: it prices the opponent's draws in and
  invites a re-raise, which the one-street estimate does not see;
* before the river, folding a hand with at least 30% equity when the price
  asks for less than half of it is «errore» at best: the pot odds alone say so;
* a capped option is never the yardstick: the best is measured among the
  options no rule caps;
* a bet or raise that beats every passive play is at least «buona» when the
  best option is another size: the action is right, and sizes are where every
  model leans most on its assumptions;
* a passive play beaten only by an estimated raise loses at most «errore» when
  the raise is for value with a strong hand, at most «buona» otherwise (a
  bluff, a semi-bluff, a medium hand's protection raise);
  calling or checking the nuts on the river is at worst «imprecisa»: it wins
  the pot, and what it loses is value not collected.

Which of these rules apply to a model is the model's own declaration
(``ValuationModel.caps``, a set of :class:`~coach.feedback.valuation.Rule`):
the policy never asks which model answered. A model that grades the options
itself (``measures_ev`` False: the preflop charts) keeps its grades.

The best option is then the best grade, the larger EV to a tenth of a big
blind, what is measured exactly, the passive play: one rule, used by the JSON's
``best`` and by every sentence that names the right choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coach.feedback import texts as T
from coach.feedback.grading import Grade, grade_for_loss
from coach.feedback.options import Option
from coach.feedback.valuation import Context, Rule, Valuation, Valued
from coach.i18n import Message

BLUFF_EQUITY = 0.25  # below this against the opponent's range a bet is a bluff (no showdown value)
BREAK_EVEN_BB = 0.5
GREAT_PRICE_EQUITY = 0.3  # with at least this equity and ...
GREAT_PRICE_FACTOR = 2.0  # ... twice the equity the price asks for, folding before the river is «errore»
MIN_RAISE_FACTOR = 2.5  # a raise to less than this many times the bet faced is a "min-raise"


@dataclass
class Graded:
    """An option with its grade, its value in big blinds and the notes the rules added."""

    valued: Valued
    grade: Grade
    notes: list[Message] = field(default_factory=list)

    @property
    def opt(self) -> Option:
        return self.valued.opt

    @property
    def ev(self) -> float | None:
        return self.valued.ev


def _bb(chips: float, ctx: Context) -> float:
    return chips / ctx.bb


def _bluff_catcher_cap(v: Valued, val: Valuation, ctx: Context) -> Cap | None:
    """Against an aggressive player who bet, a bluff-catcher calls: raising folds his bluffs out.

    The estimate, which sees one street, likes raising (his bluffs fold); what
    makes calling right is what it cannot see: his bluffs keep betting into a
    hand that beats them. Raises of a medium hand are then at best «buona».
    """
    sit = ctx.sit
    if Rule.BLUFF_CATCHER not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0 \
            or ctx.hand.strong_made:
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
                          best_passive_ev: float | None) -> Cap | None:
    """A bet with no showdown value that only breaks even is at best «imprecisa».

    It wins only when the opponent folds, and here the folds pay for it in the
    best case; the estimate of folds is the weakest part of any model, and at a
    computed equilibrium such a bluff is a coin flip between two equal choices:
    never the play a learner should take home as "the right one".
    """
    sit = ctx.sit
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    if (Rule.BREAK_EVEN_BLUFF not in val.model.caps or not v.opt.aggressive or v.ev is None
            or best_passive_ev is None or eq >= BLUFF_EQUITY or ctx.hand.strong_draw or ctx.hand.strong_made):
        return None
    if v.ev - best_passive_ev < max(BREAK_EVEN_BB * ctx.bb, 0.05 * sit.pot):
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
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    if (Rule.BLUFF_RAISE not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0
            or sit.street == "river" or sit.street == "preflop" or eq >= BLUFF_EQUITY or ctx.hand.strong_draw
            or ctx.hand.strong_made
            or v.opt.amount is None):
        return None
    if v.opt.amount - sit.hero_in_front > sit.pot + sit.to_call:
        return Grade.ERRORE, T.BLUFF_RAISE_NOTE, None
    return Grade.IMPRECISA, T.BLUFF_RAISE_NOTE, None


def _multiway_bluff_cap(v: Valued, val: Valuation, ctx: Context) -> Cap | None:
    """A raise with no showdown value into a bettor and a caller is at best «imprecisa».

    The estimate multiplies two players' folds, each of them optimistic: one of
    two players who have put chips in usually has a hand.
    """
    sit = ctx.sit
    if (Rule.MULTIWAY_BLUFF not in val.model.caps or not v.opt.aggressive or sit.to_call <= 0
            or ctx.hand.strong_draw or ctx.hand.strong_made):
        return None
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    in_this_street = {a.seat for a in sit.street_actions() if a.kind in ("bet", "raise", "call")}
    if eq < BLUFF_EQUITY and len(in_this_street & set(sit.opponents)) >= 2:
        return Grade.IMPRECISA, T.MULTIWAY_BLUFF_NOTE, None
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
        eq = ctx.equity.value if ctx.equity is not None else 1.0
        if eq < BLUFF_EQUITY and not ctx.hand.strong_draw:  # a stack risked on a pure bluff
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
    """The grade of every option of a model's valuation (see the module doc for the rules)."""
    if not val.model.measures_ev:  # the model graded every option itself
        return [Graded(v, v.grade or Grade.IMPRECISA, list(v.notes)) for v in val.valued]
    sit = ctx.sit
    measured = [v for v in val.valued if v.ev is not None]
    passive_evs = [v.ev for v in measured if not v.opt.aggressive and v.ev is not None]
    best_passive_ev = max(passive_evs) if passive_evs else None
    caps = {id(v): _worst_cap(_worst_cap(_bluff_catcher_cap(v, val, ctx) or _multiway_bluff_cap(v, val, ctx)
                                         or _break_even_bluff_cap(v, val, ctx, best_passive_ev),
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
    for v in val.valued:
        notes = list(v.notes)
        if v.ev is None:
            out.append(Graded(v, v.grade or Grade.IMPRECISA, notes))
            continue
        loss = max(0.0, top_ev - v.ev)
        estimate = v.estimate or top.estimate
        grade = grade_for_loss(_bb(0.0 if loss <= tol else loss, ctx), estimate=estimate)
        cap, cap_note, floor = caps[id(v)]
        beats_passive = v.opt.aggressive and all(v.ev > (u.ev or 0.0) for u in passive)
        small_raise = cap_note == T.MIN_RAISE_NOTE  # the right action at a poor size: still «buona»
        if beats_passive and top.opt.aggressive and grade.rank > Grade.BUONA.rank and (cap is Grade.OTTIMA
                                                                                      or small_raise):
            # the right action, another size: sizes are where every model leans most on its assumptions
            grade = Grade.BUONA
        grade = _heuristic_rules(v, grade, val, ctx, top, best_passive, eq, notes)
        if (Rule.NUTS_PASSIVE in val.model.caps and v.opt.passive and sit.to_call > 0
                and sit.street == "river" and ctx.hand.nuts and top.opt.aggressive
                and grade.rank > Grade.IMPRECISA.rank):
            # calling or checking the nuts wins the pot: what it loses is value not collected
            grade = Grade.IMPRECISA
            notes.append(Message(T.NUTS_PASSIVE))
        if cap_note is not None and (grade.rank < cap.rank or floor is not None):
            grade = grade.at_least(cap)
            if floor is not None:
                grade = grade.at_least(floor)
            notes.append(Message(cap_note))
        if v.opt.kind == "fold" and sit.can_check:
            grade = Grade.ERRORE
            notes.append(Message(T.FOLD_WHEN_FREE))
        elif v.opt.kind == "fold" and ctx.equity is not None and ctx.equity.method == "exact" \
                and ctx.equity.value >= 0.9999:
            notes.append(Message(T.NEVER_LOSES))
        out.append(Graded(v, grade, notes))
    return out


def _heuristic_rules(
    v: Valued, grade: Grade, val: Valuation, ctx: Context, top: Valued, best_passive: Valued | None,
    eq: float, notes: list[Message],
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
        by_passive = grade_for_loss(_bb(max(0.0, best_passive.ev - v.ev), ctx),
                                    estimate=best_passive.estimate)
        grade = by_passive.at_least(by_estimate)
    needed = sit.to_call / (sit.pot + sit.to_call) if sit.to_call > 0 else 0.0
    if (Rule.FOLD_GREAT_PRICE in caps and v.opt.kind == "fold" and sit.to_call > 0 and sit.street != "river"
            and eq >= GREAT_PRICE_EQUITY
            and eq >= GREAT_PRICE_FACTOR * needed and grade.rank < Grade.ERRORE.rank):
        # a draw or a hand with this much equity at this price is a clear call (or raise): folding it
        # is the mistake the pot odds lesson is about, however cautious the estimate of the call
        grade = Grade.ERRORE
        notes.append(Message(T.FOLD_GREAT_PRICE))
    bluff = v.opt.aggressive and eq < BLUFF_EQUITY and not ctx.hand.strong_draw and not ctx.hand.strong_made
    if (Rule.BLUFF_LOSES in caps and bluff and best_passive is not None and best_passive.ev is not None
            and v.ev < best_passive.ev):
        notes.append(Message(T.BLUFF_LOSES))
    if Rule.STRONG_PASSIVE in caps and not v.opt.aggressive and v.opt.kind != "fold" and v.estimate \
            and sit.street != "river" and (ctx.hand.strong_made or ctx.hand.strong_draw):
        standard = _standard_passive_line(v.opt, ctx)
        floor = Grade.BUONA if standard else Grade.IMPRECISA
        if grade.rank > floor.rank:
            grade = floor
            if v.opt.kind == "check":  # the estimate's alternative is a bet, not a raise
                notes.append(Message(T.STRONG_CHECK_STANDARD if standard else T.STRONG_CHECK))
            else:
                notes.append(Message(T.STRONG_PASSIVE_STANDARD if standard else T.STRONG_PASSIVE))
    return grade


def _standard_passive_line(o: Option, ctx: Context) -> bool:
    """The calls and checks with strong hands that every good player makes (see the module doc)."""
    sit = ctx.sit
    hand = ctx.hand
    if o.kind == "check":
        first_to_act = not any(a.street == sit.street for a in sit.history)
        return hand.set_or_better or (hand.strong_made and first_to_act)
    bet = sit.to_call
    pot_before = max(1, sit.pot - bet)
    fraction = bet / pot_before
    if hand.strong_made:
        return fraction <= 1.0
    if hand.combo_draw:
        return fraction <= 1.0
    return hand.strong_draw and fraction <= 0.55


def best_of(graded: list[Graded], big_blind: int) -> Graded:
    """The best option: best grade, then the larger EV to a tenth of a big blind, measured, passive."""
    def key(g: Graded) -> tuple[int, float, bool, bool]:
        ev_bb = round(g.ev / big_blind, 1) if g.ev is not None else 0.0
        return (g.grade.rank, -ev_bb, g.valued.estimate, g.opt.aggressive)

    return min(graded, key=key)
