"""Builds the navigation and runs the selected page (placeholder until the UI lands)."""

from __future__ import annotations

import streamlit as st

from coach.i18n import get_translator


def run() -> None:
    t = get_translator("it")
    st.set_page_config(page_title="Il Coach di Texas Hold'em", page_icon="♠", layout="wide")
    st.title(t("Texas Hold'em Coach"))
