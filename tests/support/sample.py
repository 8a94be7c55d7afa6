"""A made-up session of 6-max hands played by the engine and the practice bots, as a PHH ``.phhs`` text.

For the tests, the benchmark and a demo: nobody's real hands, and every hand replays exactly
(the engine wrote it). The hero («Tu») plays every hand as an easy bot that, at a share
``blunders`` of its decisions, picks any legal option at random (so the review has mistakes to
find); each opponent's seat changes player every 5 hands, as at an online table, so the hero is
the one player present in most hands.
"""

from __future__ import annotations

import random

from coach.engine.hand import Hand
from coach.engine.session import BlindLevel, Session
from coach.feedback.analysis import analyze
from coach.feedback.bots import STYLES, Bot

__all__ = ["sample_session"]

_BASES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Luca")


def sample_session(hands: int, *, seed: int = 1, hero: str = "Tu", seats: int = 6,
                   hero_difficulty: float = 0.3, blunders: float = 0.3, stack_bb: int = 100) -> str:
    """``hands`` hands as one ``.phhs`` text (sections ``[1]``, ``[2]``...)."""
    n = max(2, min(len(_BASES) + 1, seats))
    names = [hero, *_BASES[: n - 1]]
    session = Session(names, stack_bb * 2, button=seed % n, levels=BlindLevel(1, 2), seed=seed)
    styles = list(STYLES)
    bots = {0: Bot("loose-passive", hero_difficulty, seed=seed)}
    for s in range(1, n):
        bots[s] = Bot(styles[(seed + s) % len(styles)], 0.7, seed=seed + s)
    rng = random.Random(seed)

    def hero_acts(hand: Hand) -> None:
        if rng.random() >= blunders:
            bots[0].act(hand)
            return
        options = analyze(hand, solver=False, seed=rng.randrange(1 << 30)).options
        actor = hand.legal_actions().actor
        assert actor is not None
        hand.apply_code(f"p{hand.config.player_of_seat(actor)} {rng.choice(options).code}")

    parts: list[str] = []
    for number in range(hands):
        for s in range(n):
            if session.stacks[s] == 0:
                session.add_chips(s, stack_bb * 2)
        hand = session.start_hand()
        while not hand.is_complete and hand.actor is not None:
            seat = session.table_seat(hand.actor)
            if seat == 0:
                hero_acts(hand)
            else:
                bots[seat].act(hand)
        record = session.finish_hand()
        table = [hero if s == 0 else f"{_BASES[s - 1]}{(number + s) // 5 + 1}" for s in range(n)]
        players = [table[s] for s in record.seats]
        parts.append(f"[{number + 1}]\n" + record.phh(players=players))
    return "\n".join(parts)
