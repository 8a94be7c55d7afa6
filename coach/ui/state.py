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
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, tzinfo
from typing import Any, Generic, Literal, TypeVar, cast
from urllib.parse import quote, unquote
from zoneinfo import ZoneInfo

import streamlit as st

from coach import identity, signing
from coach.errors import CoachError, InvalidInput
from coach.habit import clamp_goal
from coach.i18n import SUPPORTED_LOCALES, Message, Translator, get_translator
from coach.live import normalise_code
from coach.store import Store
from coach.store.checks import clean_display_name
from coach.store.connection import ENV_URL, default_database_url
from coach.store.devices import new_device_id
from coach.store.records import ProfileIdentity
from coach.textsafe import md_text

FeedbackTiming = Literal["decision", "hand_end"]
# "lesson": as the lesson says (coach.ui.feedbacklevel resolves it)
FeedbackLevel = Literal["lesson", "essential", "numbers"]
FEEDBACK_LEVELS: tuple[FeedbackLevel, ...] = ("lesson", "essential", "numbers")
SETTINGS_KEY = "coach.settings"
PROFILE_KEY = "coach.profile"  # this session's profile before the settings are loaded (tests set it)
DEVICE_KEY = "coach.device"  # this browser's device row (revision 0012), named by its signed cookie
DEVICE_CHECKED = "coach.device_checked"  # when the device was last found still allowed (monotonic)
COOKIE_SCRIPT_KEY = "coach.cookie_script"  # ((profile, device, day), the script): signed once a day
DEVICE_RECHECK_S = 30.0
DISCONNECTED = "coach.disconnected"  # this browser was disconnected from its profile: said once
PROFILE_COOKIE = identity.PROFILE_COOKIE
PREFERENCES = ("locale", "four_colour", "feedback_timing", "feedback_level", "letter_shortcuts", "daily_goal")
DB_ERROR = "coach.db_error"  # why the last store call failed (a Message): «progressi non salvati»
# The teacher's browser keeps the secrets of its classes (class code -> secret) in a signed cookie.
TEACHER_COOKIE = "coach_teacher"
TEACHER_COOKIE_KEY = "coach.teacher_cookie"  # the cookie's raw value, when a test plays the browser
TEACHER_KEYS = "coach.teacher_keys"  # this session's teacher secrets, class code -> secret
TEACHER_COOKIE_CLASSES = 20  # the newest classes a browser remembers (the cookie stays < 2 KB)
TEACHER_COOKIE_AGE = 30 * 24 * 3600  # seconds: the results stay readable after the class ends
DB_WRITE_FAILED = "coach.db_write_failed"  # a write failed and its notice has not been drawn yet
T = TypeVar("T")

# Transfer-code attempts (Impostazioni): a few per session, more per client address (a school
# behind one address has a class of pupils); each bucket refills one try every so many seconds.
TRANSFER_SESSION_TRIES = 5
TRANSFER_SESSION_REFILL_S = 60.0
TRANSFER_ADDRESS_TRIES = 20
TRANSFER_ADDRESS_REFILL_S = 30.0
SESSION_BUCKET_KEY = "coach.session_bucket"  # this session's random name in the rate limits


def display_label(t: Translator, *, markdown: bool = False) -> str:
    """How this browser's learner is named on screen: their display name, else «Ospite».

    Never the profile id nor anything else that could reach the profile (the sidebar
    is on the projector in a classroom). ``markdown``: for a Markdown element, the
    learner's own text escaped so it shows as typed (and isolated, U+2068/U+2069).
    """
    shown = settings().display_name
    if not shown:
        return t("Guest")
    return md_text(shown) if markdown else shown




@dataclass(frozen=True)
class Settings:
    """The learner's choices (Impostazioni)."""

    locale: str = "it"
    four_colour: bool = False
    feedback_timing: FeedbackTiming = "decision"
    feedback_level: FeedbackLevel = "lesson"
    profile: str = "Ospite"  # the store's key: a server-issued id, only ever sent signed
    display_name: str | None = None  # what the learner chose to be called; finds nothing
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


@st.cache_resource(show_spinner=False)
def _server_secret(configured: str) -> str:
    return signing.server_secret(configured=configured or None)


def _signing_secret() -> str:
    """:func:`coach.signing.server_secret` as this app configures it (the signers' one source):
    ``COACH_SECRET``, else ``coach_secret`` in Streamlit's secrets, else the data folder's file; read
    once per process and value."""
    try:
        configured = st.secrets.get("coach_secret")
    except Exception:  # no secrets file at all: Streamlit raises rather than returning None
        configured = None
    return _server_secret(configured.strip() if isinstance(configured, str) else "")


