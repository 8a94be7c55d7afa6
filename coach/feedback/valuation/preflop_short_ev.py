"""Short stacks (12-25 big blinds) facing a limp or a raise that no table covers: graded by the values.

Part of the «tabelle preflop» model (id ``chart``, :mod:`.preflop_ranges`, which dispatches here after
the tables of :mod:`.preflop_short`). The tables grade first in and one open of up to 3 big blinds at
three players or more. Before this module, the other spots at these depths fell to the one-street
estimate, which reads a preflop decision as a bet on this street only: heads-up it called a 3-bet to
8 big blinds with K♦4♠ out of a 20 bb stack «ottima» and gave the all-in no figure at all. They are:

* heads-up and blind against blind, the big blind facing the small blind's raise or limp;
* an open that was already called (the hero squeezes, calls or folds with the opener and a caller in);
* an open bigger than :data:`.preflop_short.MAX_OPEN_BB`;
* a pot where players only limped.

No equilibrium table exists for them in the project, so no chart grades them: every option is graded by
its value (docs/COACH.md, «Da 12 a 25 bb, dove non c'è una tabella»), from :mod:`.preflop_ev` with two
readings of these depths:

* **the all-in** is valued exactly given who calls it: the fold equity, then the equity against the
  hands that call, each player's callers being the push/fold charts' calls of a 15-20 bb shove
  widened to every hand that beats the price against the range that shoves the hero's hand (a player
  who re-shoves Q9o over a limp re-shoves everything stronger, and the limper has a better price than
  a player facing a first-in shove);
* **a raise that puts a third of the stack in** (a 3-bet over an open, a big isolation) is answered
  all-in or fold: the hands that would continue against it re-shove, so raising and folding loses
  what was put in. A smaller raise, the call and the check see a flop and are estimates (doubled
  thresholds), valued as every chart decision's options are.

The grade is the one rule of grading.py on those figures: no chart lifts or holds anything here.
"""

from __future__ import annotations

from coach.feedback import texts as T
from coach.feedback.behind import still_to_act
from coach.feedback.grading import SHORT_STACK_BB
from coach.feedback.options import limpers
from coach.feedback.rangemodel import class_of_cards, hand_classes
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import Situation
from coach.feedback.valuation import preflop_ev
from coach.feedback.valuation.base import Context, Valuation, ValuationModel, Valued
from coach.feedback.valuation.preflop_short import MAX_OPEN_BB, MIN_BB
from coach.feedback.valuation.preflop_sizing import effective_bb
from coach.i18n import N_, Decimal, Message

# Below the tables' 12 bb the same spots, and one open of up to 3 bb (no re-shove table there), are
# graded the same way: the push/fold charts answer only a first-in all-in and the call of one. The
# all-in's figure tracks the re-shove tables where both exist (docs/COACH.md). Under 5 bb nearly every
# raise is an all-in: push/fold's ground.
MIN_SHORT_BB = 5.0

SHORT_VALUE = N_(
    "With {stack} big blinds {spot}: no preflop table covers this spot, so every option is graded by its "
    "expected value: the all-in against the hands that call it (they answer the range that shoves your "
    "hand), the call and the raise as estimates (a raise that is not all-in is re-shoved by the hands "
    "that would call the all-in).")
SPOT_LIMPED = N_("facing a limp")
SPOT_CALLED = N_("facing an open and a call")
SPOT_BIG = N_("facing an open bigger than 3 big blinds")
SPOT_OPEN = N_("facing the small blind's raise")
SPOT_ONE = N_("facing an open, below the 12 big blinds of the re-shove tables")


def spot_kind(sit: Situation, given: object) -> tuple[str, str] | None:
    """(the chart kind for :func:`~.preflop_ev.option_evs`, the spot's words) when the hero, with 12-25
    big blinds and nothing in but his blind, faces limps or one raise (not all-in) that the short tables
    do not cover; None otherwise (the caller tries the tables first)."""
    if sit.street != "preflop" or given or not 2 <= sit.players <= 10:
        return None
    eff = effective_bb(sit)
    if not MIN_SHORT_BB <= eff <= SHORT_STACK_BB:
        return None
    pf = sit.preflop_actions()
    if any(a.seat == sit.hero for a in pf) or any(a.all_in for a in pf):
        return None
    raises = [a for a in pf if a.kind in ("bet", "raise")]
    if len(raises) > 1:
        return None
    if not raises:
        return ("limped", SPOT_LIMPED) if limpers(sit) else None
    opener = raises[0]
    called = any(a.kind == "call" for a in pf if a.seat != opener.seat)
    if called:
        return "facing_open", SPOT_CALLED
    if opener.to > MAX_OPEN_BB * sit.big_blind:
        return "facing_open", SPOT_BIG
    if eff < MIN_BB:
        return "facing_open", SPOT_ONE
    return "facing_open", SPOT_OPEN


def short_by_value(ctx: Context, model: ValuationModel) -> Valuation | None:
    """Every option's EV (chips, fold = 0), graded by the policy on the numbers alone (module doc)."""
    sit = ctx.sit
    spot = spot_kind(sit, ctx.given)
    if spot is None:
        return None
    kind, words = spot
    eff = effective_bb(sit)
    table = table_for(sit.players)
    ranges = {s: r.range for s, r in ctx.ranges.items() if s in sit.opponents}
    cls = class_of_cards(sit.hero_cards)
    pf = sit.preflop_actions()
    raisers = [a.seat for a in pf if a.kind in ("bet", "raise")]
    if raisers:  # the 100 bb chart's defence says how well the hand plays after the flop (realisation)
        f = table.facing_open(sit.hero_position, sit.positions[raisers[0]])
        defends = cls in hand_classes(f.learner_call) or cls in hand_classes(f.raise_range)
    else:
        defends = True  # a check or a completion behind limps: the hand sees the flop as it is
    plays = {o.code: defends and o.passive for o in ctx.options}
    evs = preflop_ev.option_evs(sit, kind, list(ctx.options), table, ranges, ctx.profiles, eff, plays,
                                short=True)
    waiting = set(still_to_act(sit))
    in_pot = [s for s in sit.opponents if s not in waiting]
    valued = []
    for o in ctx.options:
        exact = o.kind in ("fold", "all_in")
        ev = evs[o.code]
        if o.passive and ctx.equity is not None and in_pot:
            # the equity against everyone in (and those behind who continue), not the product of
            # heads-up equities: with two opponents the product gives 76s 14% where it has 30%
            eq = ctx.equity.value
            seen = preflop_ev.realisation(sit, in_pot, plays[o.code], eq ** (1 / len(in_pot)))
            ev = seen * eq * (sit.pot + sit.to_call) - sit.to_call
        valued.append(Valued(o, ev, not exact))
    headline = Message(SHORT_VALUE, {"stack": Decimal(round(eff * 2) / 2, 1), "spot": Message(words)})
    details: dict[str, object] = {"short_by_value": {"stack_bb": round(eff, 1), "spot": kind}}
    return Valuation(model, valued, Message(T.PF_CHART_NOTE), headline=headline, details=details)
