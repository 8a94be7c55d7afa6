"""The decision maths a strong player does at the table, on plain numbers.

Everything here works on a :class:`Spot` (chips as ints, equity as a float) so
it can be tested without an engine and reused by the bots. Amounts are chips;
the analysis converts to big blinds at the end.

EV convention: every figure is the expected change of the hero's stack from
*now* on, relative to folding now (chips already in the pot are sunk), so a
fold is always worth 0 and options are directly comparable.

Models (and where they are exact):

* **Fold** = 0.
* **Call** = ``eq * (pot + call) - call``. Exact when the call ends the
  betting for good (the river with nobody left to act, or an all-in), given the
  equity against the villain's range; elsewhere it is the direct pot-odds
  estimate that ignores later streets (implied odds, being bet off a hand).
* **Check** = ``eq * pot`` (the hero's share at showdown). Exact when the check
  closes the river; an estimate otherwise.
* **Bet / raise** = ``f * pot + (1 - f) * (eq_c * (pot + add + v_add) - add)``
  where ``f`` is the villain's fold probability and ``eq_c`` the equity against
  the hands that continue. Always an estimate: ``f`` comes from the calling
  model below (moved by the opponent's profile, :mod:`coach.feedback.profiles`)
  and re-raises are ignored.

Calling model (:func:`call_threshold`; the profile then moves the threshold and
caps the folds, 70% for a balanced opponent): the villain reads the bettor's
range as the top ``w = pot / (pot + add)`` of all hands (smaller for bigger
bets: a pot bet looks like the top half, a 3x-pot overbet like the top quarter;
never narrower than the top quarter, because an overbet reads as polarised,
except on the river above twice the pot, where only a strong hand calls a real
opponent's huge bet; a raise reads 40% narrower than a bet of the same size,
down to the top 15%) and calls when his equity against it,
``(s - (1 - w)) / w`` for a hand that beats a fraction ``s`` of all hands,
covers his price ``e = v_add / (pot + add + v_add)``: he calls with
``s >= 1 - w * (1 - e)``. Small bets get called by more hands, large bets only
by strong ones; that is what makes bet sizing matter.
"""

from __future__ import annotations

from dataclasses import dataclass

STREETS = ("preflop", "flop", "turn", "river")
CARDS_TO_COME = {"preflop": 5, "flop": 2, "turn": 1, "river": 0}


@dataclass(frozen=True)
class Spot:
    """One decision reduced to numbers.

    ``pot`` is every chip in the middle including the bets in front of the
    players this street (what the hero can win, before the hero acts);
    ``to_call`` is what the hero must add to call (already capped by his stack);
    ``hero_bet`` what he has in front of him this street; ``stacks`` are chips
    behind. ``closes_action`` says that a call or check by the hero ends the
    betting for good (river with nobody left to act, or everyone else all-in).
    """

    pot: int
    to_call: int
    hero_stack: int
    villain_stacks: tuple[int, ...]
    equity: float
    big_blind: int
    street: str = "river"
    hero_bet: int = 0
    closes_action: bool = True

    @property
    def effective_stack(self) -> int:
        """The most the hero can win or lose from here against one villain."""
        biggest = max(self.villain_stacks, default=0)
        return min(self.hero_stack, biggest + self.to_call)

    @property
    def facing_all_in(self) -> bool:
        return all(s == 0 for s in self.villain_stacks) and self.to_call > 0

    @property
    def call_is_all_in(self) -> bool:
        return self.to_call > 0 and self.to_call >= self.hero_stack


def equity_needed(to_call: int, pot: int) -> float:
    """The pot odds as the equity a call needs to break even: call / (pot + call)."""
    if to_call <= 0:
        return 0.0
    return to_call / (pot + to_call)


def pot_odds_ratio(to_call: int, pot: int) -> float | None:
    """Pot odds as ``pot : call`` (2.9 means 2.9 to 1); None when nothing is owed."""
    if to_call <= 0:
        return None
    return pot / to_call


def spr(effective_stack: int, pot: int) -> float | None:
    """Stack-to-pot ratio: how many pots are left to bet (low = committed)."""
    if pot <= 0:
        return None
    return effective_stack / pot


def rule_of_2_and_4(outs: int, cards_to_come: int) -> float:
    """The table rule: outs x 2% with one card to come, outs x 4% with two.

    A teaching aid shown next to the exact figure (it overestimates with many
    outs: 15 outs x 4 = 60% against an exact 54%).
    """
    per_card = 4 if cards_to_come >= 2 else 2
    if cards_to_come <= 0:
        return 0.0
    return min(1.0, outs * per_card / 100)


def exact_draw_odds(outs: int, unseen: int, cards_to_come: int) -> float:
    """Probability of hitting at least one of ``outs`` in ``cards_to_come`` cards."""
    if cards_to_come <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for k in range(cards_to_come):
        miss *= max(0, unseen - outs - k) / (unseen - k)
    return 1.0 - miss


def ev_fold() -> float:
    return 0.0


def ev_call(equity: float, pot: int, call: int) -> float:
    """Expected chips of calling ``call`` to win ``pot`` with ``equity``."""
    return equity * (pot + call) - call


def ev_check(equity: float, pot: int) -> float:
    """The hero's showdown share of the pot."""
    return equity * pot


def ev_bet(pot: int, add: int, villain_add: int, fold_prob: float, equity_called: float) -> float:
    """Bet or raise putting ``add`` more chips in; a caller adds ``villain_add``."""
    called = equity_called * (pot + add + villain_add) - add
    return fold_prob * pot + (1.0 - fold_prob) * called


# No range folds more than this to one bet in the model: real opponents call too
# much (the classic leak of the tables a learner plays), and a plan that needs
# them to fold more is a plan to be talked out of.
MAX_FOLD = 0.7

# The narrowest a bettor's range ever looks: an overbet is read as polarised
# (value or bluff), not as the nuts only; a raise looks stronger than a bet.
BET_RANGE_FLOOR = 0.25
RAISE_RANGE_FLOOR = 0.15
RAISE_RANGE_FACTOR = 0.6


def bettor_range_width(pot: int, add: int, *, is_raise: bool = False, floor: bool = True) -> float:
    """The top fraction of all hands a villain reads into a bet (or raise) of ``add`` into ``pot``."""
    w = pot / (pot + add)
    if is_raise:
        return max(RAISE_RANGE_FLOOR if floor else 0.0, RAISE_RANGE_FACTOR * w)
    return max(BET_RANGE_FLOOR if floor else 0.0, w)


def call_threshold(
    pot: int, add: int, villain_add: int, *, is_raise: bool = False, floor: bool = True,
) -> float:
    """The hand-strength percentile a villain needs to call (see the module doc)."""
    if add <= 0:
        return 0.0
    w = bettor_range_width(pot, add, is_raise=is_raise, floor=floor)
    price = villain_add / (pot + add + villain_add) if villain_add > 0 else 0.0
    return 1.0 - w * (1.0 - price)
