"""PHH reading and writing: fields, exact decimals, clear errors, round trips.

Replaying through the engine is covered here for the seed hands and the
anomaly; the whole dataset is in ``test_replay_dataset.py``.
"""

from __future__ import annotations

from dataclasses import replace as with_fields
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.hands import SAMPLE_PHH

from coach.engine.config import TableConfig
from coach.engine.events import PotsFormed
from coach.engine.hand import Hand
from coach.engine.phh import HandHistory, dump_phh, history_of, load_phh, loads_phh, loads_phhs
from coach.errors import HandHistoryError
from coach.i18n import get_translator

SEEDS = Path(__file__).resolve().parent.parent / "data" / "seeds"

MINIMAL = SAMPLE_PHH


def _history(text: str = MINIMAL, **replace: str) -> HandHistory:
    lines = []
    for line in text.strip().splitlines():
        key = line.split("=", 1)[0].strip()
        if key in replace:
            if replace[key]:
                lines.append(f"{key} = {replace[key]}")
        else:
            lines.append(line)
    present = {line.split("=", 1)[0].strip() for line in text.strip().splitlines()}
    lines += [f"{k} = {v}" for k, v in replace.items() if k not in present]
    return loads_phh("\n".join(lines), source="t.phh")


def _error(text: str = MINIMAL, **replace: str) -> HandHistoryError:
    with pytest.raises(HandHistoryError) as info:
        _history(text, **replace)
    return info.value


# -- reading -----------------------------------------------------------------------


def test_minimal_history_is_typed() -> None:
    h = _history()
    assert h.variant == "NT"
    assert h.player_count == 3
    assert h.antes == (0, 0, 0)
    assert h.blinds_or_straddles == (1, 2, 0)
    assert h.min_bet == 2
    assert h.starting_stacks == (100, 100, 100)
    assert h.scale == 1
    assert h.ante_trimming_status is False
    assert h.finishing_stacks is None and h.players is None
    kinds = [a.kind for a in h.actions]
    assert kinds == ["deal_hole", "deal_hole", "deal_hole", "fold", "bet_raise", "fold"]
    assert h.actions[0].seat == 0 and h.actions[0].known_cards is not None
    assert [str(c) for c in h.actions[0].known_cards] == ["As", "Ks"]
    assert h.actions[1].cards == (None, None) and h.actions[1].known_cards is None
    assert h.actions[4].amount == 6 and h.actions[4].player == "p1"
    assert h.names() == ("p1", "p2", "p3")


def test_cents_become_integer_chips_exactly() -> None:
    h = _history(
        antes="[2.50, 2.50, 2.50]",
        blinds_or_straddles="[5, 10, 0]",
        min_bet="10",
        starting_stacks="[1492.50, 2107.40, 0.01]",
        actions='["p3 cbr 0.01"]',
    )
    assert h.scale == 100
    assert h.antes == (250, 250, 250)
    assert h.starting_stacks == (149250, 210740, 1)
    assert h.actions[0].amount == 1
    # back in the file's units: whole amounts as ints, others as exact decimal strings
    assert h.units(149250) == "1492.50"
    assert h.units(1000) == 10
    assert h.units(1) == "0.01"
    assert h.actions[0].code(h.scale) == "p3 cbr 0.01"


def test_scale_ignores_half_chips_in_finishing_stacks() -> None:
    h = _history(finishing_stacks="[100.5, 99.5, 100]")
    assert h.scale == 1
    assert h.finishing_stacks == (Decimal("100.5"), Decimal("99.5"), Decimal("100"))
    assert h.expected_finishing_stacks() is None
    assert _history(finishing_stacks="[101, 99, 100]").expected_finishing_stacks() == (101, 99, 100)


def test_comments_inside_the_actions_array_and_inside_actions() -> None:
    text = MINIMAL.replace(
        'actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c7d", "p3 f", "p1 cbr 6", "p2 f"]',
        'actions = [\n  # preflop\n  "d dh p1 AsKs",  # hero\n  "d dh p2 ????",\n  "d dh p3 7c7d",\n'
        '  "p3 f # folds quickly",\n  "# a pause",\n  "p1 cbr 6",\n  "p2 f",\n]',
    )
    h = loads_phh(text, "c.phh")
    assert [a.kind for a in h.actions] == [
        "deal_hole", "deal_hole", "deal_hole", "fold", "comment", "bet_raise", "fold"]
    assert h.actions[3].comment == "folds quickly"
    assert h.actions[3].code() == "p3 f # folds quickly"


