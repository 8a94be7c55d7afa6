"""The layering promises ``tools/archcheck.py`` counts, kept by the suite so that they only get better.

What holds today must keep holding: every name that once had two homes (``ONE_HOME``) is defined
once, every room of ``coach/`` sits in a layer (``LAYERS``), and no import circle appears beyond the
one still being broken up: each circle found must lie inside one listed in ``KNOWN_CIRCLES``, so a
circle may shrink or vanish but never grow or appear. The lead empties ``KNOWN_CIRCLES`` once the
last circle is gone. The check parses ``coach/`` once (well under a second).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The import circles allowed today (each a set of modules); a circle found must lie inside one.
KNOWN_CIRCLES: tuple[frozenset[str], ...] = (
    frozenset({"coach.feedback", "coach.feedback.analysis", "coach.feedback.bots", "coach.feedback.policy",
               "coach.feedback.valuation", "coach.feedback.valuation.turn", "coach.ui.coaching"}),
)


def _archcheck() -> ModuleType:
    """``tools/archcheck.py`` loaded from its file (``tools/`` is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("archcheck", ROOT / "tools" / "archcheck.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def arch() -> tuple[ModuleType, dict[str, object]]:
    check = _archcheck()
    return check, check.load()


def test_the_check_reads_the_whole_package(arch: tuple[ModuleType, dict[str, object]]) -> None:
    _, modules = arch
    assert "coach.engine.hand" in modules and "coach.store" in modules
    assert len(modules) == len(list((ROOT / "coach").rglob("*.py")))


def test_logic_that_had_two_homes_has_one(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    twins = check.twins(modules)
    assert {name: twins[name] for name in check.ONE_HOME if name in twins} == {}


def test_every_room_sits_in_a_layer(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert check.unplaced(modules) == []


def test_no_new_import_circle(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    new = [circle for circle in check.circles(modules)
           if not any(set(circle) <= known for known in KNOWN_CIRCLES)]
    assert new == [], "an import circle appeared or grew (python tools/archcheck.py lists them)"
