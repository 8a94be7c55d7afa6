"""The lesson player: where «Riproduci» goes next, how long a step stays, and its key."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from coach.learning.script import HandScript
from coach.lessons.loader import load_lessons
from coach.ui.playback import SPEEDS, next_auto_step, step_seconds

from .helpers import ROOT, goto


def test_playback_moves_one_step_and_stops_at_a_decision_and_at_the_end() -> None:
    assert next_auto_step(0, 12, blocked=False) == 1
    assert next_auto_step(5, 12, blocked=True) is None  # the learner answers, never the player
    assert next_auto_step(12, 12, blocked=False) is None


def test_a_played_lesson_hand_stops_at_its_first_unanswered_decision() -> None:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "13-posizione-mani-iniziali")
    sc = HandScript.from_example(lesson.hands[3])
    step, seen = 0, [0]
    while (nxt := next_auto_step(step, len(sc) - 1, blocked=sc.blocked(step, set()))) is not None:
        step = nxt
        seen.append(step)
    assert sc.decision_at(step) is not None and seen == list(range(step + 1))
    # Each step after the first applies one action: the bots act one at a time.
    assert all(b - a == 1 for a, b in zip(sc.stops, sc.stops[1:], strict=False))


def test_slower_speeds_and_the_lessons_words_stay_longer() -> None:
    assert SPEEDS["slow"] > SPEEDS["normal"] > SPEEDS["fast"]
    assert step_seconds("fast", has_text=True) > step_seconds("fast", has_text=False) == SPEEDS["fast"]
    assert step_seconds("bogus", has_text=False) == SPEEDS["normal"]


def test_play_has_a_letter_key_only_once_letters_are_on_and_says_so(app: Callable[..., AppTest]) -> None:
    """«Riproduci» and «Pausa» answer P, a letter: off until turned on in Impostazioni (like F, K, L),
    and the button's help says which key and where to turn it on."""
    at = app()
    at.query_params.update({"lezione": "13-posizione-mani-iniziali", "mano": "4"})
    goto(at, "lezioni")
    play = at.button(key="lesson.play")
    assert not play.proto.shortcut and not play.disabled
    assert "Tasto P: attiva le scorciatoie da tastiera con una lettera in Impostazioni." in play.help
    goto(at, "impostazioni")
    at.toggle(key="set_letters").set_value(True).run()
    goto(at, "lezioni")
    play = at.button(key="lesson.play")
    assert play.proto.shortcut.lower() == "p" and play.help.endswith("Tasto: P.")
    play.click().run()
    pause = at.button(key="lesson.pause")
    assert pause.proto.shortcut.lower() == "p" and pause.help.endswith("Tasto: P.")
