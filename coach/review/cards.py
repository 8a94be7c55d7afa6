"""A session's mistakes into «Ripasso», with the learner's consent: one review card per mistake.

The same cards the lessons and practice make (:func:`coach.learning.review.remember`): the
table right before the decision, the action the player took and its grade, so the review
page asks the decision again and the scheduler brings it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coach.engine.phh import loads_phh
from coach.errors import CoachError
from coach.learning.review import remember, spot_of
from coach.learning.script import HandScript
from coach.review.session import ReviewedDecision
from coach.review.summary import MISTAKES
from coach.store import Store

__all__ = ["decision_hand_text", "mistakes_to_cards"]


def decision_hand_text(result: Mapping[str, Any], d: ReviewedDecision) -> str | None:
    """The PHH text of the decision's hand, kept with the job's result."""
    text = (result.get("hands") or {}).get(str(d.hand))
    return str(text) if text else None


def mistakes_to_cards(store: Store, profile: str, result: Mapping[str, Any], *, limit: int = 50) -> int:
    """Cards for the costliest ``limit`` mistakes of a review; how many were made or updated."""
    made = 0
    decisions = [ReviewedDecision.from_dict(x) for x in result.get("decisions", [])]
    for d in [x for x in decisions if x.grade in MISTAKES][:limit]:
        text = decision_hand_text(result, d)
        if text is None:
            continue
        try:
            history = loads_phh(text, source=d.source)
            hand = HandScript.from_history(history).hand_at(d.step)
            actor = hand.legal_actions().actor
            if actor is None:
                continue
            player = hand.config.player_of_seat(actor)
            spot = spot_of(hand, source="replayer", ref=f"{d.source[:120]}/{d.step}",
                           action=f"p{player} {d.action}", grade=d.grade)
        except CoachError:
            continue
        if remember(store, profile, spot):
            made += 1
    return made
