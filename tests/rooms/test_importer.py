"""Online rooms' hand histories: round trips through each room's format, doctored hands refused
with their rule, Italian histories explained, hostile files refused before parsing."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit.notation import OngameNetworkParser, PartyPokerParser, PokerStarsParser

from coach.engine.phh import HandHistory, load_phh, loads_phh
from coach.i18n import get_translator
from coach.rooms import MAX_HANDS_PER_FILE, MAX_LINE_CHARS, ImportReport, import_histories
from coach.rooms.catalog import ROOMS as REGISTRY
from coach.rooms.catalog import Ongame, PartyPoker, PokerStars
from tests.support.rooms_export import export_histories

from .hands import TOURNAMENT, histories

EN = get_translator("en")
ROOMS = {"pokerstars": "PokerStars", "partypoker": "PartyPoker", "ipoker": "iPoker",
         "fulltilt": "Full Tilt Poker", "ongame": "Ongame", "absolute": "Absolute Poker"}
# (room, writer's options): every format each room writes; those whose antes it writes take every hand
TOURNAMENTS = ("pokerstars", "partypoker", "ipoker", "fulltilt", "ongame")
FORMATS = [(room, {}) for room in ROOMS] + [(room, {"tournament": True}) for room in TOURNAMENTS]
WITH_ANTES = {("pokerstars", False), ("pokerstars", True), ("absolute", False), ("partypoker", True),
              ("ipoker", False), ("ipoker", True), ("fulltilt", True)}  # Ongame's ante lines are unknown


def _stacks(h: HandHistory) -> tuple[int, ...]:
    result = h.replay().result
    assert result is not None
    return tuple(result.finishing_stacks)


def _reason(report: ImportReport, k: int = 0) -> str:
    reason = report.hands[k].reason
    assert reason is not None
    return reason.localized(EN) if hasattr(reason, "localized") else EN.render(reason)


def _for(room: str, options: dict[str, bool], hands: list[HandHistory]) -> list[HandHistory]:
    if (room, bool(options)) in WITH_ANTES:
        return hands
    return [h for h in hands if not any(h.antes)]


def _round_trip(room: str, source: list[HandHistory], **options: bool) -> None:
    report = import_histories(export_histories(source, room, **options), source=room)
    assert report.problem is None and report.room == ROOMS[room]
    assert [o.status for o in report.hands] == ["ok"] * len(source), [str(o.reason) for o in report.hands]
    for original, outcome in zip(source, report.hands, strict=True):
        assert outcome.history is not None
        assert _stacks(outcome.history) == _stacks(original), original.source


@pytest.mark.parametrize(("room", "options"), FORMATS)
def test_each_room_round_trips_a_multi_hand_file(room: str, options: dict[str, bool]) -> None:
    hands = _for(room, options, histories())
    assert len(hands) >= 3
    _round_trip(room, hands, **options)


@pytest.mark.parametrize(("room", "options"), FORMATS)
def test_shared_hands_round_trip(room: str, options: dict[str, bool], phh_dir: Path) -> None:
    files = sorted(phh_dir.glob("generated/*.phh"))[:25] + sorted(phh_dir.glob("pluribus/*/*.phh"))[:15]
    files += sorted(phh_dir.glob("handhq/*/*/*/*.phh"))[:15]
    _round_trip(room, _for(room, options, [load_phh(f) for f in files]), **options)


def test_pokerstars_antes_are_read_by_the_subclass_not_by_pokerkit() -> None:
    text = export_histories([loads_phh(TOURNAMENT)], "pokerstars", tournament=True)
    assert ": posts the ante 25" in text
    ours = next(iter(PokerStars()(text)))
    theirs = next(iter(PokerStarsParser()(text)))
    assert list(ours.antes) == [25, 25, 25, 25]
    assert list(theirs.antes) == [0, 0, 0, 0]  # pokerkit 0.7.7: the reason for the subclass
    report = import_histories(text)
    assert report.hands[0].status == "ok" and report.hands[0].history is not None
    assert _stacks(report.hands[0].history) == (2875, 975, 4675, 2475)


@pytest.mark.parametrize(("room", "old", "new"), [
    ("pokerstars", "Anna_Rossi collected $68 from pot", "Anna_Rossi collected $86 from pot"),
    ("partypoker", "Anna_Rossi wins $68 USD", "Anna_Rossi wins $86 USD"),
    ("ipoker", 'win="€68"', 'win="€86"'),
    ("fulltilt", "showed [As Ks] and won ($68)", "showed [As Ks] and won ($86)"),
    ("ongame", "won by Anna_Rossi ($68)", "won by Anna_Rossi ($86)"),
    ("absolute", "collected Total ($68)", "collected Total ($86)"),
    ("partypoker-tournament", "Anna_Rossi wins 68 chips", "Anna_Rossi wins 86 chips"),
    ("ipoker-tournament", 'win="68"', 'win="86"'),
    ("fulltilt-tournament", "showed [As Ks] and won (68)", "showed [As Ks] and won (86)"),
    ("ongame-tournament", "won by Anna_Rossi (68)", "won by Anna_Rossi (86)"),
])
def test_a_pot_that_does_not_add_up_is_refused(room: str, old: str, new: str) -> None:
    text = _export(histories()[:1], room)
    assert old in text
    report = import_histories(text.replace(old, new))
    assert report.hands[0].status == "refused"
    assert "the pot does not add up" in _reason(report)


@pytest.mark.parametrize(("room", "old", "new"), [
    ("pokerstars", "", ""),
    ("partypoker", "** Dealing Turn ** [ 9s ]", "** Dealing Turn ** [ 8d ]"),
    ("ipoker", '<cards type="Turn" player="">s9</cards>', '<cards type="Turn" player="">d8</cards>'),
    ("fulltilt", "*** TURN *** [Ah 8d 3c] [9s]", "*** TURN *** [Ah 8d 3c] [8d]"),
    ("ongame", "--- Dealing turn [9s]", "--- Dealing turn [8d]"),
    ("absolute", "Bruno - Mucks", "Bruno - Shows [Ah Qd] (a pair)"),
    ("partypoker-tournament", "** Dealing Turn ** [ 9s ]", "** Dealing Turn ** [ 8d ]"),
    ("ipoker-tournament", '<cards type="Turn" player="">s9</cards>',
     '<cards type="Turn" player="">d8</cards>'),
    ("fulltilt-tournament", "*** TURN *** [Ah 8d 3c] [9s]", "*** TURN *** [Ah 8d 3c] [8d]"),
    ("ongame-tournament", "--- Dealing turn [9s]", "--- Dealing turn [8d]"),
])
def test_a_card_shown_twice_is_refused_with_the_rule(room: str, old: str, new: str) -> None:
    source = histories()[:1]
    if room == "pokerstars":  # Bruno mucks in the source: show a card that is on the board
        text = export_histories(source, room).replace("Bruno: mucks hand", "Bruno: shows [Ah Qd] (a pair)")
        old = new = ""
    else:
        text = _export(source, room)
    assert old in text
    report = import_histories(text.replace(old, new))
    assert report.hands[0].status == "refused"
    assert "Ah" in _reason(report) or "8d" in _reason(report)


def _export(source: list[HandHistory], room: str) -> str:
    if room.endswith("-tournament"):
        return export_histories(source, room.removesuffix("-tournament"), tournament=True)
    return export_histories(source, room)


def test_partypoker_tournaments_are_read_by_the_subclass_not_by_pokerkit() -> None:
    text = export_histories([loads_phh(TOURNAMENT)], "partypoker", tournament=True)
    assert "p1 posts ante [25]" in text and "Seat 1: p1 ( 3,000 )" in text and "Buy-in Trny:" in text
    assert PartyPokerParser.VARIANT.search(text) is None  # pokerkit 0.7.7: cash games only
    assert PartyPokerParser.STARTING_STACKS.search("Seat 1: p1 ( 3,000 )") is None
    ours = next(iter(PartyPoker()(text)))
    assert list(ours.antes) == [25, 25, 25, 25]
    report = import_histories(text)
    assert report.hands[0].status == "ok" and report.hands[0].history is not None
    assert _stacks(report.hands[0].history) == (2875, 975, 4675, 2475)


def test_ongame_seat_lines_that_end_the_line_are_read() -> None:
    assert OngameNetworkParser.SEATS.search("Seat 1: p1 ($20)") is None  # pokerkit 0.7.7
    assert Ongame.SEATS.search("Seat 1: p1 ($20)") is not None
    assert Ongame.SEATS.search("Seat 1: p1 ($20), net: -$20") is None  # the summary


def test_ongame_split_pots_name_each_winner() -> None:
    """One line per pot, its winners after «won by», split at «), » (no regex that retries each «, »)."""
    text = "Main pot: $4 won by anna b ($1.90), bruno ($2.10)\nSide pot 1: $3 won by c ($3)\nRake taken: $0\n"
    won = Ongame().collected(text, Decimal)
    assert won == {"anna b": Decimal("1.90"), "bruno": Decimal("2.10"), "c": Decimal(3)}


@pytest.mark.parametrize("room", ["fulltilt", "absolute"])
def test_the_heros_cards_are_read(room: str) -> None:
    """pokerkit skips these rooms' «Dealt to» line; the hero's cards are what a review needs."""
    no_antes = loads_phh(TOURNAMENT.replace("antes = [25, 25, 25, 25]", "antes = [0, 0, 0, 0]"))
    text = export_histories([no_antes], room)
    assert ("Dealt to p3 [10h 9h]" if room == "absolute" else "Dealt to p3 [Th 9h]") in text
    history = import_histories(text).hands[0].history
    assert history is not None
    known = [a.text for a in history.actions if a.kind == "deal_hole" and "????" not in a.text]
    assert known == ["d dh p3 Th9h"]


def test_a_raise_below_the_minimum_is_refused_with_the_rule() -> None:
    text = export_histories(histories()[:1], "pokerstars").replace("raises $4 to $6", "raises $1 to $3")
    report = import_histories(text)
    assert report.hands[0].status == "refused"
    assert "cbr 3" in _reason(report) and "<text>:1:" in _reason(report)
    assert "minimum" in _reason(report)


def test_other_games_are_skipped_with_the_reason() -> None:
    text = export_histories(histories()[:2], "pokerstars")
    text = text.replace("Hold'em No Limit ($1/$2 USD)", "Omaha Pot Limit ($1/$2 USD)", 1)
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["skipped", "ok"]
    assert "Omaha Pot Limit" in _reason(report)


def test_italian_histories_name_the_setting() -> None:
    text = "Mano PokerStars n. 123: Hold'em No Limit (0,01 €/0,02 €)\nPosto 1: mario (2 € in fiches)\n"
    report = import_histories(text)
    assert report.problem is not None and report.room is None
    message = EN.render(report.problem)
    assert "Italian" in message and "hand history" in message and "English" in message
    assert "→" not in message  # no menu path that nobody checked on the client


def test_hostile_files_are_refused_before_parsing() -> None:
    big = import_histories(b"x" * 2049, limit=2048)
    assert big.problem is not None and "limit" in EN.render(big.problem)
    long_line = import_histories("PokerStars Hand #1: " + "a" * (10 * MAX_LINE_CHARS) + "\n")
    assert long_line.problem is None and long_line.hands[0].status == "refused"  # that hand, not the file
    assert "longer than 512 characters" in _reason(long_line)
    many = import_histories("PokerStars Hand #1: Hold'em No Limit\n" * (MAX_HANDS_PER_FILE + 1))
    assert many.problem is not None and "hands, more than the limit" in EN.render(many.problem)
    assert import_histories(b"\xff\xfe").problem is not None


def test_line_patterns_that_start_with_a_name_are_anchored() -> None:
    """Unanchored, ``(?P<player>.+): folds`` costs the square of each line's length (74 s for 2 MB)."""
    for parser in (room for room in REGISTRY if hasattr(room, "FOLDING")):
        for name in ("FOLDING", "CHECKING_OR_CALLING", "COMPLETION_BETTING_OR_RAISING",
                     "BLIND_OR_STRADDLE_POSTING", "HOLE_CARDS_SHOWING"):
            pattern = getattr(parser, name).pattern
            assert not pattern.startswith("(?P<player>.+)"), (parser.KEY, name)


def test_a_giant_number_refuses_its_hand_only() -> None:
    text = export_histories(histories()[:2], "pokerstars").replace("(200 in chips)", "(1e999999 in chips)", 1)
    giant = "Seat 1: Anna_Rossi ($9" + "9" * 30 + " in chips)"
    text = text.replace("Seat 1: Anna_Rossi ($200 in chips)", giant)
    report = import_histories(text)
    assert [o.status for o in report.hands] == ["refused", "ok"]
    assert "9999" in _reason(report)


def test_unknown_text_is_refused_as_a_whole() -> None:
    report = import_histories("hello\n")
    assert report.problem is not None and "PokerStars" in EN.render(report.problem)
