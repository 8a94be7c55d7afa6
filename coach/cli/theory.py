"""``python -m coach theory {build-tables,build-turn-cache,pushfold,river,turn}``: game theory, command line.

* ``build-tables`` recomputes the shipped data: the 169x169 preflop equity
  table (minutes) and the push/fold charts (minutes).
* ``build-turn-cache`` solves every heads-up turn decision of the lessons
  and writes the shipped solutions the coach reads before solving
  (``coach/theory/data/turn_cache.json``; minutes). Rerun it when the
  lessons or the coach's ranges change (a test says when).
* ``pushfold --players 2 --stack 10 [--seat SB] [--ante 0.125]`` prints the
  equilibrium chart (Italian by default, ``--json`` for the figures).
* ``river --board KsTh7s4d2c --ranges OOP IP --pot 100 --stack 200`` solves a
  river spot and prints the strategy of the player to act, or one hand's
  strategy and EVs with ``--hand``.
* ``turn --board KsTh7s4d --ranges OOP IP --pot 100 --stack 200`` the same
  for a turn spot, solved over the turn and every river card.

Bad input prints ``{"error": ...}`` in the chosen language and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from coach.cards import format_cards, parse_cards
from coach.errors import CoachError, InvalidInput
from coach.feedback.analysis import analyze
from coach.feedback.valuation import turn as turn_model
from coach.i18n import N_, SUPPORTED_LOCALES, Decimal, Message, Percent, Translator, get_translator
from coach.learning.answers import graded_decisions
from coach.learning.judge import candidates as judge_candidates
from coach.lessons.loader import default_lessons_dir, load_lessons
from coach.theory import preflop, pushfold
from coach.theory.classes import CLASS_NAMES
from coach.theory.river import RiverSpot, solve_river
from coach.theory.trees import TreeConfig, sizes_from_text
from coach.theory.turn import TurnSpot, solve_turn


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m coach theory", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build-tables", help="recompute the shipped equity table and push/fold charts")
    b.add_argument("--only", choices=("equity", "pushfold"), help="rebuild only one of the two")
    b.add_argument("--jobs", type=int, default=1, help="processes for the equity table (default 1)")

    tc = sub.add_parser("build-turn-cache", help="solve the lessons' heads-up turn decisions and ship them")
    pf = sub.add_parser("pushfold", help="push/fold equilibrium chart")
    pf.add_argument("--players", type=int, default=2, help="players at the table, 2 to 9 (default 2)")
    pf.add_argument("--stack", type=float, required=True, help="effective stack in big blinds")
    pf.add_argument("--seat", default=None,
                    help="the shover's position (SB, BTN, CO, UTG...; default the first to act)")
    pf.add_argument("--ante", type=float, default=0.0, help="ante per player in big blinds (default 0)")
    pf.add_argument("--json", action="store_true", help="print the figures as JSON")

    r = sub.add_parser("river", help="solve a river spot")
    r.add_argument("--board", required=True, help="the five board cards, e.g. KsTh7s4d2c")
    r.add_argument("--ranges", nargs=2, required=True, metavar=("OOP", "IP"),
                   help="the ranges of the player out of position (acts first) and in position")
    r.add_argument("--pot", type=float, required=True, help="the pot at the start of the river")
    r.add_argument("--stack", type=float, required=True, help="the effective stack behind")
    r.add_argument("--bets", default="33,75,125", help="bet sizes in %% of the pot (default 33,75,125)")
    r.add_argument("--raises", default="75", help="raise sizes in %% of the pot (default 75)")
    r.add_argument("--max-raises", type=int, default=2, help="raises allowed (default 2)")
    r.add_argument("--no-allin", action="store_true", help="do not offer the all-in as its own size")
    r.add_argument("--line", default="", help="the node to show, as actions separated by '/', e.g. 'check'")
    r.add_argument("--hand", default=None, help="show this hand's strategy and EVs, e.g. AsQs")
    r.add_argument("--target", type=float, default=0.3, help="exploitability target, %% of the pot")
    r.add_argument("--json", action="store_true", help="print the figures as JSON")
    tn = sub.add_parser("turn", help="solve a turn spot (turn and river)")
    tn.add_argument("--board", required=True, help="the four board cards, e.g. KsTh7s4d")
    tn.add_argument("--ranges", nargs=2, required=True, metavar=("OOP", "IP"),
                    help="the ranges of the player out of position (acts first) and in position")
    tn.add_argument("--pot", type=float, required=True, help="the pot at the start of the turn")
    tn.add_argument("--stack", type=float, required=True, help="the effective stack behind")
    tn.add_argument("--bets", default="33,75",
                    help="bet sizes in %% of the pot, both streets (default 33,75)")
    tn.add_argument("--raises", default="75", help="raise sizes in %% of the pot (default 75)")
    tn.add_argument("--max-raises", type=int, default=2, help="raises allowed per street (default 2)")
    tn.add_argument("--no-allin", action="store_true", help="do not offer the all-in as its own size")
    tn.add_argument("--line", default="", help="the turn node to show, as actions separated by '/'")
    tn.add_argument("--hand", default=None, help="show this hand's strategy and EVs, e.g. AsQs")
    tn.add_argument("--target", type=float, default=1.0, help="exploitability target, %% of the pot")
    tn.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    tn.add_argument("--json", action="store_true", help="print the figures as JSON")
    for sp in (b, tc, pf, r, tn):
        sp.add_argument("--locale", "--lang", dest="locale", choices=SUPPORTED_LOCALES, default="it",
                        help="language of the texts (default it)")
    return p


# -- push/fold ---------------------------------------------------------------------------------

T_PF_HEAD = N_("Push/fold with {players} players, {seat} first in, stack {stack} bb, ante {ante} bb")
T_PF_EXPL = N_("Computed equilibrium: exploitability {expl} bb per hand ({iterations} iterations).")
T_PF_PUSH = N_("{seat} goes all-in with these hands ({share} of all): {range}")
T_PF_CALL = N_("{seat} calls, when the players between have folded, with these hands ({share} of all): "
               "{range}")
T_PF_NONE = N_("no hand")
T_PF_LEGEND = N_("Grid: the hand if it is shoved (called), its frequency in % if mixed, · if folded.")


def _grid_lines(values: Sequence[float]) -> list[str]:
    head = "     " + " ".join(f"{c:>4}" for c in "AKQJT98765432")
    lines = [head]
    for row in range(13):
        cells = []
        for col in range(13):
            i = 13 * row + col
            v = float(values[i])
            if v >= 0.995:
                cells.append(f"{CLASS_NAMES[i]:>4}")
            elif v > 0.005:
                cells.append(f"{round(100 * v):>3}%")
            else:
                cells.append("   ·")
        lines.append(f"{'AKQJT98765432'[row]:>4} " + " ".join(cells))
    return lines


def _classes(values: Any) -> dict[str, float]:
    return {n: round(float(v), 4) for n, v in zip(CLASS_NAMES, values, strict=True) if v >= 0.005}


def _pushfold(args: argparse.Namespace, tr: Translator) -> int:
    seat = args.seat if args.seat is not None else ("SB" if args.players == 2 else 0)
    c = pushfold.chart(args.players, seat, args.stack, args.ante)
    if args.json:
        out: dict[str, Any] = {
            "players": c.players, "seat": c.shover, "stack_bb": c.stack_bb, "ante_bb": c.ante_bb,
            "exploitability_bb": round(c.exploitability_bb, 6), "iterations": c.iterations,
            "push": {"range": c.push_text(), "share": round(c.push_share(), 4),
                     "classes": _classes(c.push)},
            "callers": [
                {"seat": pos, "range": c.call_text(j), "share": round(c.call_share(j), 4),
                 "classes": _classes(c.calls[j])}
                for j, pos in enumerate(c.callers)
            ],
            "ev_push_bb": {n: round(float(v), 4) for n, v in zip(CLASS_NAMES, c.ev_push, strict=True)},
            "ev_fold_bb": round(float(c.ev_fold[0]), 4),
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    lines = [
        tr(Message(T_PF_HEAD, {"players": c.players, "seat": c.shover, "stack": Decimal(c.stack_bb, 1),
                               "ante": Decimal(c.ante_bb, 3)})),
        tr(Message(T_PF_EXPL, {"expl": Decimal(c.exploitability_bb, 5), "iterations": c.iterations})),
        "",
        tr(Message(T_PF_PUSH, {"seat": c.shover, "share": Percent(c.push_share()),
                               "range": c.push_text() or tr(T_PF_NONE)})),
        *_grid_lines(c.push.tolist()),
    ]
    for j, pos in enumerate(c.callers):
        lines += ["", tr(Message(T_PF_CALL, {"seat": pos, "share": Percent(c.call_share(j)),
                                             "range": c.call_text(j) or tr(T_PF_NONE)})),
                  *_grid_lines(c.calls[j].tolist())]
    lines += ["", tr(T_PF_LEGEND)]
    print("\n".join(lines))
    return 0


# -- river ------------------------------------------------------------------------------------

T_RV_HEAD = N_("River {board}: pot {pot}, stack {stack}; solved to {expl} of the pot "
               "in {iterations} iterations ({seconds} s).")
T_RV_NODE = N_("At '{line}' {player} acts: {mix}")
T_RV_HAND = N_("{hand}: {actions}")
T_RV_ACTION = N_("{action} {freq} (EV {ev})")
T_TN_HEAD = N_("Turn {board}: pot {pot}, stack {stack}; turn and river solved to {expl} of the pot "
               "in {iterations} iterations ({seconds} s).")
T_RV_ROOT = N_("start")
T_RV_OOP = N_("the player out of position")
T_RV_IP = N_("the player in position")


def _config(args: argparse.Namespace) -> TreeConfig:
    try:
        bets = sizes_from_text(args.bets)
        raises = sizes_from_text(args.raises) if args.raises.strip() else ()
    except ValueError:
        raise InvalidInput(
            N_("Sizes are percentages of the pot separated by commas, e.g. 33,75,125.")) from None
    whole = float(args.pot).is_integer() and float(args.stack).is_integer()
    return TreeConfig(oop_bets=bets, raises=raises, max_raises=args.max_raises, allin=not args.no_allin,
                      chip=1.0 if whole else 0.0)


def _river(args: argparse.Namespace, tr: Translator) -> int:
    spot = RiverSpot.make(args.board, args.ranges[0], args.ranges[1], args.pot, args.stack, _config(args))
    return _show(args, tr, solve_river(spot, target_pct=args.target), T_RV_HEAD)


def _turn(args: argparse.Namespace, tr: Translator) -> int:
    spot = TurnSpot.make(args.board, args.ranges[0], args.ranges[1], args.pot, args.stack, _config(args))
    return _show(args, tr, solve_turn(spot, target_pct=args.target, time_budget_s=args.seconds), T_TN_HEAD)


def _show(args: argparse.Namespace, tr: Translator, result: Any, head: str) -> int:
    """Print a solved spot's node: the range's mix, and one hand's mix and EVs with ``--hand``."""
    path = tuple(p.strip() for p in args.line.split("/") if p.strip())
    node = result.node(path)
    if args.hand:
        summary = result.hand_summary(node.player, args.hand, path)
    else:
        summary = None
    mix = result.range_summary(path)
    if args.json:
        out: dict[str, Any] = {
            "board": format_cards(parse_cards(args.board)), "pot": args.pot, "stack": args.stack,
            "exploitability_pct": round(result.exploitability_pct, 4), "iterations": result.iterations,
            "seconds": round(result.seconds, 3), "line": list(path), "player": node.player,
            "actions": list(node.actions), "range_mix": {a: round(v, 4) for a, v in mix.items()},
            "values": [round(v, 3) for v in result.values],
        }
        if summary is not None:
            out["hand"] = args.hand
            out.update({"hand_strategy": summary["strategy"], "hand_ev": summary["ev"]})
        print(json.dumps(out, ensure_ascii=False))
        return 0
    player = tr(T_RV_OOP if node.player == 0 else T_RV_IP)
    lines = [
        tr(Message(head, {"board": format_cards(parse_cards(args.board), symbols=False),
                          "pot": Decimal(args.pot, 2), "stack": Decimal(args.stack, 2),
                          "expl": Percent(result.exploitability_pct / 100, 2),
                          "iterations": result.iterations, "seconds": Decimal(result.seconds, 2)})),
        tr(Message(T_RV_NODE, {"line": " / ".join(path) or tr(T_RV_ROOT), "player": player,
                               "mix": ", ".join(f"{a} {tr.format_percent(v, 1)}" for a, v in mix.items())})),
    ]
    if summary is not None:
        parts = []
        rows = zip(summary["actions"], summary["strategy"], summary["ev"], strict=True)
        for a, f, ev in rows:
            parts.append(tr(Message(T_RV_ACTION, {"action": a, "freq": Percent(f, 1),
                                                  "ev": "—" if ev is None else Decimal(ev, 2)})))
        lines.append(tr(Message(T_RV_HAND, {"hand": args.hand, "actions": "; ".join(parts)})))
    print("\n".join(lines))
    return 0


