"""Opponent profiles: how a kind of player widens or narrows his ranges, calls and folds.

The coach values a bet by what the opponent does with it, so "who is the
opponent" changes the grade: a bluff that breaks even against a balanced player
loses against one who never folds, and a thin value bet that a balanced player
would not pay off is the best play against him. Each profile is a documented
change to the default (balanced) model of :mod:`coach.feedback.maths` and
:mod:`coach.feedback.opponents`:

``equilibrio`` (balanced, the default)
    the charts' ranges; calls when his hand beats enough of the range a bet of
    that size represents (:func:`coach.feedback.maths.call_threshold`); folds
    at most 70% of his range to one bet; on the river heads-up the coach plays
    him as the solver does (an equilibrium).
``principiante`` («principiante che paga troppo», a calling station)
    plays many more hands (1.6 times each preflop range) but raises less (his
    3-bets and jams 0.7 times as wide); calls a bet with most of what a
    balanced player calls *and* with a large share of his weak hands (any
    pair, ace high): his calling threshold is 40% of the balanced one; folds
    at most 30%; bluffs half as often, so his bets and raises are strong.
``roccia`` (a rock: tight and passive)
    plays few hands (the top 60% of each preflop range by strength; his
    3-bets and jams half as wide); folds whatever is not strong: his calling
    threshold moves half of the way to the top; folds up to 85%; bets and
    raises with strong hands and bluffs a quarter as often.
``aggressivo`` (bluffs and raises often)
    1.2 times each preflop range, 3-bets and jams twice as wide; the balanced
    calling, but his bets and raises carry 1.8 times the bluffs, so calling
    him down with a bluff-catcher is worth more; folds at most 60%.

How a profile reweights a range after each postflop action (value lines,
bluffing and calling rates) is in :mod:`coach.feedback.actionranges`
(``STYLES``); how the learner's preflop answer to a profiled raise changes is
:func:`coach.feedback.opponents.response_to_raise`.

A profile says how a player answers aggression; once he is the one who bet or
raised on a street, he answers a raise as a balanced player would (his range is
already what his profile made it).

Profiles are data here (a frozen dataclass per key); the names a learner reads
are translated messages.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.errors import InvalidInput
from coach.i18n import N_, Message


@dataclass(frozen=True)
class Profile:
    """The knobs a profile turns (see the module doc for what each means at the table)."""

    key: str
    label: str  # msgid
    call_scale: float  # the calling threshold t becomes 1 - (1 - t) ... see calling_threshold
    call_shift: float
    max_fold: float
    other_weight: float  # (older narrowing, unused by the range model) weight kept by weak hands after a bet
    preflop_keep: float  # share of each preflop range (by strength) he plays; above 1 widens
    bet_width: float = 1.0  # above 1: his bets are read as wide (the grading's bluff-catcher rule uses it)
    equilibrium: bool = False
    # share of each preflop *raising* range (3-bet, 4-bet, all-in) he plays, by strength; above 1 widens
    raise_keep: float = 1.0

    @property
    def name(self) -> Message:
        return Message(self.label)

    def calling_threshold(self, balanced: float, size: float = 1.0) -> float:
        """His calling threshold (a strength percentile) from the balanced one.

        ``call_scale`` < 1 lowers it towards 0 (calls more), ``call_shift`` > 0
        moves it towards 1 (calls less). ``size`` is the bet as a fraction of
        the pot: the shift grows to its full value at half the pot (a rock folds
        too much to real bets, not to a token one).
        """
        t = balanced * self.call_scale
        return t + (1.0 - t) * self.call_shift * min(1.0, max(0.0, size) / 0.5)


PROFILES: dict[str, Profile] = {
    "equilibrio": Profile("equilibrio", N_("balanced opponent"), 1.0, 0.0, 0.7, 0.3, 1.0, equilibrium=True),
    "principiante": Profile("principiante", N_("beginner who calls too much"), 0.4, 0.0, 0.3, 0.15, 1.6, 0.6,
                            raise_keep=0.7),
    "roccia": Profile("roccia", N_("rock (tight and passive)"), 1.0, 0.5, 0.85, 0.05, 0.6, 0.25,
                      raise_keep=0.5),
    "aggressivo": Profile("aggressivo", N_("aggressive opponent (bluffs and raises often)"),
                          1.0, 0.0, 0.6, 0.5, 1.2, 1.2, raise_keep=2.0),
}
DEFAULT = PROFILES["equilibrio"]

# The names a teacher or a learner may type (the Italian names and the English ones).
ALIASES: dict[str, str] = {
    "equilibrio": "equilibrio", "balanced": "equilibrio", "gto": "equilibrio",
    "principiante": "principiante", "principiante che paga troppo": "principiante",
    "calling station": "principiante", "station": "principiante", "beginner": "principiante",
    "roccia": "roccia", "rock": "roccia", "nit": "roccia",
    "aggressivo": "aggressivo", "aggressive": "aggressivo", "maniac": "aggressivo",
}

# Practice bots: their style says which profile the coach assumes when grading a learner against them.
BOT_STYLE_PROFILE: dict[str, str] = {
    "tight-aggressive": "equilibrio",
    "loose-aggressive": "aggressivo",
    "tight-passive": "roccia",
    "loose-passive": "principiante",
}


def profile(name: str | Profile | None) -> Profile:
    """A profile by key or alias (``None``: the balanced default); an unknown name is refused."""
    if name is None:
        return DEFAULT
    if isinstance(name, Profile):
        return name
    key = ALIASES.get(" ".join(name.strip().lower().split()))
    if key is None:
        raise InvalidInput(N_("Unknown opponent profile '{name}': use one of {names}."),
                           name=name, names=", ".join(PROFILES))
    return PROFILES[key]
