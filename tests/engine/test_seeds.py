"""The example hands of the rule texts (../shared/seeds), replayed exactly.

Each test names the seed it reproduces; the numbers are the texts' numbers.
"""

from __future__ import annotations

from coach.engine import Hand, PotsFormed, TableConfig
from coach.i18n import render


def _flat(text: str) -> str:
    return text.replace("\ufe0e", "")


def seed_003_hand() -> Hand:
    """Seed 003: Alice dealer, Bob SB $1, Carol BB $2, Ted under the gun."""
    cfg = TableConfig(("Alice", "Bob", "Carol", "Ted"), (100, 100, 100, 100), button=0)
    hand = Hand.start(cfg, seed=3, hole_cards={0: "Ac7c", 1: "Qs9h", 2: "KsJh"}, board="9cKc3h5s9d")
    hand.fold(3)            # Ted folds
    hand.call(0)            # Alice calls 2
    hand.call(1)            # Bob adds 1
    hand.check(2)           # Carol checks: pot 6
    assert hand.pot_total == 6
    hand.check(1)           # flop 9c Kc 3h: Bob checks
    hand.bet_or_raise_to(2, 2)   # Carol bets 2
    hand.bet_or_raise_to(4, 0)   # Alice raises to 4
    hand.call(1)            # Bob calls 4
    hand.call(2)            # Carol calls 2: pot 18
    assert hand.pot_total == 18
    hand.check(1)
    hand.check(2)
    hand.check(0)           # turn 5s: checks around, pot 18
    hand.bet_or_raise_to(4, 1)   # river 9d: Bob bets 4
    hand.call(2)            # Carol calls
    hand.fold(0)            # Alice folds
    return hand


def test_seed_003_four_handed_hand() -> None:
    hand = seed_003_hand()
    result = hand.result
    assert result is not None
    assert [str(c) for c in hand.board] == ["9c", "Kc", "3h", "5s", "9d"]
    assert len(result.awards) == 1
    award = result.awards[0]
    assert award.amount == 26 and award.winners == (1,)
    assert result.finishing_stacks == (94, 116, 90, 100)
    # Bob bet last on the river: he shows first, then Carol.
    assert result.showdown_order == (1, 2)
    bob, carol = result.shown
    assert {str(c) for c in bob.best_five or ()} == {"9c", "9d", "9h", "Kc", "Qs"}
    assert {str(c) for c in carol.best_five or ()} == {"Kc", "Ks", "9c", "9d", "Jh"}
    pots = [e.total for e in hand.events if isinstance(e, PotsFormed)]
    assert pots == [6, 18, 26]
    assert bob.description is not None and carol.description is not None
    assert render(bob.description, "it") == "Tris di 9, kicker K e Q"
    assert render(carol.description, "it") == "Doppia coppia, K e 9, kicker J"
    assert [str(c) for c in bob.best_five or ()][:3] == ["9h", "9d", "9c"]   # made part first


def test_seed_003_narration_in_italian() -> None:
    hand = seed_003_hand()
    lines = [_flat(render(m, "it")) for m in hand.messages()]
    assert "Bob paga 1." in lines
    assert "Carol punta 2." in lines
    assert "Alice rilancia a 4." in lines
    assert "Flop: 9♣ K♣ 3♥" in lines
    assert "Bob mostra Q♠ 9♥: tris di 9, kicker K e Q." in lines
    assert "Carol mostra K♠ J♥: doppia coppia, K e 9, kicker J." in lines
    assert lines[-1] == "Bob vince il piatto di 26: tris di 9, kicker K e Q."


def seed_001_hand() -> Hand:
    """Seed 001: six-handed at 1/2, you on the button with A♥J♥."""
    names = ("UTG", "MP", "CO", "Tu", "SB", "BB")
    cfg = TableConfig(names, (200,) * 6, button=3)
    hand = Hand.start(cfg, seed=1, hole_cards={3: "AhJh", 5: "KcQd"}, board="Kh7h2c9s3h")
    hand.fold(0)
    hand.fold(1)
    hand.fold(2)
    hand.bet_or_raise_to(5, 3)
    hand.fold(4)
    rec = hand.call(5)
    assert rec.added == 3
    assert hand.pot_total == 11
    hand.check(5)
    hand.bet_or_raise_to(6, 3)
    hand.call(5)
    assert hand.pot_total == 23
    hand.check(5)
    hand.check(3)
    hand.bet_or_raise_to(12, 5)
    hand.bet_or_raise_to(40, 3)
    hand.call(5)
    return hand


def test_seed_001_example_hand() -> None:
    hand = seed_001_hand()
    result = hand.result
    assert result is not None
    assert result.winners == (3,)
    assert result.awards[0].amount == 23 + 80
    assert result.net[3] == 52 and result.net[5] == -51 and result.net[4] == -1
    assert result.showdown_order == (3, 5)   # the river raiser shows first
    assert result.awards[0].description is not None
    assert render(result.awards[0].description, "it") == "Colore all'Asso"
    assert render(result.shown[1].description, "it").startswith("Coppia di Re")  # type: ignore[arg-type]
    assert [a.code for a in hand.actions][-3:] == ["p2 cbr 12", "p6 cbr 40", "p2 cc"]  # p1 = SB, p6 = button


def test_seed_001_kicker_example() -> None:
    cfg = TableConfig(("Anna", "Bruno"), (100, 100), button=0)
    hand = Hand.start(cfg, seed=5, hole_cards={0: "AhKd", 1: "AsQc"}, board="Ad9s6h4c2d")
    hand.call()
    hand.check()
    for _ in range(3):
        hand.check()
        hand.check()
    assert hand.result is not None
    assert hand.result.winners == (0,)
    assert hand.result.finishing_stacks == (102, 98)


def side_pot_hand() -> Hand:
    """Seed 001: you have 30 and go all-in, two opponents with 100 call."""
    cfg = TableConfig(("Anna", "Bruno", "Tu"), (100, 100, 30), button=0)
    hand = Hand.start(cfg, seed=9, hole_cards={0: "KhKs", 1: "QhQd", 2: "AhAs"}, board="2c7d9hJc4s")
    hand.bet_or_raise_to(30, 0)
    hand.call(1)
    rec = hand.call(2)
    assert rec.all_in and rec.added == 28
    assert [p.amount for p in hand.pots()] == [90]
    hand.bet_or_raise_to(50, 1)
    hand.call(0)
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(90, (1, 2, 0)), (100, (1, 0))]
    for _ in range(2):
        hand.check(1)
        hand.check(0)
    return hand


def test_seed_001_side_pot_example() -> None:
    hand = side_pot_hand()
    result = hand.result
    assert result is not None
    # Side pot first, then the main pot.
    assert [(a.index, a.amount, a.winners) for a in result.awards] == [(1, 100, (0,)), (0, 90, (2,))]
    assert result.finishing_stacks == (120, 20, 90)
    lines = [_flat(render(m, "it")) for m in hand.messages()]
    side_at = next(i for i, t in enumerate(lines) if "piatto laterale" in t and "vince" in t)
    main_at = next(i for i, t in enumerate(lines) if "piatto principale" in t and "vince" in t)
    assert side_at < main_at
