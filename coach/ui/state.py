"""Typed accessors over ``st.session_state`` and the cached shared resources.

Pages never poke at raw session keys: they read :func:`settings`, change them
through :func:`update_settings` (which also saves them in the learner's
profile, so a browser refresh or an app restart keeps them), and get the
session's translator from :func:`tr`. The progress store is one
``st.cache_resource`` per database URL: shared by every session, never mutated
(the engine's connection pool is thread-safe).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, tzinfo
from typing import Any, Literal, TypeVar, cast
from urllib.parse import quote, unquote

import streamlit as st

from coach.errors import CoachError, InvalidInput
from coach.habit import clamp_goal
from coach.i18n import SUPPORTED_LOCALES, Message, Translator, get_translator
from coach.persistence import ENV_URL, Store, clean_profile_name, default_database_url
from coach.textsafe import md_text

FeedbackTiming = Literal["decision", "hand_end"]
SETTINGS_KEY = "coach.settings"
PROFILE_KEY = "coach.profile"  # this session's profile before the settings are loaded (tests set it)
PROFILE_COOKIE = "coach_profile"
PREFERENCES = ("locale", "four_colour", "feedback_timing", "letter_shortcuts", "daily_goal")
DB_ERROR = "coach.db_error"  # why the last store call failed (a Message): «progressi non salvati»
T = TypeVar("T")

# A guest profile code: four letters and four digits, without look-alikes (I/O/L, 0/1),
# short enough to type on another device ("KQMX-4727").
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
_CODE_DIGITS = "23456789"
GUEST_CODE = re.compile(r"^[A-Z]{4}-[0-9]{4}$")


def new_guest_code() -> str:
    """A random profile code for a browser that has none yet."""
    return ("".join(secrets.choice(_CODE_LETTERS) for _ in range(4)) + "-"
            + "".join(secrets.choice(_CODE_DIGITS) for _ in range(4)))


def is_guest_code(profile: str) -> bool:
    return GUEST_CODE.match(profile) is not None


def normalise_profile(name: str) -> str:
    """A typed profile name; a guest code is accepted in any case ("kqmx-4727").

    Raises :class:`InvalidInput` for a name the store refuses (longer than 60
    characters, a control character): it is never cut into somebody else's name.
    """
    cleaned = clean_profile_name(name)
    return cleaned.upper() if is_guest_code(cleaned.upper()) else cleaned


def profile_label(profile: str, t: Translator) -> str:
    """How a profile is named on screen, as Markdown: a guest code as "ospite KQMX-4727", a name as
    typed, shown as text (:func:`coach.textsafe.md_text`; every caller puts it in Markdown)."""
    return t("guest {code}", code=profile) if is_guest_code(profile) else md_text(profile)


@dataclass(frozen=True)
class Settings:
    """The learner's choices (Impostazioni)."""

    locale: str = "it"
    four_colour: bool = False
    feedback_timing: FeedbackTiming = "decision"
    profile: str = "Ospite"
    classroom: bool = False
    # Single-letter shortcuts (F folds!) act without a modifier: off unless the learner
    # turns them on (WCAG 2.1.4). Arrows, Home and End for the steps always work.
    letter_shortcuts: bool = False
    daily_goal: int = 10  # decisions a day (coach.habit)


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
    """The shared progress store for this app's database URL (StoreError if it cannot be made)."""
    return _store(database_url())


def save(action: Callable[[Store], T]) -> T | None:
    """A write to the store; if it fails the learner goes on and the page says why.

    Every failure of the store is a :class:`coach.errors.StoreError` (or an
    ``InvalidInput`` for an argument it refuses): its reason is kept in the session
    and :func:`coach.ui.widgets.db_notice` shows «progressi non salvati» with it. A
    write that succeeds clears the notice: the database is back.
    """
    try:
        result = action(store())
    except CoachError as err:
        st.session_state[DB_ERROR] = err.message
        return None
    st.session_state.pop(DB_ERROR, None)
    return result


def load(action: Callable[[Store], T], default: T) -> T:
    """A read from the store, or ``default`` when the database fails (the notice says so)."""
    try:
        return action(store())
    except CoachError as err:
        st.session_state[DB_ERROR] = err.message
        return default


def db_problem() -> Message | None:
    """Why progress is not being saved, if it is not."""
    value = st.session_state.get(DB_ERROR)
    return value if isinstance(value, Message) else None


