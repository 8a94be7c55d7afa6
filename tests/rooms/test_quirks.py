"""Quirks the rooms really write, read rather than refused: a big blind posted out of turn by a player
returning to the table (PartyPoker, PokerStars), PartyPoker's tournament header without a buy-in, its
doubled spaces and PokerBros' statistics after the stack, an old tournament hand whose big blind wins
uncontested. Each fixture is hand-written in the room's layout (no copied file); every converted hand
still ends with the stacks the room's summary says, and what stays refused says its true reason."""

from __future__ import annotations

from decimal import Decimal

from coach.engine.phh import loads_phh
from coach.i18n import get_translator
from coach.rooms import ImportReport, import_histories
from tests.support.rooms_export import export_histories

from .hands import histories

EN = get_translator("en")
IT = get_translator("it")

# Dario comes back to the table at seat 4 (under the gun) and posts a big blind out of turn: it is live
# and he still speaks first before the flop (he checks), not last as a straddler would.
PARTY_RETURNING_BB = """***** Hand History for Game 9001 *****
$0.10/$0.25 USD NL Texas Hold'em - Sunday, September 22, 08:21:48 EDT 2013
Table Podgorica (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Anna ( $25 USD )
Seat 2: Bruno ( $25 USD )
Seat 3: Carla ( $25 USD )
Seat 4: Dario ( $25 USD )
Bruno posts small blind [$0.10 USD].
Carla posts big blind [$0.25 USD].
Dario posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Anna [  6d 7d ]
Dario checks
Anna raises [$1 USD].
Bruno folds
Carla folds
Dario calls [$0.75 USD].
** Dealing Flop ** [ 6h, 2c, 3c ]
Dario checks
Anna bets [$1 USD].
Dario folds
Anna does not show cards.
Anna wins $3.35 USD
"""

STARS_RETURNING_BB = """PokerStars Hand #2: Hold'em No Limit ($1/$2 USD) - 2024/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Anna ($200 in chips)
Seat 2: Bruno ($200 in chips)
Seat 3: Carla ($200 in chips)
Seat 4: Dario ($200 in chips)
Seat 5: Elena ($200 in chips)
Bruno: posts small blind $1
Carla: posts big blind $2
Elena: posts big blind $2
*** HOLE CARDS ***
Dealt to Anna [Ah Kd]
Dario: folds
Elena: raises $4 to $6
Anna: raises $12 to $18
Bruno: folds
Carla: folds
Elena: folds
Uncalled bet ($12) returned to Anna
Anna collected $15 from pot
*** SUMMARY ***
Total pot $15 | Rake $0
Seat 1: Anna (button) collected ($15)
"""


def _reason(report: ImportReport, k: int = 0, tr: object = EN) -> str:
    reason = report.hands[k].reason
    assert reason is not None
    return reason.localized(tr) if hasattr(reason, "localized") else tr.render(reason)  # type: ignore[attr-defined]


def _final(report: ImportReport, k: int = 0) -> dict[str, int]:
    history = report.hands[k].history
    assert history is not None
    result = history.replay().result
    assert result is not None
    return dict(zip(history.names(), result.finishing_stacks, strict=True))


def test_partypoker_big_blind_posted_out_of_turn_is_live_and_speaks_in_turn() -> None:
    report = import_histories(PARTY_RETURNING_BB)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    history = report.hands[0].history
    assert history is not None
    by_name = dict(zip(history.names(), history.blinds_or_straddles, strict=True))
    assert by_name["Dario"] < 0 < by_name["Carla"]  # pokerkit's «post»: live, not a straddle
    assert _final(report) == {"Anna": 2635, "Bruno": 2490, "Carla": 2475, "Dario": 2400}
    # the PHH text keeps the post and reads back to the same hand
    again = loads_phh(history.dumps())
    assert again.blinds_or_straddles == history.blinds_or_straddles
    assert again.replay().result == history.replay().result


def test_partypoker_a_wrong_summary_after_an_out_of_turn_blind_is_still_refused() -> None:
    report = import_histories(PARTY_RETURNING_BB.replace("Anna wins $3.35 USD", "Anna wins $3.60 USD"))
    assert report.hands[0].status == "refused" and "does not add up" in _reason(report)


