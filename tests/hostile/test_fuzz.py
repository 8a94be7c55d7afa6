"""The engine fuzz (``fuzz.py``) at a size that fits the suite; 100,000+ calls run in
``benchmarks/bench_hostile.py``. Zero leaked exception types, zero state changed by a
refused call, zero broken invariants (chips, a card twice, a falsified showdown)."""

from __future__ import annotations

import pytest

from .fuzz import run_fuzz


@pytest.mark.parametrize("seed", [11, 12])
def test_engine_fuzz_leaks_no_exception_and_refusals_change_nothing(seed: int) -> None:
    report = run_fuzz(3_000, seed=seed)
    assert report.calls >= 3_000
    assert dict(report.leaked) == {}, report.examples
    assert report.changed_on_refusal == 0, report.examples
    assert report.broken_invariants == 0, report.examples
    # the fuzz really reaches what it claims to test: refusals and finished hands
    assert report.refused > report.calls // 5
    assert report.completed > 10
