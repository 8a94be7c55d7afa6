"""Which module of ``coach/`` has its mirrored test module ``tests/<package>/test_<module>.py``.

Run ``python tools/testmap.py`` (``--missing`` to print only the gaps): one row per module with
``yes`` (the mirror exists), ``covered`` (a named test module
exercises it with others, see ``COVERED_BY``), ``EXEMPT`` (no logic to test: the reason is printed, worked out
from the module's syntax tree, so the table stays honest as the code changes) or ``MISSING``.
The page views (``coach/ui/views``) are left out: the page tests in
``tests/ui`` and ``tests/ui/views`` cover them by running the app. The exit status is 0: this is
a map for people, not a gate.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("coach/ui/views",)


# Modules whose tests live in a test module named after what it exercises, not after one module:
COVERED_BY = {
    # the preflop sizing rule, moved out of the chart model so the short-stack tables share it; its
    # tests (standard bands, size loss) stay with the chart model's
    "coach/feedback/valuation/preflop_sizing.py": "tests/feedback/valuation/test_preflop_ranges.py",
    # the types every model shares: the registry's test checks each model against them
    "coach/feedback/valuation/base.py": "tests/feedback/valuation/test_valuation.py",
    # the order of hand strengths, read through the evaluator that indexes its tables by it
    "coach/evaluator/classes.py": "tests/evaluator/test_lookup.py",
    # the two-street CFR kernel, exercised through its one caller (a turn spot's solve)
    "coach/theory/turncfr.py": "tests/theory/test_turn.py",
    # the pots and the result a finished hand reports (side pots first, odd chips, net, winners)
    "coach/engine/pots.py": "tests/engine/test_hand.py",
    "coach/engine/settlement.py": "tests/engine/test_hand.py",
    # the migrations are run as a chain (upgrade, downgrade, a legacy store brought forward)
    "coach/store/migrations/__init__.py": "tests/store/test_migrations.py",
    "coach/store/migrations/env.py": "tests/store/test_migrations.py",
}


def mirror(module: Path) -> Path:
    """``coach/feedback/valuation/base.py`` -> ``tests/feedback/valuation/test_base.py``.

    A package's own ``__init__.py`` (when it has logic, e.g. a registry) is mirrored by a test module
    named after the package: ``coach/feedback/valuation/__init__.py`` ->
    ``tests/feedback/valuation/test_valuation.py``.
    """
    rel = module.relative_to(ROOT / "coach")
    stem = rel.parent.name if rel.name == "__init__.py" and rel.parent.name else rel.stem
    return ROOT / "tests" / rel.parent / f"test_{stem}.py"


def _trivial(stmt: ast.stmt) -> bool:
    """A docstring, ``pass``, ``...`` or ``return <constant>``: a statement with no logic in it."""
    if isinstance(stmt, ast.Expr):
        return isinstance(stmt.value, ast.Constant)
    if isinstance(stmt, ast.Return):
        return stmt.value is None or isinstance(stmt.value, ast.Constant)
    return isinstance(stmt, ast.Pass)


def exempt_reason(module: Path) -> str | None:
    """Why a module needs no test module of its own, or None when it has logic.

    Logic = a function or method with a body beyond a docstring, ``...`` or a bare ``return`` of a
    constant. A module of constants, dataclasses without methods, re-exports or a ``__main__`` stub
    has none.
    """
    tree = ast.parse(module.read_text(encoding="utf-8"))
    if module.name == "__main__.py":
        return "entry point stub"
    if "versions" in module.parts:
        return "migration script (tests/store/test_migrations.py runs the chain)"
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not all(map(_trivial, node.body)):
            return None
    if module.name == "__init__.py":
        return "package marker / re-exports"
    return "constants and data only"


def rows() -> list[tuple[str, str, str]]:
    """(module, status, detail) for every module under coach/ but pages and views."""
    out = []
    for path in sorted((ROOT / "coach").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(SKIP):
            continue
        test = mirror(path)
        if rel in COVERED_BY:
            out.append((rel, "covered", COVERED_BY[rel]))
            continue
        if test.exists():
            out.append((rel, "yes", test.relative_to(ROOT).as_posix()))
            continue
        reason = exempt_reason(path)
        if reason is not None:
            out.append((rel, "EXEMPT", reason))
        else:
            out.append((rel, "MISSING", test.relative_to(ROOT).as_posix()))
    return out


def main(argv: list[str]) -> int:
    table = rows()
    if "--missing" in argv:
        table = [r for r in table if r[1] == "MISSING"]
    width = max((len(r[0]) for r in table), default=10)
    for module, status, detail in table:
        print(f"{module:<{width}}  {status:<7}  {detail}")
    counts = {s: sum(1 for r in rows() if r[1] == s) for s in ("yes", "covered", "EXEMPT", "MISSING")}
    print(f"\n{counts['yes']} mirrored, {counts['covered']} covered elsewhere, {counts['EXEMPT']} exempt, "
          f"{counts['MISSING']} missing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
