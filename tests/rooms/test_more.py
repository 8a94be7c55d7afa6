"""888poker's clients in other languages (coach/rooms/more.py): the German client's suits («8Pik, QPik»)
and the Russian client's ranks (Т, К, Д, В), in Windows-1251 or read as Windows-1252, are the cards they
name; the one-letter suits of other clients stay refused in words (their «c» is clubs or hearts); a dead
blind posted with a live one («posts dead blind [0,01 $ + 0,02 $]») is refused with its reason."""

from __future__ import annotations

from coach.i18n import get_translator
from coach.rooms import ImportReport, import_histories
from tests.support.rooms_export import export_histories

from .hands import histories

EN = get_translator("en")
DEALT = "Dealt to Anna_Rossi [ As, Ks ]"
SHOWN = "Anna_Rossi shows [ As, Ks ]"


def _hand() -> str:
    text = export_histories(histories()[:1], "888poker")
    assert DEALT in text and SHOWN in text and "** Dealing flop ** [ Ah, 8d, 3c ]" in text
    return text


def _cards(report: ImportReport) -> list[str]:
    assert [o.status for o in report.hands] == ["ok"], report.hands[0].reason
    history = report.hands[0].history
    assert history is not None
    return [a.code(history.scale) for a in history.actions if a.code(history.scale).startswith("d ")]


def test_the_german_client_s_suits_are_the_cards_they_name() -> None:
    english = _cards(import_histories(_hand()))
    german = _hand().replace(DEALT, "Dealt to Anna_Rossi [ APik, KPik ]").replace(
        SHOWN, "Anna_Rossi shows [ APik, KPik ]").replace("[ Ah, 8d, 3c ]", "[ AHerz, 8Karo, 3Kreuz ]")
    assert _cards(import_histories(german)) == english


def test_the_russian_client_s_ranks_in_either_windows_encoding() -> None:
    english = _cards(import_histories(_hand()))
    russian = _hand().replace(DEALT, "Dealt to Anna_Rossi [ Тs, Кs ]").replace(
        SHOWN, "Anna_Rossi shows [ Тs, Кs ]").replace("[ Ah, 8d, 3c ]", "[ Тh, 8d, 3c ]")
    for data in (russian.encode("cp1251"), russian, russian.encode("cp1251").decode("cp1252")):
        assert _cards(import_histories(data)) == english


def test_one_letter_suits_of_other_languages_stay_refused_in_words() -> None:
    report = import_histories(_hand().replace(DEALT, "Dealt to Anna_Rossi [ 7p, 8t ]"))
    reason = report.hands[0].reason
    assert report.hands[0].status == "refused" and reason is not None and hasattr(reason, "localized")
    assert "«7p, 8t» cannot be read" in reason.localized(EN)


def test_a_dead_blind_posted_with_a_live_one_is_refused_with_its_reason() -> None:
    line = "Carla posts dead blind [$1 + $2]"
    blind = "Bruno posts big blind [$2]\n"
    report = import_histories(_hand().replace(blind, f"{blind}{line}\n"))
    reason = report.hands[0].reason
    assert report.hands[0].status == "refused" and reason is not None and hasattr(reason, "localized")
    said = reason.localized(EN)
    assert f"«{line}»" in said and "a dead small blind and a live big blind" in said


def test_a_player_dealt_in_after_the_written_button_acts_in_his_seat_s_order() -> None:
    """888poker's tournaments: the button on seat 3, a newcomer on seat 1 dealt in before the blinds."""
    text = _hand().replace("Seat 3 is the button", "Seat 0 is the button").replace(
        "Seat 1: Anna_Rossi", "Seat 1: Dario ( $100 )\nSeat 2: Anna_Rossi").replace(
        "Seat 2: Bruno", "Seat 3: Bruno").replace("Seat 3: Carla", "Seat 4: Carla").replace(
        "Carla folds\n", "Carla folds\nDario folds\n")
    report = import_histories(text.replace("Seat 0 is the button", "Seat 4 is the button"))
    assert [o.status for o in report.hands] == ["ok"], report.hands[0].reason


SHORT_ANTE = """#Game No : 190000001
***** 888poker Hand History for Game 190000001 *****
150/300 Blinds No Limit Holdem - *** 17 02 2012 00:42:56
Tournament #36216773 Free - Table #359 (Real Money)
Seat 1 is the button
Total number of players : 4
Seat 1: Anna ( 15 )
Seat 2: Bruno ( 2,000 )
Seat 3: Carla ( 2,000 )
Seat 4: Dario ( 2,000 )
Anna posts ante [15]
Bruno posts ante [30]
Carla posts ante [30]
Dario posts ante [30]
Bruno posts small blind [150]
Carla posts big blind [300]
** Dealing down cards **
Dario folds
Bruno calls [150]
Carla checks
** Dealing flop ** [ Kc, 9s, 4h ]
Bruno checks
Carla bets [300]
Bruno folds
** Dealing turn ** [ 5d ]
** Dealing river ** [ Jc ]
** Summary **
Anna shows [ Ah, Ad ]
Carla shows [ 2c, 7d ]
Anna collected [ 60 ]
Carla collected [ 645 ]
"""


def test_an_ante_all_in_for_less_that_changes_the_pots_is_refused_saying_so() -> None:
    """Anna's 15 is all she has: the room gives her 15 from each player (60), the engine every ante (105).
    The reason says so, not «the pot does not add up»."""
    report = import_histories(SHORT_ANTE)
    reason = report.hands[0].reason
    assert report.hands[0].status == "refused" and reason is not None and hasattr(reason, "localized")
    said = reason.localized(EN)
    assert "Anna is all-in with his ante, smaller than the others'" in said and "add up" not in said
