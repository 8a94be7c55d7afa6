"""Placeholder until its dependencies land."""

from __future__ import annotations

import streamlit as st

from coach.ui import state
from coach.ui.widgets import page_header


def render() -> None:
    t = state.tr()
    page_header(t("Texas Hold'em Coach"))
    st.info(t("This page is not available yet."))