def test_pokerstars_big_blind_posted_out_of_turn_is_read() -> None:
    report = import_histories(STARS_RETURNING_BB)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report) == {"Anna": 209, "Bruno": 199, "Carla": 198, "Dario": 200, "Elena": 194}


def test_a_small_blind_posted_out_of_turn_is_refused_with_its_true_reason() -> None:
    text = STARS_RETURNING_BB.replace("Elena: posts big blind $2", "Elena: posts small blind $1")
    report = import_histories(text)
    assert report.hands[0].status == "refused"
    assert "small blind posted by a player who is not in the blinds" in _reason(report)
    assert "«Elena: posts small blind $1»" in _reason(report, tr=IT)
    assert "piccolo buio" in _reason(report, tr=IT)


PARTY_TOURNAMENT_WALK = """***** Hand History for Game 11960068174 *****
NL Texas Hold'em  Trny: 71487580 Level: 1  Blinds(20/40) - Friday, July 27, 23:00:33 MSKS 2012
Table $50 Freeroll (2695506) Table #173 (Real Money)
Seat 2 is the button
Total number of players : 3/10
Seat 3: Anna ( 3,000 )
Seat 5: Bruno ( 2,500 )
Seat 2: Carla ( 1,660 )
Trny: 71487580 Level: 1
Blinds(20/40)
** Dealing down cards **
Dealt to Anna [  9c 3c ]
Carla folds
Anna folds
Bruno does not show cards.
Bruno wins 60 chips
"""


def test_partypoker_tournament_header_without_buy_in_and_a_big_blind_who_never_acts() -> None:
    """«NL Texas Hold'em  Trny:…» was «unrecognised»; the big blind who wins the blinds writes no action."""
    report = import_histories(PARTY_TOURNAMENT_WALK)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report) == {"Anna": 2980, "Bruno": 2520, "Carla": 1660}


PARTY_DOUBLED_SPACES = """***** Hand History for Game 12827330772 *****
$5  USD  NL  Texas Hold'em - Sunday, March 31, 09:30:36 CEST 2013
Table Supersonic (Real Money)
Seat 1 is the button
Total number of players : 3 / 6
Seat 1: Anna ( $9.08  USD )
Seat 2: Bruno ( $2.70  USD )
Seat 3: Carla ( $2.50  USD )
Bruno posts small blind [$0.02  USD].
Carla posts big blind [$0.04  USD].
** Dealing down cards **
Dealt to Bruno [ 9c , 2s ]
Anna raises [$0.12  USD].
Bruno folds
Carla folds
Anna does not show cards.
Anna wins $0.18  USD
"""


def test_partypoker_client_that_doubles_its_spaces() -> None:
    report = import_histories(PARTY_DOUBLED_SPACES)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report) == {"Anna": 914, "Bruno": 268, "Carla": 246}


def test_pokerbros_statistics_after_the_stack() -> None:
    text = (PARTY_DOUBLED_SPACES.replace("  ", " ").replace("NL Texas Hold'em", "NL Holdem")
            .replace("( $9.08 USD )", "( $9.08 USD ) - (21.60 / 16.35 / 5.71 / 18k)")
            .replace("( $2.70 USD )", "( $2.70 USD ) - (31.91 / 25.53 / - / 47)"))
    assert "NL Holdem" in text and "/ 18k)" in text
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report)["Anna"] == 914
    assert Decimal(914) / 100 == Decimal("9.14")


def test_partypoker_player_who_joins_during_the_hand_is_refused_saying_so() -> None:
    """PartyPoker writes «has joined the table» and the newcomer's big blind, but no seat line or stack."""
    text = PARTY_RETURNING_BB.replace("Seat 4: Dario ( $25 USD )\n", "").replace(
        "Bruno posts small blind", "Dario has joined the table.\nBruno posts small blind")
    report = import_histories(text)
    assert report.hands[0].status == "refused"
    assert "Dario sat down at the table during this hand" in _reason(report)
    assert "incomplete" not in _reason(report)
    assert "si è seduto al tavolo durante questa mano" in _reason(report, tr=IT)


