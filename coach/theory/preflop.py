"""The 169x169 preflop all-in equity table, exact, built by our own evaluator.

``EQUITY[A, B]`` is the equity of class A against class B when both players
are all-in before the flop: every five-card board is dealt (1,712,304 per
matchup), and the result is averaged over every pair of combos of A and B that
share no card, each pair counted once (suits and card removal both taken into
account: ``AKs`` against ``AA`` is not the same as ``AKo`` against ``AA``).

Building it is one heavy computation done once (about ten minutes of one
core), so the table ships in ``coach/theory/data/preflop_equity.npz`` and
``python -m coach theory build-tables`` rebuilds it. The file stores integers:
``doubled[A, B]``, the sum over the combo pairs of ``2 * wins + ties`` (in
boards), and ``pairs[A, B]``; the equity is ``doubled / (2 * pairs *
1,712,304)``, exact as a fraction.

Suit symmetry keeps the work down: a class's combos are images of one another
under a permutation of the suits, so one representative hero combo per class is
enough, and villain combos that the representative's suit symmetries map onto
one another are computed once (about 35,000 matchups instead of 812,175).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.boards import all_five_card_boards
from coach.evaluator import BATCH_KEY, CARD_BIT, strengths_from_keys
from coach.theory.classes import (
    CLASS_OF_NAME,
    N_CLASSES,
    all_combos,
    class_index,
    class_sizes,
    combo_classes,
    disjoint_pairs,
)

DATA_FILE: Final[Path] = Path(__file__).resolve().parent / "data" / "preflop_equity.npz"
BOARDS_PER_MATCHUP: Final[int] = 1_712_304  # C(48, 5)

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

_PERMS: Final[tuple[tuple[int, ...], ...]] = tuple(itertools.permutations(range(4)))


def _permute(card: int, perm: tuple[int, ...]) -> int:
    return (card & ~3) | perm[card & 3]


def _stabiliser(a: int, b: int) -> list[tuple[int, ...]]:
    """The suit permutations that map the combo {a, b} onto itself."""
    return [p for p in _PERMS if {_permute(a, p), _permute(b, p)} == {a, b}]


def matchups_of(hero_class: int) -> tuple[tuple[int, int], list[tuple[tuple[int, int], int]]]:
    """The representative hero combo of a class and the villain combos to compute, with multiplicities.

    Villains are the combos of classes numbered ``>= hero_class`` that share no
    card with the representative, one per orbit of its suit symmetries, each
    with the size of its orbit.
    """
    combos = all_combos()
    cls = combo_classes()
    a, b = (int(x) for x in combos[np.flatnonzero(cls == hero_class)[0]])
    stab = _stabiliser(a, b)
    orbits: dict[tuple[int, int], int] = {}
    for c, d in combos.tolist():
        if c in (a, b) or d in (a, b) or class_index(c, d) < hero_class:
            continue
        images = [sorted((_permute(c, p), _permute(d, p))) for p in stab]
        lo, hi = min((x[0], x[1]) for x in images)
        orbits[(lo, hi)] = orbits.get((lo, hi), 0) + 1
    return (a, b), sorted(orbits.items())


def _hero_row(hero_class: int) -> tuple[int, dict[int, int]]:
    """``2 * wins + ties`` summed over the combo pairs, per villain class, for one hero class."""
    (a, b), villains = matchups_of(hero_class)
    key, bits = all_five_card_boards()
    hk = int(BATCH_KEY[a]) + int(BATCH_KEY[b])
    hb = int(CARD_BIT[a]) | int(CARD_BIT[b])
    keep = (bits & np.int64(hb)) == 0
    kh, bh = key[keep], bits[keep]
    sh = strengths_from_keys(kh + np.int32(hk), 7, bits=bh | np.int64(hb))
    row: dict[int, int] = {}
    for (c, d), mult in villains:
        vk = int(BATCH_KEY[c]) + int(BATCH_KEY[d])
        vb = int(CARD_BIT[c]) | int(CARD_BIT[d])
        mv = (bh & np.int64(vb)) == 0
        sv = strengths_from_keys(kh[mv] + np.int32(vk), 7, bits=bh[mv] | np.int64(vb))
        s = sh[mv]
        assert s.shape[0] == BOARDS_PER_MATCHUP
        doubled = 2 * int(np.count_nonzero(s > sv)) + int(np.count_nonzero(s == sv))
        vc = class_index(c, d)
        row[vc] = row.get(vc, 0) + mult * doubled
    # every combo of the hero class sees the same, by suit symmetry
    size = int(class_sizes()[hero_class])
    return hero_class, {vc: size * v for vc, v in row.items()}


def build_table(jobs: int = 1, progress: Callable[[int, float], None] | None = None) -> tuple[I64, I64]:
    """Compute ``(doubled, pairs)`` from scratch (minutes; see the module doc)."""
    pairs = disjoint_pairs().astype(np.int64)
    doubled = np.zeros((N_CLASSES, N_CLASSES), dtype=np.int64)
    start = time.perf_counter()
    done = 0

    def take(result: tuple[int, dict[int, int]]) -> None:
        nonlocal done
        hero, row = result
        for vc, v in row.items():
            doubled[hero, vc] = v
            if vc != hero:
                doubled[vc, hero] = 2 * int(pairs[hero, vc]) * BOARDS_PER_MATCHUP - v
        done += 1
        if progress is not None:
            progress(done, time.perf_counter() - start)

    if jobs <= 1:
        for hero in range(N_CLASSES):
            take(_hero_row(hero))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_hero_row, range(N_CLASSES)):
                take(result)
    return doubled, pairs


def save_table(doubled: I64, pairs: I64, path: Path = DATA_FILE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, doubled=doubled, pairs=pairs.astype(np.int32))


@lru_cache(maxsize=1)
def load_equity_counts(path: Path = DATA_FILE) -> tuple[I64, I64]:
    """The shipped ``(doubled, pairs)`` integers (read once per process)."""
    with np.load(path) as data:
        doubled = np.asarray(data["doubled"], dtype=np.int64)
        pairs = np.asarray(data["pairs"], dtype=np.int64)
    doubled.setflags(write=False)
    pairs.setflags(write=False)
    return doubled, pairs


@lru_cache(maxsize=1)
def equity_table() -> F64:
    """``EQUITY[A, B]``: all-in equity of class A against class B (0.5 on the diagonal)."""
    doubled, pairs = load_equity_counts()
    with np.errstate(invalid="ignore", divide="ignore"):
        eq = doubled / (2.0 * pairs * BOARDS_PER_MATCHUP)
    eq = np.where(pairs > 0, eq, 0.5)
    eq.setflags(write=False)
    return eq


def class_equity(hero: str, villain: str) -> float:
    """Equity of one class against another by name: ``class_equity("AKs", "QQ")``."""
    return float(equity_table()[CLASS_OF_NAME[hero], CLASS_OF_NAME[villain]])
