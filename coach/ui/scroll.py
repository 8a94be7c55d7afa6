"""Bring a part of the page into view: the practice table at each decision, a lesson's table later.

Streamlit keeps the page where the learner left it after a rerun, so a hand that grows the page
(the coach's comments, the result) leaves the table and its buttons below the fold or above it.
:func:`scroll_to` asks the browser to scroll the container made with ``st.container(key=key)``
into view. The script runs when its element is first drawn or its ``token`` changes: pass a token
that names the moment (the hand and the decision), and a rerun at the same moment (an expander
opened, a chart hovered) never pulls the page away from where the learner scrolled.
"""

from __future__ import annotations

import json
import re
from typing import Literal

import streamlit as st

_KEY = re.compile(r"[A-Za-z0-9_-]{1,80}")
# Look again at 0.3, 0.7 and 1.5 s: scroll while the element is out of the window (no "<" before a
# letter: see scroll_to).
_SETTLE = ("[300,700,1500].forEach(function(ms){setTimeout(function(){var r=el.getBoundingClientRect();"
           "if(r.top < 0 || r.bottom > window.innerHeight){"
           "el.scrollIntoView({block:BLOCK,behavior:'instant'});}"
           "},ms);});")


def scroll_to(key: str, token: str, *, block: Literal["start", "center", "end", "nearest"] = "start",
              settle: bool = False) -> None:
    """Scroll the container ``st.container(key=key)`` into view, once per ``token``.

    ``key`` is a container key of the page (letters, digits, ``_`` and ``-``); ``token`` any text
    (it is written into the page as JSON, never as markup). Draws an element of no height.
    ``settle``: look again for a second and a half and scroll again while the element is out of
    view (Streamlit removes the previous run's elements, the buttons a verdict replaces, only at the
    end of the run: the page shifts under an element scrolled into view too early).
    """
    if not _KEY.fullmatch(key):
        raise ValueError(f"not a container key: {key!r}")
    selector = json.dumps(f".st-key-{key}")
    mark = json.dumps(str(token)).replace("<", "\\u003c")
    where = json.dumps(block)
    # The element may not be drawn yet when the script runs (Streamlit draws the page in steps):
    # try again for a short while. ``scrollMarginTop`` keeps the top clear of Streamlit's header.
    # No "<" before a letter or digit anywhere: Streamlit's sanitiser (DOMPurify) drops a script
    # whose text looks like markup ("n<40"), silently.
    script = (
        "<script>(function(){var mark=" + mark + ";var n=0;function go(){"
        "var el=document.querySelector(" + selector + ");"
        "if(el){el.style.scrollMarginTop='3.75rem';"
        "el.scrollIntoView({block:" + where + ",behavior:'instant'});"
        "el.setAttribute('data-scrolled',mark);" + (_SETTLE.replace("BLOCK", where) if settle else "") + "}"
        "else if(n++ < 40){setTimeout(go,50);}}setTimeout(go,80);})();</script>"
    )
    st.html(script, unsafe_allow_javascript=True)


TAP = "cc.tap"  # how many decision buttons this session has pressed: the token of «scroll to the answer»


def count_tap() -> None:
    """Called by every decision button (:func:`coach.ui.controls.action_panel`) before its choice."""
    st.session_state[TAP] = int(st.session_state.get(TAP, 0)) + 1


def after_tap(key: str, *, block: Literal["start", "center", "end", "nearest"] = "center") -> None:
    """Bring ``st.container(key=key)`` (the verdict, the rule's refusal) into view once after each tap
    of a decision button: on a phone the answer to a tap is drawn below the first screen, and a tap
    whose answer stays out of sight seems to do nothing. A rerun without a new tap leaves the page."""
    scroll_to(key, f"{key}:{int(st.session_state.get(TAP, 0))}", block=block, settle=True)
