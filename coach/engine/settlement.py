"""Settlement: who wins which pot, once the kernel has pushed the chips.

The kernel decides the payouts; we narrate them pot by pot (side pots first),
with the winning hand named on the final board and the odd chip's receiver,
and check that our reading agrees with the kernel's chips seat by seat. Read
from the :class:`~coach.engine.journal.Journal` when the hand is over.
"""

from __future__ import annotations

from typing import Any

from coach import evaluator
from coach.engine.events import PotAwarded
from coach.engine.journal import Journal, describe
from coach.engine.pots import HandResult, ShownHand
from coach.i18n import Message


def settle(journal: Journal) -> HandResult:
    """The result of a finished hand, its awards in the order they are narrated."""
    st = journal.state
    cfg = journal.config
    pots = list(st.pots)
    awards: list[PotAwarded] = []
    uncontested = len(journal.shown) == 0 and len({journal.seat(i) for i in range(cfg.n_seats)}
                                                   - journal.folded) == 1
    if uncontested:
        winner_seat = next(s for s in range(cfg.n_seats) if s not in journal.folded)
        amount = sum(sum(p.amounts) for p in journal.pushes) + journal.uncontested_matched
        awards.append(PotAwarded(
            index=0, total_pots=1, amount=amount, eligible=(winner_seat,), winners=(winner_seat,),
            names=(cfg.names[winner_seat],), shares=(amount,), description=None, uncontested=True))
    else:
        awards = _awards_by_formed_pot(journal) or _awards_by_push(journal, pots)
    return HandResult(
        starting_stacks=cfg.stacks, finishing_stacks=cfg.positions_to_seats(st.stacks),
        awards=tuple(awards), returned=tuple(journal.returned),
        showdown_order=tuple(journal.showdown_order), shown=tuple(journal.shown),
        mucked=tuple(journal.mucked), uncontested=uncontested)


def _awards_by_formed_pot(journal: Journal) -> list[PotAwarded] | None:
    """One award per pot as formed (side pots first), decided by our evaluator.

    PokerKit merges pots whose contenders became identical once the losers'
    hands were killed, so a player winning the main and a side pot would be
    shown one pot. We split the chips it pushed back into the pots as they
    were formed and check that every seat's total agrees with PokerKit's;
    where it cannot be checked (unknown cards), ``None`` keeps PokerKit's view.
    """
    cfg = journal.config
    if not journal.pot_amounts or sum(journal.pot_amounts) != sum(sum(p.amounts) for p in journal.pushes):
        return None
    shown = {h.seat: h for h in journal.shown}
    totals = [0] * cfg.n_seats
    for push in journal.pushes:
        for i, a in enumerate(push.amounts):
            totals[journal.seat(i)] += a
    mine = [0] * cfg.n_seats
    awards: list[PotAwarded] = []
    for index in range(len(journal.pot_amounts) - 1, -1, -1):
        amount, eligible = journal.pot_amounts[index], journal.pot_eligible[index]
        contenders = [s for s in eligible if s in shown]
        if not contenders:
            return None
        strengths = {s: evaluator.evaluate(list(shown[s].cards) + journal.board) for s in contenders}
        top = max(strengths.values())
        winners = tuple(s for s in journal.order_seats(contenders) if strengths[s] == top)
        share, odd = divmod(amount, len(winners))
        # the odd chips go to the first winner left of the button (docs/RULES.md)
        shares = tuple(share + (odd if k == 0 else 0) for k in range(len(winners)))
        for s, a in zip(winners, shares, strict=True):
            mine[s] += a
        awards.append(PotAwarded(
            index=index, total_pots=len(journal.pot_amounts), amount=amount, eligible=eligible,
            winners=winners, names=tuple(cfg.names[s] for s in winners), shares=shares,
            description=_final_description(journal, shown[winners[0]]),
            odd_chip_to=winners[0] if odd else None))
    return awards if mine == totals else None


def _final_description(journal: Journal, hand: ShownHand) -> Message | None:
    """The hand that wins, on the final board.

    In an all-in the cards are turned up before the run-out, when the hand is
    not made yet ("Giulia mostra 4♠ K♥"): the award names it on the board
    the pot was decided on ("vince il piatto: tris di 10").
    """
    return describe(list(hand.cards) + journal.board)[1]


def _awards_by_push(journal: Journal, pots: list[Any]) -> list[PotAwarded]:
    """Awards as PokerKit pushed them (used when the hands are not all known)."""
    cfg = journal.config
    awards: list[PotAwarded] = []
    by_pot: dict[int, list[int]] = {}
    for push in journal.pushes:
        acc = by_pot.setdefault(push.pot_index, [0] * cfg.n_seats)
        for i, a in enumerate(push.amounts):
            acc[i] += a
    for index in sorted(by_pot, reverse=True):
        acc = by_pot[index]
        winners_pos = [i for i in range(cfg.n_seats) if acc[i] > 0]
        winners = tuple(journal.seat(i) for i in winners_pos)
        shares = tuple(acc[i] for i in winners_pos)
        if index < len(journal.pot_eligible):
            eligible = journal.pot_eligible[index]
        elif index < len(pots):
            eligible = journal.order_seats(journal.seat(i) for i in pots[index].player_indices)
        else:
            eligible = winners
        hole = journal.hole.get(winners[0]) if winners else None
        desc = describe(list(hole) + journal.board)[1] if hole else None
        odd = None
        if len(set(shares)) > 1:
            odd = winners[shares.index(max(shares))]
        awards.append(PotAwarded(
            index=index, total_pots=len(by_pot), amount=sum(acc), eligible=eligible,
            winners=winners, names=tuple(cfg.names[s] for s in winners), shares=shares,
            description=desc, odd_chip_to=odd))
    return awards
