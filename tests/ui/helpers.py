"""AppTest helpers: the app's entry (with a way to open a page), generous timeouts, page text.

The machine running the suite may be busy (2 cores shared): a per-run timeout
of 3 s (Streamlit's default) is too short for a cold start, so every run here
gets 60 s. That is a ceiling, not a measurement (timings live in benchmarks/).
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
# streamlit_app.py plus a way to open a page (AppTest.switch_page only finds page files);
# the browser tests (tests/e2e/) run streamlit_app.py itself
ENTRY = str(Path(__file__).with_name("app_on_page.py"))
GOTO = "tests.goto"  # app_on_page.GOTO: the session key that names the page to open
TIMEOUT = 60.0
PAGES = ("home", "lezioni", "pratica", "quiz", "ripasso", "replayer", "glossario", "progressi",
         "impostazioni", "insegnante", "classe", "mani", "analisi")


def start(locale: str = "it", profile: str | None = "Ospite") -> AppTest:
    """A first run of the app (home page), in ``locale`` when it is not the default.

    ``profile`` plays the browser's signed profile cookie (AppTest cannot send cookies):
    the tests' way to be a given profile; ``None`` is a browser seen for the first time.
    """
    from coach.identity import new_profile_id
    from coach.ui.state import PROFILE_KEY, SETTINGS_KEY, Settings

    at = AppTest.from_file(ENTRY, default_timeout=TIMEOUT)
    if profile is not None:
        at.session_state[PROFILE_KEY] = profile
    if locale != "it":
        at.session_state[SETTINGS_KEY] = Settings(locale=locale, profile=profile or new_profile_id())
    at.run()
    assert not at.exception, at.exception
    return at


def goto(at: AppTest, page: str) -> AppTest:
    """Open the page at url path ``page``, keeping ``at.query_params`` (a deep link)."""
    at.session_state[GOTO] = page
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """Everything a learner reads on the page, in one string (for `in` checks)."""
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning",
                 "error", "success", "html"):
        for el in getattr(at, kind):
            parts.append(str(getattr(el, "value", "") or getattr(el, "body", "")))
    for b in at.button:
        parts.append(b.label)
    for link in at.get("page_link"):
        parts.append(str(link.proto.label))
    return "\n".join(parts)


def in_order(at: AppTest) -> list[str]:
    """The page's elements in reading order, one string each: a widget's key, else its text."""
    out: list[str] = []

    def walk(node: object) -> None:
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for k in sorted(children):
                walk(children[k])
            return
        key = getattr(node, "key", None)
        if isinstance(key, str) and key:
            out.append(key)
            return
        value = getattr(node, "value", None)
        out.append(value if isinstance(value, str) else type(node).__name__)

    walk(at.main)
    return out


def sit_at_practice(at: AppTest, seats: int, mode: str = "cash") -> AppTest:
    """Sit at the practice table (seed 11: the same deal every run) and deal the first hand."""
    at.session_state["practice.seed"] = 11
    goto(at, "pratica")
    at.slider(key="prac_seats").set_value(seats)
    at.radio(key="prac_mode").set_value(mode).run()
    at.button(key="prac_sit").click().run()
    assert not at.exception
    return at


def play_practice_hand(at: AppTest, *, fold: bool = False) -> None:
    """Play the learner's hand to its end: fold at once, or check or call (folding rather than
    calling off the whole stack, so that a session reaches the next hand)."""
    for _ in range(40):
        tb = at.session_state["practice.table"]
        if not tb.hero_to_act():
            return
        hand = tb.session.current
        legal = hand.legal_actions()
        kind = "check" if legal.can_check else ("fold" if legal.call_amount >= legal.stack else "call")
        if fold and legal.call_amount:
            kind = "fold"
        at.button(key=f"prac.{tb.hand_number}.{len(hand.actions)}.{kind}").click().run()
        assert not at.exception
    raise AssertionError("the hand did not end")
