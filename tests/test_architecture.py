"""The layering promises ``tools/archcheck.py`` counts, kept by the suite.

Every promise of ``docs/ARCHITECTURE.md`` holds today and must keep holding: no page imports another
page, no import circle, no arrow from a lower layer up to a higher one, every room of ``coach/`` in a
layer, no module over ``MAX_LINES`` (beyond the listed exceptions, each with its reason), no
function-local import of the project's own modules, and every name that once had two homes
(``ONE_HOME``) defined once. The check parses ``coach/`` once (well under a second).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


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


def test_no_import_circle(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert check.circles(modules) == [], "python tools/archcheck.py lists the circle"


def test_no_page_imports_another_page(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert check.page_imports(modules) == []


def test_no_arrow_runs_up(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert check.upward(modules) == []


def test_no_module_too_long_to_read(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert [(p, n) for p, n in check.long_modules(modules) if p not in check.LONG_EXCEPTIONS] == []


def test_imports_of_the_project_are_at_the_top(arch: tuple[ModuleType, dict[str, object]]) -> None:
    check, modules = arch
    assert check.local_imports(modules) == []


def test_the_check_catches_a_broken_promise(tmp_path: Path) -> None:
    """The counters are not blind: a tiny package with a page importing a page, a circle, an arrow
    up and a function-local import is caught on every count."""
    check = _archcheck()
    pkg = tmp_path / "coach"
    (pkg / "ui" / "views").mkdir(parents=True)
    (pkg / "engine").mkdir()
    for init in (pkg, pkg / "ui", pkg / "ui" / "views", pkg / "engine"):
        (init / "__init__.py").write_text("")
    (pkg / "ui" / "views" / "a.py").write_text("from coach.ui.views import b\n")
    (pkg / "ui" / "views" / "b.py").write_text("from coach.ui.views import a\n")
    up_and_local = "from coach.ui.views import a\n\ndef f():\n    from coach.engine import y\n"
    (pkg / "engine" / "x.py").write_text(up_and_local)
    (pkg / "engine" / "y.py").write_text("x = 1\n")
    old_root = check.ROOT
    check.ROOT = tmp_path
    try:
        modules = check.load(pkg)
        assert check.page_imports(modules) == [("coach.ui.views.a", "coach.ui.views.b"),
                                               ("coach.ui.views.b", "coach.ui.views.a")]
        assert check.circles(modules) == [["coach.ui.views.a", "coach.ui.views.b"]]
        assert check.upward(modules) == [("coach.engine.x", "coach.ui.views.a")]
        assert [t for _, _, t in check.local_imports(modules)] == ["coach.engine.y"]
    finally:
        check.ROOT = old_root
