"""What every browser test shares: Debian's Chromium found or the test skipped, a page that records
console errors, waiting for Streamlit's rerun, screenshots, axe-core and bounding boxes.

The fixtures (one Streamlit server and one Chromium per test session) are in
``tests/e2e/conftest.py``; every browser test module marks itself ``BROWSER``, and its tests run
on one worker of pytest-xdist's ``--dist loadgroup`` (a group per module); ``axe.json`` gathers
every page's results from every worker.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from support.server import ROOT

OUT = ROOT / "test-output"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 60_000  # a ceiling for a busy 2-core machine, not a measurement
PAGES = ("home", "lezioni", "pratica", "quiz", "ripasso", "replayer", "glossario", "progressi",
         "impostazioni", "insegnante", "classe", "mani", "analisi")
DECISION = "/lezioni?lezione=03-azioni&mano=1&passo=1"  # Carla's first decision (Call 2)
AXE_RESULTS: dict[str, dict[str, int]] = {}

def chromium() -> str:
    path = os.environ.get("COACH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        reason = f"Chromium not found at {path}: install Debian's chromium package to run the browser test"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI=true: the browser test must run)")
        pytest.skip(reason)
    for module in ("playwright.sync_api", "axe_playwright_python.sync_playwright"):
        try:
            __import__(module)
        except ImportError:
            if os.environ.get("CI") == "true":
                pytest.fail(f"{module} is missing under CI=true")
            pytest.skip(f"{module} is not installed (pip install -e '.[test]')")
    return path


def _is_base_path_probe(msg: Any) -> bool:
    """Streamlit's own probe of ``<page>/_stcore/health`` and ``host-config`` when a page is
    opened by its URL (streamlit/streamlit#7074): it answers 404, then finds the server at
    the root. Nothing of ours, nothing a learner sees; every other error counts."""
    url = (msg.location or {}).get("url", "")
    return "404" in msg.text and url.rsplit("/", 1)[-1] in ("health", "host-config") and any(
        f"/{p}/_stcore/" in url for p in PAGES)


def open_context(browser: Any, width: int, height: int, **kw: Any) -> tuple[Any, Any, list[str]]:
    """A fresh context (its own cookies: a new browser) and a page that records console errors."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="it-IT", **kw)
    context.add_init_script(RUNS_JS)
    pg = context.new_page()
    pg.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(f"{m.text} @ {(m.location or {}).get('url', '')}")
          if m.type == "error" and not _is_base_path_probe(m) else None)
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    return context, pg, errors


