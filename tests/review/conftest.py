"""A generated session shared by the review tests (the engine and the bots play it once)."""

from __future__ import annotations

from functools import lru_cache

from coach.review.sample import sample_session


@lru_cache(maxsize=2)
def session_text(hands: int = 12, seed: int = 5) -> str:
    return sample_session(hands, seed=seed)
