"""A pupil's vote in the live class, as the pupil's own progress keeps it.

The class grades a vote with the lesson's own grading (:mod:`coach.learning.answers`)
or, on a hand the teacher pasted, with the Replayer's coach; a wrong vote becomes a
review card like a mistake made alone: a lesson's spot is the lesson's card (with its
texts and profiles, so «Ripasso» grades it as the lesson does), a pasted hand a card
of its own. A question's vote counts in the pupil's quiz progress under the lesson's
key. No Streamlit here: the page sends, this decides.
"""

from __future__ import annotations

from coach.errors import CoachError
from coach.learning.answers import decision_key, decision_spot
from coach.learning.review import ReviewSpot, spot_of
from coach.learning.script import HandScript
from coach.learning.verdict import option_code
from coach.live import SpotRef


def vote_spot(ref: SpotRef, sc: HandScript, code: str, grade: str) -> ReviewSpot | None:
    """The review card of a wrong vote ``code`` at ``ref``, played on ``sc`` (the lesson's hand or the
    pasted one); None if the spot cannot be written down."""
    if not ref.is_pasted:
        return decision_spot(sc, decision_key(ref.lesson, ref.hand, ref.at), code, grade)
    try:
        return spot_of(sc.hand_at(sc.step_of_action(ref.at)), source="class", ref=ref.key()[:200],
                       action=option_code(code), grade=grade)
    except CoachError:
        return None


def question_key(ref: SpotRef) -> str:
    """``lesson/question``: the key a lesson's question has in the pupil's own quiz progress."""
    return f"{ref.lesson}/{ref.question}"
