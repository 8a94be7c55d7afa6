"""The range the coach assumes for each opponent: which chart his preflop line reads, how his profile
reshapes it, what his postflop actions say, and the hero's answer to a profiled raiser.

Six-handed hands at blinds 1/2 (p1 SB, p2 BB, p3 UTG, p4 MP, p5 CO, p6 BTN) played by the engine; the
hero holds A♠K♠ unless said. Chart texts come from :mod:`coach.feedback.ranges_data` (the data), so a
test checks which chart a line reads, not the chart's contents.
"""

from __future__ import annotations

import pytest

from coach.engine.phh import loads_phh
from coach.feedback.opponents import (
    CALL_JAM_SHARE,
    LIMP_TRAP,
    LIMP_TRAP_WEIGHT,
    OVERCALL_JAM_SHARE,
    opponent_range,
    opponent_ranges,
    preflop_read,
    preflop_weighted,
    response_to_raise,
    story,
    to_act,
)
from coach.feedback.profiles import PROFILES
from coach.feedback.rangemodel import parse_weighted
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import Situation, read_situation
from coach.i18n import render

TABLE = table_for(6)


def spot(actions: list[str], hero: int, stacks: tuple[int, ...] = (200,) * 6) -> Situation:
    deal = [f"d dh p{s} {'AsKs' if s == hero else '????'}" for s in range(1, 7)]
    text = (
        'variant = "NT"\nantes = [0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\n'
        f"starting_stacks = {list(stacks)}\nactions = {deal + actions!r}\n".replace("'", '"')
    )
    return read_situation(loads_phh(text).replay(require_complete=False))


def test_an_open_reads_the_opening_chart_of_his_seat() -> None:
    read = preflop_read(spot(["p3 f", "p4 f", "p5 cbr 5"], hero=6), 4)
    assert (read.source, read.text, read.story, read.raising) == ("open.CO", TABLE.open["CO"], "open", False)


def test_a_call_and_a_3bet_read_the_charts_facing_that_opener() -> None:
    sit = spot(["p3 f", "p4 f", "p5 cbr 5", "p6 cc", "p1 cbr 20", "p2 f"], hero=5)
    call = preflop_read(sit, 5)
    assert (call.source, call.text) == ("call.BTN.vs.CO", TABLE.facing_open("BTN", "CO").call)
    three = preflop_read(sit, 0)
    assert (three.source, three.text, three.raising) == (
        "3bet.SB.vs.CO", TABLE.facing_open("SB", "CO").raise_range, True)


def test_a_limp_reads_the_limp_range_with_the_trapping_hands_rare() -> None:
    sit = spot(["p3 cc", "p4 f", "p5 f", "p6 f", "p1 f", "p2 cc", "d db 9c5d2h"], hero=2)
    rng = opponent_range(sit, 2, dead=(sit.hero_cards[0].index, sit.hero_cards[1].index)).range
    assert preflop_read(sit, 2).source == "villain.limp"
    # every trapping hand (TT+, AQs+, AQo+) still in his range keeps at most the trap weight
    trap = {tuple(sorted(c)) for c in parse_weighted(LIMP_TRAP).cards.tolist()}
    pairs = zip(rng.cards.tolist(), rng.weights.tolist(), strict=True)
    trap_w = [w for c, w in pairs if tuple(sorted(c)) in trap]
    assert trap_w and max(trap_w) <= LIMP_TRAP_WEIGHT + 1e-9


def test_a_player_yet_to_act_has_any_two_cards_but_the_heros() -> None:
    sit = spot(["p3 cc", "p4 f", "p5 f"], hero=6)
    bb = opponent_ranges(sit)[1]
    # any two of the 52 - 2 (the hero's) = 50 cards: 50 x 49 / 2 = 1225 combos, each of weight 1
    assert bb.source == "any" and len(bb.range) == 1225 and bb.range.total == pytest.approx(1225)
    assert bb.story is None


