"""The sentences of the coach, as translatable messages with named figures.

Kept in one place so the Italian reads as one voice. Italian needs the article
before a percentage ("il 25,5%", "l'8%", "lo 0,3%"): :func:`pct_phrase` picks the
wording whose translation has the right article, because the article depends
on how the number is read aloud, which only the code knows.
"""

from __future__ import annotations

from coach.i18n import N_, Decimal, Message, Percent

# -- action nouns, for "X is the right choice: Y loses about Z bb" ------------
NOUN_FOLD = N_("the fold")
NOUN_CHECK = N_("the check")
NOUN_CALL = N_("the call")
NOUN_BET = N_("the bet of {amount}")
NOUN_RAISE = N_("the raise to {amount}")
NOUN_ALLIN = N_("the all-in")

BEST_FOLD = N_("Folding is the right choice")
BEST_CHECK = N_("Checking is the right choice")
BEST_CALL = N_("Calling is the right choice")
BEST_BET = N_("Betting {amount} is the right choice")
BEST_RAISE = N_("Raising to {amount} is the right choice")
BEST_ALLIN = N_("Going all-in is the right choice")

LOSES = N_("{verdict}: {noun} loses about {loss} bb.")
LOSES_EST = N_("{verdict}: {noun} loses about {loss} bb (an estimate).")
SAME = N_("{verdict}: {noun} is worth about the same.")
ONLY = N_("{verdict}.")
GAIN_OVER_CALL = N_(
    "Compared with the call, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still (an estimate)."
)
GAIN_OVER_CHECK = N_(
    "Compared with the check, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still (an estimate)."
)
OVERBET_NOTE = N_(
    "Before the river, a bet of more than twice the pot risks chips on streets this one-street "
    "model cannot see: it is never graded above the standard sizes."
)
FOLD_GREAT_PRICE = N_(
    "The pot offers a price far better than the equity you need: folding gives up a pot you get "
    "great odds to play for, whatever the later streets bring."
)
FOLD_PRICE_PAYS = N_(
    "The call already pays on this street's price alone (your equity times the pot is more than the "
    "call, and the estimate of the later streets agrees): what the fold gives up is no guess, so it "
    "is judged on the plain scale."
)
BELOW_FOLD_PRICE = N_(
    "This play is worth even less than folding, and the fold already gives up what the call wins on "
    "this street's price alone: it is judged at least as badly as the fold."
)
BLUFF_RAISE_NOTE = N_(
    "A raise with no showdown value wins only if the bettor folds a hand he chose to bet; this "
    "estimate folds him as often as an average hand, while a range that bets is stronger: such a "
    "raise is never graded above «imprecisa» (above «errore» when it risks more than the pot)."
)
MIN_RAISE_NOTE = N_(
    "A minimum raise on the flop or the turn offers the opponent a great price to go on, draws "
    "included, and often to raise again: this one-street estimate does not see it, so it is never "
    "graded above a raise of a standard size (about three times the bet)."
)
IS_BEST_EV = N_("Expected value: {ev} bb.")
IS_BEST_EV_EST = N_("Expected value: about {ev} bb (an estimate: {why}).")

WHY_CALL_EST = N_("it counts only this street's pot odds, not the bets to come")
WHY_CHECK_EST = N_("it assumes the hand goes to showdown with no more bets")
WHY_BET_EST = N_("the fold and call frequencies come from a simple model of the opponent")

# -- prices and equity --------------------------------------------------------
PRICE = N_("You pay {call} to win {pot}: {need}; {have}.")
# Percentage phrases come in three wordings, because Italian puts an article
# before a percentage that depends on how the number is read ("il 25,5%",
# "l'8%"); the English wordings differ slightly so each has its own msgid.
NEED = (N_("you need {pct} equity"), N_("you need an equity of {pct}"), N_("you need no equity ({pct})"),
        N_("you need just {pct} equity"))
HAVE = (N_("{hand} you have about {pct}"), N_("{hand} you have roughly {pct}"),
        N_("{hand} you have practically no chance ({pct})"), N_("{hand} you have only about {pct}"))
HAVE_EXACT = (N_("{hand} you have {pct}"), N_("{hand} you have exactly {pct}"),
              N_("{hand} you have no chance at all ({pct})"), N_("{hand} you have only {pct}"))