# The Mac client: lowercase «seat», decimal comma, padded brackets «[ $1 USD ]», and a split pot's two
# «wins» lines (and a «sitting out» line) glued to the next one without a line's end.
PARTY_MAC = """***** Hand History for Game 12395241485 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:34:49 ICT 2012
Table Algeciras ( Real Money )
Seat 1 is the button
Total number of players : 4/6
seat 1: Anna ( $26,02 USD )
seat 2: Bruno ( $30,04 USD )
seat 3: Carla ( $27,15 USD )
seat 4: Dario ( $35,89 USD )
Elena is sitting outBruno posts small blind [$0,10 USD].
Carla posts big blind [$0,25 USD].
** Dealing down cards **
Dealt to Anna [ Ac, Qs ]
Dario folds
Anna raises [ $1 USD ]
Bruno folds
Carla calls [ $0,75 USD ]
** Dealing Flop ** [ Th, Qd, As ]
Carla bets [ $2,21 USD ]
Anna calls [ $2,21 USD ]
** Dealing Turn ** [ 8h ]
Carla checks
Anna checks
** Dealing River ** [ 6c ]
Carla checks
Anna checks
Anna shows [ Ac, Qs ]two pairs, Aces and Queens.
Carla shows [ Ah, Qc ]two pairs, Aces and Queens.
Anna wins $3,26 USD from the main pot with two pairs, Aces and Queens.""" """\
Carla wins $3,25 USD from the main pot with two pairs, Aces and Queens.
"""


def test_partypoker_mac_client_padded_brackets_and_glued_lines() -> None:
    report = import_histories(PARTY_MAC)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    final = _final(report)
    assert final["Bruno"] == 3004 - 10 and final["Dario"] == 3589
    # the pot (6.52) split, less the room's unwritten rake (one cent here): each ends within a cent
    assert abs(final["Anna"] - (2602 - 321 + 326)) <= 1 and abs(final["Carla"] - (2715 - 321 + 325)) <= 1


def test_partypoker_big_blind_plus_dead_is_a_live_big_blind_and_a_dead_small_blind() -> None:
    """«posts big blind + dead [$0.35]»: the line names the split, the dead part is that seat's ante."""
    text = PARTY_RETURNING_BB.replace("Dario posts big blind [$0.25 USD].",
                                      "Dario posts big blind + dead [$0.35].").replace(
        "Anna wins $3.35 USD", "Anna wins $3.45 USD")
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    history = report.hands[0].history
    assert history is not None
    assert dict(zip(history.names(), history.antes, strict=True))["Dario"] == 10
    assert _final(report) == {"Anna": 2645, "Bruno": 2490, "Carla": 2475, "Dario": 2390}
    # read as a live 0.35 instead, Dario would put 1.00 in all (ending with 24.00) and the pot be 0.10 short
    assert sum(history.antes) == 10


def test_partypoker_limit_and_double_board_holdem_are_other_games_skipped_not_refused() -> None:
    """PartyPoker writes its limit game by the stakes alone («$15/$30 USD Texas Hold'em»): another game,
    skipped with its header, not an «unrecognised header»; the same for «NL Double Hold'em»."""
    for header in ("$15/$30 USD Texas Hold'em - Monday, April 25, 09:42:13 BST 2011",
                   "$2 USD NL Double Hold'em - Monday, May 21, 16:56:05 MSKS 2012"):
        text = PARTY_RETURNING_BB.replace(
            "$0.10/$0.25 USD NL Texas Hold'em - Sunday, September 22, 08:21:48 EDT 2013", header)
        report = import_histories(text)
        assert report.hands[0].status == "skipped", _reason(report)
        assert header[:20] in _reason(report) and "unrecognised" not in _reason(report)


def test_partypoker_tournament_hand_dealt_as_the_level_changes_is_played_at_the_new_blinds() -> None:
    """The header keeps the old level («Level: 3  Blinds(50/100)»), the line before the deal the new one."""
    text = (PARTY_TOURNAMENT_WALK
            .replace("Level: 1  Blinds(20/40)", "Level: 3  Blinds(50/100)")
            .replace("Trny: 71487580 Level: 1\nBlinds(20/40)", "Trny: 71487580 Level: 4\nBlinds(100/200)")
            .replace("Bruno wins 60 chips", "Bruno wins 300 chips"))
    assert "Blinds(50/100)" in text and "Blinds(100/200)" in text
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report) == {"Anna": 2900, "Bruno": 2600, "Carla": 1660}