def test_show_muck_forms() -> None:
    h = _history(actions='["p1 sm", "p2 sm -", "p3 sm AhAd", "p1 sm ????"]')
    muck, show_known, shown, unknown = h.actions
    assert muck.cards is None and not muck.show_known
    assert show_known.show_known
    assert shown.known_cards is not None and len(shown.known_cards) == 2
    assert unknown.cards == (None, None)
    assert [a.code() for a in h.actions] == ["p1 sm", "p2 sm -", "p3 sm AhAd", "p1 sm ????"]


def test_heads_up_forced_bets_are_read_reversed() -> None:
    h = loads_phh(
        'variant = "NT"\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [17, 591]\nactions = []\n', "hu.phh")
    blinds, antes = h.seat_forced_bets()
    # p1 (seat 0) is the big blind and posts blinds[1] and antes[1]
    assert blinds == (2, 1)
    assert antes == (3, 0)


def test_unknown_fields_are_kept_and_written_back() -> None:
    h = _history(venue='"PokerStars"', seats="[3, 5, 6]")
    assert h.extra == {"venue": "PokerStars", "seats": [3, 5, 6]}
    again = loads_phh(h.dumps(), "t.phh")
    assert again == h


@pytest.mark.parametrize(("written", "read_back"), [
    ("inf", Decimal("Infinity")), ("+inf", Decimal("Infinity")), ("-inf", Decimal("-Infinity")),
    ("nan", Decimal("NaN")), ("-nan", Decimal("-NaN")),
])
def test_special_floats_are_written_back_as_toml_spells_them(written: str, read_back: Decimal) -> None:
    h = _history(rating=written)
    text = h.dumps()
    assert "Infinity" not in text and "NaN" not in text
    assert f"rating = {written.lstrip('+')}" in text.splitlines()
    again = loads_phh(text, "t.phh")  # valid TOML: the same hand, and the same value
    assert str(again.extra["rating"]) == str(read_back)
    assert again.dumps() == text


def test_extra_tables_and_floats_round_trip() -> None:
    h = _history(meta="{ a = { b = 1.5e3, c = -0.0 }, when = 2026-05-01 }", speed="6.02e23")
    again = loads_phh(h.dumps(), "t.phh")
    assert again.extra == h.extra and again.dumps() == h.dumps()


def test_a_hand_too_deeply_nested_to_write_is_an_error_not_a_recursion_error() -> None:
    nested: dict[str, object] = {"a": 1}
    for _ in range(3_000):  # what 3,000 dotted parts used to make of a teacher's pasted hand
        nested = {"a": nested}
    h = with_fields(_history(), extra={"meta": nested})
    with pytest.raises(HandHistoryError) as info:
        h.dumps()
    assert "annidati troppo in profondità" in info.value.localized(get_translator("it"))


def test_phhs_sections() -> None:
    body = MINIMAL.strip()
    text = f"[1]\n{body}\n\n[2]\n{body.replace('p1 cbr 6', 'p1 cbr 8')}\n"
    hands = loads_phhs(text, "many.phhs")
    assert [h.source for h in hands] == ["many.phhs[1]", "many.phhs[2]"]
    assert hands[1].actions[4].amount == 8


def test_dwan_ivey_file_parses(phh_dir: Path) -> None:
    h = load_phh(phh_dir / "dwan-ivey-2009.phh")
    assert h.player_count == 3
    assert h.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert h.actions[1].cards == (None, None)
    assert h.actions[-1].kind == "deal_board"
    # TOML comments ("# Ivey") are outside the strings: not part of the action
    assert h.actions[0].comment is None and h.actions[0].code() == "d dh p1 Ac2d"


# -- errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "field", ["variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"])
def test_missing_required_field_is_named(field: str) -> None:
    err = _error(**{field: ""})
    assert "t.phh" in str(err)
    assert f"'{field}'" in str(err)
    assert err.params["file"] == "t.phh"


