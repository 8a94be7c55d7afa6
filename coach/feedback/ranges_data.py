"""Preflop ranges as data: loader and validator.

The ranges live in ``coach/feedback/data/{6max,9max,headsup}.toml`` so a coach
can edit them without touching code; this module reads them and checks that every range parses
and that the tables make sense (opening ranges widen towards the button, a
hand is never both a call and a 3-bet).
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from coach.feedback.rangemodel import hand_classes
from coach.limits import toml_problem
from coach.positions import TABLE_POSITIONS, format_for

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMATS = ("6max", "9max", "headsup")

# Every one of the 1326 starting hands, for "any two cards".
ANY_TWO = (
    "22+, A2s+, K2s+, Q2s+, J2s+, T2s+, 92s+, 82s+, 72s+, 62s+, 52s+, 42s+, 32s, "
    "A2o+, K2o+, Q2o+, J2o+, T2o+, 92o+, 82o+, 72o+, 62o+, 52o+, 42o+, 32o"
)


@dataclass(frozen=True)
class FacingRanges:
    """What to do facing an aggressive action: raise with one range, call with another."""

    raise_range: str
    call: str
    # hands the learner's chart also calls, the range reader not (``call_also`` in the data: the big
    # blind's defence widened to its fold line, docs/COACH.md «La difesa del grande buio»)
    also: str = ""

    @property
    def learner_call(self) -> str:
        """The calling range the learner is graded by: ``call`` and ``also``."""
        return ", ".join(r for r in (self.call, self.also) if r)


@dataclass(frozen=True)
class RangeTable:
    """The preflop ranges of one table format (range notation strings)."""

    format: str
    positions: tuple[str, ...]
    open: Mapping[str, str]
    vs_open: Mapping[str, FacingRanges] = field(default_factory=dict)
    bb_defend: Mapping[str, FacingRanges] = field(default_factory=dict)
    vs_3bet: FacingRanges | None = None
    # facing a 3-bet by the pair of positions: "ip_late", "oop_late", "ip_early" (vs_3bet: early, OOP)
    vs_3bet_by: Mapping[str, FacingRanges] = field(default_factory=dict)
    # having 3-bet, facing a 4-bet: "ip" (he 3-bet from a later seat, not a blind) or "oop" (from a
    # blind); ``raise_range`` is the 5-bet all-in
    vs_4bet_by: Mapping[str, FacingRanges] = field(default_factory=dict)
    # facing an open and a 3-bet without having put a raise in (cold): 4-bet and cold-call ranges
    vs_cold_3bet: FacingRanges | None = None
    villain: Mapping[str, str] = field(default_factory=dict)
    vs_limp: Mapping[str, FacingRanges] = field(default_factory=dict)
    # the small blind facing one open, by the opener, in the learner's chart only (``sb_vs_open``:
    # 3-bet or fold out of position with the big blind behind, docs/COACH.md «Il piccolo buio contro
    # un open»); the range reader still reads a small blind's call or 3-bet with ``vs_open``
    sb_vs_open: Mapping[str, FacingRanges] = field(default_factory=dict)
    # first in with 12-25 big blinds (above the push/fold charts): the small raise, and the limp
    # where it is standard (heads-up); a position without its own short range uses ``open``
    short_open: Mapping[str, str] = field(default_factory=dict)
    short_limp: Mapping[str, str] = field(default_factory=dict)

    def open_range(self, position: str) -> str:
        """The raise-first-in range (the big blind never opens: empty)."""
        return self.open.get(position, "")

    def short_open_range(self, position: str) -> str:
        """The small-raise first-in range with 12-25 big blinds (the 100 bb one where none is given)."""
        return self.short_open.get(position, self.open_range(position))

    def short_limp_range(self, position: str) -> str:
        """The first-in limp range with 12-25 big blinds (empty where limping is not standard)."""
        return self.short_limp.get(position, "")

    def facing_limp(self, hero: str) -> FacingRanges:
        """Isolation-raise and call (complete, check) ranges after one or more limps.

        A position without a chart of its own uses the nearest later one (an
        early seat plays like the first seat that has a chart).
        """
        if hero in self.vs_limp:
            return self.vs_limp[hero]
        later = self.positions[self.positions.index(hero) + 1:] if hero in self.positions else ()
        for pos in later:
            if pos in self.vs_limp:
                return self.vs_limp[pos]
        return FacingRanges("", "")

    def facing_3bet(self, hero: str, threebettor: str | None) -> FacingRanges | None:
        """4-bet and call ranges for ``hero``, who opened, facing a 3-bet from ``threebettor``.

        In position when the 3-bet came from a blind and the hero is not a blind;
        a late opener is the cutoff, the button or the small blind. The early,
        out-of-position answer is ``vs_3bet`` (also where no pair has a chart).
        """
        blinds = ("SB", "BB")
        late = hero in ("CO", "BTN", "SB")
        in_position = threebettor in blinds and hero not in blinds
        key = ("ip_" if in_position else "oop_") + ("late" if late else "early")
        return self.vs_3bet_by.get(key, self.vs_3bet)

    def facing_cold_3bet(self) -> FacingRanges | None:
        """4-bet and call ranges for a player facing an open and a 3-bet who has not raised (cold)."""
        return self.vs_cold_3bet

    def facing_4bet(self, threebettor: str) -> FacingRanges | None:
        """5-bet and call ranges for the player who 3-bet from ``threebettor``, facing the opener's 4-bet.

        In position when he 3-bet from a seat that is not a blind (the opener acts before him after
        the flop); out of position from a blind. None when the table has no such chart.
        """
        key = "oop" if threebettor in ("SB", "BB") else "ip"
        return self.vs_4bet_by.get(key)

    def facing_open(self, hero: str, opener: str) -> FacingRanges:
        """3-bet and call ranges for ``hero`` facing one open from ``opener``."""
        table = self.bb_defend if hero == "BB" else self.vs_open
        found = table.get(opener)
        if found is None:  # an opener with no chart of his own: use the nearest later one
            order = [p for p in self.positions if p in table]
            found = table[order[0]] if order else FacingRanges("", "")
        return found

    def learner_facing_open(self, hero: str, opener: str) -> FacingRanges:
        """The chart the learner is graded by facing one open: :meth:`facing_open`, but from the
        small blind the ``sb_vs_open`` chart where the table has one for this opener."""
        if hero == "SB" and opener in self.sb_vs_open:
            return self.sb_vs_open[opener]
        return self.facing_open(hero, opener)


def _facing(data: Any, raise_key: str) -> FacingRanges:
    return FacingRanges(raise_range=str(data.get(raise_key, "")), call=str(data.get("call", "")),
                        also=str(data.get("call_also", "")))


def parse_table(data: Mapping[str, Any]) -> RangeTable:
    """Build a table from a parsed TOML document."""
    return RangeTable(
        format=str(data["format"]),
        positions=tuple(str(p) for p in data["positions"]),
        open={str(k): str(v) for k, v in data.get("open", {}).items()},
        vs_open={str(k): _facing(v, "threebet") for k, v in data.get("vs_open", {}).items()},
        bb_defend={str(k): _facing(v, "threebet") for k, v in data.get("bb_defend", {}).items()},
        vs_3bet=_facing(data["vs_3bet"], "fourbet") if "vs_3bet" in data else None,
        vs_3bet_by={str(k): _facing(v, "fourbet") for k, v in data.get("vs_3bet_by", {}).items()},
        vs_cold_3bet=_facing(data["vs_cold_3bet"], "fourbet") if "vs_cold_3bet" in data else None,
        vs_4bet_by={str(k): _facing(v, "fivebet") for k, v in data.get("vs_4bet_by", {}).items()},
        villain={str(k): str(v) for k, v in data.get("villain", {}).items()},
        vs_limp={str(k): _facing(v, "isoraise") for k, v in data.get("vs_limp", {}).items()},
        sb_vs_open={str(k): _facing(v, "threebet") for k, v in data.get("sb_vs_open", {}).items()},
        short_open={str(k): str(v) for k, v in data.get("short_open", {}).items()},
        short_limp={str(k): str(v) for k, v in data.get("short_limp", {}).items()},
    )


@cache
def load_range_table(fmt: str) -> RangeTable:
    """The table of ``fmt`` ("6max", "9max", "headsup"), read once."""
    if fmt not in FORMATS:
        raise KeyError(fmt)
    path = DATA_DIR / f"{fmt}.toml"
    text = path.read_text(encoding="utf-8")
    problem = toml_problem(text)  # the app's own file, but read with the limits of any TOML text
    if problem is not None:
        raise ValueError(f"{path}: {problem}")
    return parse_table(tomllib.loads(text))


def table_for(players: int) -> RangeTable:
    """The preflop chart a table of ``players`` plays by (:func:`coach.positions.format_for`)."""
    return load_range_table(format_for(players))


def all_range_texts(table: RangeTable) -> list[tuple[str, str]]:
    """Every (label, notation) pair of a table, for validation and display."""
    out: list[tuple[str, str]] = [(f"open.{p}", r) for p, r in table.open.items()]
    for name, group in (("vs_open", table.vs_open), ("bb_defend", table.bb_defend),
                        ("sb_vs_open", table.sb_vs_open)):
        for p, f in group.items():
            out += [(f"{name}.{p}.raise", f.raise_range), (f"{name}.{p}.call", f.call)]
            if f.also:
                out.append((f"{name}.{p}.call_also", f.also))
    if table.vs_3bet is not None:
        out += [("vs_3bet.raise", table.vs_3bet.raise_range), ("vs_3bet.call", table.vs_3bet.call)]
    if table.vs_cold_3bet is not None:
        out += [("vs_cold_3bet.raise", table.vs_cold_3bet.raise_range),
                ("vs_cold_3bet.call", table.vs_cold_3bet.call)]
    for k, f in table.vs_3bet_by.items():
        out += [(f"vs_3bet_by.{k}.raise", f.raise_range), (f"vs_3bet_by.{k}.call", f.call)]
    for k, f in table.vs_4bet_by.items():
        out += [(f"vs_4bet_by.{k}.raise", f.raise_range), (f"vs_4bet_by.{k}.call", f.call)]
    for p, f in table.vs_limp.items():
        out += [(f"vs_limp.{p}.raise", f.raise_range), (f"vs_limp.{p}.call", f.call)]
    out += [(f"villain.{k}", v) for k, v in table.villain.items()]
    out += [(f"short_open.{p}", r) for p, r in table.short_open.items()]
    out += [(f"short_limp.{p}", r) for p, r in table.short_limp.items()]
    return out


def validate_table(table: RangeTable) -> list[str]:
    """Problems found in one table (empty when it is sound)."""
    problems: list[str] = []
    expected = TABLE_POSITIONS.get(table.format)
    if expected is not None and table.positions != expected:
        problems.append(f"{table.format}: positions {list(table.positions)}, coach's: {list(expected)}")
    parsed: dict[str, frozenset[str]] = {}
    for label, text in all_range_texts(table):
        try:
            parsed[label] = frozenset(hand_classes(text))
        except ValueError as exc:
            problems.append(f"{table.format} {label}: {exc}")
    opens = [p for p in table.positions if p in table.open and p != "SB"]
    for early, late in itertools.pairwise(opens):
        a, b = parsed.get(f"open.{early}"), parsed.get(f"open.{late}")
        if a is not None and b is not None and not a <= b:
            problems.append(
                f"{table.format}: open.{late} lacks hands that open.{early} opens: {sorted(a - b)}"
            )
    groups = {"vs_open": table.vs_open, "bb_defend": table.bb_defend, "sb_vs_open": table.sb_vs_open}
    for name, group in groups.items():
        for p in group:
            both = parsed.get(f"{name}.{p}.raise", frozenset()) & parsed.get(f"{name}.{p}.call", frozenset())
            if both:
                problems.append(f"{table.format} {name}.{p}: both raise and call: {sorted(both)}")
    if table.vs_3bet is not None:
        both = parsed.get("vs_3bet.raise", frozenset()) & parsed.get("vs_3bet.call", frozenset())
        if both:
            problems.append(f"{table.format} vs_3bet: both raise and call: {sorted(both)}")
    for k in [*table.vs_3bet_by, *(f"4:{k}" for k in table.vs_4bet_by)]:
        label = f"vs_4bet_by.{k[2:]}" if k.startswith("4:") else f"vs_3bet_by.{k}"
        both = parsed.get(f"{label}.raise", frozenset()) & parsed.get(f"{label}.call", frozenset())
        if both:
            problems.append(f"{table.format} {label}: both raise and call: {sorted(both)}")
    for p in table.vs_limp:
        both = parsed.get(f"vs_limp.{p}.raise", frozenset()) & parsed.get(f"vs_limp.{p}.call", frozenset())
        if both:
            problems.append(f"{table.format} vs_limp.{p}: both raise and call: {sorted(both)}")
    for p in table.short_limp:
        both = parsed.get(f"short_open.{p}", frozenset()) & parsed.get(f"short_limp.{p}", frozenset())
        if both:
            problems.append(f"{table.format} short {p}: both raise and limp: {sorted(both)}")
    return problems


def validate_all() -> list[str]:
    """Problems in every shipped table."""
    out: list[str] = []
    for fmt in FORMATS:
        out += validate_table(load_range_table(fmt))
    return out