# Counts the script runs the page has finished. Streamlit marks its app element with
# ``data-test-script-state`` (running / notRunning …); after a click the state stays «notRunning»
# until the server answers, so a wait that only looks at the state can return before the click's
# rerun has begun, and the next click then lands during that rerun: two clicks of the same button
# are merged into one rerun and one of them is lost (the cause of CI's builder failures). Counting
# finished runs lets ``wait_idle`` wait for the run that follows the action.
RUNS_JS = """
(() => {
  if (window.__ccRuns !== undefined) return;
  window.__ccRuns = 0;
  window.__ccSeen = 0;
  new MutationObserver(records => {
    for (const r of records) if (r.oldValue === 'running') window.__ccRuns += 1;
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['data-test-script-state']});
})();
"""
_STATE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return [app ? app.getAttribute('data-test-script-state') : null,
          window.__ccRuns === undefined ? -1 : window.__ccRuns,
          window.__ccSeen === undefined ? -1 : window.__ccSeen,
          document.querySelectorAll('[data-testid="stStatusWidget"]').length];
}"""
SETTLE_MS = 150  # a chain of runs (st.rerun, st.switch_page) shows no gap longer than this
GRACE_MS = 1500  # how long an action may take to start a rerun before it is taken to start none


def wait_idle(page: Any, grace_ms: int = GRACE_MS) -> None:
    """Wait until the rerun that follows the last action is over, bounded.

    Idle means: the app is not running, no status widget, and a run has finished since the last
    ``wait_idle`` on this page, or none has started within ``grace_ms`` (an action that reruns
    nothing: opening a drop-down, a scroll). Pages opened without ``RUNS_JS`` fall back to the
    status widget alone."""
    page.wait_for_selector('[data-testid="stApp"]', timeout=WAIT_MS)
    started = time.monotonic()
    deadline = started + WAIT_MS / 1000
    while time.monotonic() < deadline:
        try:
            state, runs, seen, busy = page.evaluate(_STATE_JS)
        except Exception:  # a navigation replaced the document under the call: look again
            page.wait_for_timeout(100)
            continue
        if runs < 0:
            if busy == 0:
                return
        elif state == "notRunning" and busy == 0 and (
                runs > seen or (time.monotonic() - started) * 1000 >= grace_ms):
            # st.rerun and st.switch_page chain runs: a short look again so that the gap
            # between two runs of one chain is not taken for the end
            page.wait_for_timeout(SETTLE_MS)
            try:
                again = page.evaluate(_STATE_JS)
            except Exception:
                continue
            if again[0] == "notRunning" and again[1] == runs and again[3] == 0:
                page.evaluate("n => { window.__ccSeen = n; }", runs)
                return
            continue
        page.wait_for_timeout(100)
    raise AssertionError("Streamlit kept running for longer than the ceiling")


def shot(page: Any, name: str, height: int | None = None) -> Path:
    """A screenshot; ``height`` enlarges the viewport first (Streamlit scrolls inside its main block)."""
    OUT.mkdir(exist_ok=True)
    size = page.viewport_size
    if height is not None:
        page.set_viewport_size({"width": size["width"], "height": height})
    wait_idle(page, grace_ms=0)
    page.wait_for_timeout(300)  # st.html content is attached after the rerun's last delta
    path = OUT / name
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    wait_idle(page, grace_ms=0)
    return path


def check_axe(page: Any, name: str) -> None:
    """axe-core on the page as it is: no critical or serious violation (the counts go to axe.json)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    violations = results.response["violations"]
    counts: dict[str, int] = {}
    for v in violations:
        counts[v["impact"] or "unknown"] = counts.get(v["impact"] or "unknown", 0) + 1
    AXE_RESULTS[name] = counts
    bad = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
           for v in violations if v["impact"] in ("critical", "serious") or v["id"] == "heading-order"]
    assert not bad, f"{name}: " + "; ".join(bad)


def box(page: Any, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, selector
    return dict(b)


def inside(b: dict[str, float], width: int, height: int) -> bool:
    return b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= width and b["y"] + b["height"] <= height


def in_view(page: Any, selector: str, width: int, height: int) -> bool:
    """The element comes into view once the page's scroll after the tap is over (a busy machine: a while)."""
    page.locator(selector).first.wait_for()
    for _ in range(30):
        if inside(box(page, selector), width, height):
            return True
        page.wait_for_timeout(200)
    return inside(box(page, selector), width, height)


def key_css(key: str) -> str:
    """The CSS class Streamlit gives the element of widget key ``key`` (``builder.name.0``)."""
    return ".st-key-" + key.replace(".", "-")


def type_into(page: Any, key: str, value: str) -> None:
    """Type ``value`` in the text box of widget key ``key`` and confirm it, as a user does."""
    field = page.locator(f"{key_css(key)} input").first
    field.fill(value)
    field.press("Enter")
    wait_idle(page)


def click_key(page: Any, key: str) -> None:
    page.locator(f"{key_css(key)} button").first.click()
    wait_idle(page)


def open_decision(page: Any, server: str, url: str = DECISION) -> None:
    page.goto(server + url)
    page.get_by_text("Tocca a te", exact=False).first.wait_for()
    page.locator(".cc-table").first.wait_for()
    wait_idle(page)


# Every browser module marks itself ``BROWSER``; tests/e2e/conftest.py then groups its tests by module
# (pytest-xdist's ``--dist loadgroup``): one module's tests run in order on one worker, and the
# suite's workers share the modules, each starting one server and one Chromium for its own.
BROWSER = [pytest.mark.browser]


def wait_or_reload(page: Any, locator: Any, first_ms: int = 20_000) -> None:
    """Wait for ``locator``; if it has not come in ``first_ms``, reload once (as a pupil would) and
    wait again. Under the full suite's load a phone has been seen to miss an opened question until it
    reloaded (two runs in three): printed, so the run's log shows it, and left to the reload."""
    try:
        locator.wait_for(timeout=first_ms)
        return
    except Exception:  # playwright's TimeoutError: the reload below is the second chance
        print(f"\nwait_or_reload: not there after {first_ms} ms on {page.url}: reloading once")
        OUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUT / "wait-or-reload-missed.png"), full_page=True)
    page.reload()
    locator.wait_for()


