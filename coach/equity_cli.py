"""``python -m coach equity AsKs QhQd [--board 9s8s2d] [--dead ...]``: equity as JSON.

Each positional argument is one player: a hand (``AsKs``) or a range in
quotes (``"TT+, AQs+, AKo"``). Prints ``{"players", "equities", "wins",
"ties", "boards", "method", "stderr"}``; ``--mc`` forces Monte Carlo,
``--exact`` refuses to fall back to it. Bad input prints ``{"error": ...}``
and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from coach.equity import DEFAULT_SAMPLES, equity_result
from coach.errors import InvalidInput
from coach.i18n import SUPPORTED_LOCALES, get_translator


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m coach equity",
        description="Equity of 2 to 10 hands or ranges, exact when affordable, else Monte Carlo.",
    )
    parser.add_argument("players", nargs="+", help='hands (AsKs) or ranges ("TT+, AQs+")')
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 9s8s2d")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate, or fail if too large")
    mode.add_argument("--mc", action="store_true", help="Monte Carlo even when exact is affordable")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="Monte Carlo deals")
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    parser.add_argument("--locale", choices=SUPPORTED_LOCALES, default="it",
                        help="language of error messages (default it)")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    exact = True if args.exact else (False if args.mc else None)
    try:
        result = equity_result(args.players, args.board, args.dead, exact=exact,
                               samples=args.samples, seed=args.seed)
    except InvalidInput as err:
        print(json.dumps({"error": err.localized(get_translator(args.locale))}, ensure_ascii=False))
        return 2
    out = result.as_dict()
    out["equities"] = [round(e, 6) for e in result.equities]
    out["stderr"] = [round(e, 6) for e in result.stderr]
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
