"""coach.learning.reasons: every verdict of the judge carries one reason in plain words."""

from __future__ import annotations

import re

from coach.i18n import get_translator
from coach.learning.answers import decision_verdict
from coach.learning.script import HandScript
from coach.lessons.loader import default_lessons_dir, load_lessons
from coach.ui.verdict import plain_sentence

from .test_judge import _practice

IT = get_translator("it")
# What a beginner has not met at the essential level: figures, percentages, the terms of lesson 11 on.
NOT_PLAIN = re.compile(r"\d|%|\bequity\b|\brange\b|\bpot odds\b|\bEV\b|\bbb\b", re.IGNORECASE)


def test_every_pratica_verdict_has_a_plain_reason() -> None:
    decisions, _ = _practice()
    assert len(decisions) >= 50
    for d in decisions:
        v = d.verdict
        assert v.reason is not None, (d.hand_number, d.street, d.said)
        text = IT.render(v.reason)
        cards_free = re.sub(r"[2-9TJQKA]0?[♠♥♦♣]\ufe0e?|10[♠♥♦♣]\ufe0e?", "", text)  # hole cards are named
        assert not NOT_PLAIN.search(cards_free), text
        assert plain_sentence(v, IT).startswith(IT.render(v.headline))  # the sentence, then its reason


def test_the_reason_agrees_with_the_best_choice() -> None:
    lesson = next(x for x in load_lessons(default_lessons_dir()) if x.id == "04-preflop")
    sc = HandScript.from_example(lesson.hands[0])
    fold = decision_verdict(sc, 6, "p3 f")  # A♥10♥ under the gun: the coach opens it
    assert fold.grade == "errore" and fold.best_kind == "raise"
    assert IT.render(fold.reason) == "A♥︎ 10♥︎ è fra le mani da aprire da questo posto."  # type: ignore[arg-type]
