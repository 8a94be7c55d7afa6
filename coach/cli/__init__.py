"""Command line: ``python -m coach {replay,import,review,worker,evaluate,equity,advise,lessons,theory,db}``.

Each sub-command is one module of this package, named after it
(``coach.cli.replay``...), exposing ``main(argv) -> int``; what they share
(the language option, usage errors, a bad file's line) is ``coach.cli.common``.
This module only dispatches and imports a command's module when that command
runs, so ``--help`` and a light command do not pay for the solvers or the store.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

COMMANDS = {
    "replay": ("coach.cli.replay", "Replay PHH hand histories and print one JSON line per hand."),
    "import": ("coach.cli.imports", "Convert online rooms' hand histories to PHH, one JSON line per hand."),
    "evaluate": ("coach.cli.evaluate", "Evaluate 5 to 7 cards and print the hand as JSON."),
    "equity": ("coach.cli.equity", "Equity of hands or ranges, exact or Monte Carlo."),
    "advise": ("coach.cli.advise", "Grade the options at the decision point of a PHH file."),
    "lessons": ("coach.cli.lessons", "Check the lesson files against the engine."),
    "theory": ("coach.cli.theory", "Push/fold equilibria, river solver, and the tables behind them."),
    "db": ("coach.cli.db", "The progress database's schema: upgrade, current, check."),
    "review": ("coach.cli.review", "Review a session: every hero decision graded, the costliest first."),
    "worker": ("coach.cli.worker", "Run the task queue's jobs (session reviews) until stopped."),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sub-command named by ``argv[0]``; its exit status, 2 for an unknown one."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help") or args[0] not in COMMANDS:
        print("usage: python -m coach {" + ",".join(COMMANDS) + "} ...", file=sys.stderr)
        for name, (_, help_text) in COMMANDS.items():
            print(f"  {name:<9} {help_text}", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    module = importlib.import_module(COMMANDS[args[0]][0])
    try:
        result: int = module.main(args[1:])
    except BrokenPipeError:  # ``python -m coach replay *.phh | head``: the reader left, no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
    return result