def _from_prefs(base: Settings, prefs: dict[str, Any]) -> Settings:
    locale = prefs.get("locale", base.locale)
    timing = prefs.get("feedback_timing", base.feedback_timing)
    return replace(
        base,
        locale=locale if locale in SUPPORTED_LOCALES else base.locale,
        four_colour=bool(prefs.get("four_colour", base.four_colour)),
        feedback_timing=timing if timing in ("decision", "hand_end") else base.feedback_timing,
        letter_shortcuts=bool(prefs.get("letter_shortcuts", base.letter_shortcuts)),
        daily_goal=clamp_goal(prefs.get("daily_goal", base.daily_goal)),
    )


def browser_profile() -> str:
    """This browser's profile: the one its cookie names, else a new guest code.

    Every browser gets its own profile by default (its decisions, bookmark and
    language are nobody else's); the code is kept in a cookie by
    :func:`profile_cookie_script`, and the learner may replace it with a name or
    type it on another device in Impostazioni.
    """
    given = st.session_state.get(PROFILE_KEY)
    if isinstance(given, str) and given:
        return given
    try:
        raw = st.context.cookies.get(PROFILE_COOKIE)
    except Exception:  # no browser (a bare script run): a guest code
        raw = None
    if not isinstance(raw, str):  # no cookie (AppTest's stand-in client has no real ones either)
        raw = None
    try:
        name = normalise_profile(unquote(raw)) if raw else ""
    except InvalidInput:  # a cookie the store would refuse (too long): this browser starts afresh
        name = ""
    if not raw or not name:
        name = new_guest_code()
    st.session_state[PROFILE_KEY] = name
    return name


def cookie_script(name: str, value: str, *, max_age: int = 31536000) -> str:
    """A script that sets one cookie of this site (``max_age`` seconds; 0 deletes it).

    ``st.context.cookies`` reads cookies; nothing in Streamlit writes one, so a tiny
    script does. The name and value are JSON-encoded and the value URL-quoted, so no
    text can break out of the string. A script-written cookie cannot be HttpOnly:
    what makes a cookie of ours a credential is its signature (coach/signing.py).
    """
    return ("<script>document.cookie = " + json.dumps(name + "=") + " + "
            + json.dumps(quote(value, safe="")) + " + "
            + json.dumps(f"; path=/; max-age={int(max_age)}; samesite=lax") + ";</script>")


def profile_cookie_script() -> str:
    """The script that keeps this browser's profile in its cookie (a year, this site only).

    ``st.context.cookies`` reads cookies; nothing in Streamlit writes one, so a
    tiny script does. Its only input is the profile name, JSON-encoded and
    URL-quoted, so no text of the learner's can break out of the string.
    """
    value = json.dumps(quote(settings().profile, safe=""))
    return ("<script>document.cookie = " + json.dumps(PROFILE_COOKIE + "=") + " + " + value
            + ' + "; path=/; max-age=31536000; samesite=lax";</script>')


def settings() -> Settings:
    """The session's settings, loaded once from this browser's profile preferences."""
    current = st.session_state.get(SETTINGS_KEY)
    if isinstance(current, Settings):
        return current
    base = Settings(profile=browser_profile())
    # An unreachable database must not stop the lessons: the defaults, and the notice.
    base = _from_prefs(base, load(lambda db: db.preferences(base.profile), {}))
    st.session_state[SETTINGS_KEY] = base
    return base


def update_settings(**changes: Any) -> Settings:
    """Change some settings; switching profile loads that profile's preferences."""
    old = settings()
    if "profile" in changes:
        changes["profile"] = normalise_profile(str(changes["profile"]))  # InvalidInput: the page says why
        st.session_state[PROFILE_KEY] = changes["profile"]
    new = replace(old, **changes)
    if new.profile != old.profile:
        new = _from_prefs(new, load(lambda db: db.preferences(new.profile), {}))
        for key in [k for k in st.session_state if str(k).startswith("lesson.restored")]:
            del st.session_state[key]  # the new profile's lesson answers come from the database
    else:
        prefs = {k: v for k, v in asdict(new).items() if k in PREFERENCES}
        save(lambda db: db.save_preferences(new.profile, prefs))
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


def learner_tz() -> tzinfo:
    """The learner's time zone, as the browser gives it (UTC if it says nothing or is unknown)."""
    from zoneinfo import ZoneInfo

    try:
        name = st.context.timezone
        return ZoneInfo(name) if name else UTC
    except Exception:  # an unknown or missing zone name, or no browser (a bare script run)
        return UTC


def classroom() -> bool:
    """Projector layout: the setting, or ``?aula=1`` in a shared link."""
    flag = st.query_params.get("aula")
    if flag is not None:
        return flag not in ("0", "false", "no")
    return settings().classroom
