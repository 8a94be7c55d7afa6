"""Widget values checked before a callback uses them (issue 20, «Widget input validated»).

A widget's value comes from the browser: a client speaking Streamlit's websocket protocol can
send any value for any widget (``inf`` in a number input, an index no select box offered, text
where a number belongs), whatever ``min_value`` or ``options`` the page gave it. Every callback of
the pages reads its widgets through these functions, which never raise: they return the value
when it is one the page offered, else None, and the page says why in Italian and changes nothing.
No streamlit here: the checks are plain functions, tested directly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final, TypeVar

T = TypeVar("T")

# Larger than any stack a table can have (chips are whole numbers up to 10**12 in the store): an
# amount beyond it, ``inf`` included, is still an amount, and the engine refuses it with the rule
# (R10: you play only the chips in front of you) like any other bet over the stack.
HUGE_AMOUNT: Final[int] = 10**13


def whole(value: object, low: int, high: int) -> int | None:
    """``value`` as a whole number in ``low..high``, else None (``inf``, ``nan``, 2.5, "abc", True)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        value = int(value)
    elif isinstance(value, str):
        text = value.strip()
        if not text.lstrip("-").isdigit() or len(text) > 20:
            return None
        value = int(text)
    if not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def amount(value: object) -> int | None:
    """A bet or raise amount typed in the amount box: a whole number of chips, for the engine to judge.

    ``inf`` and amounts beyond any stack become :data:`HUGE_AMOUNT` (the engine refuses them with
    its rule, as it would refuse 10,000 with a stack of 100); ``nan``, ``-inf``, fractions and text
    are None (the engine refuses «no amount» with the minimum bet's rule).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if math.isnan(value) or value == -math.inf:
            return None
        if value == math.inf or value > HUGE_AMOUNT:
            return HUGE_AMOUNT
    if isinstance(value, int) and value > HUGE_AMOUNT:
        return HUGE_AMOUNT
    return whole(value, -HUGE_AMOUNT, HUGE_AMOUNT)


def member(value: object, options: Iterable[T]) -> T | None:
    """``value`` if it is one of the ``options`` the page offered (the option itself), else None."""
    for option in options:
        if type(option) is type(value) and option == value:
            return option
    return None
