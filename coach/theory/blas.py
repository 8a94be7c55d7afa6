"""One BLAS thread while a solver runs: matrix products that do not wait for a busy second core.

The turn solver's showdowns are batched matrix products (NumPy's bundled
OpenBLAS). OpenBLAS splits each product over every core; on a machine whose
cores are busy (a class server answering several learners, or the 2-core
development machine running other jobs) its threads wait for each other and a
solve measured 4 to 8 times slower than with one thread. So the solvers ask for
one BLAS thread, for the calling thread only (``openblas_set_num_threads_local``,
OpenBLAS 0.3.27 and later), and give the previous count back afterwards.

Where the library is not NumPy's bundled OpenBLAS (another BLAS, another
platform, an older OpenBLAS) this does nothing: the products are then as
fast as that BLAS makes them, and the answers are the same.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import numpy as np


@cache
def _setter() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    libs = Path(np.__file__).resolve().parent.parent / "numpy.libs"
    for path in sorted(libs.glob("libscipy_openblas*.so*")) + sorted(libs.glob("libopenblas*.so*")):
        try:
            lib = ctypes.CDLL(str(path))
            fn = lib.openblas_set_num_threads_local
        except (OSError, AttributeError):
            continue
        fn.argtypes = [ctypes.c_int]
        fn.restype = ctypes.c_int
        return fn
    return None


@contextmanager
def single_threaded() -> Iterator[None]:
    """Run the block with one BLAS thread in this thread (a no-op where that cannot be set)."""
    fn = _setter()
    if fn is None:
        yield
        return
    previous = int(fn(1))
    try:
        yield
    finally:
        fn(previous)


__all__ = ["single_threaded"]
