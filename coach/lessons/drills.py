"""Unlimited quizzes beyond the lessons, each generated from a seed and answered by the engine.

Four kinds, one generator each, all pure functions of their seed (the same seed
gives the same drill on every machine, so a drill can be shared, replayed and
tested):

- ``showdown``: "Chi vince?" on a random deal played to the river; the answer
  is the engine's showdown, the explanation names every hand's best five;
- ``min_raise``: a random sequence of bets and raises; "a quanto deve arrivare
  almeno il rilancio?", answered by the engine's legal actions;
- ``side_pot``: three or four stacks all-in; the amount of one pot, answered by
  the engine's pots, explained layer by layer;
- ``outs``: a player behind on the flop against a known hand; how many turn
  cards put him ahead, counted with the evaluator, with the rule of 2 and 4,
  and how that rule (cards that come) differs from winning the hand by the
  river (every turn and river dealt out).

Nothing here is hard-coded: the numbers in a drill are the engine's, and the
explanation is built from the same numbers (tests check the two agree).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from coach.cards import Card, Deck, format_cards
from coach.engine.config import TableConfig
from coach.engine.hand import Hand
from coach.evaluator import describe, evaluate
from coach.i18n import N_, Message, Percent

DrillKind = Literal["showdown", "min_raise", "side_pot", "outs"]
KINDS: tuple[DrillKind, ...] = ("showdown", "min_raise", "side_pot", "outs")

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nico")
BLINDS = ((1, 2), (5, 10), (25, 50), (100, 200))


@dataclass(frozen=True)
class Drill:
    """One quiz: a prompt, choices (empty for a number), the answer and its explanation.

    ``answer`` is the index of the right choice, or the number itself. ``context``
    is the engine's narration of the hand up to the question; ``players``,
    ``hole_cards`` and ``board`` let the UI draw the table.
    """

    kind: DrillKind
    seed: int
    prompt: Message
    answer: int
    explanation: tuple[Message, ...]
    choices: tuple[Message | str, ...] = ()
    context: tuple[Message, ...] = ()
    players: tuple[str, ...] = ()
    hole_cards: tuple[tuple[Card, ...] | None, ...] = ()
    board: tuple[Card, ...] = ()
    unit: str = "fiche"
    # The engine's hand at the question (min_raise) or at the end (showdown,
    # side_pot): for drawing the table. Read it, never act on it.
    hand: Hand | None = field(default=None, compare=False, repr=False)

    @property
    def numeric(self) -> bool:
        return not self.choices

    def is_correct(self, response: int) -> bool:
        return response == self.answer


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True)


def _names_list(names: Sequence[str]) -> Message:
    if len(names) == 1:
        return Message(N_("{name}"), {"name": names[0]})
    return Message(N_("{first} and {last}"), {"first": ", ".join(names[:-1]), "last": names[-1]})


# -- Chi vince? ------------------------------------------------------------------------


def showdown_drill(seed: int) -> Drill:
    """Two or three players check to the river; who wins the pot?"""
    rng = random.Random(seed)
    n = rng.choice((2, 3))
    names = tuple(rng.sample(NAMES, n))
    config = TableConfig(names=names, stacks=(100,) * n, button=n - 1)
    hand = Hand.start(config, seed=rng.randrange(2**32), dealing="auto")
    while not hand.is_complete:
        hand.check_or_call()
    result = hand.result
    assert result is not None
    main = result.main_pot
    lines: list[Message] = []
    holes = tuple(hand.hole_cards(s) for s in range(n))
    for shown in result.shown:
        lines.append(Message(N_("{name} has {cards}: {hand} ({best})."), {
            "name": names[shown.seat], "cards": _cards(shown.cards),
            "hand": shown.description or Message(N_("unknown hand")),
            "best": _cards(shown.best_five or ())}))
    winners = [names[s] for s in main.winners]
    split_choice = Message(N_("Split pot"))
    choices: tuple[Message | str, ...] = (*names, split_choice)
    if len(winners) == 1:
        answer = names.index(winners[0])
        lines.append(Message(N_("{name} has the best five cards and wins the pot."), {"name": winners[0]}))
    else:
        answer = len(names)
        lines.append(Message(N_("{names} have the same five cards, kickers included: they split the pot."),
                             {"names": _names_list(winners)}))
    return Drill(
        kind="showdown", seed=seed,
        prompt=Message(N_("Board {board}. Who wins the pot?"), {"board": _cards(hand.board)}),
        answer=answer, explanation=tuple(lines), choices=choices, players=names,
        hole_cards=holes, board=hand.board, hand=hand,
    )


# -- Rilancio minimo ---------------------------------------------------------------------


def min_raise_drill(seed: int) -> Drill:
    """After a random sequence of bets and raises: the smallest legal raise "to"."""
    rng = random.Random(seed)
    n = rng.randint(3, 6)
    sb, bb = rng.choice(BLINDS)
    names = tuple(rng.sample(NAMES, n))
    config = TableConfig(names=names, stacks=(300 * bb,) * n, button=n - 1, small_blind=sb, big_blind=bb)
    hand = Hand.start(config, seed=rng.randrange(2**32), dealing="auto")
    postflop = rng.random() < 0.5
    if postflop:  # everybody limps, the big blind checks: to the flop
        while hand.street == "preflop":
            hand.check_or_call()
    raises = rng.randint(1, 3) if postflop else rng.randint(0, 3)
    done = 0
    while True:
        legal = hand.legal_actions()
        if done >= raises and legal.can_raise | legal.can_bet:
            break
        if rng.random() < 0.25 and legal.can_fold and sum(hand.in_hand(s) for s in range(n)) > 2:
            hand.fold()
            continue
        if done < raises and (legal.can_raise or legal.can_bet) and legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            extra = rng.choice((0, 0, 1, 2, 3)) * max(legal.last_increment, bb)
            hand.bet_or_raise_to(min(legal.min_raise_to + extra, legal.max_raise_to))
            done += 1
        else:
            hand.check_or_call()
    legal = hand.legal_actions()
    assert legal.actor is not None and legal.min_raise_to is not None
    name = names[legal.actor]
    lines: list[Message] = []
    if legal.to_match == 0:
        lines.append(Message(N_("Nobody has bet yet on this street: the minimum bet is the big blind, "
                                "{bb}."), {"bb": bb}))
    elif done == 0:
        lines.append(Message(N_("Nobody has raised yet: the bet to beat is the big blind ({bb}), and a "
                                "raise must add at least as much again: {to_match} + {inc} = {min}."),
                             {"bb": bb, "to_match": legal.to_match, "inc": legal.last_increment,
                              "min": legal.min_raise_to}))
    else:
        lines.append(Message(N_("The highest bet is {to_match} and the last increment was {inc}: a raise "
                                "must add at least as much again, so {to_match} + {inc} = {min}."),
                             {"to_match": legal.to_match, "inc": legal.last_increment,
                              "min": legal.min_raise_to}))
        lines.append(Message(N_("A rule of thumb such as «twice the last raise» can give a different "
                                "number: what counts is the last increment.")))
    prompt = Message(N_("Blinds {sb}/{bb}. It is {name}'s turn: what is the smallest amount {name} can "
                        "raise to?"), {"sb": sb, "bb": bb, "name": name})
    return Drill(
        kind="min_raise", seed=seed, prompt=prompt, answer=legal.min_raise_to, explanation=tuple(lines),
        context=tuple(hand.messages()), players=names, board=hand.board, hand=hand,
    )


# -- Piatti laterali ---------------------------------------------------------------------


def side_pot_drill(seed: int) -> Drill:
    """Three or four different stacks all-in preflop: the amount of one pot."""
    rng = random.Random(seed)
    n = rng.randint(3, 4)
    names = tuple(rng.sample(NAMES, n))
    stacks = tuple(rng.sample(range(20, 310, 10), n))
    config = TableConfig(names=names, stacks=stacks, button=n - 1)
    # Manual dealing: the question is about the pots as they stand once the
    # betting is over, before any card decides who wins them.
    hand = Hand.start(config, dealing="manual")
    deck = Deck(rng.randrange(2**32))
    for seat in range(n):
        hand.deal_hole(seat, deck.deal(2))
    while hand.actor is not None:
        legal = hand.legal_actions()
        if legal.can_all_in:
            hand.all_in()
        else:
            hand.check_or_call()
    pots = hand.pots()
    index = rng.randrange(len(pots))
    pick = pots[index]
    lines = _side_pot_explanation(names, stacks)
    if index == 0:
        prompt = Message(N_("Stacks: {stacks}. Everybody goes all-in before the flop. How much is the "
                            "main pot?"), {"stacks": _stacks_text(names, stacks)})
    else:
        prompt = Message(N_("Stacks: {stacks}. Everybody goes all-in before the flop. How much is side "
                            "pot {n}?"), {"stacks": _stacks_text(names, stacks), "n": str(index)})
    lines.append(Message(N_("Side pots are awarded first, then the main pot: each player can win only "
                            "what he covered.")))
    return Drill(
        kind="side_pot", seed=seed, prompt=prompt, answer=pick.amount, explanation=tuple(lines),
        players=names,
        hole_cards=tuple(hand.hole_cards(s) for s in range(n)), hand=hand,
    )


def _stacks_text(names: Sequence[str], stacks: Sequence[int]) -> str:
    return ", ".join(f"{name} {stack}" for name, stack in zip(names, stacks, strict=True))


def side_pot_layers(stacks: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """The pots when every stack is all-in: (amount, level, seats), main pot first.

    Nobody can lose more than the second-largest stack: the largest stack's
    excess is uncalled and goes back.
    """
    cap = sorted(stacks)[-2]
    put = [min(s, cap) for s in stacks]
    levels = sorted(set(put))
    out = []
    prev = 0
    for level in levels:
        seats = tuple(i for i, p in enumerate(put) if p >= level)
        out.append(((level - prev) * len(seats), level, seats))
        prev = level
    return out


def _side_pot_explanation(names: Sequence[str], stacks: Sequence[int]) -> list[Message]:
    lines: list[Message] = []
    cap = sorted(stacks)[-2]
    for seat, stack in enumerate(stacks):
        if stack > cap:
            lines.append(Message(N_("{name} has {stack}, but nobody covers more than {cap}: the other "
                                    "{excess} go back to {name}."),
                                 {"name": names[seat], "stack": stack, "cap": cap, "excess": stack - cap}))
    prev = 0
    for k, (amount, level, seats) in enumerate(side_pot_layers(stacks)):
        who = _names_list([names[s] for s in seats])
        if k == 0:
            lines.append(Message(N_("Main pot: {level} from each of {count} players ({names}) = {amount}."),
                                 {"level": level, "count": len(seats), "names": who, "amount": amount}))
        else:
            lines.append(Message(N_("Side pot {n}: {diff} ({level} − {prev}) from each of {names} = "
                                    "{amount}."),
                                 {"n": str(k), "diff": level - prev, "level": level, "prev": prev,
                                  "names": who, "amount": amount}))
        prev = level
    return lines


# -- Outs -----------------------------------------------------------------------------------


def outs_drill(seed: int) -> Drill:
    """A player behind on the flop against a known hand: how many turn cards put him ahead?"""
    rng = random.Random(seed)
    hero_name, villain_name = rng.sample(NAMES, 2)
    for _ in range(10_000):
        deck = Deck(rng.randrange(2**32))
        hero, villain, flop = deck.deal(2), deck.deal(2), deck.deal(3)
        if evaluate(hero + flop) >= evaluate(villain + flop):
            continue
        outs = tuple(c for c in deck.cards if evaluate(hero + flop + (c,)) > evaluate(villain + flop + (c,)))
        if 4 <= len(outs) <= 15:
            break
    else:  # pragma: no cover - a good deal turns up within a few dozen tries
        raise RuntimeError("no drawing hand found")
    unseen = len(deck.cards)
    count = len(outs)
    lines = [
        Message(N_("Now {villain} is ahead with {vhand}; {hero} has {hhand}."),
                {"villain": villain_name, "vhand": describe(villain + flop), "hero": hero_name,
                 "hhand": describe(hero + flop)}),
        Message(N_("The turn cards that put {hero} ahead are {count}: {outs}."),
                {"hero": hero_name, "count": count, "outs": _cards(sorted(outs, reverse=True))}),
        Message(N_("Rule of 2: about {rule2} to hit one on the turn (exactly {count} out of {unseen} "
                   "unseen cards, {exact}). With turn and river to come, the rule of 4 gives about "
                   "{rule4}."),
                {"rule2": Percent(count * 2 / 100, 0), "count": count, "unseen": unseen,
                 "exact": Percent(count / unseen), "rule4": Percent(min(count * 4, 100) / 100, 0)}),
        Message(N_("But the rule counts the cards that come, not the pots won: by the river {hero} gets "
                   "one of the outs {hit} of the time, and wins the hand {win} of the time (a tie counts "
                   "half). An out can be beaten by the last card, and other cards can win too."),
                {"hero": hero_name, "hit": Percent(hit_by_river(count, unseen)),
                 "win": Percent(win_by_river(hero, villain, flop, deck.cards))}),
    ]
    prompt = Message(N_("{hero} has {hcards}, {villain} has {vcards} (both all-in, cards face up). Flop "
                        "{flop}. How many turn cards put {hero} ahead?"),
                     {"hero": hero_name, "hcards": _cards(hero), "villain": villain_name,
                      "vcards": _cards(villain), "flop": _cards(flop)})
    return Drill(
        kind="outs", seed=seed, prompt=prompt, answer=count, explanation=tuple(lines),
        players=(hero_name, villain_name), hole_cards=(hero, villain), board=flop, unit="carte",
    )


def hit_by_river(outs: int, unseen: int) -> float:
    """The chance that turn or river is one of ``outs`` among ``unseen`` cards."""
    return 1.0 - (unseen - outs) * (unseen - outs - 1) / (unseen * (unseen - 1))


def win_by_river(hero: Sequence[Card], villain: Sequence[Card], flop: Sequence[Card],
                 unseen: Sequence[Card]) -> float:
    """The hero's share of the pot over every turn and river (ties count half), exactly."""
    total = 0.0
    pairs = 0
    for turn, river in itertools.combinations(unseen, 2):
        board = (*flop, turn, river)
        h, v = evaluate((*hero, *board)), evaluate((*villain, *board))
        total += 1.0 if h > v else 0.5 if h == v else 0.0
        pairs += 1
    return total / pairs


# -- Streams ---------------------------------------------------------------------------------

GENERATORS = {
    "showdown": showdown_drill,
    "min_raise": min_raise_drill,
    "side_pot": side_pot_drill,
    "outs": outs_drill,
}


def make_drill(kind: DrillKind, seed: int) -> Drill:
    """The drill of ``kind`` for ``seed`` (the same seed, the same drill)."""
    return GENERATORS[kind](seed)


def drills(kinds: Sequence[DrillKind] = KINDS, seed: int = 0) -> Iterator[Drill]:
    """An endless stream of drills of the given kinds, reproducible from ``seed``."""
    rng = random.Random(seed)
    for i in itertools.count():
        kind = kinds[rng.randrange(len(kinds))]
        yield make_drill(kind, seed * 1_000_003 + i)
