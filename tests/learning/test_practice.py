"""The practice table without a page: bots that play their profile, rebuys, random sessions that never
stall or crash, and a table that two clicks (or a click and a redraw) never move twice."""

from __future__ import annotations

import json
import threading

import pytest

from coach.engine.phh import loads_phh
from coach.errors import InvalidInput
from coach.learning.practice import PracticeConfig, PracticeTable, bot_seed
from coach.learning.script import Attempt


def test_practice_table_pure() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=4, seed=3))
    tb.deal()
    while not tb.hero_to_act():
        tb.deal()
    hand = tb.session.current
    assert hand is not None
    out = tb.act(Attempt("raise", 1))
    assert out.refusal is not None and tb.session.current is hand
    number = tb.hand_number
    while tb.hero_to_act():
        legal = tb.session.current.legal_actions()  # type: ignore[union-attr]
        assert tb.act(Attempt("check") if legal.can_check else Attempt("call")).legal
    assert tb.last_record is not None and tb.last_record.number == number
    assert tb.decisions_of(number)
    history = loads_phh(tb.last_record.phh(), source="practice")
    assert history.replay().is_complete


def test_cash_game_rebuys_keep_the_table_going() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=3, seed=2, stack_bb=20))
    busts = hands = 0
    while hands < 40:
        if tb.hero_busted:
            busts += 1
            tb.rebuy()
            assert tb.session.stacks[0] == tb.buy_in
            continue
        assert tb.can_deal
        tb.deal()
        hands += 1
        while tb.hero_to_act():
            # all-in, or a call when everyone else is all-in already (nobody left to raise)
            if not tb.act(Attempt("all_in")).legal:
                assert tb.act(Attempt("call")).legal
    assert busts >= 1
    assert len(tb.results) == hands


@pytest.mark.parametrize("seed", [11, 12])
def test_random_sessions_never_crash_and_every_decision_is_analysed(seed: int) -> None:
    # A learner clicking anything, at any table size and format: odd amounts are
    # refused like illegal ones, the coach can analyse every decision, chips stay whole.
    import random

    from coach.feedback import analyze
    from coach.learning.practice import PracticeConfig, PracticeTable
    from coach.learning.script import Attempt

    rng = random.Random(seed)
    for _ in range(3):
        mode = rng.choice(["cash", "tournament"])
        table = PracticeTable.create(PracticeConfig(
            seats=rng.randint(2, 10), mode=mode, stack_bb=rng.choice([20, 100]),
            seed=rng.randint(0, 10**6), difficulty=rng.random()))
        total = sum(table.session.stacks)
        for _ in range(5):
            if not table.can_deal:
                break
            hand = table.deal()
            while table.hero_to_act():
                analyze(hand, seed=0)  # must not raise
                legal = hand.legal_actions()
                kind = rng.choice(["fold", "check", "call", "raise", "all_in"])
                amount = None
                if kind == "raise" and legal.max_raise_to is not None and legal.min_raise_to is not None:
                    amount = rng.randint(legal.min_raise_to - 1, legal.max_raise_to)
                before = hand.snapshot()
                outcome = table.act(Attempt(kind, amount))  # type: ignore[arg-type]
                if outcome.refusal is not None:
                    assert hand.snapshot() == before
            if table.session.current is None:
                assert sum(table.session.stacks) == total or mode == "cash"


def test_a_calling_station_session_never_stalls() -> None:
    # Regression: with seed 3 the coach's outs count crashed on 2c6h against a bet on 9hAdAs
    # (an IndexError in the evaluator), which left the practice page without a button.
    for seed in (3, 11, 42):
        tb = PracticeTable.create(PracticeConfig(seed=seed))
        tb.deal()
        for _ in range(400):
            if tb.session.current is None:
                if tb.hero_busted:
                    tb.rebuy()
                if tb.session.hands_played >= 4:
                    break
                tb.deal()
                continue
            assert tb.hero_to_act(), "a hand in progress with nothing for the learner to do"
            legal = tb.session.current.legal_actions()
            outcome = tb.act(Attempt("call") if legal.call_amount else Attempt("check"))
            assert outcome.refusal is None
        assert tb.session.hands_played >= 4
    assert any(d.verdict.grade is not None for d in tb.decisions)


