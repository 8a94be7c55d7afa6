"""One judge: the same spot gets the same grade and EV loss on every page and command.

The decisions are played once, as a learner plays them (Pratica against balanced bots, and the
lessons' own hands), then each is taken again through every other page's path: the Replayer on
the saved hand, the live class on the same hand pasted by the teacher, the Ripasso card, the
session review of the file and ``python -m coach advise`` on the spot.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from coach.cli.advise import advise_text
from coach.engine.phh import HandHistory, loads_phh
from coach.i18n import get_translator
from coach.learning.answers import decision_spot, decision_verdict, graded_decisions, spot_verdict
from coach.learning.judge import best_choice, candidates, judge, spot_analysis
from coach.learning.practice import GradedDecision, PracticeConfig, PracticeTable
from coach.learning.replay import script_for
from coach.learning.script import Attempt, HandScript
from coach.learning.verdict import lesson_authored, option_code
from coach.lessons.loader import default_lessons_dir, load_lessons
from coach.live import hand_digest
from coach.review.session import PLAYER_KINDS, ReviewedDecision, review_hand, review_session
from coach.ui.live import common

IT = get_translator("it")
MIN_DECISIONS = 50


def _same(a: float | None, b: float | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and round(a, 2) == round(b, 2))


@cache
def _practice() -> tuple[tuple[GradedDecision, ...], tuple[str, ...]]:
    """At least 50 hero decisions of a Pratica session against balanced bots (the profile the review
    assumes), and each finished hand's PHH as the page saves it."""
    tb = PracticeTable.create(PracticeConfig(seats=3, seed=11, style="tight-aggressive", stack_bb=60))
    rng = random.Random(4)
    texts: list[str] = []
    while len(tb.decisions) < MIN_DECISIONS + 5 and tb.hand_number < 80:
        if not tb.can_deal:  # the learner's random play went broke: he buys in again, as on the page
            tb.rebuy()
        tb.deal()
        while tb.session.current is not None and not tb.session.current.is_complete:
            hand = tb.session.current
            if not tb.hero_to_act():
                if not tb.step():
                    break
                continue
            legal = hand.legal_actions()
            r = rng.random()
            if legal.can_check:
                raise_to = max(legal.min_raise_to, hand.pot_total * 2 // 3 + legal.min_raise_to // 2)
                a = Attempt("check") if r < 0.6 or not (legal.can_bet or legal.can_raise) else Attempt(
                    "raise", raise_to)
            else:
                a = (Attempt("fold") if r < 0.25 else Attempt("call") if r < 0.8 or not legal.can_raise
                     else Attempt("raise", legal.min_raise_to * 2))
            if not tb.act(a).legal:
                tb.act(Attempt("check") if legal.can_check else Attempt("call"))
        if tb.last_record is not None and len(texts) < tb.last_record.number:
            texts.append(tb.last_record.phh())
    return tuple(tb.decisions), tuple(texts)


def _hero_actions(history: HandHistory, hero: str) -> list[int]:
    me = (history.players or ()).index(hero)
    return [k for k, a in enumerate(history.actions) if a.kind in PLAYER_KINDS and a.seat == me]


def test_a_pratica_session_has_one_grade_and_one_ev_loss_per_spot_on_every_page() -> None:
    decisions, texts = _practice()
    histories = [loads_phh(text, source=f"practice-{i + 1}.phh") for i, text in enumerate(texts)]
    review = review_session(histories, "Tu", IT)
    assert review is not None
    by_hand: dict[int, list[ReviewedDecision]] = {}
    for d in review.decisions:
        by_hand.setdefault(d.hand, []).append(d)
    checked = 0
    for number, history in enumerate(histories, start=1):
        played = [d for d in decisions if d.hand_number == number]
        reviewed = sorted(by_hand.get(number - 1, []), key=lambda d: d.step)
        assert [d.said for d in played] == [d.action for d in reviewed], number
        sc = script_for(history)
        text = texts[number - 1]
        for mine, rev, k in zip(played, reviewed, _hero_actions(history, "Tu"), strict=True):
            pratica = mine.verdict
            assert mine.spot is not None
            code = f"p{history.players.index('Tu') + 1} {rev.action}"  # type: ignore[union-attr]
            replayer = judge(sc.hand_at(rev.step), code)
            ripasso = spot_verdict(mine.spot, code)
            pasted = common._pasted_verdict(hand_digest(text), text, k, code, "it")
            advised = advise_text(mine.spot.phh, actions=list(candidates([code])))
            option = next(o for o in advised["options"] if o["action"] == rev.action)  # type: ignore[attr-defined]
            where = f"hand {number}, step {rev.step}, {rev.action}"
            grades = {pratica.grade, replayer.grade, ripasso.grade, pasted.grade, rev.grade, option["grade"]}
            assert len(grades) == 1 and None not in grades, (where, grades)
            losses = [pratica.ev_loss_bb, replayer.ev_loss_bb, ripasso.ev_loss_bb, pasted.ev_loss_bb,
                      rev.ev_loss_bb]
            assert all(_same(x, losses[0]) for x in losses), (where, losses)
            assert _same(option["ev_loss_bb"], losses[0]), (where, option["ev_loss_bb"], losses[0])
            assert {pratica.best_code, replayer.best_code, ripasso.best_code, pasted.best_code,
                    rev.best} == {rev.best}, where
            checked += 1
    assert checked >= MIN_DECISIONS
    assert {d.street for d in review.decisions} == {"preflop", "flop", "turn", "river"}


def _lesson_spots() -> list[tuple[str, HandScript, int, str, str]]:
    """The action each lesson hand plays at a decision the coach grades alone (no opponent profile,
    no grade of the lesson for it, not the lesson's best): (where, script, at, code, hero)."""
    out = []
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        if g.example.profiles:
            continue
        sc = HandScript.from_example(g.example)
        history = sc.history
        action = history.actions[g.decision.at]
        code = " ".join(action.code(1).split()[:3]).split("#")[0].strip()
        fb = lesson_authored(g.decision).get(option_code(code))
        if fb is not None and fb.grade is not None:
            continue
        if g.decision.best in (code, option_code(code)):
            continue
        names = history.names()
        out.append((g.where, sc, g.decision.at, code, names[g.decision.seat - 1]))
    return out


def test_a_lesson_decision_has_the_lesson_pages_grade_in_the_replayer_ripasso_class_and_review() -> None:
    spots = _lesson_spots()
    assert len(spots) >= 10
    for where, sc, at, code, hero in spots:
        page = decision_verdict(sc, at, code)
        spot = decision_spot(sc, f"x/0/{at}", code, page.grade or "")
        assert spot is not None
        ripasso = spot_verdict(spot, code, (sc.decisions[at], sc.profiles))
        replayer = judge(sc.hand_at(sc.step_of_action(at)), code)
        reviewed, _ = review_hand(sc.history, 0, hero)
        rev = next(d for d in reviewed if d.step == sc.step_of_action(at))
        grades = {page.grade, ripasso.grade, replayer.grade, rev.grade}
        assert len(grades) == 1, (where, code, grades)
        losses = [page.ev_loss_bb, ripasso.ev_loss_bb, replayer.ev_loss_bb, rev.ev_loss_bb]
        assert all(_same(x, losses[0]) for x in losses), (where, code, losses)


def test_the_reveal_names_the_judges_best_without_grading_another_option(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The class's reveal asks for the best choice once: no verdict of ``options[0]`` on the way."""
    from coach.learning import judge as judge_module

    decisions, _ = _practice()
    spot = next(d.spot for d in decisions if d.spot is not None and d.street == "flop")
    assert spot is not None
    hand = spot.hand()
    calls: list[str] = []
    real = judge_module.verdict_from

    def counting(analysis, code, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(code)
        return real(analysis, code, *args, **kwargs)

    monkeypatch.setattr(judge_module, "verdict_from", counting)
    best = best_choice(hand)
    assert best == spot_analysis(hand).best
    assert calls == [best]


def test_a_spot_is_analysed_once_for_every_page() -> None:
    decisions, _ = _practice()
    spot = next(d.spot for d in decisions if d.spot is not None and d.street == "river")
    assert spot is not None
    first = spot_analysis(spot.hand(), ("cc",))
    assert spot_analysis(spot.hand(), ("cc",)) is first  # a second page asking pays nothing
    assert candidates(["p1 cbr 6", "cbr 6", "p1 cc", "f"]) == ("cbr 6",)
