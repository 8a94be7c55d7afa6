"""A guard around one Streamlit widget that a crafted client can crash (issue 20).

Streamlit 1.67 turns the value a browser sends for a whole-number ``st.number_input`` into an
``int`` before it checks the bounds: ``inf`` or ``nan`` sent over the websocket raise
``OverflowError``/``ValueError`` inside Streamlit, before any callback of ours runs, and the
sender's page shows a crash. Float inputs already fall back to their default for a non-finite
value; :func:`guard_number_inputs` gives whole-number inputs the same rule (a non-finite value
reads as «nothing sent», so the widget keeps its default and the page's own checks say the rest).
Installed once per process by :func:`coach.ui.app.run`; remove it when Streamlit checks first.
"""

from __future__ import annotations

import math
from typing import Any

from streamlit.elements.widgets.number_input import NumberInputSerde

_MARK = "_coach_finite_only"


def guard_number_inputs() -> None:
    """Make every ``st.number_input`` read a non-finite value from the browser as no value (idempotent)."""
    original = NumberInputSerde.deserialize
    if getattr(original, _MARK, False):
        return

    def deserialize(self: NumberInputSerde, ui_value: Any) -> Any:
        if isinstance(ui_value, float) and not math.isfinite(ui_value):
            ui_value = None
        return original(self, ui_value)

    setattr(deserialize, _MARK, True)
    NumberInputSerde.deserialize = deserialize  # type: ignore[method-assign]
