"""Build ``coach/theory/data/shortstack.npz``: the 12-25 bb opening and re-shove tables at six and nine.

    python tools/build_shortstack.py            # every table, about a few minutes of one core
    python tools/build_shortstack.py --check    # rebuild a small part and compare with the shipped file

How (docs/COACH.md, «Push/fold: fin dove vale»; the models are in :mod:`coach.theory.shortstack`):

1. pass one: each seat's re-shove equilibrium over each earlier seat's open, the opener's range being
   his 100 bb opening range (``coach/feedback/data/{6max,9max}.toml``);
2. each seat's opening table: the all-in valued by the push/fold equilibrium at that stack, the small
   raise against the re-shove ranges of pass one; a hand of the 100 bb range raises unless it folds
   to most re-shoves and the all-in is worth more by ``SHOVE_MARGIN_BB`` (the raise's value leaves
   out the flats and the play after the flop: within that margin the model cannot tell them apart,
   and the raise is the standard play), a hand outside it goes all-in when the all-in gains, the
   rest folds;
3. the re-shove equilibria again, against the opening tables' raise ranges, and the opening tables
   again against them, until the raise ranges no longer change (at most ``PASSES`` times; if they
   still move, the re-shoves are solved once more against the raise ranges that ship, so the two
   tables always agree);
4. the re-shove table's action per class: SHOVE where the equilibrium re-shoves at least half the
   time; CALL for the other hands of the 100 bb «facing an open» call range when the hero is the big
   blind (he closes the action with a price), or when the stack is 20 bb or more from any seat (flat
   calls need room behind); FOLD otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from coach.feedback.rangemodel import hand_classes  # noqa: E402
from coach.feedback.ranges_data import table_for  # noqa: E402
from coach.positions import position_names  # noqa: E402
from coach.theory import shortstack as ss  # noqa: E402
from coach.theory.classes import CLASS_OF_NAME, N_CLASSES  # noqa: E402

CALL_ANY_SEAT_BB = 20.0
SHOVE_MARGIN_BB = 0.1  # an opening-range hand moves to the all-in only when it beats the raise by this
PASSES = 4  # re-shove ranges and raise ranges solved in turn until the raise ranges settle


def mask(text: str) -> np.ndarray:
    out = np.zeros(N_CLASSES)
    for name, w in (hand_classes(text) if text else {}).items():
        out[CLASS_OF_NAME[name]] = w
    return out


def build(tables: tuple[int, ...] = ss.TABLES, stacks: tuple[float, ...] = ss.STACKS,
          antes: tuple[float, ...] = ss.ANTES, *, verbose: bool = False
          ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    rows: dict[str, np.ndarray] = {}
    expl: dict[str, float] = {}
    start = time.perf_counter()
    for players in tables:
        names = position_names(players)
        chart = table_for(players)
        deep_open = [mask(chart.open_range(p)) for p in names[:-1]]
        for stack in stacks:
            for ante in antes:
                shove_ev = []
                for seat in range(players - 1):
                    ev, e = ss.shove_values(players, seat, stack, ante)
                    shove_ev.append(ev)
                    expl[ss.open_key(players, seat, stack, ante)] = e
                opens = deep_open
                for _pass in range(PASSES):
                    resh = {(x, y): ss.solve_reshove(players, x, y, stack, ante, opens[x])
                            for x in range(players - 1) for y in range(x + 1, players)}
                    actions = []
                    for x in range(players - 1):
                        ev_raise, calls_back = ss.raise_values(players, x, stack, ante,
                                                               [resh[(x, y)] for y in range(x + 1, players)])
                        in_range = deep_open[x] > 0
                        keeps_raise = (calls_back >= 0.5) | (ev_raise + SHOVE_MARGIN_BB >= shove_ev[x])
                        action = np.where(in_range & keeps_raise, ss.RAISE,
                                          np.where(shove_ev[x] > 0, ss.SHOVE, ss.FOLD)).astype(np.float64)
                        actions.append((action, ev_raise))
                    # a hand the 100 bb range only mixes keeps its weight in the raise range
                    new_opens = [np.where(a == ss.RAISE, deep_open[x], 0.0)
                                 for x, (a, _) in enumerate(actions)]
                    if all(np.array_equal(a, b) for a, b in zip(new_opens, opens, strict=True)):
                        break
                    opens = new_opens
                else:  # not settled: the re-shoves against the raise ranges that ship
                    opens = new_opens
                    resh = {(x, y): ss.solve_reshove(players, x, y, stack, ante, opens[x])
                            for x in range(players - 1) for y in range(x + 1, players)}
                assumed = opens
                for x in range(players - 1):
                    action, ev_raise = actions[x]
                    key = ss.open_key(players, x, stack, ante)
                    rows[key] = np.concatenate([action, ev_raise, shove_ev[x]])
                for (x, y), r in resh.items():
                    facing = chart.facing_open(names[y], names[x])
                    calls = mask(facing.call) + mask(facing.raise_range)
                    may_call = names[y] == "BB" or stack >= CALL_ANY_SEAT_BB
                    action = np.where(r.shove >= 0.5, ss.SHOVE,
                                      np.where((calls > 0) & may_call, ss.CALL, ss.FOLD)).astype(np.float64)
                    key = ss.reshove_key(players, x, y, stack, ante)
                    rows[key] = np.concatenate([action, r.ev_shove, r.shove, r.calls[-1] * (assumed[x] > 0)])
                    expl[key] = r.exploitability_bb
                if verbose:
                    took = time.perf_counter() - start
                    print(f"{players} players, {stack:g} bb, ante {ante:g}: {took:.0f} s", flush=True)
    return rows, expl


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="rebuild 6 players at 12.5 bb and compare")
    args = parser.parse_args()
    if args.check:
        rows, _ = build((6,), (12.5,), (0.0,))
        shipped = ss._shipped()
        bad = [k for k, v in rows.items()
               if k not in shipped or not np.allclose(v, shipped[k][0][: len(v)], atol=1e-3)]
        print("differs:", bad or "none")
        return 1 if bad else 0
    rows, expl = build(verbose=True)
    ss.save_tables(rows, expl)
    print(f"{len(rows)} tables, worst exploitability {max(expl.values()):.5f} bb -> {ss.DATA_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
