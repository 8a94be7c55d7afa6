"""The journal reads each kernel operation once, into our events, PHH lines and chip mirrors."""

from __future__ import annotations

from coach.engine import BlindPosted, HoleDealt, TableConfig
from coach.engine.journal import Journal
from coach.engine.kernel import make_state


def test_heads_up_the_small_blind_is_told_first_and_the_mirror_matches_the_kernel() -> None:
    config = TableConfig(("Alice", "Bob"), (100, 100), 1)   # heads-up: the button (Bob) posts the small blind
    state = make_state(config)
    journal = Journal(config, state)
    journal.read()
    blinds = [e for e in journal.events if isinstance(e, BlindPosted)]
    assert [(e.name, e.kind, e.amount) for e in blinds] == [("Bob", "small", 1), ("Alice", "big", 2)]
    assert journal.mbets == list(state.bets) and journal.mstacks == list(state.stacks)


def test_an_operation_is_read_once_and_a_hole_deal_becomes_an_event_and_a_phh_line() -> None:
    config = TableConfig(("Alice", "Bob", "Carol"), (100, 100, 100), 2)
    state = make_state(config)
    journal = Journal(config, state)
    journal.read()
    state.deal_hole("AsKd", 0)
    journal.read()
    journal.read()   # nothing new: nothing added
    dealt = [e for e in journal.events if isinstance(e, HoleDealt)]
    assert len(dealt) == 1 and dealt[0].seat == config.seat_of(0)
    assert journal.codes == ["d dh p1 AsKd"]
    assert journal.hole[config.seat_of(0)] is not None
