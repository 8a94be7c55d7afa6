"""``python -m coach advise FILE.phh``: grade the options at the decision point of a hand history.

The file is a PHH hand that stops where someone must act: that player is the
hero, his hole cards must be known (the others may be ``????``). The output is
one JSON object (figures, options with grade, EV in big blinds and the
explanation in the chosen language, the best option as a PHH code, the model
that produced the figures). An ``--action`` the rules forbid is listed under
``refused`` with its rule and the Italian explanation, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from coach.errors import CoachError, InvalidInput
from coach.i18n import N_, SUPPORTED_LOCALES, get_translator


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m coach advise", description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", type=Path, help="PHH files that stop at a decision point")
    p.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo equity (default 0)")
    p.add_argument("--locale", default="it", choices=SUPPORTED_LOCALES, help="language of the texts")
    p.add_argument("--range", action="append", default=[], metavar="pN=RANGE",
                   help="assume this range for player pN, e.g. p2='TT+, AQs+, AKo'")
    p.add_argument("--action", action="append", default=[], metavar="CODE",
                   help="also grade this bet or raise, e.g. 'cbr 40' (an illegal one is listed as refused)")
    p.add_argument("--profile", action="append", default=[], metavar="[pN=]NAME",
                   help="opponent profile: equilibrio (default), principiante, roccia, aggressivo; "
                        "NAME alone for every opponent, pN=NAME for one seat")
    p.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    return p


def advise_text(text: str, *, source: str = "<phh>", seed: int = 0, locale: str = "it",
                ranges: Sequence[str] = (), actions: Sequence[str] = (),
                profiles: Sequence[str] = ()) -> dict[str, object]:
    """The advice for the decision at the end of a PHH text, as the CLI prints it."""
    from coach.engine.phh import loads_phh
    from coach.feedback.analysis import analyze

    history = loads_phh(text, source=source)
    hand = history.replay(require_complete=False)
    if hand.is_complete or hand.legal_actions().actor is None:
        raise InvalidInput(N_("{source}: the hand does not stop at a decision: nobody is to act."),
                           source=source)
    given: dict[int, str] = {}
    for item in ranges:
        label, sep, notation = item.partition("=")
        label = label.strip()
        if not sep or not label.startswith("p") or not label[1:].isdigit():
            raise InvalidInput(N_("'{text}': write the range as pN=RANGE, e.g. p2='TT+, AKs'."), text=item)
        given[hand.config.seat_of_player(int(label[1:]))] = notation.strip()
    from coach.feedback.profiles import profile

    chosen: dict[int, str] = {}
    for item in profiles:
        label, sep, name = item.partition("=")
        if not sep:  # one name for every opponent
            profile(item)
            chosen.update({s: item for s in range(hand.config.n_seats)})
            continue
        label = label.strip()
        if not label.startswith("p") or not label[1:].isdigit():
            raise InvalidInput(N_("'{text}': write the profile as NAME or pN=NAME, e.g. p2=principiante."),
                               text=item)
        profile(name)
        chosen[hand.config.seat_of_player(int(label[1:]))] = name.strip()
    analysis = analyze(hand, villain_ranges=given or None, seed=seed, candidates=actions,
                       profiles=chosen or None)
    labels = [f"p{hand.config.player_of_seat(s)}" for s in range(hand.config.n_seats)]
    out = analysis.to_json(locale, labels=labels)
    out["file"] = source
    out["seed"] = seed
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    tr = get_translator(args.locale)
    status = 0
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            status = 2
            continue
        try:
            out = advise_text(text, source=str(path), seed=args.seed, locale=args.locale,
                              ranges=args.range, actions=args.action, profiles=args.profile)
        except CoachError as exc:
            print(exc.localized(tr), file=sys.stderr)
            status = 2
            continue
        print(json.dumps(out, ensure_ascii=False, indent=args.indent))
        if out.get("refused"):
            status = max(status, 1)  # an asked-for action the rules forbid: listed, and said by the exit status
    return status