def _teacher_signer() -> signing.Signer:
    return signing.Signer(_signing_secret(), signing.PURPOSE_TEACHER)


def read_teacher_cookie(raw: object) -> dict[str, str]:
    """The class secrets a teacher cookie carries (class code -> secret); ``{}`` for a cookie
    that is missing, edited, forged or signed for another purpose (a learner's id)."""
    value = _teacher_signer().unsign(raw)
    if not isinstance(value, dict):
        return {}
    out: dict[str, str] = {}
    for code, secret in list(value.items())[-TEACHER_COOKIE_CLASSES:]:
        try:
            code = normalise_code(code)
        except InvalidInput:
            continue
        if isinstance(secret, str) and secret:
            out[code] = secret
    return out


def teacher_keys() -> dict[str, str]:
    """This browser's teacher secrets (class code -> secret), read from its cookie once a session.

    Only a secret that opened its class here (created, or a teacher link) is ever added, and the
    store checks it again on every action: the cookie is a convenience, never the authority.
    """
    keys = st.session_state.get(TEACHER_KEYS)
    if isinstance(keys, dict):
        return keys
    raw = st.session_state.get(TEACHER_COOKIE_KEY)
    if raw is None:
        try:
            raw = st.context.cookies.get(TEACHER_COOKIE)
        except Exception:  # no browser (a bare script run): no cookie
            raw = None
    keys = read_teacher_cookie(unquote(raw) if isinstance(raw, str) else None)
    st.session_state[TEACHER_KEYS] = keys
    return keys


def remember_teacher_key(code: str, secret: str) -> None:
    """Keep a class's secret in this session (the page then writes it into the cookie)."""
    keys = dict(teacher_keys())
    keys.pop(code, None)
    keys[code] = secret  # the newest last: the cookie keeps the last TEACHER_COOKIE_CLASSES
    st.session_state[TEACHER_KEYS] = dict(list(keys.items())[-TEACHER_COOKIE_CLASSES:])


def teacher_cookie_script() -> str:
    """The script that writes this session's teacher secrets into the browser's signed cookie."""
    return cookie_script(TEACHER_COOKIE, _teacher_signer().sign(teacher_keys()), max_age=TEACHER_COOKIE_AGE)


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
        st.session_state[DB_WRITE_FAILED] = True
        return None
    st.session_state.pop(DB_ERROR, None)
    st.session_state.pop(DB_WRITE_FAILED, None)
    return result


def load(action: Callable[[Store], T], default: T) -> T:
    """A read from the store, or ``default`` when the database fails (the notice says so).

    A read that succeeds clears the notice (the database is back), except the notice of a
    write that failed and has not been shown yet: the learner reads it once.
    """
    got = read(action)
    return default if got.failed else cast(T, got.value)


@dataclass(frozen=True)
class Read(Generic[T]):
    """What a read of the store gave: its value, or why the database failed (``error``).

    The live class must tell «the database did not answer» from «there is no such pupil or
    class» (both were None): a phone whose read failed keeps its question, it is not removed.
    """

    value: T | None
    error: Message | None = None

    @property
    def failed(self) -> bool:
        return self.error is not None


def read(action: Callable[[Store], T]) -> Read[T]:
    """A read from the store that says whether it failed; a success clears the notice (see :func:`load`)."""
    try:
        value = action(store())
    except CoachError as err:
        st.session_state[DB_ERROR] = err.message
        return Read(None, err.message)
    if not st.session_state.get(DB_WRITE_FAILED):
        st.session_state.pop(DB_ERROR, None)
    return Read(value)


def notice_drawn() -> None:
    """The notice of a failed write has been drawn: from now on a successful read may clear it."""
    st.session_state.pop(DB_WRITE_FAILED, None)


def db_problem() -> Message | None:
    """Why progress is not being saved, if it is not."""
    value = st.session_state.get(DB_ERROR)
    return value if isinstance(value, Message) else None


def _from_prefs(base: Settings, prefs: dict[str, Any]) -> Settings:
    locale = prefs.get("locale", base.locale)
    timing = prefs.get("feedback_timing", base.feedback_timing)
    level = prefs.get("feedback_level", base.feedback_level)
    return replace(
        base,
        locale=locale if locale in SUPPORTED_LOCALES else base.locale,
        four_colour=bool(prefs.get("four_colour", base.four_colour)),
        feedback_timing=timing if timing in ("decision", "hand_end") else base.feedback_timing,
        feedback_level=level if level in FEEDBACK_LEVELS else base.feedback_level,
        letter_shortcuts=bool(prefs.get("letter_shortcuts", base.letter_shortcuts)),
        daily_goal=clamp_goal(prefs.get("daily_goal", base.daily_goal)),
    )


