"""The automatic dealer: preset cards first, then the seeded deck; the showdown in DESIGN §3 order."""

from __future__ import annotations

from coach.cards import Deck, parse_cards
from coach.engine import Hand, TableConfig
from coach.engine.dealer import AutoDealer
from coach.engine.journal import Journal
from coach.engine.kernel import make_state

CONFIG = TableConfig(("Alice", "Bob", "Carol"), (100, 100, 100), 2)


def test_presets_are_dealt_first_and_the_rest_comes_from_the_seeded_deck() -> None:
    state = make_state(CONFIG)
    journal = Journal(CONFIG, state)
    journal.read()
    preset = {1: parse_cards("AsAd")}
    deck = Deck(7)
    deck.remove(list(preset[1]))
    AutoDealer(deck, preset, (), muck_losers=False).run(state, journal, journal.read)
    assert journal.hole[1] == preset[1]
    expected = Deck(7)
    expected.remove(list(preset[1]))
    dealt = [journal.hole[CONFIG.seat_of(pos)] for pos in range(3) if CONFIG.seat_of(pos) != 1]
    assert dealt == [expected.deal(2), expected.deal(2)]   # in dealing order, from the left of the button
    assert state.actor_index is not None   # stopped at the first decision


def test_the_last_river_bettor_shows_first() -> None:
    hand = Hand.start(CONFIG, seed=3)
    for _ in range(3):            # preflop: call, call, check
        hand.check_or_call()
    for _ in range(6):            # flop and turn checked through
        hand.check()
    hand.check()                  # river: the second to act bets, the others call
    bettor = hand.actor
    hand.bet_or_raise_to(10)
    hand.call()
    hand.call()
    assert hand.result is not None and hand.result.showdown_order[0] == bettor