@pytest.mark.parametrize(
    ("replace", "needle"),
    [
        ({"variant": '"FT"'}, "'FT'"),
        ({"antes": "[0, 0]"}, "'antes' has 2 entries for 3 players"),
        ({"starting_stacks": "[100, -5, 100]"}, "negative amount -5"),
        ({"starting_stacks": "[100, 0, 100]"}, "zero"),
        ({"starting_stacks": '[100, "x", 100]'}, "'starting_stacks' must hold numbers"),
        ({"starting_stacks": "[100, true, 100]"}, "'starting_stacks' must hold numbers"),
        ({"starting_stacks": "[100, nan, 100]"}, "not a finite number"),
        ({"starting_stacks": "[100]", "antes": "[0]", "blinds_or_straddles": "[2]"}, "at least two players"),
        ({"min_bet": "0"}, "minimum bet"),
        ({"min_bet": "0.0000001"}, "more than 6 decimals"),
        ({"ante_trimming_status": '"yes"'}, "'ante_trimming_status' must be true or false"),
        ({"actions": '"p1 f"'}, "'actions' must be a list"),
        ({"actions": "[3]"}, "action 1 must be a string"),
        ({"actions": '["p1 f", "p4 f"]'}, "action 2 'p4 f': there is no player p4"),
        ({"actions": '["x1 f"]'}, "'x1' is not a player"),
        ({"actions": '["p1 cbr ten"]'}, "'ten' is not a positive amount"),
        ({"actions": '["p1 cbr -4"]'}, "not a positive amount"),
        ({"actions": '["p1 sd"]'}, "not a No-Limit Texas Hold'em action"),
        ({"actions": '["d dh p1 AsKsQs"]'}, "exactly two hole cards"),
        ({"actions": '["d dh p1 AsXx"]'}, "'AsXx' is not a list of cards"),
        ({"actions": '["d db As??Kd"]'}, "board cards must be known"),
        ({"players": '["a", "b"]'}, "one name per player"),
        ({"actions": '["d dh p1 AsKs", "d dh p2 QcAs"]'},
         "action 2 'd dh p2 QcAs': the card As was already dealt"),
        ({"finishing_stacks": "[1, 2]"}, "'finishing_stacks' has 2 entries"),
    ],
)
def test_invalid_histories_are_refused_with_the_problem_named(replace: dict[str, str], needle: str) -> None:
    err = _error(**replace)
    assert str(err).startswith("t.phh: ")
    assert needle in str(err)


def test_bad_toml_is_a_hand_history_error() -> None:
    with pytest.raises(HandHistoryError, match=r"bad\.phh: not valid TOML"):
        loads_phh("variant = 'NT\n", "bad.phh")


def test_missing_file_is_a_hand_history_error(tmp_path: Path) -> None:
    with pytest.raises(HandHistoryError, match="the file does not exist"):
        load_phh(tmp_path / "nope.phh")


def test_errors_are_translated_to_italian() -> None:
    err = _error(actions='["p1 f", "p4 f"]')
    it = err.localized(get_translator("it"))
    assert it != str(err)
    assert "t.phh" in it and "p4" in it
    assert "there is no player" not in it


# -- writing ---------------------------------------------------------------------


def test_dumps_round_trip_keeps_units(phh_dir: Path) -> None:
    files = [*sorted((phh_dir / "handhq").rglob("*.phh"))[:10], phh_dir / "dwan-ivey-2009.phh"]
    files += sorted((phh_dir / "pluribus").rglob("*.phh"))[:10]
    for path in files:
        h = load_phh(path)
        text = h.dumps()
        again = loads_phh(text, str(path))
        assert again == h, path
        if h.scale == 100:
            assert ".50" in text or ".0" in text or "." in text


def test_seed_files_parse() -> None:
    files = sorted(SEEDS.glob("*.phh"))
    assert len(files) == 4
    for path in files:
        h = load_phh(path)
        assert h.expected_finishing_stacks() is not None


# -- replaying through the engine -------------------------------------------------


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.phh")), ids=lambda p: p.name)
def test_seed_hands_replay_exactly_as_written(path: Path) -> None:
    h = load_phh(path)
    hand = h.replay()
    assert hand.result is not None
    assert hand.result.finishing_stacks == h.expected_finishing_stacks()


