"""Folded content drawn only when the learner opens it.

A plain ``st.expander`` runs its content at every rerun, open or not, and sends it to the
browser: under a lesson's verdict that was the coach's numbers, the equity chart and a 13x13
range grid per opponent (169 numbers formatted by Babel each) at every ▶ or ◀ of the hand,
about half of a step's server CPU for a box the learner had not opened (issue 28). Streamlit
1.67's expander can track its state (``on_change="rerun"``: opening it reruns the page and
``.open`` says so), so the content is built only while it is shown. The price is one rerun when
the learner opens or closes the box, instead of the content at every click.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit.delta_generator import DeltaGenerator


@contextmanager
def folded(label: str, key: str | None, *, icon: str | None = None,
           expanded: bool = False) -> Iterator[DeltaGenerator | None]:
    """An expander whose body the caller draws only when it yields a container (None: folded).

    ``key`` must be unique on the page; it also keeps the box open across the page's reruns. With
    no key the expander is the plain one, its content always drawn (a page that shows several
    verdicts in a list, where a key per item is not worth it).
    """
    if key is None:
        with st.expander(label, expanded=expanded, icon=icon) as box:
            yield box
        return
    box = st.expander(label, expanded=expanded, icon=icon, key=key, on_change="rerun")
    if not box.open:
        yield None
        return
    with box:
        yield box
