"""Typed accessors over ``st.session_state`` and the cached shared resources.

Pages never poke at raw session keys: they read :func:`settings`, change them
through :func:`update_settings` (which also saves them in the learner's
profile, so a browser refresh or an app restart keeps them), and get the
session's translator from :func:`tr`. The progress store is one
``st.cache_resource`` per database URL: shared by every session, never mutated
(the engine's connection pool is thread-safe).
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal, TypeVar, cast

import streamlit as st

from coach.i18n import SUPPORTED_LOCALES, Translator, get_translator
from coach.persistence import ENV_URL, Store, clean_profile_name, default_database_url

FeedbackTiming = Literal["decision", "hand_end"]
SETTINGS_KEY = "coach.settings"
T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    """The learner's choices (Impostazioni)."""

    locale: str = "it"
    four_colour: bool = False
    feedback_timing: FeedbackTiming = "decision"
    profile: str = "Ospite"
    classroom: bool = False


def database_url() -> str:
    """Env var first, then Streamlit secrets (``database_url``), then SQLite by default."""
    if os.environ.get(ENV_URL, "").strip():
        return default_database_url()
    try:
        secret = st.secrets.get("database_url")
    except Exception:  # no secrets file at all: Streamlit raises rather than returning None
        secret = None
    if isinstance(secret, str) and secret.strip():
        return secret.strip()
    return default_database_url()


@st.cache_resource(show_spinner=False)
def _store(url: str) -> Store:
    return Store(url)


def store() -> Store:
    """The shared progress store for this app's database URL."""
    return _store(database_url())


def _from_prefs(base: Settings, prefs: dict[str, Any]) -> Settings:
    locale = prefs.get("locale", base.locale)
    timing = prefs.get("feedback_timing", base.feedback_timing)
    return replace(
        base,
        locale=locale if locale in SUPPORTED_LOCALES else base.locale,
        four_colour=bool(prefs.get("four_colour", base.four_colour)),
        feedback_timing=timing if timing in ("decision", "hand_end") else base.feedback_timing,
    )


def settings() -> Settings:
    """The session's settings, loaded once from the default profile's preferences."""
    current = st.session_state.get(SETTINGS_KEY)
    if isinstance(current, Settings):
        return current
    base = Settings()
    try:
        base = _from_prefs(base, store().preferences(base.profile))
    except Exception:  # an unreachable database must not stop the lessons
        st.session_state["coach.db_error"] = True
    st.session_state[SETTINGS_KEY] = base
    return base


def update_settings(**changes: Any) -> Settings:
    """Change some settings; switching profile loads that profile's preferences."""
    old = settings()
    if "profile" in changes:
        changes["profile"] = clean_profile_name(str(changes["profile"]))
    new = replace(old, **changes)
    if new.profile != old.profile:
        try:
            new = _from_prefs(new, store().preferences(new.profile))
        except Exception:
            st.session_state["coach.db_error"] = True
    else:
        prefs = {k: v for k, v in asdict(new).items() if k in ("locale", "four_colour", "feedback_timing")}
        try:
            store().save_preferences(new.profile, prefs)
        except Exception:
            st.session_state["coach.db_error"] = True
    st.session_state[SETTINGS_KEY] = new
    return new


def tr() -> Translator:
    """The translator for the session's language."""
    return get_translator(settings().locale)


def get(key: str, default: T) -> T:
    """A page's own session value under a namespaced key, created on first use."""
    return cast(T, st.session_state.setdefault(key, default))


def put(key: str, value: object) -> None:
    st.session_state[key] = value


def classroom() -> bool:
    """Projector layout: the setting, or ``?aula=1`` in a shared link."""
    flag = st.query_params.get("aula")
    if flag is not None:
        return flag not in ("0", "false", "no")
    return settings().classroom