def test_seed_003_bob_wins_26_with_trips_against_two_pair() -> None:
    hand = load_phh(SEEDS / "003-alice-bob-carol-ted.phh").replay()
    result = hand.result
    assert result is not None
    (award,) = result.awards
    assert award.amount == 26 and award.winners == (0,)  # Bob
    shown = {s.seat: s for s in result.shown}
    assert [str(c) for c in shown[0].best_five or ()] and set(map(str, shown[0].best_five or ())) == {
        "9c", "9d", "9h", "Kc", "Qs"}
    assert set(map(str, shown[1].best_five or ())) == {"Kc", "Ks", "9c", "9d", "Jh"}
    assert result.showdown_order[0] == 0  # Bob bet the river: he shows first


def test_seed_001_pots_along_the_way() -> None:
    hand = load_phh(SEEDS / "001-button-ace-jack-hearts.phh").replay()

    totals = [e.total for e in hand.events if isinstance(e, PotsFormed)]
    assert totals[:2] == [11, 23]
    assert hand.result is not None and hand.result.winners == (5,)


def test_seed_001_side_pot_awarded_first() -> None:
    hand = load_phh(SEEDS / "001-side-pot.phh").replay()
    result = hand.result
    assert result is not None
    assert [(a.index, a.amount, a.winners) for a in result.awards] == [(1, 100, (1,)), (0, 90, (2,))]


def test_kicker_example() -> None:
    hand = load_phh(SEEDS / "001-kicker.phh").replay()
    assert hand.result is not None and hand.result.winners == (1,)


def test_the_anomaly_is_rejected_with_the_missing_fold_named(phh_dir: Path) -> None:
    path = phh_dir / "anomalies" / "wsop" / "2019" / "42" / "3" / "00-01-07.phh"
    h = load_phh(path)
    with pytest.raises(HandHistoryError) as info:
        h.replay()
    err = info.value
    assert err.params["number"] == 14 and err.params["action"] == "p1 cc"
    assert str(path) in str(err) and "'p1 cc'" in str(err)
    assert getattr(err.__cause__, "code", None) == "not_your_turn"


@pytest.mark.parametrize(
    ("actions", "number", "code"),
    [
        # a check facing a bet of 6 (cc is check-or-call, so use a raise below the minimum)
        ('["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7c7d", "p3 cbr 3"]', 4, "raise_below_min"),
        ('["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7c7d", "p1 f"]', 4, "not_your_turn"),
        ('["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7c7d", "p3 cbr 500"]', 4, None),
    ],
)
def test_illegal_actions_are_refused_never_repaired(actions: str, number: int, code: str | None) -> None:
    h = _history(actions=actions)
    with pytest.raises(HandHistoryError) as info:
        h.replay()
    assert info.value.params["number"] == number
    if code is not None:
        assert getattr(info.value.__cause__, "code", None) == code


def test_incomplete_history_is_refused_unless_asked() -> None:
    h = _history(actions='["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7c7d", "p3 f"]')
    with pytest.raises(HandHistoryError, match="end before the hand is over"):
        h.replay()
    hand = h.replay(require_complete=False)
    assert hand.actor == 0 and not hand.is_complete


def test_dwan_ivey_showdown_before_the_river(phh_dir: Path) -> None:
    h = load_phh(phh_dir / "dwan-ivey-2009.phh")
    hand = h.replay()
    assert hand.result is not None
    assert hand.result.finishing_stacks == (572100, 1997500, 1109500)  # PokerKit's figures


# -- dump_phh: any engine hand round-trips -----------------------------------------



def _signature(hand: Hand) -> tuple[object, ...]:
    """What must survive a dump and a replay, independent of seat numbering."""
    assert hand.result is not None
    records = tuple((r.player, r.kind, r.added, r.to, r.all_in, r.street) for r in hand.actions)
    positions = hand.config.seats_to_positions(hand.result.finishing_stacks)
    return records, tuple(hand.board), positions


