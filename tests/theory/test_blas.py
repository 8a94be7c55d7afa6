"""One BLAS thread inside the solvers: the count is given back, and products are unchanged."""

from __future__ import annotations

import numpy as np

from coach.theory import blas


def _threads() -> int | None:
    """This thread's BLAS thread count (None where it cannot be read)."""
    fn = blas._setter()
    if fn is None:
        return None
    previous = int(fn(1))
    fn(previous)
    return previous


def test_the_thread_count_is_given_back_and_products_are_the_same() -> None:
    before = _threads()
    a = np.arange(12.0).reshape(3, 4)
    with blas.single_threaded():
        inside = a @ a.T
        if before is not None:
            fn = blas._setter()
            assert fn is not None
            assert int(fn(1)) == 1  # set to one thread inside the block
    assert _threads() == before
    np.testing.assert_array_equal(inside, a @ a.T)
