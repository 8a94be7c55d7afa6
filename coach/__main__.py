"""Command line: ``python -m coach {replay,evaluate,equity,advise,lessons,theory} ...``.

Each sub-command lives with the module it exercises and exposes
``main(argv) -> int``; this file only dispatches, so importing it is cheap.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

COMMANDS = {
    "replay": ("coach.engine.cli", "Replay PHH hand histories and print one JSON line per hand."),
    "evaluate": ("coach.evaluator_cli", "Evaluate 5 to 7 cards and print the hand as JSON."),
    "equity": ("coach.equity_cli", "Equity of hands or ranges, exact or Monte Carlo."),
    "advise": ("coach.feedback.cli", "Grade the options at the decision point of a PHH file."),
    "lessons": ("coach.lessons.cli", "Check the lesson files against the engine."),
    "theory": ("coach.theory.cli", "Push/fold equilibria, river solver, and the tables behind them."),
    "db": ("coach.db_cli", "The progress database's schema: upgrade, current, check."),
}


def main(argv: Sequence[str] | None = None) -> int:
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


if __name__ == "__main__":
    sys.exit(main())
