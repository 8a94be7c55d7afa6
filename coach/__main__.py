"""``python -m coach ...``: the command line, dispatched by :func:`coach.cli.main`."""

from __future__ import annotations

import sys

from coach.cli import main

if __name__ == "__main__":
    sys.exit(main())