def profile_signer() -> signing.Signer:
    return signing.Signer(_signing_secret(), signing.PURPOSE_PROFILE)


def browser_cookies() -> dict[str, str]:
    """The cookies the browser sent (none without a browser: a bare script run, AppTest)."""
    try:
        return dict(st.context.cookies)
    except Exception:
        return {}


def browser_profile() -> str:
    """This browser's profile: the id its signed cookie names, else a new one.

    A cookie whose signature fails names nothing: this browser starts afresh and nothing
    of the name it carried is read. The one exception is the unsigned cookie of the
    release before revision 0006, which claims its own profile once (the first browser
    to come back with it; coach.identity). The id is kept in the cookie by
    :func:`profile_cookie_script`; another device gets here only with the transfer code.
    """
    given = st.session_state.get(PROFILE_KEY)
    if isinstance(given, str) and given:
        return given
    found = identity.read_profile_cookie(browser_cookies(), profile_signer())
    profile, device, via = found.profile, found.device, "new"
    if profile is not None and device is None:  # a signed cookie from before revision 0012
        old = profile
        profile, via = (old, "legacy") if load(lambda db: db.legacy_cookie_ok(old), True) else (None, "new")
    if profile is None and found.legacy is not None:
        legacy = found.legacy
        shown = None if identity.LEGACY_GUEST_CODE.match(legacy) else legacy
        if save(lambda db: db.claim_profile(legacy, shown)):
            profile, via = legacy, "legacy"
    device = device or new_device_id()
    if profile is not None and not _device_allowed(profile, device, via):
        profile = None
        st.session_state[DISCONNECTED] = True
    if profile is None:
        profile, device = identity.new_profile_id(), new_device_id()
    st.session_state[PROFILE_KEY] = profile
    st.session_state[DEVICE_KEY] = device
    st.session_state[DEVICE_CHECKED] = time.monotonic()
    return profile


def _device_allowed(profile: str, device: str, via: str = "new") -> bool:
    """Whether this browser may still be ``profile`` (:meth:`Store.check_device`); an unreachable
    database lets it be (nothing of the profile can be read then anyway)."""
    label = device_label()
    got = read(lambda db: db.check_device(profile, device, label=label, via=via))
    return True if got.failed else bool(got.value)


def device_label() -> str:
    """«Firefox · Android», from the browser's User-Agent: only to tell one's devices apart."""
    try:
        agent = str(st.context.headers.get("User-Agent") or "")
    except Exception:
        agent = ""
    browser = next((b for k, b in _BROWSERS if k in agent), "")
    system = next((o for k, o in _SYSTEMS if k in agent), "")
    return " · ".join(x for x in (browser, system) if x)


