"""«Crea una mano», the pure part: the set-up refuses bad fields in words, a step the engine refuses
leaves the build as it was, undo gives back the build before the last step, and every built hand
replays from its PHH to the same final stacks (hypothesis drives random legal hands)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.cards import Card, parse_cards
from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.errors import CoachError, IllegalAction, InvalidInput
from coach.i18n import get_translator
from coach.learning.builder import (
    HERO_FIELD,
    Build,
    BuildStep,
    board_size,
    coach_grades,
    hero_decisions,
    make_setup,
    parse_known_cards,
)

DECK = tuple(parse_cards([r + s for r in "23456789TJQKA" for s in "shdc"]))
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


def six(**over: object) -> Build:
    args: dict[str, object] = dict(button=5, small_blind=1, big_blind=2, ante=0, hero=2, hero_cards="AsKd",
                                   known={3: "QhQc"})
    args.update(over)
    return Build.start(make_setup(NAMES, [200] * 6, **args))  # type: ignore[arg-type]


@pytest.mark.parametrize(("change", "words"), [
    ({"stacks": ["200", "0", "200"]}, "Bruno"),
    ({"stacks": ["200", "molti", "200"]}, "molti"),
    ({"big_blind": "due"}, "due"),
    ({"hero_cards": "AsAs"}, "As"),
    ({"hero_cards": "AsK"}, "AsK"),
    ({"known": {1: "AsQc"}}, "As"),
    ({"names": ["Anna", "Anna", "Carla"]}, "Anna"),
    ({"names": ["Anna"], "stacks": ["200"]}, "1"),
])
def test_a_bad_set_up_is_refused_naming_the_field(change: dict[str, object], words: str) -> None:
    args: dict[str, object] = dict(names=["Anna", "Bruno", "Carla"], stacks=["200", "200", "200"],
                                   button=2, small_blind="1", big_blind="2", ante="0", hero=0,
                                   hero_cards="AsKd", known={})
    args.update(change)
    with pytest.raises(InvalidInput) as err:
        make_setup(args.pop("names"), args.pop("stacks"), **args)  # type: ignore[arg-type]
    assert words in str(err.value.params) + err.value.message.msgid


def test_a_refused_step_keeps_the_build_and_says_the_rule() -> None:
    build = six()
    with pytest.raises(IllegalAction) as err:
        build.apply(BuildStep("check"))  # Carla (UTG) faces the big blind
    assert err.value.rule == "R07"
    with pytest.raises(IllegalAction):
        build.apply(BuildStep("raise", 3))  # below the minimum raise
    assert build.steps == () and build.phase() == "action"


def test_a_hand_to_the_flop_with_a_bet_and_a_fold() -> None:
    build = six()
    for step in (BuildStep("raise", 6), BuildStep("call"), *[BuildStep("fold")] * 4):
        build = build.apply(step)
    assert build.phase() == "board" and board_size(build.hand().board) == 3
    with pytest.raises(IllegalAction) as err:
        build.apply(BuildStep("board", cards=parse_known_cards("As2c3c", 3, "flop")))  # As is Carla's
    assert err.value.params["card"] == "As" and err.value.rule == "R01"
    with pytest.raises(InvalidInput):
        build.apply(BuildStep("board", cards=parse_known_cards("2c7d", 3, "flop")))
    build = build.apply(BuildStep("board", cards=parse_known_cards("2c 7d Th", 3, "flop")))
    build = build.apply(BuildStep("bet", 8)).apply(BuildStep("fold"))
    assert build.phase() == "complete"
    history = loads_phh(build.phh())
    assert history.extra[HERO_FIELD] == 3  # Carla is p3 (seat 2, the button is seat 5)
    assert history.replay().result.finishing_stacks == build.hand().result.finishing_stacks  # type: ignore[union-attr]
    spots = hero_decisions(history)
    assert [code for _, code in spots] == ["p3 cbr 6", "p3 cbr 8"]
    assert [g[:3] for g in coach_grades(history)] == [("preflop", "raise", 6), ("flop", "bet", 8)]


def test_a_showdown_with_an_unknown_hand_shown_then() -> None:
    build = Build.start(make_setup(["Anna", "Bruno"], [100, 100], button=1, small_blind=1, big_blind=2,
                                   ante=0, hero=0, hero_cards="AsKd"))
    build = build.apply(BuildStep("call")).apply(BuildStep("check"))
    for cards in ("2c7dTh", "3s", "9d"):
        build = build.apply(BuildStep("board", cards=parse_known_cards(cards, len(cards) // 2, "board")))
        build = build.apply(BuildStep("check")).apply(BuildStep("check"))
    assert build.phase() == "showdown"
    seat = build.showdown_seat()
    assert seat is not None
    order = [seat, 1 - seat]
    for s in order:
        typed = () if build.setup.hole[s] is not None else parse_known_cards("QhQc", 2, "shown")
        build = build.apply(BuildStep("show", seat=s, cards=typed))
    assert build.phase() == "complete"
    assert loads_phh(build.phh()).replay().result.finishing_stacks == (98, 102)  # type: ignore[union-attr]


# -- properties ------------------------------------------------------------------------------


@st.composite
def built_hands(draw: st.DrawFn) -> tuple[list[Build], Build]:
    """A random table and a random walk of legal steps; every build along the way is returned."""
    n = draw(st.integers(2, 10))
    stacks = draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    sb = draw(st.integers(0, 3))
    bb = draw(st.integers(max(sb, 1), 6))
    ante = draw(st.integers(0, 2))
    cards: list[Card] = draw(st.permutations(DECK))[:2 * n + 5]
    known = {i: "".join(str(c) for c in cards[2 * i:2 * i + 2]) for i in range(n)
             if draw(st.booleans())}
    hero = draw(st.integers(0, n - 1))
    hero_cards = "".join(str(c) for c in cards[2 * hero:2 * hero + 2])
    build = Build.start(make_setup([f"G{i}" for i in range(n)], stacks, button=draw(st.integers(0, n - 1)),
                                   small_blind=sb, big_blind=bb, ante=ante, hero=hero, hero_cards=hero_cards,
                                   known=known))
    board = cards[2 * n:]
    seen = [build]
    for _ in range(60):
        hand = build.hand()
        phase = build.phase(hand)
        if phase == "complete":
            break
        if phase == "board":
            k = len(hand.board)
            step = BuildStep("board", cards=tuple(board[k:k + board_size(hand.board)]))
        elif phase == "showdown":
            seat = build.showdown_seat(hand)
            assert seat is not None, (build, hand.events[-3:])
            step = draw(st.sampled_from(build.showdown_options(seat, hand)))
        else:
            legal = hand.legal_actions()
            options = [BuildStep(k) for k in ("fold", "check", "call", "all_in") if k in legal]
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                options.append(BuildStep("raise", draw(st.integers(legal.min_raise_to, legal.max_raise_to))))
            step = draw(st.sampled_from(options))
        try:
            build = build.apply(step)
        except (IllegalAction, InvalidInput) as err:  # every option offered is one the engine accepts
            raise AssertionError(f"{step} refused: {err}") from err
        seen.append(build)
    return seen, build


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(built_hands())
def test_every_built_hand_replays_from_its_phh_to_the_same_stacks(walk: tuple[list[Build], Build]) -> None:
    _, build = walk
    hand = build.hand()
    replayed = loads_phh(build.phh()).replay(require_complete=hand.is_complete)
    # the PHH numbers the seats from the first left of the button (p1) to the button (pN)
    assert replayed.stacks == hand.config.seats_to_positions(hand.stacks)
    if hand.is_complete:
        assert replayed.result is not None and hand.result is not None
        finishing = hand.config.seats_to_positions(hand.result.finishing_stacks)
        assert replayed.result.finishing_stacks == finishing
        assert sum(hand.result.finishing_stacks) == sum(build.setup.stacks)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(built_hands())
def test_undo_restores_the_previous_state(walk: tuple[list[Build], Build]) -> None:
    seen, _ = walk
    for before, after in itertools.pairwise(seen):
        assert after.undo() == before
        assert _seen(after.undo().hand()) == _seen(before.hand())


def _seen(hand: Hand) -> tuple[object, ...]:
    """Everything the table shows (not PokerKit's undealt deck, which it shuffles by itself)."""
    return (hand.stacks, hand.bets, hand.board, hand.actor, hand.street, hand.phh_actions, hand.events,
            hand.legal_actions())


@pytest.mark.parametrize("stack", ["9" * 5000, "0" * 5000 + "5" * 20, "1" + "0" * 13, "²", "١٢", "12.5",
                                   "-3"])
def test_a_stack_of_too_many_digits_or_not_digits_is_refused_in_words(stack: str) -> None:
    """A 5,000-digit stack crashed the page (int() past Python's 4,300-digit limit)."""
    with pytest.raises(InvalidInput) as err:
        make_setup(["Anna", "Bruno"], [stack, "200"], button=1, small_blind="1", big_blind="2", ante="0",
                   hero=0, hero_cards="AsKd")
    said = err.value.localized(get_translator("it"))
    assert "troppo grande" in said or "numero intero" in said, said
    assert len(said) < 400


def test_the_largest_stack_is_accepted() -> None:
    setup = make_setup(["Anna", "Bruno"], [str(10**12), "200"], button=1, small_blind="1", big_blind="2",
                       ante="0", hero=0, hero_cards="AsKd")
    assert setup.stacks[0] == 10**12


def test_a_draft_reads_back_to_the_same_build_and_a_broken_one_is_refused_in_words() -> None:
    setup = make_setup(["Anna", "Bruno", "Carla"], ["200", "150", "300"], button=2, small_blind="1",
                       big_blind="2", ante="0", hero=0, hero_cards="AsKd", known={1: "QhQc"})
    build = Build.start(setup).apply(BuildStep("raise", 6)).apply(BuildStep("fold")).apply(BuildStep("call"))
    build = build.apply(BuildStep("board", cards=tuple(parse_cards(["2c", "7d", "Th"]))))
    assert Build.from_draft(build.to_draft()) == build
    for broken in ("", "{", "[]", build.to_draft().replace('"raise"', '"teleport"'),
                   build.to_draft().replace('"amount":6', '"amount":1'), '{"v":1}'):
        with pytest.raises(CoachError):
            Build.from_draft(broken)