# -- build ------------------------------------------------------------------------------------


def _build(args: argparse.Namespace) -> int:
    if args.only in (None, "equity"):
        def show(done: int, secs: float) -> None:
            print(f"equity table: {done}/169 hand classes, {secs:.0f} s", file=sys.stderr, flush=True)

        doubled, pairs = preflop.build_table(jobs=max(1, args.jobs), progress=show)
        preflop.save_table(doubled, pairs)
        preflop.load_equity_counts.cache_clear()
        preflop.equity_table.cache_clear()
        print(f"wrote {preflop.DATA_FILE}", file=sys.stderr)
    if args.only in (None, "pushfold"):
        def show_pf(done: int, total: int, secs: float) -> None:
            if done % 50 == 0 or done == total:
                print(f"push/fold: {done}/{total} charts, {secs:.0f} s", file=sys.stderr, flush=True)

        charts = pushfold.build_charts(progress=show_pf)
        pushfold.save_charts(charts)
        worst = max(charts.values(), key=lambda c: c.exploitability_bb)
        print(f"wrote {pushfold.DATA_FILE}; largest exploitability {worst.exploitability_bb:.2e} bb "
              f"({worst.players} players, seat {worst.seat}, {worst.stack_bb:g} bb, ante {worst.ante_bb:g})",
              file=sys.stderr)
    return 0


