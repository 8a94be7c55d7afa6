"""``python -m coach advise FILE.phh``: grade the options at the decision point of a hand history.

The file is a PHH hand that stops where someone must act: that player is the
hero, his hole cards must be known (the others may be ``????``). The output is
one JSON object per file (the one judge's analysis, :func:`coach.learning.judge.spot_analysis`,
the same the pages and the session review grade with: figures, options with grade, EV in big blinds and
the explanation in the chosen language, the best option as a PHH code, the
model that produced the figures). A file that cannot be read, parsed, replayed
or advised prints ``{"file", "error"}`` on its line and the next file is still
advised; an ``--action`` the rules forbid is listed under ``refused`` with its
rule and the Italian explanation. The exit status is 1 when either happened.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from coach.cli.common import ArgumentParser, add_locale, error_line, internal_error, parse_args, read_file
from coach.engine.phh import loads_phh
from coach.errors import CoachError, InvalidInput
from coach.feedback.profiles import profile
from coach.i18n import N_, get_translator
from coach.learning.judge import spot_analysis


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m coach advise", description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", help="PHH files that stop at a decision point")
    p.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo equity (default 0)")
    add_locale(p)
    p.add_argument("--range", action="append", default=[], metavar="pN=RANGE",
                   help="assume this range for player pN, e.g. p2='TT+, AQs+, AKo'")
    p.add_argument("--action", action="append", default=[], metavar="CODE",
                   help="also grade this bet or raise, e.g. 'cbr 40' (an illegal one is listed as "
                        "refused)")
    p.add_argument("--profile", action="append", default=[], metavar="[pN=]NAME",
                   help="opponent profile: equilibrio (default), principiante, roccia, aggressivo; "
                        "NAME alone for every opponent, pN=NAME for one seat")
    p.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    return p


def advise_text(text: str, *, source: str = "<phh>", seed: int = 0, locale: str = "it",
                ranges: Sequence[str] = (), actions: Sequence[str] = (),
                profiles: Sequence[str] = ()) -> dict[str, object]:
    """The advice for the decision at the end of a PHH text, as the CLI prints it."""
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
    labels_of = {f"p{hand.config.player_of_seat(s)}": name for s, name in chosen.items()}
    analysis = spot_analysis(hand, asked=actions, villain_ranges=given or None, seed=seed,
                             profiles=labels_of or None)
    labels = [f"p{hand.config.player_of_seat(s)}" for s in range(hand.config.n_seats)]
    out = analysis.to_json(locale, labels=labels)
    out["file"] = source
    out["seed"] = seed
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """One JSON object per file; a bad file is ``{"file", "error"}`` on its line (exit 1).

    Usage errors exit with 2. The next file is advised whatever the last one did.
    """
    args = parse_args(_parser(), argv)
    if isinstance(args, int):
        return args
    tr = get_translator(args.locale)
    status = 0
    for path in args.files:
        text, problem = read_file(path)
        out: dict[str, object]
        if text is None:
            assert problem is not None
            out = error_line(path, problem, tr)
        else:
            try:
                out = advise_text(text, source=path, seed=args.seed, locale=args.locale,
                                  ranges=args.range, actions=args.action, profiles=args.profile)
            except CoachError as exc:
                out = error_line(path, exc, tr)
            except Exception as exc:  # a bug of ours must not stop the other files
                out = internal_error(path, exc, tr)
        if "error" in out:
            status = 1
            print(json.dumps(out, ensure_ascii=False))
        else:
            print(json.dumps(out, ensure_ascii=False, indent=args.indent))
            if out.get("refused"):
                status = 1  # an asked-for action the rules forbid: listed, and said by the exit status
    return status
