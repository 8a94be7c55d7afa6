"""Catalog runner: ``python tools/i18n.py {extract,update,check}``.

``update`` extracts every marked string from ``coach/`` into
``locales/messages.pot`` and merges it into the Italian and English catalogs
(no fuzzy matching: a guessed translation is worse than none).
``check`` fails when a catalog is stale or an Italian entry is untranslated.
The ``.po`` files are committed; they are compiled in memory at start-up.
"""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "locales" / "messages.pot"
KEYWORDS = ["N_", "NP_:1c,2", "NN_:1,2", "_", "gettext", "ngettext:1,2", "pgettext:1c,2", "t"]


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """Serialise catalog writes: several developers may run this at once."""
    with (ROOT / "locales" / ".lock").open("w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def extract() -> None:
    kw: list[str] = []
    for k in KEYWORDS:
        kw += ["-k", k]
    _pybabel("extract", "-F", "pyproject.toml", "--no-default-keywords", *kw, "--sort-by-file",
             "--add-location=file", "--omit-header", "-o", str(POT.relative_to(ROOT)), "coach")


def update() -> None:
    extract()
    for loc in ("it", "en"):
        po = ROOT / "locales" / loc / "LC_MESSAGES" / "messages.po"
        if po.exists():
            _pybabel("update", "-i", str(POT), "-d", "locales", "-l", loc, "--no-fuzzy-matching",
                     "--ignore-obsolete")
        else:
            _pybabel("init", "-i", str(POT), "-d", "locales", "-l", loc)
        _normalize(po, loc)


def _normalize(po: Path, locale: str) -> None:
    """Write the catalog the one way ``fill`` writes it too (width 100, sorted by file), so that
    ``update`` after ``fill`` (or the reverse) changes only the entries that changed."""
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    with po.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_by_file=True)


def fill(locale: str, json_path: str) -> None:
    """Set translations from a JSON object {msgid: msgstr or [plural forms]}.

    An entry with a context is keyed ``"context\u0004msgid"``.

    Safer than editing the .po by hand: quoting and line folding are Babel's.
    """
    import json

    from babel.messages.pofile import read_po, write_po

    po = ROOT / "locales" / locale / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=locale)
    data = json.loads(Path(json_path).read_text(encoding="utf-8"))
    missing = []
    for msgid, msgstr in data.items():
        # "context\u0004msgid" addresses an entry with a context (gettext's own convention)
        context, _, plain = msgid.rpartition("\u0004")
        message = catalog.get(plain, context or None)
        if message is None:
            # plural entries are keyed by their singular msgid
            message = next((m for m in catalog if isinstance(m.id, tuple) and m.id[0] == msgid), None)
        if message is None:
            missing.append(msgid)
            continue
        message.string = tuple(msgstr) if isinstance(msgstr, list) else msgstr
        message.flags.discard("fuzzy")
    with po.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_by_file=True)
    for m in missing:
        print(f"not in the catalog (run update first?): {m!r}", file=sys.stderr)


def check() -> int:
    """Non-zero when an Italian entry is empty or the catalog misses a code string."""
    from babel.messages.pofile import read_po

    extract()
    with POT.open("rb") as fh:
        template = read_po(fh)
    with (ROOT / "locales" / "it" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        it = read_po(fh, locale="it")
    problems = []
    for m in template:
        if not m.id:
            continue
        t = it.get(m.id, m.context)
        if t is None:
            problems.append(f"missing in it: {m.id!r}")
        elif not t.string or (isinstance(t.string, tuple) and not all(t.string)) or t.fuzzy:
            problems.append(f"untranslated in it: {m.id!r}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "update"
    with _locked():
        if cmd == "fill":
            fill(sys.argv[2], sys.argv[3])
        elif cmd == "check":
            sys.exit(check())
        else:
            {"extract": extract, "update": update}[cmd]()