def lesson_spots() -> Iterator[turn_model.LessonSpot]:
    """Every lesson decision the coach's turn model answers, once per analysis the lesson page runs.

    The page analyses a decision once per option code (a bet or raise adds its
    own size as a candidate, so its tree differs): each is its own spot. The
    spots are found by running those analyses while the model records
    (:func:`coach.feedback.valuation.turn.recording`: no solve, it declines), so
    they are exactly what the page asks. The walk is here, in the command, since
    it reads the lessons and the page's script: the coach below knows neither.
    """
    seen: set[str] = set()
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        for code in g.codes:
            with turn_model.recording() as found:  # not the judge's cache: the model must run to record
                analyze(g.hand, candidates=list(judge_candidates((code,))), profiles=g.profiles)
            for question, hand2, key in found:
                if key not in seen:
                    seen.add(key)
                    yield turn_model.LessonSpot(f"{g.where}/{code}", key, question, hand2)


def _build_turn_cache() -> int:
    """Solve the lessons' heads-up turn decisions as the coach's turn model finds them (its ranges,
    its trees) and ship the solutions; the command line sits above the lessons, the coach and the theory."""
    t0 = time.perf_counter()
    content = turn_model.build_cache(lesson_spots(),
                                     log=lambda line: print(line, file=sys.stderr, flush=True))
    print(f"wrote {turn_model.CACHE_FILE}: {len(content['spots'])} spots, {time.perf_counter() - t0:.0f} s",
          file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    tr = get_translator(getattr(args, "locale", "it"))
    try:
        if args.command == "build-tables":
            return _build(args)
        if args.command == "build-turn-cache":
            return _build_turn_cache()
        if args.command == "pushfold":
            return _pushfold(args, tr)
        if args.command == "turn":
            return _turn(args, tr)
        return _river(args, tr)
    except CoachError as err:
        print(json.dumps({"error": err.localized(tr)}, ensure_ascii=False))
        return 2


if __name__ == "__main__":
    sys.exit(main())
