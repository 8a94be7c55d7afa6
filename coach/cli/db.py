"""``python -m coach db {upgrade,current,check,revision,purge}``: the store's schema by hand.

A learner's own SQLite file is upgraded by the app itself; on a class server
the teacher runs ``python -m coach db upgrade`` once, after a backup and
before starting the new version's app processes (docs/DEPLOY.md), so several
processes never race to change a schema full of a class's progress. The
database is ``--url`` or, as for the app, ``COACH_DATABASE_URL``.

``purge [--days N] [--dry-run]`` deletes the live classes that ended more than N days ago
(default ``COACH_PURGE_DAYS``, else 30) with their pupils, questions and answers, and prints
how many; the app also sweeps them by itself (docs/CLASSE.md), this is for cron or by hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from alembic import command

from coach.cli.common import ArgumentParser, add_locale, parse_args
from coach.errors import InvalidInput, StoreError
from coach.i18n import Translator, get_translator
from coach.live import ENV_PURGE_DAYS, purge_days
from coach.store import Store, migrations

R = TypeVar("R")


def _with_store(url: str | None, work: Callable[[Store], R], *, auto_upgrade: bool = False) -> R:
    """Run ``work`` on the store at ``url`` and let its connections go, whatever happens (a
    command is a short process: the pool must not outlive it). A StoreError reaches the caller."""
    store = Store(url, auto_upgrade=auto_upgrade)
    try:
        return work(store)
    finally:
        store.engine.dispose()


def _store_problem(err: StoreError, t: Translator) -> int:
    print(t("Database: {problem}", problem=err.localized(t)), file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m coach db", description="The progress store's schema.")
    parser.add_argument("command", choices=["upgrade", "current", "check", "revision", "purge"])
    parser.add_argument("--url", help="SQLAlchemy URL (default: COACH_DATABASE_URL, else the user's SQLite)")
    parser.add_argument("-m", "--message", default="", help="revision: what the new revision changes")
    parser.add_argument("--days", default=None,
                        help="purge: classes ended more than N days ago (default: COACH_PURGE_DAYS, else 30)")
    parser.add_argument("--dry-run", action="store_true", help="purge: count only, delete nothing")
    add_locale(parser)
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
    t = get_translator(args.locale)
    if args.command == "revision":
        return _revision(args.message)
    if args.command == "purge":
        return _purge(args.url, args.days, args.dry_run, t)

    def revision_after(store: Store) -> str | None:
        """The schema found; unless only asked for it, then checked (or upgraded) to this version's."""
        found = store.revision()
        if args.command != "current":
            store.ensure_schema()
        return found

    try:
        before = _with_store(args.url, revision_after, auto_upgrade=args.command == "upgrade")
    except StoreError as err:
        return _store_problem(err, t)
    if args.command == "current":
        print(t("Schema of the database: {found}; this version of the app: {head}.",
                found=before or "—", head=migrations.head()))
        return 0
    if args.command == "check":
        print(t("The database has this version's schema ({head}).", head=migrations.head()))
    elif before == migrations.head():
        print(t("The database already has this version's schema ({head}).", head=migrations.head()))
    else:
        print(t("Database upgraded: schema {before} -> {after}.", before=before or "—",
                after=migrations.head()))
    return 0


def _revision(message: str) -> int:
    """A new empty revision after the head, for a developer to fill in (docs/DEVELOPING.md)."""
    if not message:
        print("revision: say what changes with -m", file=sys.stderr)
        return 2
    head = migrations.head()
    number = f"{int(head) + 1:04d}"
    slug = "_".join(message.lower().split())[:40]
    versions = Path(migrations.__file__).parent / "versions"
    command.revision(migrations.config(), message=message, rev_id=number, head=head,
                     version_path=str(versions))
    for path in versions.glob(f"{number}_*.py"):  # Alembic names it NNNN_slug.py; we prefix a letter
        path.rename(versions / f"v{number}_{slug}.py")
    print(f"{versions}/v{number}_{slug}.py")
    return 0


def _purge(url: str | None, days_arg: str | None, dry_run: bool, t: Translator) -> int:
    """Delete (or, with ``--dry-run``, count) the ended classes older than the days given."""
    try:
        days = purge_days() if days_arg is None else purge_days({ENV_PURGE_DAYS: days_arg})
    except InvalidInput as err:
        print(err.localized(t), file=sys.stderr)
        return 2
    try:
        done = _with_store(url, lambda store: store.purge_classes(days=days, dry_run=dry_run))
    except StoreError as err:
        return _store_problem(err, t)
    counts = t("classes: {classes}, pupils: {pupils}, questions: {questions}, answers: {answers}",
               classes=done.classes, pupils=done.pupils, questions=done.questions, answers=done.answers)
    if dry_run:
        print(t("Would delete the classes ended more than {days} days ago: {counts}. Nothing was deleted "
                "(dry run).", days=days, counts=counts))
    else:
        print(t("Deleted the classes ended more than {days} days ago: {counts}.", days=days, counts=counts))
    return 0
