"""Who may use the live class, on the teacher's page: creating a class within the limits, closing
and reopening joins, removing pupils (blocked for that class) and letting one back in.

Every write carries the teacher's secret for the class (:func:`coach.ui.live.common.teacher_key`):
the store refuses it without, whatever the page shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import streamlit as st

from coach.errors import CoachError
from coach.i18n import NN_, Translator
from coach.live import CLASS_OPEN, MAX_PUPILS, create_buckets
from coach.store import Store
from coach.store.records import ClassLimit, ClassSnapshot, LiveClass, LivePupil
from coach.ui import inputs, state
from coach.ui.live import common

CREATE_PROBLEM = "live.teacher.create_problem"  # why the last «Crea la classe» was refused (translated)
SELECTED = "live.teacher.selected"  # the pupils' ids ticked for removal


def create_admitted(create: Callable[[Store], LiveClass]) -> LiveClass | None:
    """Create a class within the limits: this connection's (and address's) creations per hour and
    the teacher's open classes (:class:`ClassLimit` names the ones to end first). After a class is
    made, the store's hourly sweep deletes the classes ended long ago (a teacher's click, never a
    pupil's: the purge may take a moment)."""
    t = state.tr()
    st.session_state.pop(CREATE_PROBLEM, None)
    buckets = create_buckets(common.connection_id(), state.client_address())

    def attempt(db: Store) -> LiveClass | None:
        refused = db.take_all(buckets)
        if refused is not None:
            minutes = max(1, math.ceil(refused.wait_s() / 60))
            st.session_state[CREATE_PROBLEM] = t.counted(CREATE_WAIT, n=minutes)
            return None
        try:
            return create(db)
        except ClassLimit as err:
            st.session_state[CREATE_PROBLEM] = err.localized(t)
            return None

    created = state.save(attempt)
    if created is not None:
        try:
            state.store().sweep_classes()
        except CoachError:  # the purge waits for the next hour; the class is made
            pass
    return created


def reopen(action: Callable[[Store], bool]) -> bool:
    """Reopen a class ended by mistake; past the open classes' limit, :class:`ClassLimit` says which
    classes to end first (shown where a refused «Crea la classe» is)."""
    t = state.tr()
    st.session_state.pop(CREATE_PROBLEM, None)

    def attempt(db: Store) -> bool:
        try:
            return action(db)
        except ClassLimit as err:
            st.session_state[CREATE_PROBLEM] = err.localized(t)
            return False

    return bool(state.save(attempt))


CREATE_WAIT = NN_("Too many classes created from this browser: wait {n} minute and try again.",
                  "Too many classes created from this browser: wait {n} minutes and try again.")


def create_problem(t: Translator) -> None:
    problem = st.session_state.get(CREATE_PROBLEM)
    if isinstance(problem, str):
        st.error(problem, icon=":material/error:")


def admission(cls: LiveClass, snap: ClassSnapshot, t: Translator) -> None:
    """«Chiudi le iscrizioni» / «Riapri le iscrizioni», removing several pupils at once, and the names
    removed (blocked for this class) with a way to let one in again."""
    key = common.teacher_key(cls.code)
    if cls.state(snap.now) == CLASS_OPEN:
        if cls.joins_closed:
            st.warning(t("Joins are closed: nobody new can join this class."), icon=":material/lock:")
            st.button(t("Reopen joins"), key="live.joins.open", on_click=_on_joins,
                      args=(cls.code, cls.id, False), icon=":material/lock_open:")
        else:
            st.button(t("Close joins"), key="live.joins.close", on_click=_on_joins,
                      args=(cls.code, cls.id, True), icon=":material/lock:",
                      help=t("Pupils already in stay in; nobody new can join."))
    size_key = f"live.size.{cls.id}"
    if size_key not in st.session_state:
        st.session_state[size_key] = cls.max_pupils
    st.number_input(t("Pupils at most"), min_value=1, max_value=MAX_PUPILS, step=1, key=size_key,
                    on_change=_on_size, args=(cls.code, cls.id, size_key),
                    help=t("Nobody new joins beyond this number; pupils already in stay in."))
    pupils = state.load(lambda db: db.class_pupils(cls.id, key), None) or list[LivePupil]()
    names = {p.id: p.name for p in pupils}
    if names:
        picked = st.session_state.get(SELECTED)
        if isinstance(picked, list):  # a pupil removed meanwhile is no longer an option
            st.session_state[SELECTED] = [i for i in picked if i in names]
        st.multiselect(t("Pupils to remove"), list(names), key=SELECTED, format_func=names.__getitem__,
                       placeholder=t("choose one or more names"))
        st.button(t("Remove the chosen pupils"), key="live.remove_many", on_click=_on_remove_many,
                  args=(cls.code, cls.id), icon=":material/group_remove:",
                  disabled=not st.session_state.get(SELECTED))
    removed = state.load(lambda db: db.removed_pupils(cls.id, key), list[LivePupil]())
    if removed:
        with st.expander(t.counted(REMOVED, n=len(removed))):
            st.caption(t("A removed name cannot join this class again, and its phone is out. "
                         "Press a name to let it join again."))
            with st.container(horizontal=True, gap="small"):
                for p in removed:
                    st.button(p.name, key=f"live.unblock.{p.id}", icon=":material/undo:",
                              on_click=_on_unblock, args=(cls.code, cls.id, p.id))


REMOVED = NN_("{n} name removed", "{n} names removed")


def _on_size(code: str, class_id: int, size_key: str) -> None:
    size = inputs.whole(st.session_state.get(size_key), 1, MAX_PUPILS)
    if size is None:
        return
    key = common.teacher_key(code)
    state.save(lambda db: db.set_class_size(class_id, key, size))


def _on_joins(code: str, class_id: int, closed: bool) -> None:
    key = common.teacher_key(code)
    state.save(lambda db: db.set_joins_closed(class_id, key, closed))


def _on_remove_many(code: str, class_id: int) -> None:
    ids = [i for i in st.session_state.get(SELECTED) or [] if isinstance(i, int) and not isinstance(i, bool)]
    key = common.teacher_key(code)
    state.save(lambda db: db.remove_pupils(class_id, ids, key))
    st.session_state[SELECTED] = []


def _on_unblock(code: str, class_id: int, pupil_id: int) -> None:
    key = common.teacher_key(code)
    state.save(lambda db: db.unblock_pupil(class_id, pupil_id, key))