HAND_FLUSH_DRAW = N_("with your flush draw")
HAND_STRAIGHT_DRAW = N_("with your straight draw")
HAND_GUTSHOT = N_("with your gutshot")
HAND_COMBO_DRAW = N_("with your flush and straight draw")
HAND_MADE = N_("with your hand ({hand})")
HAND_PREFLOP = N_("with {hand}")

NEVER_LOSES = N_("Against this range your hand cannot lose: folding it is never right.")
FREE_CHECK = N_("Nothing to pay: you can check for free or bet.")
EQUITY_NOW = N_("Your equity against the range assumed for your opponents: {equity}.")
JOIN = N_("{first} {second}")
FOLD_WHEN_FREE = N_(
    "Folding when you can check for free is always a mistake: the check costs nothing "
    "and keeps your chance to win the pot."
)

# Outs come from coach.outs.outs against the range the coach assumes: the
# cards after which the hero beats at least half of it. The breakdown names the
# hand each out makes ("9 for the flush"), so the learner sees where they come from.
OUTS_BY = N_("Outs: {outs} ({detail}). Rule of 2 and 4: about {rule}; exact: {exact}.")
OUTS_NONE = N_("Outs: none; no next card puts you ahead of the range assumed.")
# Ahead of the range already: the outs that matter are those against the hands that beat you.
OUTS_AHEAD = N_(
    "Against the range assumed you are already ahead (hands beaten now: {beaten}). "
    "Against the hands that beat you, outs: {outs} ({detail}). "
    "Rule of 2 and 4: about {rule}; exact: {exact}."
)
OUTS_AHEAD_NONE = N_(
    "Against the range assumed you are already ahead (hands beaten now: {beaten}); "
    "against the hands that beat you, no next card puts you ahead."
)
OUTS_LIST = N_("{first}, {second}")
OUTS_FOR = {
    "high_card": N_("{n} for a higher card"),
    "one_pair": N_("{n} for a pair"),
    "two_pair": N_("{n} for two pair"),
    "three_of_a_kind": N_("{n} for trips"),
    "straight": N_("{n} for the straight"),
    "flush": N_("{n} for the flush"),
    "full_house": N_("{n} for a full house"),
    "four_of_a_kind": N_("{n} for four of a kind"),
    "straight_flush": N_("{n} for a straight flush"),
}

# -- preflop charts -----------------------------------------------------------
FROM_POS = {
    "UTG": N_("from UTG"),
    "UTG1": N_("from UTG+1"),
    "UTG2": N_("from UTG+2"),
    "LJ": N_("from the lojack (LJ)"),
    "HJ": N_("from the hijack (HJ)"),
    "MP": N_("from middle position (MP)"),
    "CO": N_("from the cutoff (CO)"),
    "BTN": N_("from the button"),
    "SB": N_("from the small blind"),
    "BB": N_("from the big blind"),
}
WIDTH = (N_("which covers about {pct} of hands"), N_("which covers roughly {pct} of hands"),
         N_("which covers no hands at all ({pct})"), N_("which covers barely {pct} of hands"))
PF_OPEN_IN = N_("{hand} is in the opening range {from_pos}, {width}: open with a raise.")
PF_OPEN_MIXED = N_("{hand} is at the edge of the opening range {from_pos}, {width}: raise or fold.")
PF_OPEN_OUT = N_("{hand} is not in the opening range {from_pos}, {width}: fold.")
PF_LIMP = N_("Just calling the big blind (limping) is not part of a sound plan: raise or fold.")
PF_VS_RAISE = N_("Against an open {opener_from}, {hand} is a hand to 3-bet (re-raise) {hero_from}.")
PF_VS_CALL = N_("Against an open {opener_from}, {hand} is a hand to call {hero_from}.")
PF_VS_FOLD = N_("Against an open {opener_from}, {hand} is a fold {hero_from}.")
PF_3B_RAISE = N_("Facing a 3-bet, {hand} is strong enough to re-raise again (4-bet).")
PF_3B_CALL = N_("Facing a 3-bet, {hand} is a call.")
PF_3B_FOLD = N_("Facing a 3-bet, {hand} is a fold.")
PF_COLD_RAISE = N_("Facing an open and a 3-bet without having raised, {hand} is strong enough to 4-bet.")
PF_COLD_CALL = N_("Facing an open and a 3-bet without having raised, {hand} can call (cold).")
PF_COLD_FOLD = N_(
    "Facing an open and a 3-bet without having raised, {hand} is a fold: against two ranges this strong, "
    "a cold call or a 4-bet costs more than the pot pays.")