def test_two_clicks_at_once_play_one_move() -> None:
    # Streamlit's fast reruns may run a second click in another thread while the first one is
    # still playing the bots: the table takes one move at a time, and a click on a decision
    # that is gone is refused instead of being applied to the next one.

    from coach.errors import IllegalAction

    tb = PracticeTable.create(PracticeConfig(seed=3))
    tb.deal()
    while not tb.hero_to_act():
        tb.deal()
    hand = tb.session.current
    seen = (tb.hand_number, len(hand.actions))
    results: list[str] = []

    def click() -> None:
        try:
            tb.act(Attempt("call") if hand.legal_actions().call_amount else Attempt("check"), at=seen)
            results.append("played")
        except IllegalAction:
            results.append("stale")

    threads = [threading.Thread(target=click) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == ["played", "stale"]
    assert len([d for d in tb.decisions if d.hand_number == seen[0]]) == 1


def test_a_page_holding_the_table_waits_for_another_clicks_move() -> None:
    """Fast reruns draw the page in a new thread while the old run's callback still plays the bots:
    the page draws only while it holds the table, so it waits for the move and never shows it half
    done (the learner's action made, a bot to act, no buttons)."""

    tb = PracticeTable.create(PracticeConfig(seed=3))
    tb.deal()
    while not tb.hero_to_act():
        tb.deal()
    moving = threading.Event()
    release = threading.Event()
    order: list[str] = []
    original = tb._bots_play

    def slow_bots() -> None:  # the bots' move of the first click, held until the page asks
        moving.set()
        release.wait(timeout=30)
        original()
        order.append("bots played")

    tb._bots_play = slow_bots  # type: ignore[method-assign]
    hand = tb.session.current
    assert hand is not None
    attempt = Attempt("call") if hand.legal_actions().call_amount else Attempt("check")
    first = threading.Thread(target=lambda: tb.act(attempt))
    first.start()
    assert moving.wait(timeout=30)

    def page() -> None:
        with tb.held():
            order.append("page read the table")

    drawing = threading.Thread(target=page)
    drawing.start()
    release.set()
    first.join(timeout=60)
    drawing.join(timeout=60)
    assert order == ["bots played", "page read the table"]


def test_advance_plays_the_bots_once() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=5, seed=7))
    tb.deal()
    assert not tb.advance() or tb.session.current is None  # after deal(): the learner's turn or the end
    while not tb.hero_to_act():
        tb.deal()
    hand = tb.session.current
    assert hand is not None
    tb._bots_play = lambda: None  # type: ignore[method-assign]
    tb.act(Attempt("call") if hand.legal_actions().call_amount else Attempt("check"))
    del tb._bots_play
    assert tb.advance()
    assert tb.hero_to_act() or tb.session.current is None
    snapshot = (tb.session.hands_played, len(hand.actions))
    assert not tb.advance()
    assert (tb.session.hands_played, len(hand.actions)) == snapshot


def _passive(tb: PracticeTable) -> None:
    """The learner checks or calls (folds rather than calling off the whole stack)."""
    hand = tb.session.current
    assert hand is not None
    legal = hand.legal_actions()
    kind = "check" if legal.can_check else ("fold" if legal.call_amount >= legal.stack else "call")
    tb.act(Attempt(kind))


def _seen(tb: PracticeTable) -> tuple[object, ...]:
    hand = tb.hand
    assert hand is not None
    return (tuple(hand.hole_cards(s) for s in range(hand.config.n_seats)), hand.board, hand.pot_total,
            tuple(a.code for a in hand.actions), tuple(tb.results), tuple(tb.grades()), tb.hand_number,
            tb.session.stacks, tb.session.button, tb.hero_to_act())


@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_a_snapshot_rebuilds_the_table_mid_hand_and_after_it(mode: str) -> None:
    tb = PracticeTable.create(PracticeConfig(seats=4, mode=mode, seed=23))
    tb.deal()
    for _ in range(3):  # three hands, then the fourth up to the learner's turn
        while tb.hero_to_act():
            _passive(tb)
        tb.deal()
    while not tb.hero_to_act():
        tb.deal() if tb.can_deal else pytest.fail("the session ended")
    back = PracticeTable.restore(tb.snapshot())
    assert _seen(back) == _seen(tb) and back.session_id == tb.session_id
    said = [d.said for d in tb.decisions_of(tb.hand_number)]
    assert [d.said for d in back.decisions_of(back.hand_number)] == said
    assert not back.unsaved and not back.unrecorded  # already stored before the snapshot
    # the rebuilt table plays on; a finished hand stays finished through another snapshot
    while back.hero_to_act():
        _passive(back)
    again = PracticeTable.restore(back.snapshot())
    assert again.session.current is None and _seen(again) == _seen(back)


