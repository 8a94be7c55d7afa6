"""The coach: graded feedback on every action choice, with the numbers behind it.

* :func:`analyze` grades every legal option of the player to act (EV in big
  blinds where a one-street model is sound, the preflop charts otherwise);
* :func:`feedback_for_action` is both at once for the action a learner picks;
* :func:`explain_refusal` says which rule forbids an action, or warns about a
  pointless one (folding when checking is free);
* :class:`Bot` plays practice hands from the same ranges and maths;
* the ranges are data (``coach/feedback/data/*.toml``), see
  :mod:`coach.feedback.ranges_data`.

Pure Python (numpy for the equity), no Streamlit. Importing this package does
not import the engine; the functions take an engine ``Hand``.
"""

from coach.feedback.analysis import (
    ActionFeedback,
    DecisionAnalysis,
    EquityInfo,
    OptionGrade,
    analyze,
    feedback_for_action,
)
from coach.feedback.bots import STYLES, Bot, BotDecision, Style
from coach.feedback.grading import Grade, grade_for_loss
from coach.feedback.maths import Spot
from coach.feedback.refusals import RuleFeedback, explain_refusal

__all__ = [
    "STYLES", "ActionFeedback", "Bot", "BotDecision", "DecisionAnalysis",
    "EquityInfo", "Grade", "OptionGrade", "RuleFeedback", "Spot", "Style", "analyze", "explain_refusal",
    "feedback_for_action", "grade_for_loss",
]
