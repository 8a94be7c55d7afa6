"""Every event narrates itself in natural Italian (and English), through the catalogs."""

from __future__ import annotations

from coach.cards import parse_cards
from coach.engine import (
    ActionRecord,
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Event,
    Hand,
    HandMucked,
    HoleDealt,
    PotAwarded,
    PotInfo,
    PotsFormed,
    TableConfig,
)
from coach.i18n import Message, render


def it(event: Event) -> str:
    return render(event.message(), "it").replace("\ufe0e", "")


def rec(kind: str, added: int, to: int, all_in: bool = False) -> ActionRecord:
    return ActionRecord(seat=1, name="Bob", player=1, kind=kind, added=added, to=to,  # type: ignore[arg-type]
                        all_in=all_in, street="flop")


def test_actions_in_italian() -> None:
    assert it(rec("fold", 0, 0)) == "Bob folda."
    assert it(rec("check", 0, 0)) == "Bob fa check."
    assert it(rec("call", 2, 2)) == "Bob paga 2."
    assert it(rec("call", 7, 7, True)) == "Bob paga 7 ed è all-in."
    assert it(rec("bet", 2, 2)) == "Bob punta 2."
    assert it(rec("bet", 1500, 1500, True)) == "Bob punta 1.500 ed è all-in."   # Italian grouping
    assert it(rec("raise", 3, 4)) == "Alice rilancia a 4.".replace("Alice", "Bob")
    assert it(rec("raise", 30, 40, True)) == "Bob rilancia a 40 ed è all-in."
    assert rec("raise", 30, 40).code == "p1 cbr 40" and rec("call", 2, 2).code == "p1 cc"


def test_forced_bets_and_dealing_in_italian() -> None:
    assert it(BlindPosted(1, "Bob", 1, "small")) == "Bob mette il piccolo buio di 1."
    assert it(BlindPosted(2, "Carol", 2, "big")) == "Carol mette il grande buio di 2."
    assert it(BlindPosted(2, "Carol", 1, "big", all_in=True)) == "Carol mette il grande buio di 1. È all-in."
    assert it(AntePosted(0, "Alice", 1)) == "Alice mette un ante di 1."
    assert it(HoleDealt(1, "Bob", parse_cards("Qs9h"))) == "Bob riceve Q♠ 9♥."
    assert it(HoleDealt(1, "Bob", None)) == "Bob riceve due carte coperte."
    assert it(CardBurned(None, "flop")) == "Il mazziere brucia una carta."
    flop = parse_cards("9cKc3h")
    assert it(BoardDealt("flop", flop, flop)) == "Flop: 9♣ K♣ 3♥"
    assert it(BoardDealt("turn", parse_cards("5s"), flop)) == "Turn: 5♠"
    assert it(BoardDealt("river", parse_cards("9d"), flop)) == "River: 9♦"


def test_pots_and_awards_in_italian() -> None:
    assert it(BetReturned(0, "Alice", 8)) == "La puntata non pagata di 8 torna ad Alice."
    assert it(PotsFormed("preflop", (PotInfo(6, (1, 2, 0), ("Bob", "Carol", "Alice")),))) == \
        "Il piatto è di 6."
    two = PotsFormed("flop", (PotInfo(90, (1, 2, 0), ("Bruno", "Tu", "Anna")),
                              PotInfo(100, (1, 0), ("Bruno", "Anna"))))
    assert it(two) == ("In mezzo ci sono 190: piatto principale di 90 e piatto laterale di 100 "
                       "(se lo giocano Bruno e Anna).")
    assert it(HandMucked(2, "Carol")) == "Carol butta le carte senza mostrarle."
    assert it(HandMucked(2, "Carol", face_down=True)) == \
        "Carol mostra la mano (le carte non sono registrate)."
    won = PotAwarded(index=0, total_pots=1, amount=5, eligible=(0,), winners=(0,), names=("Alice",),
                     shares=(5,), description=None, uncontested=True)
    assert it(won) == "Alice vince il piatto di 5 senza mostrare le carte."


def test_three_pots_are_numbered() -> None:
    pots = PotsFormed("flop", (PotInfo(90, (0, 1, 2), ("A", "B", "C")), PotInfo(40, (0, 1), ("A", "B")),
                               PotInfo(20, (0, 1), ("A", "B"))))
    assert "piatto laterale 1 di 40" in it(pots) and "piatto laterale 2 di 20" in it(pots)


def test_split_pot_names_the_odd_chip() -> None:
    hand = Hand.start(TableConfig(("Alice", "Bob", "Carol"), (100, 100, 100), 0), seed=1,
                      hole_cards={0: "2c3d", 1: "4h5h", 2: "2d3c"}, board="AsKdQhJcTs")
    hand.call(0)
    hand.fold(1)
    hand.check(2)
    for _ in range(3):
        hand.check(2)
        hand.check(0)
    last = it(hand.events[-1])
    assert last == ("Carol e Alice si dividono il piatto di 5, 2 a testa: scala all'Asso. "
                    "La fiche dispari va a Carol, il primo a sinistra del bottone.")


def test_side_pot_award_sentences() -> None:
    hand = Hand.start(TableConfig(("Anna", "Bruno", "Tu"), (100, 100, 30), 0), seed=9,
                      hole_cards={0: "KhKs", 1: "QhQd", 2: "AhAs"}, board="2c7d9hJc4s")
    hand.bet_or_raise_to(30, 0)
    hand.call(1)
    hand.call(2)
    hand.bet_or_raise_to(50, 1)
    hand.call(0)
    for _ in range(2):
        hand.check(1)
        hand.check(0)
    lines = [it(e) for e in hand.events]
    assert lines[-2] == "Anna vince il piatto laterale di 100: coppia di Re, kicker J, 9 e 7."
    assert lines[-1] == "Tu vince il piatto principale di 90: coppia d'Assi, kicker J, 9 e 7."


def test_english_locale_renders_the_source_text() -> None:
    assert render(rec("raise", 3, 4).message(), "en") == "Bob raises to 4."


def said(msg: Message) -> str:
    return render(msg, "it").replace("\ufe0e", "")


def test_heads_up_narrates_the_small_blind_first() -> None:
    # Heads-up PokerKit posts the big blind first (reversed positions); a table does not.
    hand = Hand.start(TableConfig(names=("Anna", "Bruno"), stacks=(100, 100), button=0), seed=1)
    lines = [said(m) for m in hand.messages()[:2]]
    assert lines == ["Anna mette il piccolo buio di 1.", "Bruno mette il grande buio di 2."]
    three = Hand.start(TableConfig(names=("Anna", "Bruno", "Carla"), stacks=(100,) * 3, button=0), seed=1)
    assert [said(m) for m in three.messages()[:2]] == ["Bruno mette il piccolo buio di 1.",
                                                    "Carla mette il grande buio di 2."]


def test_an_all_in_run_out_names_the_winning_hand() -> None:
    # The cards are shown preflop (no hand made yet); the award names the hand on the final board.
    hand = Hand.start(TableConfig(names=("Anna", "Bruno"), stacks=(100, 100), button=0), seed=3,
                      hole_cards={0: "2s6s", 1: "TdTc"}, board="Th8h4c2dKs")
    hand.all_in()
    hand.call()
    lines = [said(m) for m in hand.messages()]
    assert "Anna mostra 2♠ 6♠." in lines  # preflop: nothing to name yet
    assert lines[-1] == "Bruno vince il piatto di 200: tris di 10, kicker K e 8."
