"""Engine hands written in an online room's text format (PokerStars, PartyPoker, iPoker, Full Tilt,
Ongame, Absolute Poker) and as ACPC log lines.

The tests need hand histories in each room's format whose outcome is known:
these writers turn engine hands (any PHH hand, replayed) into the text the room
writes, which :func:`coach.rooms.import_histories` must read back to the same
final stacks. Each writer writes what pokerkit's parser for that room reads
(the hero's hole cards, the shows, what each player collected); names have
their spaces replaced by ``_`` (PartyPoker's «wins» line takes one word).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from coach.engine.phh import HandHistory
from coach.engine.phh_actions import format_units
from tests.support import rooms_writing as rw
from tests.support.rooms_export_more import (
    export_888,
    export_ipoker_text,
    export_partypoker_table,
    export_winamax,
)

__all__ = [
    "ROOM_WRITERS",
    "export_absolute",
    "export_acpc",
    "export_fulltilt",
    "export_histories",
    "export_ipoker",
    "export_ongame",
    "export_partypoker",
    "export_pokerstars",
]

_DATE = "2024/01/01 12:00:00"
STARS = rw.StarsLayout(sep=": ", ante="posts the ante", board_gap=" ", deal_section="*** HOLE CARDS ***",
                       section_before_cards=True, returned=True, mucks=True, side_pot="side pot-{}")








def export_pokerstars(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                      tournament: bool = False) -> str:
    """One hand as PokerStars writes it (a cash game in dollars, or a tournament in chips, with antes)."""
    rw.no_straddles(hand, "PokerStars", antes=True)
    names, cfg = rw.names(hand), hand.config
    sym = "" if tournament else "$"

    def u(chips: int) -> str:
        return sym + format_units(chips, scale)

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted)) or [0]
    sb, bb = blinds[0], blinds[-1]
    if tournament:
        head = (f"PokerStars Hand #{number}: Tournament #{9000 + number}, $1+$0.10 USD Hold'em No Limit - "
                f"Level I ({u(sb)}/{u(bb)}) - {_DATE} ET")
    else:
        head = f"PokerStars Hand #{number}:  Hold'em No Limit ({u(sb)}/{u(bb)} USD) - {_DATE} ET"
    out = [head, f"Table 'Coach {number}' {cfg.n_seats}-max Seat #{rw.button(hand) + 1} is the button"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])} in chips)" for s in range(cfg.n_seats)]
    lines, total = rw.stars_lines(hand, rw.hero_seat(hand, hero), u, STARS)
    out += lines
    out += ["*** SUMMARY ***", f"Total pot {u(total)} | Rake {u(0)}", f"Board [{rw.cards(hand.board)}]"]
    return "\n".join(out) + "\n"


def export_partypoker(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                      tournament: bool = False) -> str:
    """One hand as PartyPoker writes it: a cash game in dollars (amounts are what each action adds),
    or a tournament in chips without a unit, with antes («posts ante [25]»)."""
    rw.no_straddles(hand, "PartyPoker", antes=tournament)
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return rw.chips(chips, scale) if tournament else f"${format_units(chips, scale)} USD"

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted))
    antes = [a.amount for a in hand.events if isinstance(a, AntePosted)]
    out = [f"Game #{number} starts.", "", f"#Game No : {number}",
           f"***** Hand History for Game {number} *****"]
    if tournament:
        level = (f"Blinds-Antes({u(blinds[0])}/{u(blinds[-1])} -{u(max(antes))})" if antes
                 else f"Blinds({u(blinds[0])}/{u(blinds[-1])})")
        out += [f"NL Texas Hold'em $5 USD Buy-in Trny:{9000 + number} Level:1  {level} - "
                "Monday, January 01, 12:00:00 CET 2024",
                f"Table Coach {number} ({9000 + number}) Table #1 (Real Money)"]
    else:
        stakes = f"${format_units(blinds[0], scale)}/${format_units(blinds[-1], scale)}"
        out += [f"{stakes} USD NL Texas Hold'em - Monday, January 01, 12:00:00 CET 2024",
                f"Table Coach {number} (Real Money)"]
    out += [f"Seat {rw.button(hand) + 1} is the button",
            f"Total number of players : {cfg.n_seats}/{cfg.n_seats} "]
    out += [f"Seat {s + 1}: {names[s]} ( {u(cfg.stacks[s])} )" for s in range(cfg.n_seats)]
    if tournament:
        out += [f"Trny:{9000 + number} Level:1", level]
    hero_seat = rw.hero_seat(hand, hero)
    for e in hand.events:
        if isinstance(e, AntePosted):
            out.append(f"{names[e.seat]} posts ante [{u(e.amount)}]")
        elif isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} posts {e.kind} blind [{u(e.amount)}].")
        elif isinstance(e, HoleDealt) and e.seat == hero_seat and e.cards is not None:
            out += ["** Dealing down cards **", f"Dealt to {names[e.seat]} [  {rw.cards(e.cards)} ]"]
        elif isinstance(e, BoardDealt):
            out.append(f"** Dealing {e.street.capitalize()} ** [ {rw.cards(e.cards, ', ')} ]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            if r.kind == "fold":
                out.append(f"{name} folds")
            elif r.kind == "check":
                out.append(f"{name} checks")
            elif r.all_in:
                out.append(f"{name} is all-In  [{u(r.added)}]")
            else:
                verb = {"call": "calls", "bet": "bets"}.get(r.kind, "raises")
                out.append(f"{name} {verb} [{u(r.added)}]")
        elif isinstance(e, HandShown):
            out.append(f"{names[e.seat]} shows [ {rw.cards(e.cards, ', ')} ]a hand.")
        elif isinstance(e, HandMucked):
            out.append(f"{names[e.seat]} does not show cards.")
        elif isinstance(e, PotAwarded):
            pot = "the main pot" if e.index == 0 else f"the side pot {e.index}"
            unit = " chips" if tournament else ""
            out += [f"{names[w]} wins {u(x)}{unit} from {pot}"
                    for w, x in zip(e.winners, e.shares, strict=True)]
    return "\n".join(out) + "\n"


def _ipoker_cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c)[1] + ("10" if str(c)[0] == "T" else str(c)[0]) for c in cards)


def export_ipoker(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                  tournament: bool = False) -> str:
    """One hand as the iPoker network writes it (XML; the showdown's cards as «Pocket» cards): antes
    as code 15, an all-in as code 7 with the chips it adds; a tournament's amounts without a unit."""
    rw.no_straddles(hand, "iPoker", antes=True)
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return ("" if tournament else "€") + format_units(chips, scale)

    result = hand.result
    won = [0] * cfg.n_seats
    put = [0] * cfg.n_seats
    shown: dict[int, tuple[Card, ...]] = {}
    hero_seat = rw.hero_seat(hand, hero)
    for e in hand.events:
        if isinstance(e, PotAwarded):
            for w, x in zip(e.winners, e.shares, strict=True):
                won[w] += x
        elif isinstance(e, BlindPosted | AntePosted):
            put[e.seat] += e.amount
        elif isinstance(e, ActionTaken):
            put[e.record.seat] += e.record.added
        elif isinstance(e, HandShown):
            shown[e.seat] = e.cards
        elif isinstance(e, HoleDealt) and e.seat == hero_seat and e.cards is not None:
            shown.setdefault(e.seat, e.cards)
    assert result is not None
    button = rw.button(hand)
    out = [f'<game gamecode="{number}">', "<general>", "<startdate>2024-01-01 12:00:00</startdate>",
           "<players>"]
    out += [f'<player seat="{s + 1}" name="{names[s]}" chips="{u(cfg.stacks[s])}" '
            f'dealer="{1 if s == button else 0}" win="{u(won[s])}" bet="{u(put[s])}" rebuy="0" addon="0" />'
            for s in range(cfg.n_seats)]
    out += ["</players>", "</general>", '<round no="0">']
    no = 0
    rnd = 1

    def action(name: str, kind: int, amount: int) -> str:
        nonlocal no
        no += 1
        return f'<action no="{no}" player="{name}" type="{kind}" sum="{u(amount)}" />'

    pocket_done = False
    for e in hand.events:
        if isinstance(e, AntePosted):
            out.append(action(names[e.seat], 15, e.amount))
        elif isinstance(e, BlindPosted):
            out.append(action(names[e.seat], 1 if e.kind == "small" else 2, e.amount))
        elif isinstance(e, ActionTaken | BoardDealt) and not pocket_done:
            pocket_done = True
            out += ["</round>", '<round no="1">']
            out += [f'<cards type="Pocket" player="{names[s]}">'
                    f'{_ipoker_cards(shown[s]) if s in shown else "X X"}</cards>' for s in range(cfg.n_seats)]
        if isinstance(e, BoardDealt):
            rnd += 1
            out += ["</round>", f'<round no="{rnd}">',
                    f'<cards type="{e.street.capitalize()}" player="">{_ipoker_cards(e.cards)}</cards>']
        elif isinstance(e, ActionTaken):
            r = e.record
            kind = {"fold": 0, "call": 3, "check": 4, "bet": 5}.get(r.kind, 23)
            kind = 7 if r.all_in and kind not in (0, 4) else kind
            amount = r.added if kind in (3, 7) else r.to if kind in (5, 23) else 0
            out.append(action(names[r.seat], kind, amount))
    out += ["</round>", "</game>"]
    return "\n".join(out) + "\n"





def export_fulltilt(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                    tournament: bool = False) -> str:
    """One hand as Full Tilt Poker wrote it (bets and raises «to» the street's total): a cash game in
    dollars, or a tournament in chips («NL Hold'em», antes as «anna antes 25»)."""
    rw.no_straddles(hand, "Full Tilt Poker", antes=tournament)
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return rw.chips(chips, scale) if tournament else "$" + format_units(chips, scale)

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted))
    if tournament:
        out = [f"Full Tilt Poker Game #{number}: $10 Sit & Go ({9000 + number}), Table 1 - NL Hold'em - "
               f"{u(blinds[0])}/{u(blinds[-1])} - 12:00:00 ET - 2024/01/01"]
    else:
        out = [f"Full Tilt Poker Game #{number}: Table Coach ({cfg.n_seats} max) - "
               f"{u(blinds[0])}/{u(blinds[-1])} - No Limit Hold'em - 12:00:00 ET - 2024/01/01"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])})" for s in range(cfg.n_seats)]
    hero_seat = rw.hero_seat(hand, hero)
    shown: dict[int, tuple[Card, ...]] = {}
    showdown = ["*** SHOW DOWN ***"]  # after the last card, as the room printed it, also after an all-in
    total = 0
    for e, top in rw.street_actions(hand):
        if isinstance(e, AntePosted):
            out.append(f"{names[e.seat]} antes {u(e.amount)}")
            total += e.amount
        elif isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} posts the {e.kind} blind of {u(e.amount)}")
            total += e.amount
        elif isinstance(e, HoleDealt) and e.seat == 0:
            out += [f"The button is in seat #{rw.button(hand) + 1}", "*** HOLE CARDS ***"]
        if isinstance(e, HoleDealt) and e.seat == hero_seat and e.cards is not None:
            out.append(f"Dealt to {names[e.seat]} [{rw.cards(e.cards)}]")
        elif isinstance(e, BoardDealt):
            if e.street == "flop":
                out.append(f"*** FLOP *** [{rw.cards(e.cards)}]")
            else:
                out.append(f"*** {e.street.upper()} *** [{rw.cards(e.board[:-1])}] [{rw.cards(e.cards)}]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            allin = ", and is all in" if r.all_in else ""
            total += r.added
            if r.kind in ("fold", "check"):
                out.append(f"{name} {r.kind}s")
            elif r.kind == "call":
                out.append(f"{name} calls {u(r.added)}{allin}")
            elif top == 0:
                out.append(f"{name} bets {u(r.to)}{allin}")
            else:
                out.append(f"{name} raises to {u(r.to)}{allin}")
        elif isinstance(e, BetReturned):
            out.append(f"Uncalled bet of {u(e.amount)} returned to {names[e.seat]}")
            total -= e.amount
        elif isinstance(e, HandShown):
            shown[e.seat] = e.cards
            showdown.append(f"{names[e.seat]} shows [{rw.cards(e.cards)}] a hand")
        elif isinstance(e, HandMucked):
            showdown.append(f"{names[e.seat]} mucks")
        elif isinstance(e, PotAwarded):
            out += showdown
            showdown.clear()
            pot = ("the pot" if e.total_pots <= 1
                   else "the main pot" if e.index == 0 else f"side pot #{e.index}")
            out += [f"{names[w]} wins {pot} ({u(x)})" for w, x in zip(e.winners, e.shares, strict=True)]
    out += ["*** SUMMARY ***", f"Total pot {u(total)} | Rake {u(0)}", f"Board: [{rw.cards(hand.board)}]"]
    for seat, x in sorted(rw.won(hand).items()):
        did = f"showed [{rw.cards(shown[seat])}] and won" if seat in shown else "collected"
        out.append(f"Seat {seat + 1}: {names[seat]} {rw.position(hand, seat)}{did} ({u(x)})")
    return "\n".join(out) + "\n"


def export_ongame(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None,
                  tournament: bool = False) -> str:
    """One hand as the Ongame network wrote it (a raise says the chips added, then the total; the
    shown cards only in the summary): a cash game in dollars, or a tournament in chips (no antes:
    how Ongame wrote them is not known here)."""
    rw.no_straddles(hand, "Ongame", antes=False)
    names, cfg = rw.names(hand), hand.config
    result = hand.result
    assert result is not None

    def u(chips: int) -> str:
        return format_units(chips, scale) if tournament else "$" + format_units(chips, scale)

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted))
    hero_seat = rw.hero_seat(hand, hero)
    hand_id = (f'T5-{number}-1 (TOURNAMENT: "Coach Sit & Go", S-1-{number}, buy-in: €3)' if tournament
               else f"R5-{number}-1")
    out = [f"***** History for hand {hand_id} *****", "Start hand: Mon Jan 01 12:00:00 CET 2024",
           f"Table: Coach{number} [{number}] (NO_LIMIT TEXAS_HOLDEM {u(blinds[0])}/{u(blinds[-1])}, "
           f"{'Chips' if tournament else 'Real money'})",
           f"User: {names[hero_seat if hero_seat is not None else 0]}",
           f"Button: seat {rw.button(hand) + 1}", f"Players in round: {cfg.n_seats}"]
    out += [f"Seat {s + 1}: {names[s]} ({u(cfg.stacks[s])})" for s in range(cfg.n_seats)]
    shown: dict[int, tuple[Card, ...]] = {}
    pots: list[str] = []
    for e, top in rw.street_actions(hand):
        if isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} posts {e.kind} blind ({u(e.amount)})")
        elif isinstance(e, HoleDealt) and e.seat == 0:
            out += ["---", "Dealing pocket cards"]
        elif isinstance(e, BoardDealt):
            out.append(f"--- Dealing {e.street} [{rw.cards(e.cards, ', ')}]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            allin = " [all in]" if r.all_in else ""  # «raises 1250 to 1350 [all in]»
            if r.kind in ("fold", "check"):
                out.append(f"{name} {r.kind}s")
            elif r.kind == "call":
                out.append(f"{name} calls {u(r.added)}{allin}")
            elif top == 0:
                out.append(f"{name} bets {u(r.to)}{allin}")
            else:
                out.append(f"{name} raises {u(r.added)} to {u(r.to)}{allin}")
        elif isinstance(e, HandShown):
            shown[e.seat] = e.cards
        elif isinstance(e, PotAwarded):
            pot = "Main pot" if e.index == 0 else f"Side pot {e.index}"
            winners = ", ".join(f"{names[w]} ({u(x)})" for w, x in zip(e.winners, e.shares, strict=True))
            pots.append(f"{pot}: {u(e.amount)} won by {winners}")
    out += ["---", "Summary:", *pots, f"Rake taken: {u(0)}"]
    for s in range(cfg.n_seats):
        end, net = result.finishing_stacks[s], result.finishing_stacks[s] - cfg.stacks[s]
        sign = "+" if net > 0 else "-" if net < 0 else ""
        cards = f", [{rw.cards(shown[s], ', ')}]" if s in shown else ""
        out.append(f"Seat {s + 1}: {names[s]} ({u(end)}), net: {sign}{u(abs(net))}{cards}")
    out.append(f"***** End of hand {hand_id.split()[0]} *****")
    return "\n".join(out) + "\n"


def _absolute_cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c).replace("T", "10", 1) if str(c)[0] == "T" else str(c) for c in cards)