def click_until(page: Any, button: Any, result: Any, first_ms: int = 20_000, tries: int = 3) -> None:
    """Click ``button`` and wait for ``result``; if it has not come in ``first_ms`` while the button
    is still there, click again (bounded), as a teacher would.

    Under the full suite's load a click that lands while a polling fragment reruns has been seen to
    be lost (the CI run of 7 Dec 2026: «Mostra il verdetto» pressed, the grades never drawn). Each
    second click is printed and a screenshot kept, so the run's log shows how often it happens."""
    for attempt in range(tries):
        button.click()
        try:
            result.first.wait_for(timeout=first_ms)
            return
        except Exception:  # playwright's TimeoutError: a lost click, or a slow rerun
            OUT.mkdir(exist_ok=True)
            page.screenshot(path=str(OUT / "click-until-missed.png"), full_page=True)
            if button.count() == 0:  # the click was taken, the rerun is slow: wait the full ceiling
                break
            print(f"\nclick_until: no result after {first_ms} ms (try {attempt + 1}) on {page.url}: "
                  "clicking again")
    result.first.wait_for()


def pick(page: Any, label: str, typed: str, option: str) -> None:
    """A Streamlit selectbox: type to filter, click the option, and check it is the one shown.

    Under load the option's click can land while the page is still rerunning and be lost: the
    box then keeps its first value and the next step (a vote opened, say) uses that one. So the
    shown value is checked and the pick made again (bounded)."""
    box_ = page.locator('[data-testid="stSelectbox"]').filter(has=page.get_by_text(label, exact=True)).first

    def shown() -> str:  # the chosen value: in the combobox's input, or its text
        return str(box_.evaluate("b => [...b.querySelectorAll('input')].map(i => i.value).join(' ') + ' '"
                                 " + b.innerText"))

    for _ in range(4):
        page.get_by_label(label).first.click()
        page.keyboard.type(typed)
        page.get_by_role("option").filter(has_text=option).first.click()
        wait_idle(page)
        if option[:60] in shown():
            return
        page.keyboard.press("Escape")
    raise AssertionError(f"{label}: could not pick {option!r}; shown: {shown()!r}")


# -- the live class -----------------------------------------------------------------------------

SPOT_LABEL = ("3. Le azioni: fold, check, call, bet, raise, all-in · Una mano con tutte le azioni · "
              "Carla, decisione 1")  # the teacher's list: Carla's first decision of lesson 3


def create_class(teacher: Any) -> str:
    """«Crea la classe» on the teacher's page already open; the class's join code, once drawn."""
    teacher.get_by_role("button", name="Crea la classe").click()
    teacher.locator(".cc-joincode").wait_for()
    wait_idle(teacher)
    return str(teacher.locator(".cc-joincode").inner_text().replace(" ", ""))


def join_class(page: Any, server: str, code: str, name: str) -> None:
    """A pupil's phone joins the class ``code`` as ``name`` and waits for its greeting."""
    page.goto(f"{server}/classe?codice={code}")
    page.get_by_label("Il tuo nome").fill(name)
    page.get_by_label("Il tuo nome").press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Entra nella classe").click()
    page.get_by_text(f"Ciao {name}", exact=False).first.wait_for()
    wait_idle(page)


def teacher_view(page: Any, name: str) -> None:
    """The teacher's segmented control (Domanda, Alunni, Risultati)."""
    page.locator('[class*="st-key-live-teacher-view"] button').filter(has_text=name).first.click()
    wait_idle(page)


def practice_turn(page: Any, hands: int = 8, *, tap: bool = False) -> None:
    """Wait at the practice table for the learner's turn (his «Fold» button).

    The deal is random: a hand can end before the learner acts (everybody folds to his big blind),
    and then the next thing on screen is «Mano successiva», never «Fold». Such a hand is dealt
    past, as a learner would, up to ``hands`` times.
    """
    fold = page.get_by_role("button", name="Fold")
    deal = page.get_by_role("button", name="Mano successiva")
    for _ in range(hands):
        fold.or_(deal).first.wait_for()
        wait_idle(page)
        if fold.count():
            return
        (deal.first.tap if tap else deal.first.click)()
        page.wait_for_timeout(300)
    fold.wait_for()
