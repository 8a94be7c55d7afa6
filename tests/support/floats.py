"""Float tolerances derived from the arithmetic, not from one machine's result.

A sum of ``n`` floating-point terms, in any order and with or without fused multiply-adds (BLAS
kernels pick both by CPU: AVX2, AVX-512, NEON block their dot products differently), is within
``gamma(n) * sum(|terms|)`` of the exact sum, where ``gamma(n) = n u / (1 - n u)`` and ``u`` is the
unit roundoff of the type (2**-24 for float32, 2**-53 for float64): Higham, *Accuracy and Stability
of Numerical Algorithms*, 2nd ed., §3.1 and §4.2. That is a bound every machine meets; what one
machine happens to print (usually about ``sqrt(n) u`` of it) is not.

A test that compares a solver's sum with its exact value uses :func:`sum_bound` with the number of
terms each rounded sum adds and a bound on the terms' magnitudes, so the tolerance says where it
comes from and still fails on a real mistake (a lost river card or combo moves a sum by a whole
share of the pot, many orders of magnitude above these bounds).
"""

from __future__ import annotations

import numpy as np


def unit_roundoff(dtype: type[np.floating] = np.float64) -> float:
    """Half the machine epsilon: the largest relative error of one rounding."""
    return float(np.finfo(dtype).eps) / 2


def gamma(n: int, dtype: type[np.floating] = np.float64) -> float:
    """Higham's ``gamma_n``: the relative error bound of ``n`` chained roundings."""
    nu = n * unit_roundoff(dtype)
    if nu >= 1:
        raise ValueError(f"{n} roundings of {np.dtype(dtype).name} have no useful bound")
    return nu / (1 - nu)


def sum_bound(terms: int, magnitude: float, dtype: type[np.floating] = np.float64, *, sums: int = 1) -> float:
    """The absolute error bound of ``sums`` chained sums of ``terms`` terms whose absolute values
    add up to at most ``magnitude`` (one extra rounding per term for a conversion or a product)."""
    return sums * gamma(terms + 1, dtype) * magnitude
