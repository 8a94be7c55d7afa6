"""A coach that never contradicts itself: invariants over generated spots and every lesson decision.

The spots are built by :func:`random_spot`: a random table (2-9 players,
stacks of 3-300 big blinds, random opponent profiles), a hand dealt by the
engine (:mod:`coach.engine`) and played by random legal actions up to a
decision on a random street. On each the coach's analysis must keep the
invariants that keep its words, grades and JSON in agreement:

1. the option named «X is the right choice» is the JSON ``best`` and has the
   best grade; options worth the same to a tenth of a big blind and graded
   alike are said to be a tie («are worth the same»); what a chart or solver
   plays is never graded below what it does not play;
2. no option graded «errore» or worse carries an EV (``ev_bb`` and the figure
   in its text) above the best option's;
3. folding when checking is free is never graded above a check or a bet the
   model values higher;
4. no text calls a hand with showdown value (a pair or better with a hole
   card, or 25% equity) a bluff without showdown value, and no preflop text
   judges an all-in by a bluff rule;
5. where an exact model answers, grades are ordered by its EVs, and it
   declares none of the estimate's rules.

The default suite runs :data:`QUICK` generated spots; the ``slow`` run
:data:`FULL`. Both print how long they took (no timed assertion).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.engine.config import TableConfig
from coach.engine.hand import Hand
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.profiles import PROFILES
from coach.feedback.valuation import model_named
from coach.feedback.wording import best_verdict
from coach.i18n import get_translator
from coach.learning.answers import graded_decisions
from coach.lessons.loader import default_lessons_dir, load_lessons

QUICK = 300
FULL = 2500  # the slow tenths: 250 seeds each (5,000 made the suite's slowest worker ~9 minutes)
RANK = {"ottima": 0, "buona": 1, "imprecisa": 2, "errore": 3, "errore grave": 4}
EXACT_MODELS = ("pushfold", "solver")
# the sentences that call the hero's bet a bluff with no showdown value (English msgids)
BLUFF_WORDS = ("has no showdown value", "A raise with no showdown value", "A bluff raise against")
EV_IN_TEXT = re.compile(r"Expected value[^:]*: (?:about )?(-?\d+(?:\.\d+)?) bb")
RIGHT_CHOICE = re.compile(r"((?:[A-Z]|the )[^.:]*? is the right choice)")


def random_spot(seed: int) -> tuple[Hand, dict[int, str], bool]:
    """A legal hand stopped at a decision, the opponents' profiles and whether the solver may answer.

    Tables of 2-9 players (heads-up one time in four, so the river solver gets
    its spots), stacks of 3-300 big blinds (a third of the tables short, at
    3-25 bb, so the push/fold charts get theirs), a street aimed at at random;
    a deal that ends before a decision there is dealt again.
    """
    rng = random.Random(seed)
    while True:
        spot = _try_spot(rng)
        if spot is not None:
            return spot


def _try_spot(rng: random.Random) -> tuple[Hand, dict[int, str], bool] | None:
    n = 2 if rng.random() < 0.25 else rng.randint(2, 9)
    short = rng.random() < 1 / 3
    stacks = tuple(2 * (rng.randint(3, 25) if short else rng.randint(3, 300)) for _ in range(n))
    cfg = TableConfig(names=tuple(f"P{k}" for k in range(n)), stacks=stacks, button=rng.randrange(n))
    hand = Hand.start(cfg, seed=rng.randrange(1 << 30))
    order = ("preflop", "flop", "turn", "river")
    target = "river" if n == 2 and rng.random() < 0.4 else rng.choice(order)
    for _ in range(60):
        legal = hand.legal_actions()
        if hand.is_complete or legal.actor is None:
            return None
        street = str(getattr(hand.street, "value", hand.street)).lower()
        if street in order and order.index(street) >= order.index(target) and rng.random() < 0.7:
            break
        _random_action(hand, rng)
    else:
        return None
    actor = hand.legal_actions().actor
    balanced = rng.random() < 0.4  # no profile: the balanced default (the solver's case)
    profiles = {} if balanced else {s: rng.choice(sorted(PROFILES)) for s in range(n) if s != actor}
    return hand, profiles, rng.random() < 0.5


def _random_action(hand: Hand, rng: random.Random) -> None:
    """A random legal action, weighted so that hands often reach the later streets."""
    la = hand.legal_actions()
    r = rng.random()
    bounds = la.min_raise_to is not None and la.max_raise_to is not None
    if (la.can_bet or la.can_raise) and bounds and r < 0.25:
        assert la.min_raise_to is not None and la.max_raise_to is not None
        pot = hand.pot_total
        size = rng.choice((la.min_raise_to, la.to_match + pot // 2, la.to_match + pot, la.max_raise_to))
        hand.bet_or_raise_to(int(min(max(size, la.min_raise_to), la.max_raise_to)))
    elif la.can_check:
        hand.check()
    elif la.can_fold and r > 0.8:
        hand.fold()
    else:
        hand.check_or_call()


@dataclass
class Shown:
    """One option as the learner reads it (English, so the checks read msgids)."""

    code: str
    kind: str
    grade: int
    ev: float | None
    text: str


def shown(a: DecisionAnalysis) -> list[Shown]:
    return [Shown(o["action"], o["kind"], RANK[o["grade"]], o["ev_bb"], o["explanation"])
            for o in a.to_json("en")["options"]]


def has_showdown_value(a: DecisionAnalysis) -> bool:
    hole = [c.rank for c in a.hero_cards]
    board = {c.rank for c in a.board}
    paired = hole[0] == hole[1] or any(r in board for r in hole)
    return paired or (a.equity is not None and a.equity.value >= 0.25)


def violations(a: DecisionAnalysis) -> list[str]:
    """Every invariant the analysis breaks, in words (empty when it keeps them all)."""
    out: list[str] = []
    opts = shown(a)
    best = next(o for o in opts if o.code == a.best)
    # 1. the named best
    if best.grade != min(o.grade for o in opts):
        out.append(f"1: best {best.code} is not graded best")
    best_phrase = get_translator("en").render(best_verdict(next(x for x in a.options if x.code == a.best)))
    for o in opts:
        for sentence in RIGHT_CHOICE.findall(o.text):
            if sentence != best_phrase:
                out.append(f"1: {o.code}'s text names «{sentence}» but the JSON best is {best.code}")
    if best.ev is not None:
        for o in opts:
            if o is best or o.ev is None or o.grade != best.grade:
                continue
            if abs(o.ev - best.ev) < 0.05 and "are worth the same" not in best.text:
                out.append(f"1: {o.code} ({o.ev:+.2f} bb) and the best {best.code} ({best.ev:+.2f} bb) "
                           "are a tie the text does not state")
    played = _played(a)
    if played:
        for p in opts:
            for u in opts:
                if p.code in played and u.code not in played and p.grade > u.grade:
                    out.append(f"1: {a.model} plays {p.code} but grades it below {u.code}, which it doesn't")
    # 2. no mistake worth more than the best
    for o in opts:
        if o.grade >= RANK["errore"] and o.ev is not None and best.ev is not None and o.ev > best.ev + 1e-9:
            out.append(f"2: {o.code} graded {o.grade} with ev {o.ev:+.2f} > best {best.code} {best.ev:+.2f}")
        if o.grade >= RANK["errore"] and best.ev is not None:
            for figure in EV_IN_TEXT.findall(o.text):
                if float(figure) > round(best.ev, 1) + 1e-9:
                    out.append(f"2: {o.code}'s text gives {figure} bb, above the best's {best.ev:+.2f}")
    # 3. folding when checking is free
    fold = next((o for o in opts if o.kind == "fold"), None)
    if fold is not None and any(o.kind == "check" for o in opts):
        for o in opts:
            if o is not fold and o.ev is not None and fold.ev is not None and o.ev > fold.ev + 1e-9 \
                    and fold.grade < o.grade:
                out.append(f"3: folding for free is graded above {o.code}, which is worth more")
    # 4. bluff words
    for o in opts:
        said = [w for w in BLUFF_WORDS if w in o.text]
        if said and (has_showdown_value(a) or a.street == "preflop"):
            out.append(f"4: {o.code}'s text calls a hand with showdown value a bluff: {said}")
    # 5. exact models
    if a.model in EXACT_MODELS:
        if model_named(a.model).caps:
            out.append(f"5: the exact model {a.model} declares caps {sorted(model_named(a.model).caps)}")
        for x in opts:
            for y in opts:
                if x.ev is not None and y.ev is not None and x.ev > y.ev + 0.005 and x.grade > y.grade \
                        and not (played and y.code in played and x.code not in played):
                    out.append(f"5: {a.model}: {x.code} ({x.ev:+.2f}) graded below {y.code} ({y.ev:+.2f})")
    return out


def _played(a: DecisionAnalysis) -> set[str]:
    """The options the chart or the solver plays (at least 10% of the time), from the JSON details."""
    chart = a.details.get("chart")
    out: set[str] = set()
    if isinstance(chart, dict):
        freq = chart.get("push_frequency", chart.get("call_frequency"))
        if freq is None or freq != freq:
            return out
        for o in a.options:
            if o.kind == "fold" and freq <= 0.9:
                out.add(o.code)
            elif freq >= 0.1 and (o.kind == "all_in" or ("call_frequency" in chart and o.code == "cc")):
                out.add(o.code)
        return out
    solver = a.details.get("solver")
    if isinstance(solver, dict):
        out = {code for code, f in solver.get("hero_strategy", {}).items() if f >= 0.1}
    return out


def describe(hand: Hand) -> str:
    """The spot in one line: table, stacks and the actions so far (to replay a failure)."""
    return f"{len(hand.config.names)} players, stacks {hand.config.stacks}, actions {list(hand.phh_actions)}"


def check_seed(seed: int) -> None:
    hand, profiles, solver = random_spot(seed)
    a = analyze(hand, profiles=profiles, seed=0, solver=solver)
    found = violations(a)
    assert not found, f"seed {seed}: {describe(hand)}, profiles {profiles}\n  " + "\n  ".join(found)


_TIMES: dict[str, float] = {}


def _run(n: int, label: str) -> None:
    started = time.perf_counter()

    @settings(max_examples=n, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(min_value=0, max_value=2**31 - 1))
    def run(seed: int) -> None:
        check_seed(seed)

    run()
    print(f"\n{label}: {n} generated spots in {time.perf_counter() - started:.1f} s")


def test_invariants_on_generated_spots() -> None:
    _run(QUICK, "invariants")


CHUNKS = 10  # the 2,500 seeds in ten tests of 250: pytest-xdist's workers share them out


def _full_seeds() -> list[int]:
    rng = random.Random(FULL)
    return [rng.randrange(2**31) for _ in range(FULL)]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_on_2500_generated_spots(chunk: int) -> None:
    """2,500 more seeds, one tenth per test: the suite's workers (``-n auto``) run the tenths side
    by side, as many at once as the machine has cores, with no process pool of the test's own."""
    started = time.perf_counter()
    seeds = _full_seeds()[chunk::CHUNKS]
    problems = []
    for seed in seeds:
        try:
            check_seed(seed)
        except AssertionError as err:
            problems.append(str(err))
    print(f"\ninvariants (slow, part {chunk + 1} of {CHUNKS}): {len(seeds)} generated spots in "
          f"{time.perf_counter() - started:.1f} s")
    assert not problems, (f"{len(problems)} of {len(seeds)} spots break an invariant:\n"
                          + "\n".join(problems[:10]))


def lesson_decisions() -> Iterator[tuple[str, Hand, dict[int, str] | None]]:
    """Every decision point of every lesson, as the lesson page builds it."""
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        yield g.where, g.hand, g.profiles


def test_invariants_on_every_lesson_decision() -> None:
    started = time.perf_counter()
    problems: list[str] = []
    count = 0
    for name, hand, profiles in lesson_decisions():
        count += 1
        a = analyze(hand, profiles=profiles, seed=0)
        problems += [f"{name}: {p}" for p in violations(a)]
    print(f"\ninvariants: {count} lesson decisions in {time.perf_counter() - started:.1f} s")
    assert count >= 20
    assert not problems, "\n".join(problems)