PF_CHART_JAM_LOSES = N_(
    "But against this player's range the all-in loses about {loss} bb compared with folding (the hands that "
    "call it are ahead of yours, and few fold): the figure decides, not the chart.")
PF_4B_RAISE = N_("Facing a 4-bet, {hand} goes all-in (5-bet).")
PF_4B_CALL = N_("Facing a 4-bet, {hand} is a call.")
PF_4B_FOLD = N_("Facing a 4-bet, {hand} is a fold.")
PF_SIZE_OK = N_("A raise to {amount} is {bb} big blinds: a standard size.")
PF_SIZE_SMALL = N_("A raise to {amount} is only {bb} big blinds: it gives the others too good a price.")
PF_SIZE_COMMITS = N_("A raise to {amount} is {bb} big blinds: it leaves less behind than the pot it makes, "
                     "so it commits the stack like the all-in and is worth the same.")
PF_SIZE_BIG = N_("A raise to {amount} is {bb} big blinds: bigger than needed, it risks more to win the same.")
PF_ALLIN_DEEP = N_("Going all-in for {bb} big blinds preflop risks the whole stack to win a small pot.")
PF_CHART_NOTE = N_("Graded from the preflop charts; the expected values are estimated from the charts' "
                   "ranges (fold equity, preflop equity and, for a flop, how much of it a hand realises).")
PF_EV_LINE = N_("Expected value, estimated from the charts' ranges: about {ev} bb.")
# The sizing rule (coach/feedback/valuation/preflop_ranges.py): the standard band and what a size
# outside it costs, as a share of the stake (the pot; the stack at 25 bb or less), in the four
# wordings of a percentage (see NEED).
PF_SIZE_STANDARD_BB = N_("The standard here is a raise to {lo} to {hi} big blinds;")
PF_SIZE_STANDARD_X = N_("The standard here is {lo} to {hi} times the raise;")
PF_SIZE_COST_POT = (N_("the coach counts this size as losing about {pct} of the pot."),
                    N_("the coach counts this size as losing roughly {pct} of the pot."),
                    N_("the coach counts this size as losing nothing ({pct} of the pot)."),
                    N_("the coach counts this size as losing just {pct} of the pot."))
PF_SIZE_COST_STACK = (N_("the coach counts this size as losing about {pct} of the stack."),
                      N_("the coach counts this size as losing roughly {pct} of the stack."),
                      N_("the coach counts this size as losing nothing ({pct} of the stack)."),
                      N_("the coach counts this size as losing just {pct} of the stack."))

# -- summary ------------------------------------------------------------------
SPR_LINE = N_("Stack-to-pot ratio (SPR): {spr}.")
EQUITY_EXACT = N_("Equity {equity} against the assumed range (exact).")
EQUITY_MC = N_("Equity {equity} against the assumed range (Monte Carlo, error about ±{err}).")
EQUITY_LINE = N_("Equity {equity} against the hands with which the equilibrium plays the opponent's line "
                 "(exact; against the range read from his actions alone, {model}).")


def pct_reading(ratio: float) -> int:
    """0 for "il 25,5%", 1 for "l'8%" (read with a vowel sound), 2 for zero,
    3 for "lo 0,3%" (below one per cent, read "zero virgola...").

    Italian reads 1, 8, 11, 80-89 (and 8,x, 11,x...) with a vowel sound; the
    figure is rounded as shown (one decimal), so the choice matches the text.
    """
    shown = round(ratio * 100, 1)
    whole = int(shown)
    if shown == 0:
        return 2
    if shown < 1:
        return 3
    if whole in (1, 8, 11) or 80 <= whole <= 89:
        return 1
    return 0


def pct_phrase(msgids: tuple[str, str, str, str], ratio: float, **params: object) -> Message:
    """A phrase holding one percentage, in the wording that fits its article."""
    return Message(msgids[pct_reading(ratio)], {"pct": Percent(ratio), **params})


def bb(value: float) -> Decimal:
    """Big blinds with one decimal, as the learner reads them."""
    return Decimal(round(value, 1), 1)


# -- which model produced the numbers (grading v2) ---------------------------------------------
MODEL_HEURISTIC = N_(
    "Figures: one-street estimate (it looks at this betting round only; the opponent folds and calls "
    "as a balanced player would).")