@st.composite
def tables(draw: st.DrawFn) -> TableConfig:
    n = draw(st.integers(2, 6))
    big = draw(st.sampled_from([2, 10, 100]))
    small = draw(st.sampled_from([big // 2, big]))
    ante = draw(st.sampled_from([0, 0, big // 2]))
    mode = draw(st.sampled_from(["each", "big_blind"]))
    stacks = tuple(draw(st.lists(st.integers(big * 3, big * 80), min_size=n, max_size=n)))
    return TableConfig(names=tuple(f"G{i}" for i in range(n)), stacks=stacks,
                       button=draw(st.integers(0, n - 1)), small_blind=small, big_blind=big,
                       ante=ante, ante_mode=mode)  # type: ignore[arg-type]


def play(config: TableConfig, seed: int, choices: list[float]) -> Hand:
    """A hand of random legal actions; ``choices`` (0..1) pick the action and the amount."""
    hand = Hand.start(config, seed=seed)
    k = 0
    while not hand.is_complete:
        legal = hand.legal_actions()
        kinds = [kind for kind in ("fold", "check", "call", "bet", "raise", "all_in") if kind in legal]
        pick, size = choices[k % len(choices)], choices[(k + 1) % len(choices)]
        k += 2
        kind = kinds[min(int(pick * len(kinds)), len(kinds) - 1)]
        if kind in ("bet", "raise"):
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            span = legal.max_raise_to - legal.min_raise_to
            hand.bet_or_raise_to(legal.min_raise_to + int(size * span))
        else:
            getattr(hand, kind)()
    return hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 2**32), st.lists(st.floats(0, 1), min_size=1, max_size=40))
def test_any_engine_hand_round_trips_through_phh(
    config: TableConfig, seed: int, choices: list[float],
) -> None:
    hand = play(config, seed, choices)
    text = dump_phh(hand, event="round trip")
    history = loads_phh(text, "dump.phh")
    again = history.replay()
    assert _signature(again) == _signature(hand)
    assert history.expected_finishing_stacks() == again.result.finishing_stacks  # type: ignore[union-attr]
    # and the dump of the replay is the same text
    assert dump_phh(again, event="round trip") == text


def test_dataset_sample_round_trips(phh_dir: Path) -> None:
    files = sorted(p for p in phh_dir.rglob("*.phh") if "anomalies" not in p.parts)[::60]
    files += sorted((phh_dir / "handhq").rglob("*.phh"))
    for path in files:
        history = load_phh(path)
        hand = history.replay()
        text = dump_phh(hand, scale=history.scale, players=history.players)
        again = loads_phh(text, str(path)).replay()
        assert _signature(again) == _signature(hand), path
        assert history_of(again, scale=history.scale).starting_stacks == history.starting_stacks


def test_dump_keeps_cents_and_names() -> None:
    h = _history(starting_stacks="[100.25, 100, 100]")
    hand = h.replay()
    text = dump_phh(hand, scale=h.scale, players=("Ann", "Ben", "Cat"), venue="Casa")
    assert "starting_stacks = [100.25, 100, 100]" in text
    assert 'players = ["Ann", "Ben", "Cat"]' in text and 'venue = "Casa"' in text
    assert '"d dh p2 ????"' in text and '"p1 cbr 6"' in text
    again = loads_phh(text)
    assert again.scale == 100 and again.expected_finishing_stacks() == (10225, 9800, 10000)


def test_dump_refuses_what_phh_nt_cannot_say() -> None:
    from coach.errors import InvalidInput

    pl_table = TableConfig(names=("A", "B", "C"), stacks=(100, 100, 100), button=0, structure="PL")
    pl = Hand.start(pl_table, seed=1)
    with pytest.raises(InvalidInput, match="Only No-Limit"):
        dump_phh(pl)
    nl = Hand.start(TableConfig(names=("A", "B", "C"), stacks=(100, 100, 100), button=0), seed=1)
    with pytest.raises(InvalidInput, match="scale"):
        dump_phh(nl, scale=3)
    with pytest.raises(InvalidInput, match="one player name per seat"):
        dump_phh(nl, players=("A", "B"))


def test_dump_of_a_hand_in_progress_has_no_finishing_stacks() -> None:
    # button on the last seat: the replay's seats (PHH order) are the same numbers
    hand = Hand.start(TableConfig(names=("A", "B", "C"), stacks=(100, 100, 100), button=2), seed=5)
    hand.call()
    text = dump_phh(hand)
    history = loads_phh(text)
    assert history.finishing_stacks is None
    again = history.replay(require_complete=False)
    assert again.actor == hand.actor and again.stacks == hand.stacks
