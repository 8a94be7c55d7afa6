"""Hostile input through the engine's API: every case ends in a typed error, in Italian,
with the hand exactly as it was (``snapshot()`` and ``pickle.dumps``), and the
expensive ones are refused *before* the work that would have been expensive.

No timing is asserted here (project rule): "before the arithmetic" is checked by
making the arithmetic itself fail the test if it is ever reached; the CPU time of
every case is printed by ``benchmarks/bench_hostile.py``.
"""

from __future__ import annotations

import decimal
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import coach.engine.phh as phh_module
from coach.engine import Hand, TableConfig, parse_code
from coach.engine.phh import loads_phh, loads_phhs
from coach.errors import CoachError, HandHistoryError, IllegalAction, InvalidInput
from coach.i18n import get_translator
from coach.lessons.validator import check_lessons

from .cases import BASE, FALSIFIED, ITALIAN_NEEDLE, PHH_TEXTS, SHOWDOWN

IT = get_translator("it")
ROOT = Path(__file__).resolve().parents[2]


def italian(err: CoachError) -> str:
    text = err.localized(IT)
    assert text != str(err) or not any(c.isalpha() for c in text), "no Italian translation"
    assert len(text) < 400, f"a {len(text)}-character message"
    return text


def unchanged(hand: Hand, action: Callable[[], Any], kind: type[CoachError] = CoachError) -> str:
    """Run a refused action; the hand must be exactly as before. Returns the Italian message."""
    before, raw = hand.snapshot(), pickle.dumps(hand)
    with pytest.raises(kind) as info:
        action()
    assert hand.snapshot() == before
    assert pickle.dumps(hand) == raw
    return italian(info.value)


class _GuardedDecimal(decimal.Decimal):
    """A Decimal that fails the test if a huge one is ever multiplied or turned into an int."""

    def _guard(self) -> None:
        if self.is_finite() and self != 0 and self.adjusted() > 30:
            raise AssertionError(f"arithmetic on {self!r}: the limit was not checked first")

    def __mul__(self, other: Any, context: Any = None) -> decimal.Decimal:
        self._guard()
        return decimal.Decimal.__mul__(self, other)

    __rmul__ = __mul__

    def __int__(self) -> int:
        self._guard()
        return decimal.Decimal.__int__(self)

    def scaleb(self, other: Any, context: Any = None) -> decimal.Decimal:
        self._guard()
        return decimal.Decimal.scaleb(self, other)


