"""Architecture check: ``python tools/archcheck.py`` counts, from the imports, what the layering promises.

Why a script and not a reviewer's eye: the promises in ``docs/ARCHITECTURE.md`` (pages never import
pages, no import circle, no arrow from a lower layer up to a higher one, rooms small enough to read,
imports at the top, one home for each piece of logic) are cheap to break in one line and tedious to
find by reading. This reads every module of ``coach/`` with :mod:`ast`, prints the figures and exits
1 when a promise is broken, so ``tests/test_architecture.py`` keeps them and anyone can rerun it.

What is counted:

* **page → page**: a module under ``coach/ui/views/`` (a page's body) importing another one.
* **circles**: strongly connected groups of modules in the import graph (every import, also the ones
  inside functions; imports under ``if TYPE_CHECKING:`` are left out, they never run).
* **upward arrows**: an import from a room to a room of a higher layer (:data:`LAYERS`).
* **long modules**: more than :data:`MAX_LINES` lines, except the ones in :data:`LONG_EXCEPTIONS`
  with the reason they stay whole.
* **function-local imports** of the project's own modules (third-party ones are ruff's PLC0415 and
  must say why with a ``noqa``).
* **twins**: the same public function or class name defined in two modules, for the names that once
  had two homes (:data:`ONE_HOME`), plus a printed list of every other repeated top-level name.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "coach"
MAX_LINES = 600

# Layers from the bottom up. A room is the first name under ``coach`` (a subpackage or a module).
# A room may import its own layer (when no circle results) and the layers below it, never above.
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("text", frozenset({"textsafe", "i18n", "errors", "limits"})),
    ("cards", frozenset({"cards"})),
    ("evaluation", frozenset({"evaluator", "ranges", "positions"})),
    ("equity", frozenset({"equity", "boards", "outs", "dealing"})),
    ("engine", frozenset({"engine"})),
    ("rooms", frozenset({"rooms"})),
    ("theory", frozenset({"theory"})),
    ("coach", frozenset({"feedback"})),
    ("lessons", frozenset({"lessons"})),
    ("live", frozenset({"live", "live_export", "habit"})),
    ("store", frozenset({"store"})),
    ("identity", frozenset({"signing", "identity"})),
    ("learning", frozenset({"learning"})),
    ("review", frozenset({"review"})),
    ("cli", frozenset({"cli"})),
    ("ui", frozenset({"ui"})),
    ("entry", frozenset({"__main__", "__init__"})),
)

# Modules allowed over MAX_LINES, with the reason they stay whole.
LONG_EXCEPTIONS: dict[str, str] = {}

# Names that had two homes once; each must be defined exactly once in coach/.
ONE_HOME: tuple[str, ...] = ("grid_of", "position_names", "toml_value", "toml_key")

# Repeated top-level names that are a convention, not duplicated logic.
# (Alembic revisions' upgrade/downgrade; the valuation models' value/applies protocol methods.)
CONVENTIONAL = frozenset({"main", "build_parser", "render", "run", "register", "show", "page",
                          "upgrade", "downgrade", "value", "applies"})


@dataclass
class Module:
    """One source file: its dotted name, its room, its length and what it imports."""

    name: str
    path: Path
    room: str
    lines: int
    imports: set[str] = field(default_factory=set)
    local_imports: list[tuple[int, str]] = field(default_factory=list)
    defs: set[str] = field(default_factory=set)


def _dotted(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _room(name: str) -> str:
    parts = name.split(".")
    if len(parts) == 1:
        return "__init__"
    return parts[1]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, *(node.module.split(".") if node.module else [])])


def _targets(module: str, node: ast.Import | ast.ImportFrom, is_package: bool,
             known: set[str]) -> Iterator[str]:
    """The project modules an import statement loads (``from coach.x import y`` may name a module y)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == "coach" or alias.name.startswith("coach."):
                yield alias.name
        return
    base = _resolve(module, node, is_package)
    if not (base == "coach" or base.startswith("coach.")):
        return
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in known else base