def test_a_rebuy_is_replayed() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=2, seed=1, stack_bb=20, style="loose-aggressive"))
    tb.deal()
    for _ in range(40):  # all-in every hand against an aggressive bot: broke within a few hands
        while tb.hero_to_act():
            hand = tb.session.current
            assert hand is not None
            tb.act(Attempt("all_in") if hand.can_all_in() else Attempt("call"))
        if tb.hero_busted:
            tb.rebuy()
            break
        tb.deal()
    else:
        pytest.fail("the learner never went broke in forty all-in hands")
    assert tb.session.stacks[0] == tb.buy_in
    tb.deal()
    back = PracticeTable.restore(tb.snapshot())
    assert _seen(back) == _seen(tb)


@pytest.mark.parametrize("text", ["", "[]", '{"v": 99}', '{"v": 1, "config": {"seats": "six"}}',
                                  "{not json"])
def test_a_snapshot_that_cannot_be_rebuilt_is_refused(text: str) -> None:
    with pytest.raises(InvalidInput):
        PracticeTable.restore(text)


def test_a_snapshot_with_an_action_the_engine_refuses_is_refused() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=3, seed=8))
    tb.deal()
    data = json.loads(tb.snapshot())
    data["hands"][-1].append("p1 cbr 999999")
    with pytest.raises(InvalidInput):
        PracticeTable.restore(json.dumps(data))


def test_the_bots_can_wait_and_act_one_at_a_time() -> None:
    tb = PracticeTable.create(PracticeConfig(seats=6, seed=5))
    tb.deal(bots=False)
    hand = tb.session.current
    assert hand is not None
    while not tb.hero_to_act() and tb.session.current is not None:
        before = len(hand.actions)
        assert tb.step()
        assert len(hand.actions) == before + 1 or tb.session.current is None
    assert not tb.step()  # the learner's turn (or the hand's end): no bot acts


def _play_on(tb: PracticeTable, hands: int) -> list[list[str]]:
    """The learner plays passively for ``hands`` more hands; every action of each hand, in order."""
    seen: list[list[str]] = []
    for _ in range(hands):
        if tb.session.current is None:
            if not tb.can_deal:
                break
            tb.deal()
        while tb.step():  # bots held back for the page's pace (deal(bots=False)) act one by one
            pass
        while tb.hero_to_act():
            _passive(tb)
        assert tb.hand is not None and tb.session.current is None
        seen.append([a.code for a in tb.hand.actions])
    return seen


@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_after_a_reload_the_bots_make_the_same_choices(mode: str) -> None:
    """A snapshot taken at the learner's turn (and one taken while the bots are still to act, as the
    page paces them) restores bots whose next actions are those the lost table's bots make."""
    tb = PracticeTable.create(PracticeConfig(seats=6, mode=mode, seed=41, difficulty=0.4))
    tb.deal()
    while tb.hero_to_act():
        _passive(tb)
    tb.deal()
    while not tb.hero_to_act():
        tb.deal()
    back = PracticeTable.restore(tb.snapshot())
    assert _seen(back) == _seen(tb)
    ahead, rebuilt = _play_on(tb, 6), _play_on(back, 6)
    assert sum(len(h) for h in ahead) > 30  # enough bot choices to tell two sets of dice apart
    assert rebuilt == ahead
    # a reload while the bots of a new hand have not acted yet
    tb.deal(bots=False)
    back = PracticeTable.restore(tb.snapshot())
    assert _seen(back) == _seen(tb)
    assert _play_on(back, 3) == _play_on(tb, 3)


def test_bot_seeds_differ_by_decision_and_repeat_across_processes() -> None:
    seeds = {bot_seed(7, h, a, s) for h in range(1, 4) for a in range(5) for s in range(1, 4)}
    assert len(seeds) == 45
    assert bot_seed(7, 2, 3, 1) == bot_seed(7, 2, 3, 1) != bot_seed(8, 2, 3, 1)
