"""``python -m coach evaluate CARDS``: one hand as JSON.

Prints ``{"category": "straight_flush", "name": "Scala reale", "best_five": [...],
"strength": N}``; ``name`` is the full description in the chosen language
(Italian by default). A card that cannot be read prints ``{"error": ...}`` and
exits with status 2, so scripts can tell bad input from a crash.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from coach.cards import parse_cards
from coach.cli.common import ArgumentParser, add_locale, parse_args
from coach.errors import InvalidInput
from coach.evaluator import best_five, category, describe_strength, evaluate
from coach.i18n import get_translator


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m coach evaluate",
        description="Evaluate 5 to 7 cards (e.g. As Ks Qs Js Ts 2c 3d) and print the hand as JSON.",
    )
    parser.add_argument("cards", nargs="+", help="cards: As Kd 10h, or AsKd10h")
    add_locale(parser)
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
    tr = get_translator(args.locale)
    try:
        cards = parse_cards(" ".join(args.cards))
        strength = evaluate(cards)
        five = best_five(cards)
    except InvalidInput as err:
        print(json.dumps({"error": err.localized(tr)}, ensure_ascii=False))
        return 2
    print(json.dumps({
        "category": category(strength).key,
        "name": tr.render(describe_strength(strength)),
        "best_five": [str(c) for c in five],
        "strength": strength,
    }, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
