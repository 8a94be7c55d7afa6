"""Each rule of the course by a short name, for the places a learner reads a rule's score.

The lessons tag questions with rule codes (``R07``): a chart of right answers by rule must
say «Le azioni», not «R07». The names the refusals already use (``RULE_TITLES``) are kept,
so a rule has one name wherever it shows.
"""

from __future__ import annotations

from coach.feedback.refusals import RULE_TITLES
from coach.i18n import N_

RULE_NAMES: dict[str, str] = {
    "R01": N_("Cards, deck and the best five"),
    "R02": N_("The button"),
    "R03": N_("The blinds and the ante"),
    "R05": N_("Burning a card"),
    "R12": N_("When everyone folds"),
    "R13": N_("All-in for less and side pots"),
    "R14": N_("The showdown"),
    "R15": N_("Hand rankings and straights"),
    "R16": N_("Kickers and split pots"),
    "R17": N_("Heads-up"),
    "R19": N_("Cash games and tournaments"),
    **RULE_TITLES,
}
