"""The 12-25 bb opening and re-shove tables (coach/theory/shortstack.py, tools/build_shortstack.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from coach.theory import shortstack as ss
from coach.theory.classes import CLASS_OF_NAME, class_sizes, disjoint_pairs
from coach.theory.preflop import equity_table

ROOT = Path(__file__).resolve().parent.parent.parent


def _builder() -> ModuleType:
    """``tools/build_shortstack.py`` loaded from its file (``tools/`` is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("build_shortstack", ROOT / "tools" / "build_shortstack.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_table_ships() -> None:
    """Both tables, every seat and every pair of seats, every stack and ante, with small exploitability."""
    shipped = ss._shipped()
    for players in ss.TABLES:
        for stack in ss.STACKS:
            for ante in ss.ANTES:
                for x in range(players - 1):
                    assert ss.open_key(players, x, stack, ante) in shipped
                    for y in range(x + 1, players):
                        key = ss.reshove_key(players, x, y, stack, ante)
                        assert key in shipped
                        assert shipped[key][1] <= 2 * ss.TARGET_BB, key


def test_regenerating_a_part_gives_the_shipped_file() -> None:
    """Six-handed at 12.5 bb without ante rebuilt from scratch: the same actions and values."""
    rows, _ = _builder().build((6,), (12.5,), (0.0,))
    shipped = ss._shipped()
    assert len(rows) == 5 + 15
    for key, row in rows.items():
        stored = shipped[key][0][: len(row)]
        assert np.array_equal(stored[:169], row[:169]), key  # the actions
        assert np.allclose(stored, row, atol=1e-3), key


def test_the_reshove_value_is_fold_equity_plus_the_called_all_in() -> None:
    """The table's EV of a re-shove, recomputed by hand from its own calling ranges for one hand:
    fold equity × pot + Σ P(he is the caller) × (equity × final pot − stack), minus folding."""
    players, opener, hero, stack = 9, 0, 6, 17.5  # UTG opens, the button re-shoves, 17.5 bb
    raise_range = (ss.open_row(players, opener, stack, 0.0).action == ss.RAISE).astype(float)  # type: ignore[union-attr]
    r = ss.solve_reshove(players, opener, hero, stack, 0.0, raise_range)
    eq = equity_table()
    sizes = class_sizes().astype(float)
    cond = disjoint_pairs() / (sizes[:, None] * 1225.0)
    h = CLASS_OF_NAME["AQo"]
    posted = {7: 0.5, 8: 1.0, opener: 2.2}  # SB, BB, the opener's raise
    dead = sum(posted.values())
    ev, nobody = 0.0, 1.0
    for seat, calls in zip([7, 8, opener], r.calls, strict=True):
        weights = cond[h] * (raise_range if seat == opener else 1.0)
        weights = weights / weights.sum()
        p = float(weights @ calls)
        e = float((weights * calls) @ eq[h]) / p
        final = 2 * stack + dead - posted[seat]
        ev += nobody * p * (e * final - stack)
        nobody *= 1 - p
    ev += nobody * dead
    assert ev == pytest.approx(float(r.ev_shove[h]), abs=1e-9)


def test_tables_say_what_a_strong_player_says() -> None:
    """Aces re-shove and 7-2 folds from every seat; the opener calls a re-shove with aces; a hand the
    table shoves first in gains against folding."""
    aa, trash = CLASS_OF_NAME["AA"], CLASS_OF_NAME["72o"]
    for players in ss.TABLES:
        for stack in ss.STACKS:
            for x in range(players - 1):
                row = ss.open_row(players, x, stack, 0.0)
                assert row is not None
                assert row.action[aa] == ss.RAISE and row.action[trash] == ss.FOLD
                assert (row.ev_shove[row.action == ss.SHOVE] > 0).all()
                for y in range(x + 1, players):
                    r = ss.reshove_row(players, x, y, stack, 0.0)
                    assert r is not None
                    assert r.action[aa] == ss.SHOVE and r.action[trash] == ss.FOLD
                    assert r.opener_calls[aa] == 1.0


def test_nearest_stack_and_ante() -> None:
    row = ss.reshove_row(9, 0, 6, 18.0, 0.01)
    assert row is not None and row.stack_bb == 17.5 and row.ante_bb == 0.0
    assert ss.open_row(6, 2, 24.0, 0.2) is not None
    assert ss.open_row(6, 2, 24.0, 0.2).stack_bb == 25.0  # type: ignore[union-attr]
