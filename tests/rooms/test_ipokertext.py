"""The iPoker network's text files (coach/rooms/ipokertext.py), hand-written to the layout of the real
files in fpdb's test data (tests/data/rooms/ipoker-text.txt): the newer client's «Version:… Uncalled:Y»
with an all-in for the chips it adds, the older client's lower-case suits and an uncalled bet it does not
write, Omaha skipped by its header; a big blind with a dead small blind in one post refused."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from coach.i18n import get_translator
from coach.rooms import ROOMS, find_room, import_histories

EN = get_translator("en")
FILE = Path(__file__).resolve().parents[1] / "data" / "rooms" / "ipoker-text.txt"


def _final(k: int, text: str | None = None) -> dict[str, Decimal]:
    report = import_histories(FILE.read_text(encoding="utf-8") if text is None else text, source="ip.txt")
    history = report.hands[k].history
    assert history is not None, report.hands[k].reason
    result = history.replay().result
    assert result is not None
    stacks = zip(history.names(), result.finishing_stacks, strict=True)
    return {n: Decimal(s) / history.scale for n, s in stacks}


def test_the_file_is_ipoker_s_and_each_hand_has_its_outcome() -> None:
    text = FILE.read_text(encoding="utf-8")
    assert find_room(text) is next(r for r in ROOMS if r.KEY == "ipoker_text")
    report = import_histories(text)
    assert report.room == "iPoker" and [o.status for o in report.hands] == ["ok", "ok", "skipped"]


def test_an_all_in_writes_the_chips_it_adds_and_the_summary_is_after_the_rake() -> None:
    # Bruno's €2.80 on the flop is all he has left; his queens and tens take the pot of €8.10 (€7.77 paid)
    assert _final(0) == {"Bruno": Decimal("8.10"), "Carla": Decimal("11.90"), "Anna": Decimal("6.00")}


def test_the_older_client_s_lower_case_suits_and_its_uncalled_bet() -> None:
    # Dario's turn bet of 10 is not called: it comes back, and the pot of 16.50 is his
    assert _final(1) == {"Elena": Decimal("99.50"), "Dario": Decimal("108.50"), "Franco": Decimal("92.00")}


def test_a_raise_the_summary_does_not_pay_is_refused() -> None:
    text = FILE.read_text(encoding="utf-8")
    report = import_histories(text.replace("Bruno: wins €7.77", "Anna: wins €7.77"))
    assert report.hands[0].status == "refused"


def test_a_big_blind_with_a_dead_small_blind_in_one_post_is_refused_with_its_reason() -> None:
    line = "Gino: Post BB $1.50"  # Gino, after the big blind, comes back: $0.50 dead and $1 live
    text = FILE.read_text(encoding="utf-8").replace("Seat 10: Dario ($100.00 in chips)\n", (
        "Seat 6: Dario ($100.00 in chips)\nSeat 8: Gino ($100.00 in chips)\n")).replace(
        "Dario: Post BB $1.00\n", f"Dario: Post BB $1.00\n{line}\n").replace(
        "Franco: Raise (NF) $3.00\n", "Gino: Fold\nFranco: Raise (NF) $3.00\n")
    report = import_histories(text)
    reason = report.hands[1].reason
    assert report.hands[1].status == "refused" and reason is not None and hasattr(reason, "localized")
    said = reason.localized(EN)
    assert f"«{line}»" in said and "a dead small blind and a live big blind" in said
