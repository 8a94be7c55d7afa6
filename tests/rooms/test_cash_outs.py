"""PokerStars' All-in Cash Out, accounted: the room pays the player a sum outside the pot and keeps his
share of it. The hand is converted with the pot as the cards give it and the cash-out in the PHH field
``_cash_out``; the stacks the room paid (:func:`coach.rooms.convert.room_final_stacks`) are the file's,
worked out by hand in tests/data/rooms/pokerstars-cash-outs.txt. A summary that does not agree is refused."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from coach.engine.phh import loads_phh
from coach.i18n import get_translator
from coach.rooms import ImportReport, import_histories
from coach.rooms.convert import CASH_OUT_FIELD, room_final_stacks

EN = get_translator("en")
IT = get_translator("it")
FILE = Path(__file__).resolve().parents[1] / "data" / "rooms" / "pokerstars-cash-outs.txt"


def _report(text: str | None = None) -> ImportReport:
    return import_histories(FILE.read_text(encoding="utf-8") if text is None else text, source="co.txt")


def _stacks(report: ImportReport, k: int) -> dict[str, Decimal]:
    history = report.hands[k].history
    assert history is not None
    return dict(zip(history.names(), room_final_stacks(history, history.replay()), strict=True))


def test_the_loser_who_cashed_out_keeps_the_cash_out_and_the_winner_the_pot_less_the_rake() -> None:
    report = _report()
    assert [o.status for o in report.hands] == ["ok", "ok"]
    # Anna: 10 - 8 all-in, lost, cashed out for 5.12; Carla wins the pot of 16.05 (the room paid 15.25
    # after the rake, which the engine does not take: checked against «collected» by the import)
    assert _stacks(report, 0) == {"Anna": Decimal("7.12"), "Bruno": Decimal("11.95"),
                                  "Carla": Decimal("16.05")}


def test_the_winner_who_cashed_out_has_the_cash_out_not_the_pot() -> None:
    # Anna wins the pot of 14.29 at the showdown, but she cashed out for 11.40: the pot is the room's
    assert _stacks(_report(), 1) == {"Carla": Decimal("15.20"), "Anna": Decimal("11.40"),
                                     "Bruno": Decimal("4.83")}


def test_the_cash_out_is_written_in_the_phh_and_read_back() -> None:
    history = _report().hands[1].history
    assert history is not None
    again = loads_phh(history.dumps())
    assert dict(zip(again.names(), again.extra[CASH_OUT_FIELD], strict=True)) == {
        "Carla": 0, "Anna": Decimal("11.40"), "Bruno": 0}
    assert room_final_stacks(again, again.replay()) == room_final_stacks(history, history.replay())


def _reason(report: ImportReport, k: int, tr: object = EN) -> str:
    reason = report.hands[k].reason
    assert reason is not None and hasattr(reason, "localized")
    return str(reason.localized(tr))


def test_a_share_kept_by_the_room_that_is_not_the_pot_is_refused() -> None:
    text = FILE.read_text(encoding="utf-8").replace("won ($13.58)", "won ($12.58)")
    report = _report(text)
    assert [o.status for o in report.hands] == ["ok", "refused"]
    assert "the pot does not add up" in _reason(report, 1)


def test_a_winner_who_cashed_out_without_the_summary_saying_so_is_refused() -> None:
    """Without «pot not awarded» the history does not say who had the pot: never read as paid twice."""
    text = FILE.read_text(encoding="utf-8").replace(" (pot not awarded as player cashed out)", "")
    report = _report(text)
    assert report.hands[1].status == "refused" and "Anna collected 0" in _reason(report, 1)


def test_a_cash_out_by_a_player_who_folded_is_refused_in_both_languages() -> None:
    text = FILE.read_text(encoding="utf-8").replace(
        "Anna cashed out the hand for $5.12", "Bruno cashed out the hand for $5.12")
    report = _report(text)
    assert report.hands[0].status == "refused"
    assert "Bruno cashed out the hand after folding" in _reason(report, 0)
    assert "Bruno" in _reason(report, 0, IT) and _reason(report, 0, IT) != _reason(report, 0)
