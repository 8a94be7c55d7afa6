"""Glossario: the terms of DESIGN.md §4 with definitions, searchable, linked to their lesson."""

from __future__ import annotations

import streamlit as st

from coach.feedback.refusals import RULE_TITLES
from coach.ui import state
from coach.ui.glossary import GLOSSARY, WARNINGS
from coach.ui.lessons import course
from coach.ui.navigation import target
from coach.ui.widgets import page_header


def _lesson_of_rule() -> dict[str, tuple[str, str]]:
    """Rule id -> (lesson id, "N. title") of the first lesson that teaches it."""
    out: dict[str, tuple[str, str]] = {}
    try:
        for lesson in course(state.settings().locale):
            for rule in lesson.rules:
                out.setdefault(rule, (lesson.id, f"{lesson.place}. {lesson.title}"))
    except Exception:  # the glossary works without the lessons
        return {}
    return out


def _all_terms() -> None:
    if "regola" in st.query_params:
        del st.query_params["regola"]


def render() -> None:
    t = state.tr()
    page_header(t("Glossary"), t("The words of the poker table, as this app uses them."))
    rule = (st.query_params.get("regola") or "").strip().upper()
    if rule and not any(term.rule == rule for term in GLOSSARY):
        st.warning(t("No term of the glossary belongs to the rule «{rule}».", rule=rule[:8]),
                   icon=":material/link_off:")
        rule = ""
    if rule:
        # «Regola R09» in a coach's explanation links here: the rule's words first.
        title = RULE_TITLES.get(rule)
        st.info(t("Rule {rule}", rule=rule) + (": " + t(title) if title else ""), icon=":material/gavel:")
        st.button(t("Show every term"), key="glossary_all", on_click=_all_terms, icon=":material/list:")
    wanted = (st.query_params.get("cerca") or "").strip()[:100]
    if wanted and st.session_state.get("glossary_from") != wanted:
        # A term linked from a coach's explanation (coach.ui.termlinks): the search starts there.
        st.session_state["glossary_query"] = wanted
        st.session_state["glossary_from"] = wanted
    query = st.text_input(t("Search the glossary"), key="glossary_query", max_chars=100,
                          placeholder=t("e.g. side pot")).strip().lower()
    for w in WARNINGS:
        st.warning(t(w), icon=":material/warning:")
    lessons = _lesson_of_rule()
    shown = 0
    for term in GLOSSARY:
        name, definition = t(term.term), t(term.definition)
        if rule and term.rule != rule:
            continue
        if query and query not in name.lower() and query not in definition.lower():
            continue
        shown += 1
        tag = " · " + t("rule {rule}", rule=term.rule) if term.rule else ""
        st.markdown(f"**{name}**{tag}  \n{definition}")
        if term.rule in lessons:
            lesson_id, title = lessons[term.rule]
            st.page_link(target("lezioni"), label=t("Lesson {title}", title=title),
                         icon=":material/school:", query_params={"lezione": lesson_id})
    if not shown:
        st.info(t("No term matches \"{query}\".", query=query))