def export_absolute(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None) -> str:
    """One hand as Absolute Poker wrote it (a raise says the chips added, then the total; tens as «10»;
    antes as «anna - Ante $1»)."""
    rw.no_straddles(hand, "Absolute Poker", antes=True)
    names, cfg = rw.names(hand), hand.config

    def u(chips: int) -> str:
        return "$" + format_units(chips, scale)

    blinds = sorted(b.amount for b in hand.events if isinstance(b, BlindPosted))
    game = "Holdem (1 on 1)  No Limit" if cfg.n_seats == 2 else "Holdem  No Limit"
    out = [f"Stage #{number}: {game} {u(blinds[-1])} - 2024-01-01 12:00:00 (ET)",
           f"Table: COACH {number} (Real Money) Seat #{rw.button(hand) + 1} is the dealer"]
    out += [f"Seat {s + 1} - {names[s]} ({u(cfg.stacks[s])} in chips)" for s in range(cfg.n_seats)]
    hero_seat = rw.hero_seat(hand, hero)
    showdown = ["*** SHOW DOWN ***"]  # after the last card, as the room printed it
    total = 0
    for e, top in rw.street_actions(hand):
        if isinstance(e, AntePosted):
            out.append(f"{names[e.seat]} - Ante {u(e.amount)}")
            total += e.amount
        elif isinstance(e, BlindPosted):
            out.append(f"{names[e.seat]} - Posts {e.kind} blind {u(e.amount)}")
            total += e.amount
        elif isinstance(e, HoleDealt) and e.seat == 0:
            out.append("*** POCKET CARDS ***")
        if isinstance(e, HoleDealt) and e.seat == hero_seat and e.cards is not None:
            out.append(f"Dealt to {names[e.seat]} [{_absolute_cards(e.cards)}]")
        elif isinstance(e, BoardDealt):
            if e.street == "flop":
                out.append(f"*** FLOP *** [{_absolute_cards(e.cards)}]")
            else:
                out.append(f"*** {e.street.upper()} *** [{_absolute_cards(e.board[:-1])}] "
                           f"[{_absolute_cards(e.cards)}]")
        elif isinstance(e, ActionTaken):
            r, name = e.record, names[e.record.seat]
            total += r.added
            if r.kind in ("fold", "check"):
                out.append(f"{name} - {r.kind.capitalize()}s")
            elif r.all_in and (r.kind == "call" or top == 0):
                out.append(f"{name} - All-In {u(r.added)}")
            elif r.all_in:
                out.append(f"{name} - All-In(Raise) {u(r.added)} to {u(r.to)}")
            elif r.kind == "call":
                out.append(f"{name} - Calls {u(r.added)}")
            elif top == 0:
                out.append(f"{name} - Bets {u(r.added)}")
            else:
                out.append(f"{name} - Raises {u(r.added)} to {u(r.to)}")
        elif isinstance(e, BetReturned):
            total -= e.amount
        elif isinstance(e, HandShown):
            showdown.append(f"{names[e.seat]} - Shows [{_absolute_cards(e.cards)}] (a hand)")
        elif isinstance(e, HandMucked):
            showdown.append(f"{names[e.seat]} - Mucks")
        elif isinstance(e, PotAwarded):
            out += showdown
            showdown.clear()
            pot = "main pot" if e.index == 0 else f"side pot-{e.index}"
            out += [f"{names[w]} Collects {u(x)} from {pot}"
                    for w, x in zip(e.winners, e.shares, strict=True)]
    out += ["*** SUMMARY ***", f"Total Pot({u(total)}) | Rake ({u(0)})",
            f"Board [{_absolute_cards(hand.board)}]"]
    out += [f"Seat {seat + 1}: {names[seat]} {rw.position(hand, seat)}collected Total ({u(x)})"
            for seat, x in sorted(rw.won(hand).items())]
    return "\n".join(out) + "\n"