MODEL_HEURISTIC_PROFILE = N_(
    "Figures: one-street estimate against a {profile} (his folds and calls follow that profile).")
MODEL_SOLVER = N_(
    "Figures: computed equilibrium (river solver against the ranges assumed, precise to {expl} of the pot).")
MODEL_PUSHFOLD = N_(
    "Figures: push/fold chart (equilibrium for {players} players with {stack} big blinds; exploitability "
    "{expl} bb).")
MODEL_FALLBACK = N_(
    "The equilibrium would have taken too long to compute here: the one-street estimate answers instead.")
RARE_LINE = N_(
    "Solved from the start of the street, the equilibrium takes this line only {share} of the time: it "
    "cannot say which hands he holds when he does, so the one-street estimate answers instead.")
RARE_LINE_RIVER = N_(
    "Solved from the start of the river, the equilibrium takes this line only {share} of the time: the "
    "solver answers from his bet, against his range as the coach reads it.")
SOLVER_MIX = N_("At equilibrium this hand plays: {mix}.")
IS_BEST_EV_SOLVER = N_("Expected value at equilibrium: {ev} bb.")
IS_BEST_EV_CHART = N_("Expected value from the chart: {ev} bb.")

# "{share}" is one of SHARE_OF_HANDS (the Italian article depends on the number)
PF_PUSH_IN = N_(
    "With {stack} big blinds at a table of {players} the choice is all-in or fold: from this seat the "
    "push/fold chart goes all-in with {share}, and {hand} is one of them.")
PF_PUSH_OUT = N_(
    "With {stack} big blinds at a table of {players} the choice is all-in or fold: from this seat the "
    "push/fold chart goes all-in with {share}, and {hand} is not one of them.")
PF_PUSH_MIXED = N_(
    "With {stack} big blinds at a table of {players} the choice is all-in or fold: from this seat the "
    "push/fold chart goes all-in with {share}, and {hand} is at its edge (all-in with frequency {freq}: "
    "both choices are worth about the same).")
PF_PUSH_PROFILED_IN = N_(
    "With {stack} big blinds at a table of {players} the choice is all-in or fold: from this seat the "
    "push/fold chart goes all-in with {share} against players who call as at equilibrium, but the players "
    "behind call as their profiles do, and against the way they call the all-in with {hand} gains.")
PF_PUSH_PROFILED_OUT = N_(
    "With {stack} big blinds at a table of {players} the choice is all-in or fold: from this seat the "
    "push/fold chart goes all-in with {share} against players who call as at equilibrium, but the players "
    "behind call as their profiles do, and against the way they call the all-in with {hand} loses.")
PF_CALL_HEAD = N_(
    "An all-in with {stack} big blinds: at equilibrium the shover goes all-in with {share}. Against that "
    "range: {need}; {have}.")
PF_CALL_HEAD_PROFILED = N_(
    "An all-in with {stack} big blinds: at equilibrium the shover would go all-in with {share}, but "
    "this player's profile shoves a range of his own. Against his range: {need}; {have}.")
SHARE_OF_HANDS = (N_("{pct} of the hands"), N_("{pct} of all hands"), N_("no hand at all ({pct})"),
                  N_("just {pct} of the hands"))
PF_PUSH_LIMP = N_(
    "With so few big blinds, just calling is outside the push/fold model: it lets the others see the flop "
    "cheaply and gives up the all-in's fold equity.")
PF_PUSH_SMALL_RAISE = N_(
    "A raise that is not all-in is outside the push/fold model: it commits much of the stack anyway; "
    "the all-in is the reference.")

PF_LIMPED_RAISE = N_(
    "After one or more limps, {hand} {from_pos} is a hand to raise and isolate the limpers: about {size} big "
    "blinds (3 plus 1 per limper).")
PF_LIMPED_CALL = N_(
    "After one or more limps, {hand} {from_pos} plays well in a cheap multiway pot: call behind.")
PF_LIMPED_COMPLETE = N_(
    "After one or more limps, completing the small blind costs only {call}: {hand} is worth seeing the flop.")
PF_LIMPED_CHECK = N_(
    "After one or more limps you are the big blind: check {hand} for free and see the flop.")
PF_LIMPED_FOLD = N_("After one or more limps, {hand} {from_pos} is not worth playing: fold.")
PF_LIMPED_MISSED_RAISE = N_(
    "Just calling with a hand this strong lets every limper in cheaply: raising wins more now and later.")
