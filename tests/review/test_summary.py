"""coach.review.summary: the sums by street and position, the leaks and their words."""

from __future__ import annotations

from coach.engine.phh import loads_phhs
from coach.i18n import get_translator
from coach.review.session import ReviewedDecision, review_session
from coach.review.summary import action_words, leaks, summarize, to_json

from .conftest import session_text

IT = get_translator("it")


def _d(kind: str, street: str, loss: float | None, grade: str, taken: str = "call",
       best: str = "fold") -> ReviewedDecision:
    return ReviewedDecision(0, "s", 0, street, "BB", kind, "cc", taken, None, grade, loss, "f", best, None,
                            "heuristic")


def test_the_three_costliest_groups_are_the_leaks_with_their_direction() -> None:
    ds = [_d("river_call", "river", 5.0, "errore"), _d("river_call", "river", 3.0, "errore"),
          _d("vs_bet", "flop", 4.0, "errore"), _d("cbet", "flop", 1.0, "imprecisa", "check", "bet"),
          _d("open", "preflop", None, "errore", "fold", "raise"), _d("bet", "turn", 0.0, "ottima")]
    found = leaks(ds)
    assert [(x.kind, x.street) for x in found] == [("river_call", "river"), ("vs_bet", "flop"),
                                                    ("cbet", "flop")]
    assert found[0].ev_lost_bb == 8.0 and found[0].mistakes == 2 and found[0].direction == "loose"
    assert found[2].direction == "passive"
    text = IT.render(found[0].explanation())
    assert "river" in text.lower() and "fold" in text


def test_the_summary_adds_up() -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    review = review_session(hands, "Tu", IT)
    assert review is not None
    s = summarize(review)
    total = sum(d.loss for d in review.decisions)
    assert abs(sum(s["by_street"].values()) - total) < 0.05
    assert abs(sum(s["by_position"].values()) - total) < 0.05
    assert sum(s["grades"].values()) == len(review.decisions) == len(s["timeline"])
    j = to_json(review)
    assert len(j["leaks"]) <= 3 and len(j["decisions"]) == len(review.decisions)


def test_actions_in_words_keep_the_english_action_names() -> None:
    d = ReviewedDecision(0, "s", 0, "preflop", "CO", "open", "cbr 5", "raise", 2.5, "ottima", None, "cbr 5",
                         "raise", 2.5, "chart")
    assert IT.render(action_words(d)) == "raise a 2,5 bb"


def test_a_leak_is_made_of_decisions_graded_imprecisa_or_worse() -> None:
    """«buona» beside a loss is no leak, and the title counts the flawed decisions it is made of."""
    ds = [_d("river_call", "river", 21.0, "buona"), _d("river_call", "river", 2.0, "buona"),
          _d("vs_bet", "turn", 0.8, "imprecisa", "call", "fold")]
    found = leaks(ds)
    assert [(x.kind, x.street) for x in found] == [("vs_bet", "turn")]
    assert found[0].mistakes == 1
    assert "imprecise o peggio: 1 su 1 decisioni" in IT.render(found[0].title())


def test_a_decision_is_named_as_the_player_finds_it_in_his_file_with_its_money() -> None:
    from dataclasses import replace

    from coach.review.summary import best_words, hand_name

    d = ReviewedDecision(116, "stars.txt:2391", 4, "river", "BTN", "bet", "cbr 5200", "bet", 26.0, "buona",
                         2.8, "cbr 2000", "bet", 10.0, "solver", room_hand="231456789", big_blind=200,
                         scale=100)
    assert IT.render(hand_name(d)) == "mano #231456789 (stars.txt, riga 2391)"
    assert IT.render(action_words(d)) == "bet di 26 bb (52,00)"
    assert IT.render(best_words(replace(d, currency="EUR"))) == "bet di 10 bb (20,00 EUR)"
    phh = replace(d, source="s.phhs[117]", room_hand=None, scale=1)
    assert IT.render(hand_name(phh)) == "mano 117 (s.phhs)"
    assert IT.render(hand_name(replace(phh, source="19.phh"))) == "la mano di 19.phh"  # a file of one hand
    assert IT.render(action_words(phh)) == "bet di 26 bb"  # chips are no money: no parentheses
