"""The options the coach grades at a decision: fold, check or call, a few sizes, all-in, the learner's own.

Sizes are the ones a strong player considers: preflop 2.5 and 3 big blinds
first in (plus one per limper), 3x/4x a raise (plus one raise per caller), 2.3x a 3-bet; postflop a third,
half, two thirds and the whole pot, raises to 2.5x the bet, three quarters and
the whole pot after calling; plus the minimum raise and the all-in. A size the
learner typed is added when it is legal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coach.feedback.situation import Situation


@dataclass(frozen=True)
class Option:
    """One option: its PHH code (``f``, ``cc``, ``cbr 40``), its kind and its amount (raise to)."""

    code: str
    kind: str  # fold check call bet raise all_in
    amount: int | None

    @property
    def aggressive(self) -> bool:
        return self.code.startswith("cbr")

    @property
    def passive(self) -> bool:
        """Check or call (calling all-in included)."""
        return self.code == "cc"


def clamp_size(sit: Situation, amount: float) -> int | None:
    """A size rounded to a chip and moved inside the legal bounds (None when no bet or raise is legal)."""
    if sit.min_raise_to is None or sit.max_raise_to is None:
        return None
    return int(min(max(round(amount), sit.min_raise_to), sit.max_raise_to))


def aggressive_option(sit: Situation, amount: int) -> Option:
    full = sit.hero_stack + sit.hero_in_front
    if amount >= full:
        return Option(f"cbr {amount}", "all_in", amount)
    return Option(f"cbr {amount}", "bet" if sit.to_match == 0 else "raise", amount)


def limpers(sit: Situation) -> int:
    """Players who just called the big blind before anyone raised."""
    return sum(1 for a in sit.preflop_actions() if a.kind == "call" and a.raise_level == 0)


# The postflop sizes: a bet as a share of the pot; a raise as times the bet faced, or the bet faced
# plus a share of the pot after calling.
BET_POT_SHARES = (0.33, 0.5, 0.66, 1.0)
RAISE_TIMES = 2.5
RAISE_POT_SHARES = (0.75, 1.0)


@dataclass(frozen=True)
class Size:
    """A bet or raise size the coach grades (raise to, not yet rounded or clamped) and how it is measured:
    ``unit`` "bb" (big blinds, first in), "times" (times the raise faced) or "pot" (a share of the pot,
    after calling for a raise), ``factor`` how many. The practice and lesson buttons offer the same sizes
    (:mod:`coach.learning.presets`), so a tap on one is an option the verdict grades by name."""

    amount: float
    unit: str
    factor: float


def standard_sizes(sit: Situation) -> list[Size]:
    """The standard sizes of the module docstring for the hero's bet or raise (none when he cannot)."""
    if not sit.can_raise:
        return []
    bb = sit.big_blind
    if sit.street == "preflop":
        raises = [a for a in sit.preflop_actions() if a.kind in ("bet", "raise")]
        n_limp = limpers(sit)
        if not raises:
            sizes = [Size(2.5 * bb + n_limp * bb, "bb", 2.5 + n_limp),
                     Size(3 * bb + n_limp * bb, "bb", 3 + n_limp)]
            if n_limp and sit.hero_position in ("SB", "BB"):
                # out of position an iso-raise is a bit bigger
                sizes.append(Size(4 * bb + n_limp * bb, "bb", 4 + n_limp))
            return sizes
        if len(raises) == 1:
            oop = sit.hero_position in ("SB", "BB")
            # one open more per player who called it (a squeeze), as the charts' sizing rule says
            callers = sum(1 for a in sit.preflop_actions() if a.kind == "call" and a.raise_level == 1)
            first, second = (4, 3) if oop else (3, 4)
            return [Size(sit.to_match * (first + callers), "times", first + callers),
                    Size(sit.to_match * (second + callers), "times", second + callers)]
        return [Size(sit.to_match * 2.3, "times", 2.3)]
    if sit.to_match == 0:
        return [Size(sit.pot * f, "pot", f) for f in BET_POT_SHARES]
    pot_after_call = sit.pot + sit.to_call
    return [Size(sit.to_match * RAISE_TIMES, "times", RAISE_TIMES),
            *(Size(sit.to_match + pot_after_call * f, "pot", f) for f in RAISE_POT_SHARES)]


def candidate_options(sit: Situation, extra: Iterable[str] = ()) -> list[Option]:
    """Fold, check or call, a few standard sizes and all-in, plus the legal ``extra`` codes."""
    out: list[Option] = [Option("f", "fold", None)]
    if sit.can_check:
        out.append(Option("cc", "check", None))
    if sit.can_call:
        out.append(Option("cc", "all_in" if sit.to_call >= sit.hero_stack else "call", None))
    sizes: list[float] = []
    if sit.can_raise:
        sizes = [s.amount for s in standard_sizes(sit)]
        if sit.min_raise_to is not None:
            sizes.append(sit.min_raise_to)
        if sit.max_raise_to is not None:
            sizes.append(sit.max_raise_to)
    seen = {o.code for o in out if o.kind != "fold"} | {"f"}
    for s in sizes:
        amount = clamp_size(sit, s)
        if amount is None:
            continue
        opt = aggressive_option(sit, amount)
        if opt.code not in seen:
            seen.add(opt.code)
            out.append(opt)
    for code in extra:
        amount = parse_raise_code(code)
        if amount is None or not sit.can_raise or sit.min_raise_to is None or sit.max_raise_to is None:
            continue
        if sit.min_raise_to <= amount <= sit.max_raise_to or amount == sit.hero_stack + sit.hero_in_front:
            opt = aggressive_option(sit, amount)
            if opt.code not in seen:
                seen.add(opt.code)
                out.append(opt)
    return out


def parse_raise_code(code: str) -> int | None:
    """``cbr 40`` or ``p3 cbr 40`` -> 40; anything else -> None."""
    parts = code.split()
    if parts and parts[0].startswith("p") and parts[0][1:].isdigit():
        parts = parts[1:]
    if len(parts) == 2 and parts[0] == "cbr" and parts[1].isdigit():
        return int(parts[1])
    return None