@pytest.fixture()
def guarded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The PHH reader builds its Decimals with the guard (``parse_float`` and ``Decimal(int)``)."""
    monkeypatch.setattr(phh_module, "Decimal", _GuardedDecimal)
    yield


# -- the PHH reader ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PHH_TEXTS))
def test_every_hostile_text_is_a_typed_italian_error(name: str, guarded: None) -> None:
    with pytest.raises(HandHistoryError) as info:
        loads_phhs(PHH_TEXTS[name], name)[0].replay()
    text = italian(info.value)
    assert name in text and ITALIAN_NEEDLE[name] in text


@pytest.mark.parametrize("name", ["nested-array.phh", "nested-inline.phh", "stack-5000-digits.phh"])
def test_deep_or_long_toml_is_refused_before_tomllib_runs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("tomllib ran on a text the pre-scan must refuse")

    monkeypatch.setattr(phh_module.tomllib, "loads", never)
    with pytest.raises(HandHistoryError):
        loads_phh(PHH_TEXTS[name], name)


def test_a_byte_order_mark_is_accepted() -> None:
    assert loads_phh("\ufeff" + BASE).replay().result is not None


def test_legal_histories_still_replay_with_the_guard(guarded: None) -> None:
    """The guard is not what refuses: an ordinary hand in dollars and cents passes under it."""
    hand = loads_phh(SHOWDOWN.replace("[100, 100, 100]", "[100.25, 100, 99.5]")).replay()
    assert hand.result is not None and sum(hand.result.finishing_stacks) == 29975


# -- showdown integrity ----------------------------------------------------------------


def _at_showdown() -> Hand:
    """The SHOWDOWN hand replayed up to its first ``sm`` line: p1 holds AsKs, p2 was dealt face down."""
    hist = loads_phh(SHOWDOWN)
    hand = Hand.start(hist.config(), dealing="manual")
    for action in hist.actions:
        if action.kind == "show_muck":
            break
        phh_module._apply(hand, action)
    assert hand.street == "showdown"
    return hand


def test_a_player_shows_the_cards_he_was_dealt() -> None:
    hand = _at_showdown()
    p1 = hand.config.seat_of_player(1)
    assert not hand.can_show_or_muck(p1, "2h2c")
    text = unchanged(hand, lambda: hand.show_or_muck(p1, "2h2c"), IllegalAction)
    assert "p1 ha ricevuto As Ks" in text
    text = unchanged(hand, lambda: hand.show_or_muck(p1, "????"), IllegalAction)  # no hiding a known hand
    assert "As Ks" in text
    hand.show_or_muck(p1, "KsAs")  # the same cards in any order
    assert hand.hole_cards(p1) is not None and set(map(str, hand.hole_cards(p1) or ())) == {"As", "Ks"}


def test_a_face_down_hand_cannot_show_cards_that_are_elsewhere() -> None:
    hand = _at_showdown()
    p1, p2 = hand.config.seat_of_player(1), hand.config.seat_of_player(2)
    hand.show_or_muck(p1, "AsKs")
    assert "La carta As è già nella mano di p1" in unchanged(hand, lambda: hand.show_or_muck(p2, "AsQd"))
    assert "p3" in unchanged(hand, lambda: hand.show_or_muck(p2, "7c7d"))  # folded, still dealt
    assert "tra le carte comuni" in unchanged(hand, lambda: hand.show_or_muck(p2, "Jd2c"))
    hand.show_or_muck(p2, "7h8h")
    assert hand.result is not None and hand.result.winners == (p1,)  # ace high beats jack high


def test_the_falsified_history_fails_naming_the_action() -> None:
    with pytest.raises(HandHistoryError) as info:
        loads_phh(FALSIFIED, "mano.phh").replay()
    assert info.value.params["number"] == 16
    assert "azione 16 'p1 sm 2h2c'" in italian(info.value)


def test_a_face_down_show_then_the_same_card_on_the_board_is_refused() -> None:
    """All-in before the flop: the face-down hand shows, then the dealer may not deal its cards."""
    cfg = TableConfig(("A", "B"), (50, 50), 1)
    hand = Hand.start(cfg, dealing="manual")
    hand.deal_hole(0, "????")
    hand.deal_hole(1, "KdKh")
    hand.all_in()
    hand.call()
    hand.show_or_muck(0, "AsAd")
    hand.show_or_muck(1, show=True)
    assert "La carta As" in unchanged(hand, lambda: hand.deal_board("As2c3c"))
    hand.deal_board("4s2c3c")


def test_the_lesson_checker_refuses_a_lesson_whose_showdown_differs_from_the_deal(tmp_path: Path) -> None:
    text = (ROOT / "lessons" / "03-azioni.toml").read_text(encoding="utf-8")
    assert '"p4 sm KsKc"' in text
    lesson = tmp_path / "03-azioni.toml"
    lesson.write_text(text.replace('"p4 sm KsKc"', '"p4 sm AhAd"'), encoding="utf-8")
    problems = check_lessons([lesson], overlays=False)
    assert problems
    where = [p for p in problems if "phh.actions[15]" in p.where]
    assert where, [p.render(IT) for p in problems]
    assert "Dario ha ricevuto Ks Kc" in where[0].render(IT)


# -- manual dealing: can / verify / do ------------------------------------------------------


@pytest.fixture()
def manual() -> Hand:
    return Hand.start(TableConfig(("A", "B", "C"), (100, 100, 100), 2), dealing="manual")


@pytest.mark.parametrize("seat", [7, 3, -1, True, False, 0.0, 1.5, "0", None, np.int64(0), [0]])
def test_a_seat_that_is_not_a_seat_is_refused_without_wrapping(manual: Hand, seat: Any) -> None:
    assert not manual.can_deal_hole(seat, "AsKs")
    text = unchanged(manual, lambda: manual.deal_hole(seat, "AsKs"), InvalidInput)
    assert "posto" in text or "posti" in text


def test_the_same_card_cannot_be_dealt_twice(manual: Hand) -> None:
    manual.deal_hole(0, "AsKs")
    assert "La carta As è già nella mano di A" in unchanged(manual, lambda: manual.deal_hole(1, "QdAs"))
    unchanged(manual, lambda: manual.deal_hole(1, "AsKs"))
    unchanged(manual, lambda: manual.deal_hole(0, "QdQc"))  # dealt already
    unchanged(manual, lambda: manual.deal_hole(1, "QdQd"))  # twice in one deal


@pytest.mark.parametrize("cards", ["AsKs", "AsKsQsJs", "", 7, None, ["As", 3], "XxYy", "????"])
def test_a_wrong_board_is_refused_before_anything_is_burned(manual: Hand, cards: Any) -> None:
    for seat, hole in ((0, "QdQc"), (1, None), (2, "2c3c")):
        manual.deal_hole(seat, hole)
    for _ in range(3):
        manual.check_or_call()
    assert manual.street == "flop" and manual.board == ()
    assert not manual.can_deal_board(cards)
    unchanged(manual, lambda: manual.deal_board(cards))
    unchanged(manual, lambda: manual.deal_board("Qd4h5h"))  # a card in a hand
    manual.deal_board("4h5h6h")  # and the real flop still deals, one burn
    assert len(manual.board) == 3


def test_dealing_out_of_turn_is_refused(manual: Hand) -> None:
    unchanged(manual, lambda: manual.deal_board("4h5h6h"), IllegalAction)
    unchanged(manual, lambda: manual.show_or_muck(0, "AsKs"), IllegalAction)


def test_auto_dealing_refuses_the_dealer_verbs() -> None:
    hand = Hand.start(TableConfig(("A", "B"), (100, 100), 1), seed=3)
    unchanged(hand, lambda: hand.deal_board("4h5h6h"), InvalidInput)


def test_a_muck_at_an_all_in_before_the_river_is_refused() -> None:
    """PokerKit accepts it and then fails an internal assertion dealing the board (found by the fuzzer)."""
    hand = Hand.start(TableConfig(("P0", "P1"), (197, 14), 0, small_blind=3, big_blind=7, structure="FL"),
                      dealing="manual")
    for code in ("d dh p2 2hKc", "d dh p1 8cJs", "p2 cbr 14", "p1 cc", "p2 sm 2hKc"):
        hand.apply_code(code)
    text = unchanged(hand, lambda: hand.apply_code("p1 sm"), IllegalAction)
    assert "P1 non può passare le carte" in text
    hand.apply_code("p1 sm -")
    hand.deal_board("AsKsQs")
    assert hand.street in ("turn", "river", "showdown", "complete")


# -- types and the table ---------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [
    {"button": "0"}, {"button": True}, {"button": 1.0}, {"button": 5},
    {"stacks": (100, True)}, {"stacks": (100, 2.5)}, {"stacks": (100, 10**30)}, {"stacks": [100, 100]},
    {"small_blind": 3, "big_blind": 2}, {"big_blind": 10**25}, {"min_bet": 0}, {"min_bet": "2"},
    {"names": ("A", "")}, {"names": ("A", "A")}, {"names": ("A", " ")}, {"names": ("A", "x" * 65)},
    {"names": ["A", "B"]}, {"names": ("A",), "stacks": (100,)},
    {"names": tuple(f"P{i}" for i in range(23)), "stacks": (100,) * 23},
    {"names": tuple(f"P{i}" for i in range(27)), "stacks": (100,) * 27},
    {"structure": ["NL"]}, {"ante_mode": None},
])
def test_a_bad_table_is_invalid_input(kwargs: dict[str, Any]) -> None:
    base: dict[str, Any] = {"names": ("A", "B"), "stacks": (100, 100), "button": 0}
    with pytest.raises(InvalidInput) as info:
        TableConfig(**(base | kwargs))
    italian(info.value)


def test_the_player_count_message_states_the_rule() -> None:
    with pytest.raises(InvalidInput) as info:
        TableConfig(tuple(f"P{i}" for i in range(27)), (100,) * 27, 0)
    assert "da 2 a 22 giocatori" in italian(info.value)
    for n in (2, 22):
        hand = Hand.start(TableConfig(tuple(f"P{i}" for i in range(n)), (100,) * n, 0), seed=1)
        assert all(hand.hole_cards(s) is not None for s in range(n))


@pytest.mark.parametrize("seat", ["0", 1.5, 0.0, True, np.int64(0), -1, 9])
@pytest.mark.parametrize("verb", ["fold", "check", "call", "all_in", "check_or_call"])
def test_a_verb_with_a_wrong_seat_is_invalid_input(verb: str, seat: Any) -> None:
    hand = Hand.start(TableConfig(("A", "B", "C"), (100, 100, 100), 0), seed=1)
    unchanged(hand, lambda: getattr(hand, verb)(seat), InvalidInput)
    assert getattr(hand, "can_" + verb, lambda s: False)(seat) is False


@pytest.mark.parametrize("amount", [10**25, 10**19, 2.5, "10", True, None, -4, 0])
def test_a_bad_amount_is_invalid_input_and_its_message_renders(amount: Any) -> None:
    hand = Hand.start(TableConfig(("A", "B", "C"), (100, 100, 100), 0), seed=1)
    text = unchanged(hand, lambda: hand.bet_or_raise_to(amount), InvalidInput)
    assert len(text) < 200
    if amount is not None:  # explain's amount is optional
        with pytest.raises(InvalidInput):
            hand.legal_actions().explain("raise", amount)


@pytest.mark.parametrize("code", ["p1 cbr inf", "p1 cbr 1e999999999", "p1 cbr " + "9" * 5000, "p1 cbr 1e25",
                                  "p" + "9" * 5000 + " f", "p1 cbr nan", 42, None])
def test_hostile_action_codes_are_invalid_input(code: Any) -> None:
    with pytest.raises(InvalidInput) as info:
        parse_code(code)
    assert len(italian(info.value)) < 200
    hand = Hand.start(TableConfig(("A", "B", "C"), (100, 100, 100), 0), seed=1)
    unchanged(hand, lambda: hand.apply_code(code), InvalidInput)


@pytest.mark.parametrize("kwargs", [
    {"seed": -1.5}, {"seed": "1"}, {"dealing": None}, {"hole_cards": {7: "AsKs"}},
    {"hole_cards": {"0": "AsKs"}}, {"hole_cards": {0: 5}}, {"hole_cards": [(0, "AsKs")]}, {"board": 7},
    {"board": "AsKsQsJsTs9s"},
    {"muck_losers": "yes"}, {"hole_cards": {0: "AsKs", 1: "AsQd"}},
])
def test_bad_start_arguments_are_invalid_input(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput) as info:
        Hand.start(TableConfig(("A", "B"), (100, 100), 0), **kwargs)
    italian(info.value)


def test_a_bad_config_object_is_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        Hand.start("table")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        TableConfig.from_positions(("a", "b"), [100, 100], ["1", 2])
    with pytest.raises(InvalidInput):
        TableConfig.from_positions(("a", "b"), [100, 100], [1, 2], antes=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [
    {"names": tuple(f"P{i}" for i in range(23)), "stacks": 100}, {"names": "AB", "stacks": 100},
    {"names": ("A", "B"), "stacks": "100"}, {"names": ("A", "B"), "stacks": (100, 10**30)},
    {"names": ("A", "B"), "stacks": 100, "button": "0"}, {"names": ("A", "B"), "stacks": 100, "seed": "x"},
    {"names": ("A", "B"), "stacks": 100, "levels": "1/2"},
])
def test_a_bad_session_is_invalid_input(kwargs: dict[str, Any]) -> None:
    from coach.engine.session import Session

    with pytest.raises(InvalidInput) as info:
        Session(**kwargs)
    italian(info.value)


def test_session_seats_of_the_wrong_type_are_invalid_input() -> None:
    from coach.engine.session import Session

    session = Session(("A", "B", "C"), 100, seed=1)
    for seat in ("0", 1.5, True, 7, -1):
        with pytest.raises(InvalidInput):
            session.add_chips(seat, 10)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput):
            session.leave(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        session.add_chips(0, 10**18)
    assert session.stacks == (100, 100, 100)
    session.start_hand()
    with pytest.raises(InvalidInput):
        session.table_seat("1")  # type: ignore[arg-type]