def export_acpc(hand: Hand, number: int, *, scale: int = 1, hero: str | None = None) -> str:
    """One heads-up hand as an ACPC dealer's log line (``STATE:n:actions:cards:results:players``): a
    raise says the total for the whole hand; every hole card is written, as the dealer's log does.
    The importer reads it under :data:`coach.rooms.acpc.PRESET` (blinds 50/100, 20,000 chips)."""
    rw.no_straddles(hand, "ACPC", antes=False)
    names, cfg, result = rw.names(hand), hand.config, hand.result
    assert result is not None and cfg.n_seats == 2
    holes = ["", ""]
    boards: list[str] = []
    moves = ""
    before = 0  # what each had in when the street began (the same for both until an all-in)
    for e, top in rw.street_actions(hand):
        if isinstance(e, HoleDealt) and e.cards is not None:
            holes[e.seat] = rw.cards(e.cards, "")
        elif isinstance(e, BoardDealt):
            before += top
            boards.append(rw.cards(e.cards, ""))
            moves += "/"
        elif isinstance(e, ActionTaken):
            r = e.record
            moves += {"fold": "f", "check": "c", "call": "c"}.get(r.kind, f"r{before + r.to}")
    net = "|".join(str(result.finishing_stacks[s] - cfg.stacks[s]) for s in range(2))
    cards = "|".join(holes) + "".join("/" + b for b in boards)
    return f"STATE:{number}:{moves}:{cards}:{net}:{'|'.join(names)}\n"