def _walk(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import with whether it sits inside a function; TYPE_CHECKING blocks are skipped."""
    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    yield from visit(sub, in_function)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
                continue
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            yield from visit(child, inner)
    yield from visit(tree, False)


def load(package: Path = PACKAGE) -> dict[str, Module]:
    """Parse every module of the package once."""
    paths = sorted(package.rglob("*.py"))
    known = {_dotted(p) for p in paths}
    modules: dict[str, Module] = {}
    for path in paths:
        name = _dotted(path)
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text, filename=str(path))
        module = Module(name, path, _room(name), text.count("\n") + (not text.endswith("\n")))
        for node, in_function in _walk(tree):
            for target in _targets(name, node, path.name == "__init__.py", known):
                if target == name:
                    continue
                module.imports.add(target)
                if in_function and (node.lineno, target) not in module.local_imports:
                    module.local_imports.append((node.lineno, target))
        for node in tree.body:
            is_def = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if is_def and not node.name.startswith("_"):
                module.defs.add(node.name)
        modules[name] = module
    return modules


def _rank(room: str) -> int | None:
    for index, (_, rooms) in enumerate(LAYERS):
        if room in rooms:
            return index
    return None


def _is_page(name: str) -> bool:
    return name.startswith("coach.ui.views.")


def page_imports(modules: dict[str, Module]) -> list[tuple[str, str]]:
    """A page importing another page (a link goes through ``coach.ui.navigation.target`` instead)."""
    return sorted((m.name, t) for m in modules.values() if _is_page(m.name)
                  for t in m.imports if _is_page(t))


def circles(modules: dict[str, Module]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module.

    A package's ``__init__`` that only re-exports its own modules would count as a circle with each
    of them; the arrow from a submodule to its own package (``coach.x.y`` → ``coach.x``) is therefore
    read as an arrow to the modules the package re-exports, which is what actually runs.
    """
    graph = {name: {t for t in m.imports if t in modules} for name, m in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(10_000)

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(found)


def upward(modules: dict[str, Module]) -> list[tuple[str, str]]:
    arrows = []
    for m in modules.values():
        low = _rank(m.room)
        for t in m.imports:
            if t not in modules:
                continue
            high = _rank(modules[t].room)
            if low is not None and high is not None and high > low:
                arrows.append((m.name, t))
    return sorted(arrows)


def unplaced(modules: dict[str, Module]) -> list[str]:
    return sorted({m.room for m in modules.values() if _rank(m.room) is None})


def long_modules(modules: dict[str, Module]) -> list[tuple[str, int]]:
    return sorted(((str(m.path.relative_to(ROOT)), m.lines) for m in modules.values()
                   if m.lines > MAX_LINES), key=lambda x: -x[1])


def local_imports(modules: dict[str, Module]) -> list[tuple[str, int, str]]:
    return sorted((str(m.path.relative_to(ROOT)), line, target)
                  for m in modules.values() for line, target in m.local_imports)


def twins(modules: dict[str, Module]) -> dict[str, list[str]]:
    homes: dict[str, list[str]] = defaultdict(list)
    for m in modules.values():
        for name in m.defs:
            homes[name].append(m.name)
    return {name: sorted(where) for name, where in sorted(homes.items()) if len(where) > 1}


def _print(title: str, rows: Iterable[object]) -> int:
    rows = list(rows)
    print(f"{title}: {len(rows)}")
    for row in rows:
        print(f"    {row}")
    return len(rows)


def main(argv: list[str] | None = None) -> int:
    modules = load()
    total = sum(m.lines for m in modules.values())
    print(f"coach/: {len(modules)} modules, {total:,} lines")
    broken = 0
    broken += _print("page -> page imports", (f"{a} -> {b}" for a, b in page_imports(modules)))
    broken += _print("import circles", (" <-> ".join(c) for c in circles(modules)))
    broken += _print("upward arrows", (f"{a} -> {b}" for a, b in upward(modules)))
    broken += _print("rooms in no layer (add them to LAYERS)", unplaced(modules))
    long = long_modules(modules)
    over = [(p, n) for p, n in long if p not in LONG_EXCEPTIONS]
    broken += _print(f"modules over {MAX_LINES} lines", (f"{p}: {n}" for p, n in over))
    _print("  allowed exceptions", (f"{p}: {n} ({LONG_EXCEPTIONS[p]})" for p, n in long
                                    if p in LONG_EXCEPTIONS))
    broken += _print("function-local imports of coach modules",
                     (f"{p}:{line} {t}" for p, line, t in local_imports(modules)))
    all_twins = twins(modules)
    broken += _print("logic with two homes", (f"{n}: {', '.join(all_twins[n])}" for n in ONE_HOME
                                             if n in all_twins))
    _print("  other repeated public names (read them: same name, same job?)",
           (f"{n}: {', '.join(w)}" for n, w in all_twins.items()
            if n not in ONE_HOME and n not in CONVENTIONAL))
    print("OK" if not broken else f"{broken} broken promise(s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
