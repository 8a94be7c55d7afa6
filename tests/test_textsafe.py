"""Names as text: md_text shows exactly the characters, isolate bounds their direction, the skeleton
finds lookalikes.

The Markdown check renders with markdown-it-py (CommonMark, plus GFM tables and strikethrough), then
applies, to the rendered text, the transforms Streamlit 1.67's Markdown runs on text nodes after the
escapes are resolved (emoji and material shortcodes, literal autolinks): none may match.
"""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from coach.i18n import Message, get_translator, user_params
from coach.textsafe import FSI, PDI, WORD_JOINER, UserText, escape_markdown, isolate, md_text, skeleton

MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])
# Streamlit's text-node transforms (from its StreamlitMarkdown bundle and remark-emoji).
SHORTCODE = re.compile(r":\+1:|:-1:|:[\w-]+:")
MATERIAL = re.compile(r":material[_/](\w+):")
AUTOLINK = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE)
EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)")
DIRECTIVE = re.compile(r":[a-z-]+\[")
HOSTILE = [
    "![](//host/b)", "![x](http://127.0.0.1:9/x.png)", "[Anna](//x.example/a)", "$\\huge\\text{ANNA}$",
    "**Anna**", "_Anna_", "~~Anna~~", "`Anna`", "# Anna", "- Anna", "1. Anna", "2) Anna", "> Anna",
    "<img src=x onerror=alert(1)>", "<b>Anna</b>", "&amp;", "&#60;b&#62;", ":red[Anna]", ":smile:",
    ":material/home:", ":streamlit:", "www.example.com", "http://x.example/a", "anna@example.com",
    "| a | b |", "Anna\\", "\\*Anna\\*", "---", "===", "$$x$$", "[a]: http://x", "<http://x>",
]


def rendered(markdown: str) -> str:
    """What a reader sees of ``markdown``: its HTML's text, without the invisible marks we add."""
    out = MD.render(markdown)
    text = html.unescape(re.sub(r"<[^>]+>", "", out)).strip()
    return "".join(c for c in text if c not in (FSI, PDI, WORD_JOINER))


def visible(text: str) -> str:
    """The text as md_text promises to show it: one line, no bidi controls (isolate), without the
    invisible marks (a word joiner the text had itself is as invisible as ours)."""
    return "".join(c for c in isolate(text) if c not in (FSI, PDI, WORD_JOINER))


def check_inert(text: str) -> None:
    source = md_text(text)
    out = MD.render(source)
    tags = set(re.findall(r"<(\w+)", out))
    assert tags <= {"p"}, (text, source, out)  # no <a>, <img>, <em>, <code>, <h1>, <li>, <table>...
    assert rendered(source) == visible(text), (text, source)
    shown = html.unescape(re.sub(r"<[^>]+>", "", out))
    for pattern in (SHORTCODE, MATERIAL, AUTOLINK, EMAIL, DIRECTIVE):
        assert not pattern.search(shown), (text, pattern.pattern, shown)
    # LaTeX: remark-math ignores an escaped dollar; every dollar must be escaped.
    assert not re.search(r"(?<!\\)\$", source.replace("\\\\", "")), source


@pytest.mark.parametrize("text", HOSTILE)
def test_each_hostile_name_renders_as_its_own_characters(text: str) -> None:
    check_inert(text)


def test_hostile_names_were_markdown_before_escaping() -> None:
    """The checks above can fail: unescaped, these names make links, images and emphasis."""
    assert "<img" in MD.render("![](//host/b)")
    assert "<a " in MD.render("[Anna](//x.example/a)")
    assert "<strong>" in MD.render("**Anna**")
    assert SHORTCODE.search(rendered(escape_markdown(":smile:").replace(WORD_JOINER, "")))


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40))
def test_any_text_renders_as_exactly_its_characters(text: str) -> None:
    check_inert(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="\\`*_~[]()!|<>&$#:@-+=.1 aw/\n\t{}\"'", max_size=30))
def test_any_markdown_punctuation_renders_literally(text: str) -> None:
    check_inert(text)


def test_an_rlo_cannot_reverse_the_rest_of_the_line() -> None:
    name = "\u202eannA"
    shown = isolate(name)
    assert "\u202e" not in shown
    assert shown == FSI + "annA" + PDI
    line = get_translator("it").render(Message("{name} folds.", {"name": UserText(name)}))
    assert line.startswith(FSI + "annA" + PDI) and "\u202e" not in line


def test_right_to_left_names_are_isolated_and_latin_ones_left_alone() -> None:
    assert isolate("أحمد") == FSI + "أحمد" + PDI
    assert isolate("Anna") == "Anna" and md_text("Anna Maria") == "Anna Maria"
    assert md_text("Prof. Rossi") == "Prof. Rossi"


def test_the_translator_escapes_user_text_only_for_markdown() -> None:
    t = get_translator("it")
    msg = Message("{name} folds.", {"name": UserText("**Bob**")})
    assert t.render(msg) == "**Bob** folda."  # plain text and HTML sinks (escaped there)
    assert t.md(msg) == "\\*\\*Bob\\*\\* folda."
    assert t.md("**{n}**", n=3) == "**3**"  # the template is ours: its Markdown stays
    assert t.for_markdown.render(msg) == t.md(msg)


def test_user_params_marks_every_text_parameter_of_an_error() -> None:
    msg = Message("the field 'players' has the name '{name}' ({limit})", {"name": "![](//h/b)", "limit": 40})
    marked = user_params(Message("{sentence}", {"sentence": msg}))
    shown = get_translator("en").md(marked)
    assert "![" not in shown and "\\!\\[\\]" in shown and "40" in shown


@pytest.mark.parametrize(("a", "b"), [
    ("Аnna", "Anna"), ("ΑΝΝΑ", "ANNA"), ("Ａnna", "Anna"), ("1ucia", "lucia")])
def test_lookalikes_share_a_skeleton(a: str, b: str) -> None:
    assert a != b
    assert skeleton(a) == skeleton(b)


def test_different_names_keep_different_skeletons() -> None:
    assert skeleton("Anna") != skeleton("Anne")
    assert skeleton("**Anna**") != skeleton("Anna")
