"""Hostile names are inert text (AppTest): the teacher's pupil buttons and results, the phone, the
Replayer's narration and table.

AppTest gives the Markdown *source* of each element; markdown-it-py (CommonMark + GFM tables)
renders it as a browser would see its structure: no <img>, no <a>, no emphasis, and the text of
each name exactly as typed. The browser test (tests/e2e) checks the real page and its requests.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from coach.textsafe import FSI, PDI, WORD_JOINER

from .helpers import ROOT, goto, texts
from .test_live_class import SPOT, _pasted_phh, _teacher_poses, pupil, teacher_with_class

MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])
# Protocol-relative (the page's http:), so that they fit in a pupil's 24 characters.
IMAGE = "![](//127.0.0.1:9/x.png)"
LINK = "[Anna](//127.0.0.1:9/a)"
LATEX = "$\\huge\\text{ANNA}$"
STARS = "**Bruno**"
RLO = "\u202eannA"  # shows «Anna» reversed from here to the end of the line, unless stripped


def structure(markdown: str) -> set[str]:
    """The HTML elements ``markdown`` makes."""
    return set(re.findall(r"<(\w+)", MD.render(markdown)))


def text_of(fragment: str) -> str:
    """The text a reader sees of an HTML fragment, without invisible marks."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return " ".join("".join(c for c in text if c not in (FSI, PDI, WORD_JOINER)).split())


def shown(markdown: str) -> str:
    """What a reader sees of ``markdown``."""
    return text_of(MD.render(markdown))


def test_hostile_pupil_names_are_text_on_the_teachers_page(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    names = [IMAGE, LINK, LATEX, STARS]
    phones = [pupil(app, code, name, f"ABCD-{2345 + i}") for i, name in enumerate(names)]
    # the phone greets its pupil with the name as text
    greeting = next(t.value for t in phones[0].title if t.value.startswith("Ciao"))
    assert structure(greeting) == {"p"} and shown(greeting) == f"Ciao {IMAGE}"
    teacher.segmented_control(key="live.teacher.view").set_value("pupils").run()
    buttons = {b.key: b for b in teacher.button if str(b.key).startswith("live.remove.")}
    assert len(buttons) == len(names)
    for b in buttons.values():  # a button's label and its tooltip are Markdown too
        assert structure(b.label) == {"p"}, b.label
        assert structure(str(b.help)) == {"p"}, b.help
    assert sorted(shown(b.label) for b in buttons.values()) == sorted(names)
    # a vote, answered by everyone, then the results table
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    teacher.button(key="live.open").click().run()
    for phone in phones:
        phone.run()
        phone.button(key="live.q1.call").click().run()
        assert not phone.exception
    teacher.run()
    teacher.button(key="live.close_vote").click().run()
    teacher.segmented_control(key="live.teacher.view").set_value("results").run()
    assert not teacher.exception
    [table] = [m.value for m in teacher.markdown if "| Alunno |" in m.value or "| Pupil |" in m.value]
    assert structure(table) <= {"table", "thead", "tbody", "tr", "th", "td"}, MD.render(table)
    cells = [text_of(c) for c in re.findall(r"<td>(.*?)</td>", MD.render(table))]
    for name in names:
        assert name in cells, (name, cells, table)
    assert "<img" not in texts(teacher) and "<a " not in texts(teacher)


def test_lookalike_and_invisible_names_cannot_join(app: Callable[..., AppTest]) -> None:
    _, code = teacher_with_class(app)
    assert "Ciao Anna" in texts(pupil(app, code, "Anna", "ABCD-2345"))
    for i, name in enumerate(["Аnna", "ANNA", "Anna\u200d", "\u202dAnna"]):
        phone = pupil(app, code, name, f"ABCD-{3000 + i}")
        assert any("è già preso" in e.value for e in phone.error), (name, [e.value for e in phone.error])
    for i, name in enumerate(["\u200b", "\u3164", "\u2800", "!!!"]):
        phone = pupil(app, code, name, f"ABCD-{4000 + i}")
        assert phone.error, name
        assert "Ciao" not in texts(phone)


def _hand(names: list[str]) -> str:
    from coach.lessons.loader import load_lessons

    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    text = lesson.hands[0].phh.to_toml()
    quoted = ", ".join('"' + n.replace("\\", "\\\\").replace('"', '\\"') + '"' for n in names)
    return re.sub(r"players = \[.*\]", "players = [" + quoted + "]", text)


def _no_hostile_markdown(at: AppTest) -> None:
    """No Markdown element on the page makes a link or an image of a name, or shows an RLO."""
    for el in [*at.markdown, *at.caption, *at.title, *at.header, *at.subheader, *at.error, *at.info,
               *at.success, *at.warning]:
        out = MD.render(el.value)
        assert 'src="//127.0.0.1' not in out and 'href="//127.0.0.1' not in out, el.value
        assert "<strong>Bruno</strong>" not in out and "\u202e" not in out, el.value
    for b in at.button:
        assert "<img" not in MD.render(b.label) and "<a " not in MD.render(b.label), b.label


def test_hostile_player_names_are_text_in_the_replayer(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", _hand([IMAGE, LINK, RLO, STARS]).encode(),
                                               "text/plain").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    said = ""
    for _ in range(40):  # every step: the narration, «Prossima azione: ...», the table
        _no_hostile_markdown(at)
        said += "\n".join(m.value for m in at.markdown if m.value.startswith("Prossima azione"))
        nxt = next(b for b in at.button if b.key == "replay.next")
        if nxt.disabled:
            break
        nxt.click().run()
        assert not at.exception
    assert "Fine della mano." in texts(at)
    assert "\\*\\*Bruno\\*\\*" in said  # the next action named, its name escaped
    narration = "\n".join(h.value for h in at.get("html"))
    assert 'src="//127.0.0.1' not in narration and 'href="//127.0.0.1' not in narration
    assert html.escape(IMAGE) in narration  # escaped, shown as typed
    # the RLO is gone and the name is isolated: it cannot reverse the rest of the line
    assert "\u202e" not in narration
    assert FSI + "annA" + PDI in narration


def test_hostile_player_names_of_a_pasted_hand_on_the_projector_and_the_phone(
        app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    phone = pupil(app, code, "Anna", "KQMX-4727")
    _teacher_poses(teacher, "phh")
    hostile = re.sub(r"players = \[.*\]", 'players = ["' + '", "'.join([LINK, STARS, IMAGE, "Dario"]) + '"]',
                     _pasted_phh(4))
    teacher.text_area(key="live.paste.text").input(hostile).run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception and teacher.session_state["live.teacher.point"] == 4
    # the decision list (a selectbox: plain text) names the player as written
    assert f"Azione 5 (preflop): tocca a {IMAGE}" in teacher.selectbox(key="live.teacher.point").options
    teacher.button(key="live.open").click().run()
    assert not teacher.exception
    _no_hostile_markdown(teacher)
    assert any(shown(m.value) == f"Tocca a te: sei {IMAGE}" for m in teacher.markdown), \
        [m.value for m in teacher.markdown]
    phone.run()
    _no_hostile_markdown(phone)
    asked = [m.value for m in phone.markdown]
    assert any(shown(m) == f"Che cosa fa {IMAGE}?" for m in asked), asked
    table = "\n".join(h.value for h in phone.get("html"))
    assert html.escape(IMAGE) in table and 'src="//127.0.0.1' not in table
