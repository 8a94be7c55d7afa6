"""The range grid beside a verdict: the pure renderer, then each page that shows a verdict."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.feedback.rangemodel import WeightedRange, parse_weighted, to_indices
from coach.i18n import Message, get_translator
from coach.learning.judge import judge as assess
from coach.learning.ranges import RangeView, range_view
from coach.lessons.loader import load_lessons
from coach.textsafe import FSI, PDI
from coach.ui.rangegrid import render_range_grid, title, top_hands

from .helpers import ROOT, goto, play_practice_hand, sit_at_practice

IT = get_translator("it")
EN = get_translator("en")
STORY = Message("after his raise on the flop")  # a story as the range model writes them (not translated here)
HOSTILE = "**Bruno**<img src=x onerror=alert(1)>[link](http://x.y)"


def _cell(grid_html: str, label: str) -> str:
    """The ``<td>`` of one hand class."""
    m = re.search(r"<td[^>]*><b>" + re.escape(label) + r"</b><i>[^<]*</i></td>", grid_html)
    assert m is not None, label
    return m.group(0)


def _view(text: str, dead: str = "", name: str = "Bruno", story: Message | None = None) -> RangeView:
    return range_view(2, name, story, parse_weighted(text), to_indices(dead) if dead else [])


# -- the pure renderer ---------------------------------------------------------------


def test_layout_pairs_on_the_diagonal_suited_above_offsuit_below() -> None:
    v = _view("AKs, QJo:0.5, 55")
    assert v.weights[0][1] == 1.0 and v.weights[1][0] == 0.0  # AKs above, AKo below: not in the range
    assert v.weights[3][2] == 0.5 and v.weights[2][3] == 0.0  # QJo below the diagonal
    assert v.weights[9][9] == 1.0  # 55: row and column of the 5
    assert v.live[0][0] == 6 and v.live[0][1] == 4 and v.live[1][0] == 12
    assert v.combos == pytest.approx(4 + 6 + 12 * 0.5)
    out = render_range_grid(v, IT)
    assert out.count("<tr>") == 14
    assert out.count('<th scope="col">') == 13 and out.count('<th scope="row">') == 13
    assert out.count("<td ") == 170  # every class, and the empty corner (a <td aria-hidden>)
    labels = re.findall(r"<b>([^<]+)</b>", out)
    assert labels[:3] == ["AA", "AKs", "AQs"] and labels[13:15] == ["AKo", "KK"] and labels[-1] == "22"


def test_weights_are_the_share_of_the_class_as_a_number_and_a_colour() -> None:
    v = _view("AKs:0.5, AhKh")  # parse: AKs at 0.5, then one combo of it at full weight
    share = v.weights[0][1]
    combos = parse_weighted("AKs:0.5, AhKh")
    assert share == pytest.approx(combos.weights.sum() / 4)
    out = render_range_grid(_view("AA, KK:0.25"), IT)
    aa, kk, qq = _cell(out, "AA"), _cell(out, "KK"), _cell(out, "QQ")
    assert "<i>100</i>" in aa and "<i>25</i>" in kk and "<i>&nbsp;</i>" in qq  # the number, not only colour
    colours = [re.search(r"background:(#[0-9a-f]{6})", c).group(1) for c in (aa, kk, qq)]  # type: ignore[union-attr]
    assert len(set(colours)) == 3
    assert "7,5 combinazioni in tutto" in out  # 6 + 6 x 0.25 = 7.5, Babel's Italian decimal comma
    assert "7.5 combos in all" in render_range_grid(_view("AA, KK:0.25"), EN)
    assert "Le mani con più peso: AA 100%, KK 25%." in out


def test_a_trace_is_not_shown_as_zero() -> None:
    v = range_view(0, "Anna", None, WeightedRange(np.array([[48, 49]]), np.array([0.01])), [])
    assert v.weights[0][0] == pytest.approx(0.01 / 6)
    assert "<i>&lt;1</i>" in _cell(render_range_grid(v, IT), "AA")


def test_card_removal_the_board_and_the_heros_cards_do_not_count() -> None:
    # A♠ on the board, K♦ in the hero's hand: AA keeps 3 combos, AKs 2, AKo 3x3 - ... = 7.
    v = _view("AA, AKs, AKo", dead="As Kd Qc")
    assert v.live[0][0] == 3 and v.live[0][1] == 2 and v.live[1][0] == 7
    assert v.weights[0][0] == v.weights[0][1] == v.weights[1][0] == 1.0  # all of what is left
    assert v.combos == 3 + 2 + 7
    # one combo of AA in the range, As blocked: one of the three live combos
    one = _view("AhAd", dead="As")
    assert one.weights[0][0] == pytest.approx(1 / 3)
    assert "<i>33</i>" in _cell(render_range_grid(one, IT), "AA")
    # every combo blocked: shown as blocked, not as "not in the range", and the legend says why
    gone = _view("AA, KK", dead="As Ah Ad Ac")
    assert gone.live[0][0] == 0 and gone.combos == 6
    out = render_range_grid(gone, IT)
    assert "cc-rg-x" in _cell(out, "AA") and "<i>×</i>" in _cell(out, "AA")
    assert "bloccate dalle carte che vedi" in out
    assert "bloccate" not in render_range_grid(_view("AA"), IT)


def test_the_title_follows_the_story_and_shows_a_hostile_name_as_text() -> None:
    assert IT.render(title(_view("AA"))) == "Il range che il coach attribuisce a Bruno (il suo range preflop)"
    assert IT.render(title(_view("AA", name="Anna"))).startswith("Il range che il coach attribuisce ad Anna")
    assert (EN.render(title(_view("AA", story=STORY)))
            == "The range the coach gives to Bruno after his raise on the flop")
    v = _view("AA", name=HOSTILE, story=STORY)
    out = render_range_grid(v, IT)
    assert "<img" not in out and "&lt;img src=x onerror=alert(1)&gt;" in out
    assert out.count("<caption") == 1 and "**Bruno**" in out  # plain text in HTML: the stars are seen
    label = IT.md(title(v))  # the expander's label is Markdown: the name escaped there
    assert "\\*\\*Bruno\\*\\*" in label and "\\<img" in label and "\\[link\\]" in label
    rtl = _view("AA", name="\u202eBruno")
    assert FSI not in IT.render(title(_view("AA"))) and "\u202e" not in render_range_grid(rtl, IT)
    assert FSI + "Bruno" + PDI in render_range_grid(rtl, IT)


def test_heading_can_be_left_to_the_expander() -> None:
    out = render_range_grid(_view("AA"), IT, heading=False)
    assert '<caption class="cc-rg-sr">' in out  # still named for a screen reader


def test_top_hands_list_the_most_weight_first() -> None:
    v = _view("AA:0.5, 72o, KK, AKs:0.75")
    assert [h for h, _ in top_hands(v)] == ["KK", "72o", "AKs", "AA"]
    wide = _view("22+, A2s+, K2s+, Q2s+")
    assert len(top_hands(wide)) == 10
    assert "e altre 36." in render_range_grid(wide, IT)
    # any two cards: no list of 169 hands, one sentence (blocked classes do not break it)
    anything = render_range_grid(_view("random", "As Ah Ad Ac"), IT)
    assert "Ogni mano, con il 100% delle sue combinazioni." in anything


def _hand_before(phh: str, action: int) -> Hand:
    """A hand history replayed up to (not including) action number ``action``."""
    history = loads_phh(phh)
    return replace(history, actions=history.actions[:action]).replay(require_complete=False)


def _lesson_phh() -> str:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    return lesson.hands[0].phh.to_toml()


def test_verdict_gives_each_opponent_with_names_and_without_the_visible_cards() -> None:
    hand = _hand_before(_lesson_phh(), 14)  # Carla (J♠10♠) on J♥8♦3♣ facing Dario's raise to 34
    v = assess(hand, "p3 cc")
    assert v.grade is not None and v.ranges
    names = [r.name for r in v.ranges]
    assert "Dario" in names and "Carla" not in names  # the opponents, by their names in the hand
    dario = next(r for r in v.ranges if r.name == "Dario")
    assert dario.live[3][3] == 1  # JJ: J♠ in Carla's hand and J♥ on the board leave one combo, J♦J♣
    assert sum(map(sum, dario.live)) == 1326 - (5 * 47 + 10)  # 5 dead cards: 47 combos each, 10 pairs
    assert 0 < dario.combos <= sum(map(sum, dario.live))


# -- the pages: the grid appears with the verdict ----------------------------------

GRID_TITLE = "Il range che il coach attribuisce a"


def _grids(at: AppTest) -> tuple[list[str], list[str]]:
    """(the labels of the range expanders, the grids' HTML) on the page."""
    labels = [e.label for e in at.expander if GRID_TITLE in e.label]
    grids = [h.proto.body for h in at.html if 'class="cc-rg"' in h.proto.body]
    return labels, grids


def test_a_lesson_verdict_shows_the_range_of_each_opponent(app: Callable[..., AppTest]) -> None:
    at = app()
    at.query_params.update({"lezione": "03-azioni", "mano": "1", "passo": "1"})
    goto(at, "lezioni")
    assert _grids(at) == ([], [])  # nothing before the answer
    at.button(key="dec.03-azioni/0/4.call").click().run()
    assert not at.exception
    # lesson 3 is essential: the numbers wait behind «Perché?», drawn only once it is opened
    assert _grids(at) == ([], [])
    at.session_state["lesson_why.03-azioni/0/4"] = True
    at.run()
    labels, grids = _grids(at)
    assert labels and len(grids) == len(labels)  # one grid per opponent, each in its expander
    assert any("Dario" in x for x in labels) and not any("Carla" in x for x in labels)
    assert all("combinazioni in tutto" in g for g in grids)


def test_ripasso_shows_the_range_with_its_verdict(app: Callable[..., AppTest]) -> None:
    at = app()
    at.query_params.update({"lezione": "03-azioni", "mano": "1", "passo": "1"})
    goto(at, "lezioni")
    at.button(key="dec.03-azioni/0/4.fold").click().run()  # «errore»: a card to review
    goto(at, "ripasso")
    assert _grids(at) == ([], [])
    at.button(key="review.0.call").click().run()
    assert not at.exception
    labels, grids = _grids(at)
    assert labels and grids and any("Dario" in x for x in labels)


def test_practice_comments_show_the_ranges_folded(app: Callable[..., AppTest]) -> None:
    at = sit_at_practice(app(), 2)
    for _ in range(6):  # until a hand where the learner had a decision (not a walk in the big blind)
        play_practice_hand(at)
        tb = at.session_state["practice.table"]
        decisions = tb.decisions_of(tb.last_record.number)
        if decisions:
            break
        at.button(key="prac_next").click().run()
    assert decisions, "the learner decided in one of the hands"
    labels, grids = _grids(at)
    bot = next(n for s, n in enumerate(tb.session.names) if s != 0)
    assert labels and all(bot in x for x in labels)  # heads-up: the one bot, by name
    assert len(grids) == sum(len(d.verdict.ranges) for d in decisions)
    # folded: the comments are a list
    assert not any(e.proto.expanded for e in at.expander if GRID_TITLE in e.label)


def test_the_replayer_shows_the_range_with_a_hostile_name_as_text(app: Callable[..., AppTest]) -> None:
    phh = _lesson_phh().replace('"Dario"', '"**Dario**<img src=x onerror=alert(1)>"')
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", phh.encode(), "text/plain").run()
    for _ in range(20):
        comment = [b for b in at.button if b.key and b.key.startswith("replay.comment.")]
        if comment:
            break
        at.button(key="replay.next").click().run()
    comment[0].click().run()
    assert not at.exception
    labels, grids = _grids(at)
    assert labels and grids
    [dario] = [x for x in labels if "Dario" in x]
    assert "\\*\\*Dario\\*\\*\\<img" in dario  # escaped for the expander's Markdown
    assert all("<img" not in g for g in grids)
