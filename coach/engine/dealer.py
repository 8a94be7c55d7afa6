"""The automatic dealer: deals, burns and runs the showdown between the players' actions.

In ``"auto"`` mode (practice, the coach's own hands) a :class:`Hand` has an
:class:`AutoDealer`. It deals the preset cards first, then from our seeded
:class:`coach.cards.Deck` (never PokerKit's globally shuffled deck), burns a
card before each street, and turns the hands over in the showdown order of
DESIGN.md §3 (the last aggressor first), mucking a hand that cannot win only
when the table asks for it (``muck_losers``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokerkit import StandardHighHand, State

from coach.cards import Card, Deck
from coach.engine.journal import Journal
from coach.engine.kernel import pk


class AutoDealer:
    """The dealer's hands in auto mode: the deck, the preset cards, the showdown."""

    def __init__(self, deck: Deck, hole_preset: Mapping[int, tuple[Card, ...]],
                 board_preset: Sequence[Card], muck_losers: bool) -> None:
        self.deck = deck
        self._hole_preset = dict(hole_preset)
        self._board_preset = list(board_preset)
        self.muck_losers = muck_losers

    def run(self, state: State, journal: Journal, sync: Callable[[], None]) -> None:
        """Do the dealer's work until a player is to act or the hand is over.

        ``sync`` reads each dealer operation into the journal before the next
        (the showdown order and the muck decision read what was shown so far).
        """
        st = state
        while st.status:
            if st.can_deal_hole():
                pos = st.hole_dealee_index
                assert pos is not None
                seat = journal.seat(pos)
                cards = self._hole_preset.get(seat) or self.deck.deal(2)
                st.deal_hole("".join(str(c) for c in cards), pos)
            elif st.can_burn_card():
                st.burn_card(str(self.deck.deal(1)[0]))
            elif st.can_deal_board():
                count = st.board_dealing_count or 0
                board: list[Card] = []
                for _ in range(count):
                    board.append(self._board_preset.pop(0) if self._board_preset else self.deck.deal(1)[0])
                st.deal_board(pk(board))
            elif st.showdown_index is not None:
                self._showdown(st, journal, sync)
            else:
                break
            sync()

    @staticmethod
    def seats_in_showdown_order(state: State, journal: Journal) -> list[int]:
        """Seats still to show, in showdown order (DESIGN §3).

        The last aggressor of the final betting round shows first, then
        clockwise; with no bet in that round, the first seat left of the button.
        """
        pending = list(state.showdown_indices)
        n = journal.config.n_seats
        start = 0
        agg = journal.aggressor.get(journal.last_action_street)
        if agg is not None:
            start = agg
        order = [(start + k) % n for k in range(n)]
        return [journal.seat(p) for p in order if p in pending]

    def _showdown(self, st: State, journal: Journal, sync: Callable[[], None]) -> None:
        all_in = any(st.statuses[i] and st.stacks[i] == 0 for i in range(journal.config.n_seats))
        shown_best: dict[int, Any] = {}  # position -> PokerKit hand (ordered: larger wins)
        for seat in self.seats_in_showdown_order(st, journal):
            pos = journal.pos(seat)
            show = True
            if self.muck_losers and not all_in and shown_best and len(journal.board) == 5:
                mine = StandardHighHand.from_game(list(st.hole_cards[pos]), list(st.get_board_cards(0)))
                show = False
                for pot in st.pots:
                    if pos not in pot.player_indices:
                        continue
                    rivals = [shown_best[p] for p in pot.player_indices if p in shown_best]
                    if not rivals or not mine < max(rivals):
                        show = True
                        break
            if show and len(journal.board) == 5:
                shown_best[pos] = StandardHighHand.from_game(list(st.hole_cards[pos]),
                                                             list(st.get_board_cards(0)))
            st.show_or_muck_hole_cards(show, pos)
            sync()
