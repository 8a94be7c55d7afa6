"""PartyPoker's old client as it wrote its hands (coach/rooms/party.py): what is read exactly (the
hero's cards, a big blind's unwritten check, a player dealt in after the written button, a winner
whose show PokerBros does not write) and what is refused with its true reason (a blind posted
without a line, a big blind all-in for less, a newcomer's stack written as 0). Hands written to the
client's layout with made-up players, each worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from coach.i18n import get_translator
from coach.rooms import ImportReport, import_histories

EN = get_translator("en")
IT = get_translator("it")
DATA = Path(__file__).resolve().parents[1] / "data" / "rooms"

_HEAD = """***** Hand History for Game {game} *****
$10 USD NL Texas Hold'em - Wednesday, August 04, 15:02:33 EDT 2010
Table Coach {game} (Real Money)
"""

SMALL_BLIND_ALL_IN = _HEAD.format(game=9000000001) + """Seat 2 is the button
Total number of players : 4/6
Seat 1: Anna ( $2.45 USD )
Seat 2: Bruno ( $2.80 USD )
Seat 3: Carla ( $0.01 USD )
Seat 4: Dario ( $2.18 USD )
Carla posts small blind [$0.01 USD].
Dario posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Dario [  6s 2c ]
Anna folds
Bruno folds
** Dealing Flop ** [ 9d, Ah, 3h ]
** Dealing Turn ** [ Js ]
** Dealing River ** [ Kc ]
Carla shows [ 5h, 5s ]a pair of Fives.
Dario shows [ 6s, 2c ]high card Ace.
Dario wins $0.03 USD from the side pot 1 with high card, Ace.
Carla wins $0.02 USD from the main pot with a pair of Fives.
"""

BIG_BLIND_SHORT = _HEAD.format(game=9000000002) + """Seat 1 is the button
Total number of players : 4/9
Seat 1: Dario ( $1.20 USD )
Seat 3: Anna ( $1.64 USD )
Seat 5: Bruno ( $0.01 USD )
Seat 9: Carla ( $1.02 USD )
Anna posts small blind [$0.01 USD].
Bruno posts big blind [$0.01 USD].
** Dealing down cards **
Dealt to Anna [  8h Kc ]
Carla folds
Dario calls [$0.02 USD]
Anna calls [$0.01 USD]
** Dealing Flop ** [ Td, 7c, 9h ]
Anna checks
Dario checks
** Dealing Turn ** [ 3h ]
Anna checks
Dario checks
** Dealing River ** [ Jc ]
Anna bets [$0.04 USD]
Dario folds
Anna shows [ 8h, Kc ]a straight, Seven to Jack.
Bruno doesn't show [ Ts, Jd ]two pairs, Jacks and Tens.
Anna wins $0.06 USD from the side pot 1 with a straight, Seven to Jack.
Anna wins $0.03 USD from the main pot with a straight, Seven to Jack.
"""

SILENT_POST = _HEAD.format(game=9000000003) + """Seat 3 is the button
Total number of players : 6
Seat 1: Anna ( $5.87 USD )
Seat 2: Bruno ( $9.72 USD )
Seat 3: Carla ( $14.77 USD )
Seat 4: Dario ( $10.51 USD )
Seat 5: Elena ( $15.76 USD )
Seat 6: Franco ( $7.36 USD )
Elena posts small blind [$0.05 USD].
Franco posts big blind [$0.10 USD].
** Dealing down cards **
Anna folds.
Bruno calls [$0.10 USD].
Carla checks.
Dario folds.
Elena folds.
Franco checks.
** Dealing Flop ** [ Td, Qc, 6d ]
Franco bets [$0.20 USD].
Bruno folds.
Carla folds.
Franco wins $0.58 USD
"""

AFTER_THE_BUTTON = _HEAD.format(game=9000000004) + """Seat 1 is the button
Total number of players : 6
Seat 1: Anna ( $13.51 USD )
Seat 2: Bruno ( $10.21 USD )
Seat 3: Carla ( $11.12 USD )
Seat 4: Dario ( $10.76 USD )
Seat 5: Elena ( $8.08 USD )
Seat 6: Franco ( $2.70 USD )
Carla posts small blind [$0.05 USD].
Dario posts big blind [$0.10 USD].
** Dealing down cards **
Elena folds.
Franco calls [$0.10 USD].
Anna raises [$0.50 USD].
Bruno folds.
Carla folds.
Dario folds.
Franco raises [$1.90 USD].
Anna folds.
Franco wins $2.65 USD
"""

POKERBROS = """***** Hand History for Game 1111111112 ***** (PokerBros)
$100.00 USD NL Holdem - Friday, March 19, 07:51:54 ET 2021
Table Coach5 (Real Money)
Seat 1 is the button
Seat 1: Anna ( $100.00 USD ) - (21.60 / 16.35 / 5.71 / 18k)
Seat 3: Bruno ( $100.00 USD ) - (19.75 / 11.79 / 3.97 / 485)
Seat 4: Carla ( $100.00 USD ) - (31.91 / 25.53 / - / 47)
Bruno posts small blind [$0.50 USD].
Carla posts big blind [$1.00 USD].
** Dealing down cards **
Dealt to Bruno [ 8h 9h ]
Anna raises [$2.50 USD]
Bruno calls [$2.00 USD]
Carla folds
** Dealing Flop ** [ 4d, Jd, Tc ]
Bruno bets [$4.00 USD]
Anna calls [$4.00 USD]
** Dealing Turn ** [ Qs ]
Bruno checks
Anna checks
** Dealing River ** [ 4s ]
Bruno bets [$10.00 USD]
Anna calls [$10.00 USD]
Bruno wins $32.00 USD
"""


def _one(text: str) -> ImportReport:
    report = import_histories(text, source="party.txt")
    assert report.problem is None and len(report.hands) == 1
    return report


def _reason(report: ImportReport, tr: object = EN) -> str:
    reason = report.hands[0].reason
    assert reason is not None and hasattr(reason, "localized")
    return str(reason.localized(tr))


def _final(report: ImportReport) -> dict[str, Decimal]:
    history = report.hands[0].history
    assert history is not None, _reason(report)
    result = history.replay().result
    assert result is not None
    stacks = zip(history.names(), result.finishing_stacks, strict=True)
    return {name: Decimal(stack) / history.scale for name, stack in stacks}


def test_a_big_blind_facing_only_a_small_blind_all_in_checks_without_a_line() -> None:
    report = _one(SMALL_BLIND_ALL_IN)
    # Carla's cent against a cent of Dario's: she wins it with her fives; the rest of his blind comes back
    assert _final(report) == {"Carla": Decimal("0.02"), "Dario": Decimal("2.17"), "Anna": Decimal("2.45"),
                              "Bruno": Decimal("2.80")}
    history = report.hands[0].history
    assert history is not None and "p2 cc" in [a.code(history.scale) for a in history.actions]


def test_the_hero_s_dealt_cards_are_read() -> None:
    history = _one(SMALL_BLIND_ALL_IN).hands[0].history
    assert history is not None and "d dh p2 6s2c" in [a.code(history.scale) for a in history.actions]


def test_a_player_dealt_in_after_the_written_button_acts_in_his_seat_s_order() -> None:
    report = _one(AFTER_THE_BUTTON)
    # Franco's raise to 2 is called by nobody: 1.50 of it comes back, the 1.15 of the pot is his
    assert _final(report)["Franco"] == Decimal("2.70") - Decimal("0.50") + Decimal("1.15")
    assert _final(report)["Bruno"] == Decimal("10.21")


def test_a_pokerbros_winner_whose_show_is_not_written_shows_the_cards_he_was_dealt() -> None:
    report = _one(POKERBROS)
    # the pot of 34 is Bruno's straight (the room paid 32 after its rake)
    assert _final(report)["Bruno"] == Decimal("100") - Decimal("16.50") + Decimal("34")


def test_a_blind_posted_without_a_line_is_refused_saying_so() -> None:
    report = _one(SILENT_POST)
    assert report.hands[0].status == "refused"
    assert "«Carla checks.»: Carla checks before the flop with no blind written for him" in _reason(report)
    assert "senza un buio scritto per lui" in _reason(report, IT)


def test_a_big_blind_all_in_for_less_than_the_blind_is_refused_saying_so() -> None:
    report = _one(BIG_BLIND_SHORT)
    assert report.hands[0].status == "refused"
    said = _reason(report)
    assert "«Dario calls [$0.02 USD]»: the big blind Bruno is all-in for 0.01" in said and "0.02" in said
    assert "il grande buio Bruno è all-in" in _reason(report, IT)


def test_a_newcomer_whose_stack_is_written_as_zero_is_refused_saying_so() -> None:
    text = SMALL_BLIND_ALL_IN.replace("Seat 4: Dario ( $2.18 USD )\n", "Seat 4: Dario ( $2.18 USD )\n"
                                      "Seat 5: Elena ( $0 USD )\nElena has joined the table.\n").replace(
        "** Dealing down cards **", "Elena posts big blind [$0.04 USD].\n** Dealing down cards **").replace(
        "Bruno folds\n", "Bruno folds\nElena folds\n")
    report = _one(text)
    assert report.hands[0].status == "refused"
    assert "Elena sat down at the table during this hand" in _reason(report)
    assert "writes his stack as 0" in _reason(report) and "zero" not in _reason(report)


def test_the_table_layout_s_board_after_a_colon_and_two_spaces() -> None:
    text = (DATA / "partypoker-table-tournament-all-in.txt").read_text(encoding="utf-8")
    report = import_histories(text.replace("** : [", "** :  ["), source="t.txt")
    assert [o.status for o in report.hands] == ["ok"] * len(report.hands)


def test_a_tournament_ante_written_as_of_is_read() -> None:
    """«Player1 posts ante of [1200].»: a tournament hand another tool wrote in this layout."""
    text = SMALL_BLIND_ALL_IN.replace("Carla posts small blind", "Anna posts ante of [$0.01 USD].\n"
                                      "Bruno posts ante of [$0.01 USD].\nCarla posts small blind")
    # Anna and Bruno fold their antes: Carla's main pot and Dario's side pot grow by the two cents
    text = text.replace("Carla wins $0.02 USD", "Carla wins $0.04 USD")
    report = _one(text)
    assert _final(report) == {"Carla": Decimal("0.04"), "Dario": Decimal("2.17"), "Anna": Decimal("2.44"),
                              "Bruno": Decimal("2.79")}


def test_an_all_in_that_leaves_chips_is_refused_saying_so() -> None:
    """The table layout's «anna is all-In.» after a raise that leaves her a chip (the room's rounding)."""
    text = (DATA / "partypoker-table-tournament-all-in.txt").read_text(encoding="utf-8")
    report = _one(text.replace("Bruno raises 475 to 500", "Bruno raises 474 to 499").replace(
        "Anna calls (450)", "Anna calls (449)"))
    assert report.hands[0].status == "refused"
    assert "«Bruno is all-In.»: the history says Bruno is all-in, but his bets leave him 1" in _reason(report)