PF_ISO_OK = N_("A raise to {amount} is {bb} big blinds: the right size to isolate the limpers.")
PF_ISO_SMALL = N_(
    "A raise to {amount} is only {bb} big blinds: too small to isolate, the limpers call at a good price.")

BLUFF_BREAK_EVEN = N_(
    "This bet has no showdown value: it wins only when the opponent folds, and here in the best case the "
    "bluff breaks even.")
BLUFF_LOSES = N_(
    "This bet has no showdown value: it wins only when the opponent folds, and he does not fold often "
    "enough to pay for it.")
STRONG_PASSIVE = N_(
    "With a hand this strong, calling is playable too: it keeps the opponent's bluffs in and controls the "
    "size of the pot.")
STRONG_CHECK = N_(
    "With a hand this strong, checking is playable too: it leaves the opponent room to bluff and controls "
    "the size of the pot.")
STRONG_CHECK_STANDARD = N_(
    "With a hand this strong, checking is a standard line: it leaves the opponent room to bluff, controls "
    "the pot and lets you win more on later streets.")
STRONG_PASSIVE_STANDARD = N_(
    "With a hand this strong, this is a standard line: it keeps the opponent's bluffs in, controls the pot "
    "and lets you win more on later streets.")
RIVER_OVERBET_NOTE = N_(
    "On the river a bet of more than twice the pot is called only by strong hands: without the nuts it is "
    "never graded above good.")
NUTS_PASSIVE = N_(
    "With the nuts you win this pot anyway: just calling or checking only gives up the chips a raise "
    "would collect.")
MIX_ITEM = N_("{noun} ({pct})")
GAIN_OVER_FOLD = N_(
    "Compared with folding, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still (an estimate).")
GAIN_OVER_FOLD_EXACT = N_(
    "Compared with folding, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still.")
TIE = N_("These are worth the same: {first} and {second}")
UNTRUSTED_EV = N_(
    "{verdict}. The model's figure for {noun} is higher, but for this play it cannot be trusted (the reason "
    "is above), so it is not given as its expected value.")
UNTRUSTED_EV_RULE = N_(
    "{verdict}. The model's figure for {noun} is higher than that of an option graded better, but for this "
    "play it cannot be trusted (the reason is above), so it is not given as its expected value.")
MODEL_HEURISTIC_AGAINST = {
    "principiante": N_("Figures: one-street estimate against a beginner who calls too much (his folds and "
                       "calls follow that profile)."),
    "roccia": N_("Figures: one-street estimate against a rock, tight and passive (his folds and calls follow "
                 "that profile)."),
    "aggressivo": N_("Figures: one-street estimate against an aggressive player who bluffs and raises often "
                     "(his folds and calls follow that profile)."),
}
GAIN_OVER_CALL_EXACT = N_(
    "Compared with the call, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still.")
GAIN_OVER_CHECK_EXACT = N_(
    "Compared with the check, {noun} earns about {gain} bb more; {best} would earn about {loss} bb "
    "more still.")
RIVER_HUGE_OVERBET_NOTE = N_(
    "On the river a bet of more than four times the pot is called only by the very best hands: without the "
    "nuts it is never graded above inaccurate.")
DEEP_OVERBET_NOTE = N_(
    "Before the river, a bet of more than three times the pot risks a deep stack to win a small pot: the "
    "worse hands that would pay a normal bet fold, and only better hands or strong draws call.")
BLUFF_CATCHER_NOTE = N_(
    "Against an aggressive player who bets, a hand like this calls: a raise folds out his bluffs and gets "
    "called only by better hands, while a call lets him keep bluffing into you.")
MULTIWAY_BLUFF_NOTE = N_(
    "A bluff raise against a player who bet and another who called rarely works: one of the two usually "
    "has a hand he will not fold.")
WEAK_RAISE_NOTE = N_(
    "A raise with a weak hand wins only if the bettor folds a hand he chose to bet, and only better hands "
    "call it; this estimate folds him as often as an average hand, while a range that bets is stronger: such "
    "a raise is never graded above «imprecisa» (above «errore» when it risks more than the pot).")
MULTIWAY_WEAK_NOTE = N_(
    "A raise with a weak hand against a player who bet and another who called rarely works: one of the two "
    "usually has a hand he will not fold, and only better hands call.")
