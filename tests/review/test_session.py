"""coach.review.session: reading a session, finding the hero, the kind of each decision, the grades."""

from __future__ import annotations

from dataclasses import replace

import pytest

from coach.engine.phh import loads_phh, loads_phhs
from coach.errors import InvalidInput
from coach.i18n import get_translator
from coach.limits import MAX_HAND_BYTES
from coach.review.session import (
    PLAYER_KINDS,
    decision_kind,
    detect_hero,
    load_session,
    review_hand,
    review_session,
)

from .conftest import session_text

TR = get_translator("en")

# Three players: Ann (p1, SB), Bob (p2, BB), Cid (p3, button). Cid opens, Ann 3-bets, Bob folds,
# Cid calls; Ann c-bets the flop, Cid calls; turn: Ann checks, Cid bets, Ann calls; river: Ann
# bets, Cid calls.
LINE = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd",
  "p3 cbr 5", "p1 cbr 18", "p2 f", "p3 cc",
  "d db 2h7s9c", "p1 cbr 20", "p3 cc",
  "d db Jd", "p1 cc", "p3 cbr 40", "p1 cc",
  "d db 3c", "p1 cbr 60", "p3 cc",
  "p1 sm AsKs", "p3 sm QhQd",
]
players = ["Ann", "Bob", "Cid"]
"""


def _kinds(text: str, seat: int) -> list[str]:
    h = loads_phh(text)
    street, out = "preflop", []
    names = ("preflop", "flop", "turn", "river")
    boards = 0
    for k, a in enumerate(h.actions):
        if a.kind == "deal_board":
            boards += 1
            street = names[boards]
        if a.kind in PLAYER_KINDS and a.seat == seat:
            out.append(decision_kind(h, k, street))
    return out


def test_the_kind_of_each_decision_comes_from_the_actions_before_it() -> None:
    assert _kinds(LINE, 2) == ["open", "vs_3bet", "vs_bet", "bet", "river_call"]
    # the turn check is a c-bet spot (Ann bet the flop last); the river bet is not (Cid bet the turn)
    assert _kinds(LINE, 0) == ["3bet", "cbet", "cbet", "vs_bet", "bet"]
    assert _kinds(LINE, 1) == ["vs_3bet"]


def test_the_hero_is_who_plays_most_hands_or_the_name_given() -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    assert detect_hero(hands) == "Tu"
    other = hands[0].players[1]
    assert detect_hero(hands, other) == other
    with pytest.raises(InvalidInput):
        detect_hero(hands, "Nessuno")


def test_every_hero_decision_is_graded_and_sorted_by_ev_lost() -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    review = review_session(hands, "Tu", TR)
    assert review is not None and review.hands == len(hands) and not review.refused
    expected = sum(1 for h in hands for a in h.actions
                   if a.kind in PLAYER_KINDS and h.players[a.seat] == "Tu")
    assert len(review.decisions) + review.skipped == expected
    losses = [d.loss for d in review.decisions]
    assert losses == sorted(losses, reverse=True)
    assert any(d.grade in ("errore", "errore grave") for d in review.decisions)
    for d in review.decisions:  # the step is where the Replayer stops before that action
        assert d.street in ("preflop", "flop", "turn", "river")
        assert d.position in ("UTG", "MP", "CO", "BTN", "SB", "BB")


def test_the_hands_shared_among_processes_give_the_same_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's pool (issue 30: the review grades with the solvers, one core each) changes nothing
    but the time: the same decisions, the same refusals, in the same order."""
    from coach.review import session

    bad = loads_phh(LINE.replace('"p3 cc",\n\n  "d db 2h7s9c"', '"p3 cc",\n  "d db 2h7s9c"')
                    .replace('"p1 cbr 20", "p3 cc"', '"p1 cbr 1", "p3 cc"'), "bad.phh")
    hands = [*loads_phhs(session_text(), "s.phhs")[:3], bad]
    monkeypatch.setattr(session, "PARALLEL_FROM", 1)
    seen: list[int] = []
    shared = review_session(hands, "Tu", TR, lambda done, total: seen.append(done) or True, processes=2)
    alone = review_session(hands, "Tu", TR)
    assert shared == alone and shared is not None and shared.refused
    assert seen == list(range(1, len(hands) + 1))


def test_a_doctored_hand_is_refused_with_its_rule_and_the_others_are_reviewed() -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    bad = loads_phh(LINE.replace('"p3 cc",\n\n  "d db 2h7s9c"', '"p3 cc",\n  "d db 2h7s9c"')
                    .replace('"p1 cbr 20", "p3 cc"', '"p1 cbr 1", "p3 cc"'), "bad.phh")
    review = review_session([bad, *hands[:3]], "Tu", TR)
    assert review is not None
    assert [r.hand for r in review.refused] == [0]
    assert "bad.phh" in review.refused[0].reason
    assert review.decisions and all(d.hand > 0 for d in review.decisions)


def test_a_review_stops_when_progress_says_cancelled() -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    seen: list[int] = []

    def progress(done: int, total: int) -> bool:
        seen.append(done)
        return done < 3

    assert review_session(hands, "Tu", TR, progress) is None
    assert seen == [1, 2, 3]


def test_a_hand_without_the_hero_gives_no_decision() -> None:
    h = loads_phh(LINE)
    assert review_hand(h, 0, "Zed") == ([], 0)
    decisions, _ = review_hand(replace(h, source="x.phh"), 0, "Cid")
    assert [d.kind for d in decisions] == ["open", "vs_3bet", "vs_bet", "bet", "river_call"]


def test_upload_limits_and_encoding() -> None:
    with pytest.raises(InvalidInput):
        load_session([("big.phhs", b" " * (MAX_HAND_BYTES + 1))])
    with pytest.raises(InvalidInput):
        load_session([("bin.phh", b"\xff\xfe\x00garbage")])
    with pytest.raises(InvalidInput):
        load_session([("empty.phh", b"")])
    assert len(load_session([("s.phhs", session_text().encode())])) == 12


def test_every_decision_has_an_ev_loss_so_costliest_first_means_it() -> None:
    """Issue 30: the preflop decisions the charts grade have a loss in big blinds too (it was None, and
    they sat after every measured one in a «costliest first» list)."""
    hands = loads_phhs(session_text(), "s.phhs")
    review = review_session(hands, "Tu", TR)
    assert review is not None
    preflop = [d for d in review.decisions if d.street == "preflop"]
    assert preflop, "the session has preflop decisions"
    charts = [d for d in preflop if d.model == "chart"]
    assert charts, "the session has chart-graded decisions"
    assert all(d.ev_loss_bb is not None for d in preflop), \
        [(d.hand, d.step, d.action) for d in preflop if d.ev_loss_bb is None]
    # sorted with the others: the costliest chart decision is not after every measured one
    order = list(review.decisions)
    worst_chart = max(charts, key=lambda d: d.loss)
    assert worst_chart.loss > 0 and order.index(worst_chart) < len(order) - 1
