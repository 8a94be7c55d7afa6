"""A room whose hands are text: read by its patterns, replayed by the engine, checked against its summary.

Apart from :mod:`coach.rooms.room` because it needs the conversion (:mod:`coach.rooms.convert`),
which needs :class:`~coach.rooms.room.RawHand`: the base class stays free of the engine.
"""

from __future__ import annotations

from coach.engine.phh import HandHistory
from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.rooms.convert import check_winnings, to_history
from coach.rooms.refusals import out_of_turn_blind
from coach.rooms.room import ParseValue, RawHand, Room

__all__ = ["TextRoom"]


class TextRoom(Room):
    """A room whose hands are text read by patterns, replayed by the engine, checked against the summary."""

    def replay(self, hand_text: str, parse_value: ParseValue, source: str) -> tuple[RawHand, HandHistory]:
        raw = self.read(hand_text, parse_value, source)
        late = out_of_turn_blind(raw, self, hand_text, source.rsplit(":", 1)[0], int(source.rsplit(":", 1)[1])
                                 if source.rsplit(":", 1)[-1].isdigit() else 1)
        if late is not None:
            raise late
        if max(raw.blinds_or_straddles[:2], default=0) <= 0 < max(raw.blinds_or_straddles, default=0):
            raise HandHistoryError(
                N_("{file}: the blinds are not posted by the two players left of the button (a player "
                   "sitting out, or a blind posted late): the hand cannot be replayed in its order."),
                file=source)
        history, hand = to_history(raw, source, self.NAME)
        if hand is None:
            hand = history.replay()  # raises the rule that refuses the first action
        try:
            check_winnings(raw, history, hand)
        except HandHistoryError:
            short = [p for p, ante, stack in zip(raw.players, raw.antes, raw.starting_stacks, strict=True)
                     if 0 < ante == stack < max(raw.antes)]
            if not short:
                raise
            # the pots differ where the rules differ: say that, not «the pot does not add up»
            raise HandHistoryError(
                N_("{file}: {player} is all-in with his ante, smaller than the others': the room's pots give "
                   "him at most his ante from each player, the engine (like PHH without ante trimming) puts "
                   "every ante in the pot he can win. The hand cannot be replayed exactly."),
                file=source, player=short[0]) from None
        return raw, history