def test_a_big_blind_who_checks_preflop_has_any_two_cards() -> None:
    sit = spot(["p3 cc", "p4 f", "p5 f", "p6 f", "p1 f", "p2 cc", "d db 9c5d2h", "p2 cc"], hero=3)
    read = preflop_read(sit, 1)
    assert (read.source, read.story) == ("any", "check")


@pytest.mark.parametrize(("stack", "key"), [(20, "jam_short"), (60, "jam_medium"), (200, "jam_deep")])
def test_an_all_in_reads_the_shove_range_of_his_stack_depth(stack: int, key: str) -> None:
    # the 3-bet shove of p6 after p5's open: 10, 30 and 100 big blinds deep
    stacks = (200, 200, 200, 200, 200, stack)
    actions = ["p3 f", "p4 f", "p5 cbr 5", f"p6 cbr {stack}", "p1 f", "p2 f"]
    read = preflop_read(spot(actions, hero=5, stacks=stacks), 5)
    assert (read.source, read.text, read.raising, read.story) == (
        f"villain.{key}", TABLE.villain[key], True, "all_in")


def test_calling_an_all_in_keeps_the_strongest_part_and_less_behind_a_caller() -> None:
    stacks = (200, 200, 20, 200, 200, 200)  # p3 shoves 10 big blinds first in, p4 calls, p5 overcalls
    sit = spot(["p3 cbr 20", "p4 cc", "p5 cc"], hero=6, stacks=stacks)
    first, second = preflop_read(sit, 3), preflop_read(sit, 4)
    assert first.source == second.source == "call.villain.jam_short"
    shover = preflop_read(sit, 2).top_share  # a first-in jam is no wider than his opening range
    assert first.top_share == pytest.approx(shover * CALL_JAM_SHARE)
    assert second.top_share == pytest.approx(shover * OVERCALL_JAM_SHARE)
    assert (first.story, second.story) == ("call_all_in", "overcall_all_in")


def test_a_lesson_range_replaces_the_read() -> None:
    sit = spot(["p3 f", "p4 f", "p5 cbr 5"], hero=6)
    given = opponent_range(sit, 4, given="AA", dead=(sit.hero_cards[0].index,))
    # AA without the hero's A♠: 3 combos of the remaining three aces
    assert given.source == "lesson" and len(given.range) == 3


def test_a_profile_widens_or_narrows_the_chart_and_is_named_in_the_source() -> None:
    sit = spot(["p3 f", "p4 f", "p5 cbr 5"], hero=6)
    share = parse_weighted(TABLE.open["CO"]).share_of_all()
    for key in ("principiante", "roccia"):
        prof = PROFILES[key]
        rng = opponent_range(sit, 4, prof=prof)
        assert rng.source == f"open.CO+{key}"
        # the share of all 1,326 combos becomes keep x the chart's, to within one combo
        assert rng.range.total == pytest.approx(min(1.0, share * prof.preflop_keep) * 1326, abs=1.5)
    assert opponent_range(sit, 4, prof=PROFILES["equilibrio"]).source == "open.CO"


PREFLOP = ["p3 f", "p4 f", "p5 cbr 6", "p6 f", "p1 f", "p2 cc", "d db Jh8d3c"]


def test_postflop_actions_narrow_the_range_and_tell_the_story() -> None:
    checked = spot([*PREFLOP, "p2 cc"], hero=5)
    bet = spot([*PREFLOP, "p2 cbr 7"], hero=5)
    dead = tuple(c.index for c in (*checked.hero_cards, *checked.board))
    pre = preflop_weighted(checked, 1, dead)
    assert opponent_range(checked, 1, dead=dead).source == "call.BB.vs.CO"
    after_check, after_bet = opponent_range(checked, 1, dead=dead), opponent_range(bet, 1, dead=dead)
    assert after_bet.range.total < pre.total and after_check.range.total < pre.total
    assert render(after_bet.story, "en") == "after his bet on the flop"
    assert render(after_check.story, "en") == "after his check on the flop"
    raised = spot([*PREFLOP, "p2 cc", "p5 cbr 6", "p2 cbr 20"], hero=5)
    assert render(story(raised, 1), "en") == "after his check-raise on the flop"