_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
             ("Safari/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def this_device() -> str:
    """This browser's device id (the row its cookie names)."""
    settings()
    device = st.session_state.get(DEVICE_KEY)
    if not isinstance(device, str) or not device:
        device = new_device_id()
        st.session_state[DEVICE_KEY] = device
    return device


def _recheck_device(current: Settings) -> Settings:
    """Every :data:`DEVICE_RECHECK_S` seconds: a browser the learner disconnected from another device
    leaves the profile within that time, not only at its next visit (a fresh profile, and a notice)."""
    last = st.session_state.get(DEVICE_CHECKED)
    now = time.monotonic()
    if isinstance(last, float) and now - last < DEVICE_RECHECK_S:
        return current
    st.session_state[DEVICE_CHECKED] = now
    device = st.session_state.get(DEVICE_KEY)
    if not isinstance(device, str) or _device_allowed(current.profile, device):
        return current
    st.session_state[DISCONNECTED] = True
    st.session_state[PROFILE_KEY] = identity.new_profile_id()
    st.session_state[DEVICE_KEY] = new_device_id()
    fresh = _load_profile(Settings(profile=st.session_state[PROFILE_KEY]))
    st.session_state[SETTINGS_KEY] = fresh
    return fresh


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

    The value is the profile id signed by the server: the only proof a browser has of
    being that profile, so the page writes it again on every run (a legacy cookie that
    just claimed its profile is replaced by the signed one).
    """
    profile, device = settings().profile, this_device()
    # The signed value changes once a day (its expiry is to the day): signed once per session and day,
    # not on every click.
    key = (profile, device, int(time.time()) // 86400)
    kept = st.session_state.get(COOKIE_SCRIPT_KEY)
    if isinstance(kept, tuple) and kept[0] == key:
        return str(kept[1])
    script = cookie_script(PROFILE_COOKIE, identity.profile_cookie_value(profile, profile_signer(), device))
    st.session_state[COOKIE_SCRIPT_KEY] = (key, script)
    return script


def settings() -> Settings:
    """The session's settings, loaded once from this browser's profile preferences."""
    current = st.session_state.get(SETTINGS_KEY)
    if isinstance(current, Settings):
        return _recheck_device(current)
    base = _load_profile(Settings(profile=browser_profile()))
    st.session_state[SETTINGS_KEY] = base
    return base


def _load_profile(base: Settings) -> Settings:
    """``base`` with its profile's saved preferences and display name (defaults if unreachable)."""
    # An unreachable database must not stop the lessons: the defaults, and the notice.
    base = _from_prefs(base, load(lambda db: db.preferences(base.profile), {}))
    who = load(lambda db: db.identity(base.profile), ProfileIdentity(None, False, False))
    return replace(base, display_name=who.display_name)


def update_settings(**changes: Any) -> Settings:
    """Change some settings and save them in the profile.

    ``display_name`` is checked first (:class:`InvalidInput`, the page says why, nothing
    changes); it is only a name to show. The profile itself never changes here: only a
    transfer code moves a browser to another profile (:func:`switch_profile`).
    """
    old = settings()
    if "profile" in changes:
        raise TypeError("the profile changes only through switch_profile (a transfer code)")
    if "display_name" in changes:
        shown = clean_display_name(changes["display_name"] or "")
        changes["display_name"] = shown
        save(lambda db: db.set_display_name(old.profile, shown))
    new = replace(old, **changes)
    prefs = {k: v for k, v in asdict(new).items() if k in PREFERENCES}
    if any(k in PREFERENCES for k in changes):
        save(lambda db: db.save_preferences(new.profile, prefs))
    st.session_state[SETTINGS_KEY] = new
    return new


def switch_profile(profile: str, transfer_hash: str | None = None) -> Settings:
    """This browser becomes ``profile`` (a transfer code was given): its settings and progress.

    The browser becomes one of the profile's devices, let in by that code (a new code can end it);
    the page's cookie script then writes the signed id, so the browser stays there.
    """
    label = device_label()
    device = save(lambda db: db.register_device(profile, label=label, via="transfer",
                                                transfer_hash=transfer_hash))
    st.session_state[DEVICE_KEY] = device or new_device_id()
    st.session_state[DEVICE_CHECKED] = time.monotonic()
    st.session_state[PROFILE_KEY] = profile
    new = _load_profile(replace(settings(), profile=profile))
    for key in [k for k in st.session_state if str(k).startswith("lesson.restored")]:
        del st.session_state[key]  # the new profile's lesson answers come from the database
    st.session_state[SETTINGS_KEY] = new
    return new


def session_bucket() -> str:
    """A random name for this session in the rate limits (never shown, never sent)."""
    key = st.session_state.get(SESSION_BUCKET_KEY)
    if not isinstance(key, str):
        key = secrets.token_urlsafe(12)
        st.session_state[SESSION_BUCKET_KEY] = key
    return key


def client_address() -> str | None:
    """The client's address, None when unknown (this machine, no browser).

    Streamlit reads the TCP peer and ignores ``X-Forwarded-For``: behind nginx on the same machine
    every pupil would be the proxy's loopback address. So when the peer is loopback (or unknown),
    the address nginx added last to ``X-Forwarded-For`` is the client's
    (:func:`coach.identity.forwarded_address`); a client cannot forge that last entry. A proxy on
    another host is believed when ``COACH_TRUSTED_PROXIES`` names it (docker compose's nginx).
    """
    try:
        address = st.context.ip_address
    except Exception:
        address = None
    try:
        forwarded = st.context.headers.get("X-Forwarded-For")
    except Exception:
        forwarded = None
    return identity.forwarded_address(address if isinstance(address, str) else None,
                                      forwarded if isinstance(forwarded, str) else None,
                                      identity.trusted_proxies(os.environ.get(identity.ENV_TRUSTED_PROXIES)))


def transfer_buckets() -> list[tuple[str, float, float]]:
    """The rate limits a transfer-code attempt spends a token of: (bucket, capacity, per second)."""
    return [(f"transfer:session:{session_bucket()}", TRANSFER_SESSION_TRIES, 1 / TRANSFER_SESSION_REFILL_S),
            (f"transfer:address:{client_address() or 'local'}"[:200], TRANSFER_ADDRESS_TRIES,
             1 / TRANSFER_ADDRESS_REFILL_S)]


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
