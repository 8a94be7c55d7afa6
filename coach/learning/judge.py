"""The one judge: every page and command asks here for the verdict on a decision.

Why one function: a spot graded by two callers with two calls to the coach
drifted apart (the session review once asked a cheaper model than the Replayer,
the class's reveal graded another option to find the best, four callers built
the coach's candidates each their own way), and the learner saw two grades for
one spot. :func:`judge` is the only caller of :func:`coach.feedback.analyze`
for a verdict: lessons, Pratica, Ripasso, the Replayer, the live class (lesson,
pasted and saved hands, the reveal), the session review, ``python -m coach
advise`` and ``review`` all come here, with the same models (the solvers
included) and the same seed, so one spot has one grade and one EV loss.

The analysis of a spot is kept in a small process-wide cache keyed by the table
and its actions (:func:`spot_analysis`): a class where thirty phones answer the
same spot, a review that meets the same preflop spot a hundred times, or a
reveal after the votes pay for the solver once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace

from coach.engine import Hand
from coach.feedback import DecisionAnalysis, analyze
from coach.learning.reasons import plain_reason
from coach.learning.verdict import (
    AuthoredFeedback,
    Verdict,
    authored_verdict,
    hand_profiles,
    option_code,
    verdict_from,
)

__all__ = ["best_choice", "candidates", "judge", "spot_analysis"]

CACHE_SPOTS = 256  # analyses kept (each holds its ranges, tens of KB): a class's spots, a review's repeats
_cache: OrderedDict[Hashable, DecisionAnalysis] = OrderedDict()
_lock = threading.Lock()


def candidates(codes: Iterable[str]) -> tuple[str, ...]:
    """The bet and raise sizes to grade besides the coach's own (``p3 cbr 6`` -> ``cbr 6``), once each."""
    return tuple(dict.fromkeys(c for c in map(option_code, codes) if c.startswith("cbr")))


def _key(hand: Hand, wanted: tuple[str, ...], seats: Mapping[int, str] | None, seed: int,
         ranges: Mapping[int, str] | None) -> Hashable:
    return (hand.config, hand.phh_actions, wanted, tuple(sorted((seats or {}).items())), seed,
            tuple(sorted((ranges or {}).items())))


def spot_analysis(hand: Hand, codes: Iterable[str] = (), *, profiles: Mapping[str, str] | None = None,
                  seed: int = 0, villain_ranges: Mapping[int, str] | None = None,
                  asked: Iterable[str] = ()) -> DecisionAnalysis:
    """The coach's analysis of the decision ``hand`` is at, with the sizes of ``codes`` graded too.

    ``profiles`` are the opponents' profiles by PHH player (``{"p2": "principiante"}``),
    as lessons and review cards store them; ``asked`` are codes passed to the coach as
    written (``advise --action``: one the rules forbid is listed as refused, with its rule).
    Raises what :func:`analyze` raises.
    """
    wanted = tuple(dict.fromkeys((*candidates(codes), *asked)))
    seats = hand_profiles(hand, profiles)
    key = _key(hand, wanted, seats, seed, villain_ranges)
    with _lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    analysis = analyze(hand, seed=seed, candidates=list(wanted), profiles=seats,
                       villain_ranges=villain_ranges)
    with _lock:
        _cache[key] = analysis
        while len(_cache) > CACHE_SPOTS:
            _cache.popitem(last=False)
    return analysis


def judge(hand: Hand, code: str, *, authored: Mapping[str, AuthoredFeedback] | None = None,
          profiles: Mapping[str, str] | None = None, seed: int = 0) -> Verdict:
    """THE verdict on ``code`` (``p3 cbr 6``) in the spot ``hand`` is in; the hand is not modified.

    Grade, EV loss, best option, the plain sentence (``headline``) and its reason in words a
    beginner can reuse (``reason``, :func:`coach.learning.reasons.plain_reason`), the figures and
    the range assumed, from :func:`spot_analysis`. ``authored`` (a lesson's own grades
    and texts, :func:`coach.learning.verdict.lesson_authored`) is laid over the
    coach's; when the analysis cannot run (an unknown hole card) the verdict is the
    lesson's grade alone, or empty: a missing number is better than an invented one.
    """
    try:
        analysis = spot_analysis(hand, (code,), profiles=profiles, seed=seed)
    except Exception:  # an analysis that cannot run must not hide the lesson's own feedback
        return authored_verdict(code, authored)
    verdict = verdict_from(analysis, code, hand.config.names, authored)
    return replace(verdict, reason=plain_reason(hand, verdict))


def best_choice(hand: Hand, *, authored: Mapping[str, AuthoredFeedback] | None = None,
                profiles: Mapping[str, str] | None = None, seed: int = 0) -> str | None:
    """The option the judge calls best in this spot (``cbr 6``), without grading any other option
    first; None when the coach cannot analyse the spot."""
    try:
        analysis = spot_analysis(hand, profiles=profiles, seed=seed)
    except Exception:
        return None
    probe = verdict_from(analysis, analysis.best, hand.config.names, authored)
    return probe.best_code