def test_to_act_reads_a_bet_as_a_share_of_the_pot() -> None:
    sit = spot([*PREFLOP, "p2 cc", "p5 cbr 6", "p2 cbr 24"], hero=5)
    bet, raise_ = sit.history[-2], sit.history[-1]
    # the pot before the flop bet is 6 + 6 + 1 = 13: 6 / 13; the raise to 24 faces 6 into 19:
    # (24 - 6) / (19 + 6 to call) = 0.72
    assert to_act(bet, sit.history, 6).fraction == pytest.approx(6 / 13)
    act = to_act(raise_, sit.history, 6)
    assert act.fraction == pytest.approx(18 / 25) and act.check_raise and act.call == 6
    assert act.cards_to_come == 2 and act.opponents == 1  # four of six folded preflop
    assert to_act(bet, sit.history, 6).continuation  # the preflop raiser bets the flop: a c-bet


def test_the_heros_answer_to_a_profiled_raiser_moves_with_his_width() -> None:
    raise_text, call_text = "QQ+, AKs", "JJ-77, AQs-ATs, KQs"
    chart = parse_weighted(f"{raise_text}, {call_text}").total
    same = response_to_raise(raise_text, call_text, PROFILES["equilibrio"])
    assert same.note is None and set(same.raise_classes) == {"AA", "KK", "QQ", "AKs"}
    tight = response_to_raise(raise_text, call_text, PROFILES["roccia"])  # raises half as wide
    # the chart's 68 combos (QQ+ 18, AKs 4, JJ-77 30, AQs-ATs 12, KQs 4) times sqrt(0.5) = 48.1: the
    # strongest 49 combos (the first whose running total reaches 48.1)
    assert chart == 68 and tight.note is not None and tight.note.params["combos"] == 49
    assert tight.note.params["chart"] == 68
    assert set(tight.raise_classes) == set(same.raise_classes)  # the strongest hands still re-raise
    assert len(tight.call_classes) < len(same.call_classes)
    wide = response_to_raise(raise_text, call_text, PROFILES["aggressivo"])
    assert set(wide.raise_classes) == set(same.raise_classes)
    assert len(wide.call_classes) > len(same.call_classes)  # the added hands call


def test_a_4bet_reads_the_openers_chart_for_his_pair_of_positions_with_its_bluffs() -> None:
    # issue 29: a 4-bettor was read as QQ+, AK (value only). The cutoff opens, the button 3-bets, the
    # cutoff 4-bets: out of position against a late 3-bet his 4-bet is the «facing a 3-bet» chart's
    # (QQ+, AK and A5s, the blocker the published charts 4-bet as a bluff); a cold 4-bet from a
    # player who had not opened reads the early out-of-position chart's 4-bet, with its A5s too.
    sit = spot(["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f", "p5 cbr 36"], hero=6)
    read = preflop_read(sit, 4)
    chart = TABLE.facing_3bet("CO", "BTN")
    assert chart is not None
    assert (read.source, read.text, read.story, read.raising) == ("4bet.CO.vs.BTN", chart.raise_range,
                                                                   "fourbet", True)
    assert "A5s" in parse_weighted(read.text).classes()
    cold = preflop_read(spot(["p3 f", "p4 cbr 5", "p5 cbr 16", "p6 cbr 36"], hero=1), 5)
    assert TABLE.vs_3bet is not None
    assert (cold.source, cold.text) == ("vs_3bet.fourbet", TABLE.vs_3bet.raise_range)
    assert "A5s" in parse_weighted(cold.text).classes()
