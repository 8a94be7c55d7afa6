"""Engine hands written as 888poker (Pacific Poker, Cassava), Winamax, PartyPoker's newer client and the
iPoker network's text files write them, for the tests.

Each writer follows the room's published layout (the lines its client writes), amounts in the
client's spelling: 888poker's «[$1,379]» or, in a tournament, «[6 000]» with a space between the
thousands as its European clients write them; Winamax's «1.09€» and «raises 1.09€ to 1.24€».
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from coach.cards import Card
from coach.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    HandMucked,
    HandShown,
    HoleDealt,
    PotAwarded,
)
from coach.engine.hand import Hand
from coach.engine.phh_actions import format_units
from tests.support import rooms_writing as rw

__all__ = ["export_888", "export_ipoker_text", "export_partypoker_table", "export_winamax"]







def export_888(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
               tournament: bool = False) -> str:
    """One hand as 888poker writes it: each action's amount is the chips it adds, the summary says what
    each winner collected (a cash game's pot less the rake, here none), a tournament's chips with a space
    between the thousands («6 000»)."""
    rw.no_straddles(hand, "888poker")
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        if tournament:
            return f"{int(format_units(chips, scale)):,}".replace(",", " ") if scale == 1 else format_units(
                chips, scale)
        return f"${format_units(chips, scale)}"

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted)) or [0]
    out = [f"#Game No : {number}", f"***** 888poker Hand History for Game {number} *****",
           f"{u(blinds[0])}/{u(blinds[-1])} Blinds No Limit Holdem - *** 01 01 2024 12:00:00",
           (f"Tournament #{9000 + number} $1 + $0.10 - Table #1 (Real Money)" if tournament
            else f"Table Coach {number} 6 Max (Real Money)"),
           f"Seat {rw.button(hand) + 1} is the button", f"Total number of players : {cfg.n_seats}"]
    out += [f"Seat {s + 1}: {names[s]} ( {u(cfg.stacks[s])} )" for s in range(cfg.n_seats)]
    hero_seat = rw.hero_seat(hand, hero)
    dealt = False
    summary: list[str] = []
    for e in hand.events:
        if isinstance(e, AntePosted):
            out.append(f"{names[e.seat]} posts ante [{u(e.amount)}]")
        elif isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} posts {e.kind} blind [{u(e.amount)}]")
        elif isinstance(e, HoleDealt):
            if not dealt:
                out.append("** Dealing down cards **")
                dealt = True
            if e.seat == hero_seat and e.cards is not None:
                out.append(f"Dealt to {names[e.seat]} [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, BoardDealt):
            out.append(f"** Dealing {e.street} ** [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            verb = {"fold": "folds", "check": "checks"}.get(r.kind)
            if verb is not None:
                out.append(f"{name} {verb}")
            else:
                word = {"call": "calls", "bet": "bets"}.get(r.kind, "raises")
                out.append(f"{name} {word} [{u(r.added)}]")
        elif isinstance(e, HandShown):
            summary.append(f"{names[e.seat]} shows [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, HandMucked):
            summary.append(f"{names[e.seat]} did not show his hand")
        elif isinstance(e, PotAwarded):
            summary += [f"{names[w]} collected [ {u(x)} ]" for w, x in zip(e.winners, e.shares, strict=True)]
    return "\n".join([*out, "** Summary **", *summary]) + "\n"


WINAMAX = rw.StarsLayout(sep=" ", ante="posts ante", board_gap="", deal_section="*** PRE-FLOP ***",
                         section_before_cards=False, returned=False, mucks=False, side_pot="side pot {}")


def export_winamax(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                   tournament: bool = False) -> str:
    """One hand as Winamax writes it: PokerStars' layout without the colon, euros after the amount
    («0.15€»), «raises X to Y», «collected X from main pot», «Total pot X | Rake Y» (or «No rake»)."""
    rw.no_straddles(hand, "Winamax")
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return format_units(chips, scale) + ("" if tournament else "€")

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted)) or [0]
    antes = [a.amount for a in hand.events if isinstance(a, AntePosted)]
    level = f"{u(max(antes))}/{u(blinds[0])}/{u(blinds[-1])}" if antes else f"{u(blinds[0])}/{u(blinds[-1])}"
    kind = (f'Tournament "Coach" buyIn: 0.93€ + 0.07€ level: 1 - HandId: #{number}-1-1700000000'
            if tournament else f"CashGame - HandId: #{number}-1-1700000000")
    out = [f"Winamax Poker - {kind} - Holdem no limit ({level}) - 2024/01/01 12:00:00 UTC",
           f"Table: 'Coach {number}' {cfg.n_seats}-max (real money) Seat #{rw.button(hand) + 1} is the "
           "button"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])})" for s in range(cfg.n_seats)]
    lines, total = rw.stars_lines(hand, rw.hero_seat(hand, hero), u, WINAMAX)
    out += ["*** ANTE/BLINDS ***", *lines]
    rake = "No rake" if tournament else f"Rake {u(0)}"
    out += ["*** SUMMARY ***", f"Total pot {u(total)} | {rake}", f"Board: [{rw.cards(hand.board)}]"]
    return "\n".join(out) + "\n"


def export_partypoker_table(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                            tournament: bool = False) -> str:
    """One hand as PartyPoker's client since about 2013 writes it: «(20)» amounts, «raises X to Y», a
    summary line per player with his final stack («balance»), what he collected and his shown cards."""
    rw.no_straddles(hand, "PartyPoker")
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return format_units(chips, scale) if tournament else f"${format_units(chips, scale)}"

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted)) or [0]
    kind = "Tourney Texas Holdem Game Table (NL) (SNG Tournament #1)" if tournament else \
        "Texas Holdem Game Table (NL)"
    out = [f"***** Hand History For Game {number}abc *****",
           f"{format_units(blinds[0], scale)}/{format_units(blinds[-1], scale)} {kind} - "
           "Mon Jan 01 12:00:00 EST 2024",
           f"Table Coach {number} (Real Money) -- Seat {rw.button(hand) + 1} is the button",
           f"Total number of players : {cfg.n_seats}/{cfg.n_seats}"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])})" for s in range(cfg.n_seats)]
    hero_seat = rw.hero_seat(hand, hero)
    bets: dict[int, int] = {}
    shown: dict[int, str] = {}
    won: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, AntePosted):
            out.append(f"{names[e.seat]} posts ante ({u(e.amount)})")
        elif isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} posts {e.kind} blind ({u(e.amount)})")
            bets[e.seat] = e.amount
        elif isinstance(e, HoleDealt):
            if "** Dealing down cards **" not in out:
                out.append("** Dealing down cards **")
            if e.seat == hero_seat and e.cards is not None:
                out.append(f"Dealt to {names[e.seat]} [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, BoardDealt):
            bets.clear()
            out.append(f"** Dealing {e.street.capitalize()} ** : [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            top = max(bets.values(), default=0)
            if r.kind in ("fold", "check"):
                out.append(f"{name} {r.kind}s")
            elif r.kind == "call":
                out.append(f"{name} calls ({u(r.added)})")
            elif top == 0:
                out.append(f"{name} bets ({u(r.to)})")
            else:
                out.append(f"{name} raises {u(r.to - top)} to {u(r.to)}")
            if r.all_in:
                out.append(f"{name} is all-In.")
            bets[r.seat] = r.to
        elif isinstance(e, HandShown):
            shown[e.seat] = rw.cards(e.cards, ", ")
        elif isinstance(e, PotAwarded):
            for w, x in zip(e.winners, e.shares, strict=True):
                won[w] = won.get(w, 0) + x
    result = hand.result
    assert result is not None
    out.append("** Summary **")
    for s in range(cfg.n_seats):
        cards = f"[ {shown[s]} ] [ a hand ]" if s in shown else ""
        end = u(result.finishing_stacks[cfg.position_of(s)])
        got = f", collected {u(won[s])}" if s in won else ""
        out.append(f"{names[s]} balance {end}{got}{cards}")
    return "\n".join(out) + "\n"


def export_ipoker_text(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                       tournament: bool = False) -> str:
    """One hand as the iPoker network's text files write it («GAME #… Version:… Uncalled:Y»): the cards
    suit first («HA D10»), «Raise (NF)» and «Bet» to the street's total, «Call» and «Allin» with the chips
    they add, no line for an uncalled bet, «Total pot … Rake …» and «wins» after the rake (here none)."""
    rw.no_straddles(hand, "iPoker")
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return f"€{Decimal(format_units(chips, scale)):,.2f}"

    def suit_first(dealt: Sequence[Card]) -> str:
        return " ".join(str(c)[1].upper() + str(c)[0].replace("T", "10") for c in dealt)

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted)) or [0]
    game = "Tournament" if tournament else f"{u(blinds[0])}/{u(blinds[-1])}"
    out = [f"GAME #{number} Version:18.9.3.4 Uncalled:Y Texas Hold'em NL {game} 2024-01-01 12:00:00/GMT",
           f"Table Coach {number}"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])} in chips)" + (
        " DEALER" if s == rw.button(hand) else "") for s in range(cfg.n_seats)]
    hero_seat = rw.hero_seat(hand, hero)
    shows: list[str] = []
    total = 0
    for e, top in rw.street_actions(hand):
        if isinstance(e, AntePosted | BlindPosted):
            kind = "Ante" if isinstance(e, AntePosted) else {"small": "SB", "big": "BB"}[e.kind]
            out.append(f"{names[e.seat]}: Post {kind} {u(e.amount)}")
            total += e.amount
        elif isinstance(e, HoleDealt):
            if "*** HOLE CARDS ***" not in out:
                out.append("*** HOLE CARDS ***")
            if e.seat == hero_seat and e.cards is not None:
                out.append(f"Dealt to {names[e.seat]} [{suit_first(e.cards)}]")
        elif isinstance(e, BoardDealt):
            out.append(f"*** {e.street.upper()} *** [{suit_first(e.cards)}]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            total += r.added
            if r.kind in ("fold", "check"):
                out.append(f"{name}: {r.kind.capitalize()}")
            elif r.all_in:
                out.append(f"{name}: Allin {u(r.added)}")
            elif r.kind == "call":
                out.append(f"{name}: Call {u(r.added)}")
            else:
                out.append(f"{name}: {'Bet' if top == 0 else 'Raise (NF)'} {u(r.to)}")
        elif isinstance(e, BetReturned):
            total -= e.amount
        elif isinstance(e, HandShown):
            shows.append(f"{names[e.seat]}: Shows [{suit_first(e.cards)}] a hand")
        elif isinstance(e, HandMucked):
            shows.append(f"{names[e.seat]}: Mucks")
    out += ["*** SUMMARY ***", f"Total pot {u(total)} Rake {u(0)}", *shows]
    out += [f"{names[seat]}: wins {u(x)}" for seat, x in sorted(rw.won(hand).items())]
    return "\n".join(out) + "\n"
