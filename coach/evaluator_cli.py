"""``python -m coach evaluate CARDS``: one hand as JSON.

Prints ``{"category": "straight_flush", "name": "Scala reale", "best_five": [...],
"strength": N}``; ``name`` is the full description in the chosen language
(Italian by default). A card that cannot be read prints ``{"error": ...}`` and
exits with status 2, so scripts can tell bad input from a crash.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from coach.cards import parse_cards
from coach.errors import InvalidInput
from coach.evaluator import best_five, category, describe_strength, evaluate
from coach.i18n import SUPPORTED_LOCALES, get_translator


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m coach evaluate",
        description="Evaluate 5 to 7 cards (e.g. As Ks Qs Js Ts 2c 3d) and print the hand as JSON.",
    )
    parser.add_argument("cards", nargs="+", help="cards: As Kd 10h, or AsKd10h")
    parser.add_argument("--locale", choices=SUPPORTED_LOCALES, default="it",
                        help="language of the name (default it)")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
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
