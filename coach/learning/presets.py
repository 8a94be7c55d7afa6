"""The bet buttons of a decision: the sizes the coach grades, each one tap that bets or raises.

A learner who taps «½ piatto» means «bet half the pot now», not «write half the pot in the box»
(issue 22: on a phone the second tap on «Bet / Raise» was only explained in a hover tooltip). And a
button the coach then calls the wrong size teaches the wrong size: before the flop the buttons are
the raises the preflop charts call standard (:func:`~coach.feedback.valuation.preflop_ranges.standard_size`:
«Rilancio a 5» at blinds 1/2, where the old «½ piatto · 4» and «piatto · 7» were both off); after the
flop they are the fractions of the pot the coach grades as options
(:func:`~coach.feedback.options.standard_sizes`), so a tap is always one of the options the verdict
names. The all-in closes the row. One list, reused: no size is invented here.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.engine import Hand
from coach.errors import InvalidInput
from coach.feedback.options import Size, clamp_size, standard_sizes
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation.preflop_ranges import chart_situation, short_first_in_bb, standard_size
from coach.i18n import N_, Message

# A share of the pot as the button says it; the shares are options.BET_POT_SHARES / RAISE_POT_SHARES.
POT_SHARE_LABELS: dict[float, str] = {
    0.33: N_("⅓ pot · {amount}"),
    0.5: N_("½ pot · {amount}"),
    0.66: N_("⅔ pot · {amount}"),
    0.75: N_("¾ pot · {amount}"),
    1.0: N_("Pot · {amount}"),
}
POT_SHARE_KEYS: dict[float, str] = {0.33: "third_pot", 0.5: "half_pot", 0.66: "two_thirds_pot",
                                    0.75: "three_quarters_pot", 1.0: "pot"}
RAISE_TO = N_("Raise to {amount}")
ALL_IN = N_("All-in · {amount}")


@dataclass(frozen=True)
class Preset:
    """One bet button: a stable ``key`` (for the widget's key), its label and the raise-to ``amount``."""

    key: str
    label: Message
    amount: int


def bet_presets(hand: Hand) -> tuple[Preset, ...]:
    """The bet/raise buttons at the decision in front of ``hand``'s actor, each a legal raise-to amount.

    None when no bet or raise is legal. Two sizes that land on the same amount (a short stack, a
    minimum raise above the size) are one button; a size as big as the stack is the all-in button.
    """
    legal = hand.legal_actions()
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return ()
    all_in = Preset("all_in", Message(ALL_IN, {"amount": legal.max_raise_to}), legal.max_raise_to)
    try:
        sit = read_situation(hand)
    except InvalidInput:  # the actor's cards are unknown (a pasted hand): no standard to go by
        return (all_in,)
    out: list[Preset] = []
    seen = {legal.max_raise_to}
    for size in preflop_standard(sit) if sit.street == "preflop" else standard_sizes(sit):
        amount = clamp_size(sit, size.amount)
        if amount is None or amount in seen:
            continue
        seen.add(amount)
        out.append(_preset(size, amount))
    return (*out, all_in)


def preflop_standard(sit: Situation) -> list[Size]:
    """Before the flop, the coach's sizes inside the chart's standard band where a chart applies.

    The options list offers 2.5 and 3 big blinds first in while the chart's band is 2 to 2.5: a button
    at 3 would be graded «too big». Where no graded size is in the band, its middle; where no chart
    applies (a push/fold stack, a pot after a 4-bet), the options' sizes as they are.
    """
    sizes = standard_sizes(sit)
    chart = chart_situation(sit, None)
    if chart is None:
        return sizes
    band = standard_size(sit, chart[0], short=short_first_in_bb(sit) is not None)
    inside = [s for s in sizes if band.lo <= s.amount <= band.hi]
    if inside:
        return inside
    middle = (band.lo + band.hi) / 2
    if band.times:
        return [Size(middle, "times", middle / band.times)]
    return [Size(middle, "bb", middle / sit.big_blind)]


def _preset(size: Size, amount: int) -> Preset:
    if size.unit == "pot" and size.factor in POT_SHARE_LABELS:
        return Preset(POT_SHARE_KEYS[size.factor], Message(POT_SHARE_LABELS[size.factor], {"amount": amount}),
                      amount)
    return Preset(f"{size.unit}_{size.factor:g}".replace(".", "_"), Message(RAISE_TO, {"amount": amount}),
                  amount)
