"""``python -m coach equity AsKs QhQd [--board 9s8s2d] [--dead ...]``: equity as JSON.

Each positional argument is one player: a hand (``AsKs``) or a range in
quotes (``"TT+, AQs+, AKo"``). Prints ``{"players", "equities", "wins",
"ties", "boards", "method", "stderr"}``; ``--mc`` forces Monte Carlo,
``--exact`` refuses to fall back to it. Bad input (cards, ranges, more than
``MAX_SAMPLES`` samples, a negative seed) prints ``{"error": ...}`` and exits
with status 2; so does a usage error, on stderr.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from coach.cli.common import ArgumentParser, add_locale, parse_args
from coach.equity import DEFAULT_SAMPLES, equity_result
from coach.errors import InvalidInput
from coach.i18n import get_translator
from coach.limits import MAX_SAMPLES


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m coach equity",
        description="Equity of 2 to 10 hands or ranges, exact when affordable, else Monte Carlo.",
    )
    parser.add_argument("players", nargs="+", help='hands (AsKs) or ranges ("TT+, AQs+")')
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. 9s8s2d")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate, or fail if too large")
    mode.add_argument("--mc", action="store_true", help="Monte Carlo even when exact is affordable")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"Monte Carlo deals (1 to {MAX_SAMPLES:,})")
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    add_locale(parser)
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
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
