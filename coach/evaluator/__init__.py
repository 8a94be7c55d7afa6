"""Hand strength: one integer per hand, larger is stronger, equal is a tie; and its name.

This is the evaluator's public surface; callers import from ``coach.evaluator``.
The work is split by what it holds:

* :mod:`coach.evaluator.classes`: the numbering, the 7,462 classes of five-card
  hands in order (strength 1 to :data:`MAX_STRENGTH`), their categories, and the
  keys the tables are indexed by;
* :mod:`coach.evaluator.lookup`: the look-up tables and the two access paths,
  :func:`evaluate` (one hand, pure Python) and :func:`evaluate_batch` (NumPy,
  many hands), plus the pieces exact equity sums incrementally;
* :mod:`coach.evaluator.names`: the best five cards and the learner's name of a
  hand, kickers included ("Tris di 9, kicker K e Q").
"""

from __future__ import annotations

from coach.evaluator.classes import (
    CLASS_COUNTS,
    MAX_STRENGTH,
    RANK_KEYS,
    SUIT_KEYS,
    Category,
    HandClass,
    categories_batch,
    category,
    find_rank_keys,
    hand_class,
)
from coach.evaluator.lookup import (
    BATCH_KEY,
    CARD_BIT,
    combinations_array,
    evaluate,
    evaluate_batch,
    evaluate_indices,
    strengths_from_keys,
    tables,
)
from coach.evaluator.names import best_five, describe, describe_strength

__all__ = [
    "BATCH_KEY",
    "CARD_BIT",
    "CLASS_COUNTS",
    "MAX_STRENGTH",
    "RANK_KEYS",
    "SUIT_KEYS",
    "Category",
    "HandClass",
    "best_five",
    "categories_batch",
    "category",
    "combinations_array",
    "describe",
    "describe_strength",
    "evaluate",
    "evaluate_batch",
    "evaluate_indices",
    "find_rank_keys",
    "hand_class",
    "strengths_from_keys",
    "tables",
]