ROOM_WRITERS: dict[str, Callable[..., str]] = {
    "pokerstars": export_pokerstars,
    "partypoker": export_partypoker,
    "ipoker": export_ipoker,
    "fulltilt": export_fulltilt,
    "ongame": export_ongame,
    "absolute": export_absolute,
    "acpc": export_acpc,
    "888poker": export_888,
    "winamax": export_winamax,
    "partypoker-table": export_partypoker_table,
    "ipoker_text": export_ipoker_text,
}


def export_histories(histories: Sequence[HandHistory | Hand], room: str, *, first: int = 1000001,
                     **options: object) -> str:
    """Several hands in one file of ``room``'s format, numbered from ``first``.

    PHH hands are replayed first; each hand's amounts are in its file's units.
    """
    writer = ROOM_WRITERS[room]
    texts = []
    for k, item in enumerate(histories):
        hand, scale = (item.replay(), item.scale) if isinstance(item, HandHistory) else (item, 1)
        texts.append(writer(hand, first + k, scale=scale, **options))
    body = "\n\n\n".join(texts)
    if room == "ipoker":  # the session's header: the game, and a tournament's name
        game = "<gametype>Holdem NL</gametype>\n" + (
            "<tournamentname>Coach</tournamentname>\n" if options.get("tournament") else "")
        return ('<session sessioncode="1">\n<general>\n<currency>EUR</currency>\n' + game + "</general>\n"
                + body + "</session>\n")
    return body + "\n\n\n"