def test_partypoker_player_moved_to_the_table_waits_and_is_not_dealt_in() -> None:
    """Listed with a seat between the button and the blinds, a player just moved to the table neither
    acts nor wins: the blinds are the next seats of the players in the hand."""
    text = (PARTY_TOURNAMENT_WALK
            .replace("Seat 5: Bruno ( 2,500 )", "Seat 5: Bruno ( 2,500 )\nSeat 4: Dario ( 3,000 )")
            .replace("Total number of players : 3/10", "Total number of players : 4/10"))
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    assert _final(report) == {"Anna": 2980, "Bruno": 2520, "Carla": 1660}


# PokerBros in PokerStars' layout: the shows without the hand's name, the winner not the hero
POKERBROS_STARS = """PokerBros Hand #1616183514999: Hold'em No Limit ($0.5/$1 USD) - 2021/03/19 19:51:54 UTC
Table 'Coach' 6-max Seat #2 is the button
Seat 1: 1000001 ($100 in chips)
Seat 3: 1000003 ($100 in chips)
Seat 4: 1000004 ($100 in chips)
1000003: posts small blind $0.5
1000004: posts big blind $1
*** HOLE CARDS ***
Dealt to 1000001 [8h 9h]
1000001: raises $1.5 to $2.5
1000003: calls $2.0
1000004: folds
*** FLOP *** [4d Jd Tc]
1000003: checks
1000001: checks
*** TURN *** [4d Jd Tc] [Qs]
1000003: checks
1000001: checks
*** RIVER *** [4d Jd Tc Qs] [4s]
1000003: bets $5
1000001: calls $5
*** SHOW DOWN ***
1000003: shows [Th Ts]
1000001: shows [8h 9h]
1000003 collected $15.50 from pot
*** SUMMARY ***
Total pot $16 | Rake $0.50
Board [4d Jd Tc Qs 4s]
"""


def test_pokerbros_shows_without_the_hand_s_name_are_read() -> None:
    report = import_histories(POKERBROS_STARS)
    assert [o.status for o in report.hands] == ["ok"], _reason(report)
    history = report.hands[0].history
    assert history is not None
    result = history.replay().result
    assert result is not None
    # the tens full beat the straight: 1000003 wins the pot of 16 (15.50 after the rake)
    stacks = dict(zip(history.names(), result.finishing_stacks, strict=True))
    assert stacks["1000003"] == 1085 and history.scale == 10  # 108.5: 100 - 7.5 + 16


def test_a_mixed_holdem_tournament_s_no_limit_hand_is_read_and_its_pot_limit_one_skipped() -> None:
    text = export_histories(histories()[:1], "pokerstars")
    header = "Hold'em No Limit ($1/$2 USD)"
    assert header in text
    mixed = "Mixed Hold'em (Hold'em {}) - Level II ($1/$2 USD)"
    no_limit = import_histories(text.replace(header, mixed.format("No Limit")))
    assert [o.status for o in no_limit.hands] == ["ok"], _reason(no_limit)
    pot_limit = import_histories(text.replace(header, mixed.format("Pot Limit")))
    assert [o.status for o in pot_limit.hands] == ["skipped"]


def test_pokerstars_zoom_archive_with_every_line_indented() -> None:
    text = export_histories(histories()[:2], "pokerstars")
    archive = "*********** # 1 **************\n" + "\n".join(" " + line if line else line
                                                             for line in text.split("\n"))
    report = import_histories(archive)
    assert [o.status for o in report.hands] == ["ok", "ok"], _reason(report)


def test_pokertracker_2_s_export_with_the_header_in_capitals() -> None:
    text = export_histories(histories()[:1], "pokerstars")
    head = text.split("\n", 1)[0]
    capitals = text.replace(head, head.replace("PokerStars Hand #", "POKERSTARS GAME #").replace(
        "Hold'em No Limit", "HOLD'EM NO LIMIT"))
    report = import_histories(capitals)
    assert report.room == "PokerStars" and [o.status for o in report.hands] == ["ok"], _reason(report)
