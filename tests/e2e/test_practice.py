"""«Pratica» in Chromium at 1280x800 (issue 22): the table stays in view, the hand survives a reload,
one «Rigioca» pair, and «Rigioca questa decisione» played in place with «Torna alla mano»."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support.browser import BROWSER, box, inside, shot, wait_idle

pytestmark = BROWSER
W, H = 1280, 800
CHECK = '[class*="st-key-prac-"][class*="-check"] button'  # the learner's turn (a check is always offered)


def _in_view(page: Any, selector: str) -> bool:
    """``selector``'s first element lies inside the window, once the page's scroll has landed (the
    script that scrolls runs just after Streamlit draws the page: a bounded wait, not a sleep)."""
    try:
        page.wait_for_function(
            "s => { const e = document.querySelector(s); if (!e) return false;"
            " const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.left >= 0"
            " && r.bottom <= window.innerHeight && r.right <= window.innerWidth; }",
            arg=selector, timeout=5_000)
    except Exception:
        return False
    return True


def _turn_or_end(page: Any) -> str | None:
    """Wait for the learner's turn (the key of its «Check» button) or the hand's end (None).

    A learner who calls everything can lose his stack: the hand's end then offers «Ricompra», not
    «Mano successiva» (the random deal made this test fail now and then); he buys in again."""
    deal = page.get_by_role("button", name="Mano successiva")
    rebuy = page.locator(".st-key-prac_rebuy button")
    for _ in range(3):
        deal.or_(rebuy).or_(page.locator(CHECK)).first.wait_for()
        wait_idle(page)
        if rebuy.count() and not deal.count():
            rebuy.first.click()
            deal.wait_for()
            wait_idle(page)
        if deal.count():
            return None
        if page.locator(CHECK).count():
            break
    return str(page.locator(CHECK).first.evaluate(
        "b => [...b.closest('[class*=\"st-key-prac-\"]').classList].find(c => c.startsWith('st-key-prac-'))"))


def _choose(page: Any, key: str) -> None:
    """Call if there is something to call, else check; then wait for the next page."""
    decision = key.removesuffix("-check")
    call = page.locator(f".{decision}-call button").filter(has_text=re.compile(r"Call \d"))
    (call if call.count() else page.locator(f".{key} button")).first.click()
    try:
        page.locator(f".{key}").wait_for(state="detached", timeout=20_000)
    except Exception:
        pass
    wait_idle(page)


def _play_to_the_end(page: Any) -> None:
    """The learner's hand to its end; at each turn the table and the buttons are in view, and the
    learner scrolls down (to the log, the charts) before choosing."""
    for _ in range(20):
        key = _turn_or_end(page)
        if key is None:
            return
        if not _in_view(page, ".cc-table") or not _in_view(page, f".{key} button"):
            shot(page, "practice-out-of-view.png")
            raise AssertionError(f"the table or the buttons are out of view: {box(page, '.cc-table')}")
        page.mouse.move(W / 2, H / 2)
        page.mouse.wheel(0, 5000)
        page.wait_for_timeout(150)
        _choose(page, key)
    raise AssertionError("the hand did not end")


def _next_hand(page: Any) -> None:
    """«Mano successiva», then wait for the next hand's number (the old page's button may linger)."""
    caption = page.get_by_text(re.compile(r"^Mano \d+ ·")).first
    match = re.match(r"Mano (\d+)", caption.inner_text())
    assert match is not None
    page.locator(".st-key-prac_next button").click()
    page.get_by_text(re.compile(rf"^Mano {int(match.group(1)) + 1} ·")).first.wait_for()
    wait_idle(page)


def _session_points(page: Any) -> int:
    """The points of the session's chart (its expander opened if it is closed)."""
    chart = page.locator(".js-plotly-plot").first
    if not chart.is_visible():
        page.get_by_text("Questa sessione: risultati e giudizi").first.click()
    chart.wait_for()
    return int(chart.evaluate("p => p.data[0].x.length"))


def test_practice_keeps_the_table_in_view_and_survives_a_reload(desk: tuple[Any, list[str]],
                                                                 server: str) -> None:
    page, errors = desk
    page.goto(server + "/pratica")
    page.get_by_role("button", name="Siediti al tavolo").click()
    page.locator(".cc-table").first.wait_for()
    for _ in range(8):  # a hand where the learner chose twice or more
        _play_to_the_end(page)
        assert _in_view(page, ".st-key-prac_next button"), "«Mano successiva» is out of view"
        result = page.get_by_text(re.compile(r"in questa mano|in pari")).first
        assert inside(dict(result.bounding_box()), W, H), "the hand's result is out of view"
        if page.get_by_text("hai scelto:", exact=False).count() >= 2:
            break
        _next_hand(page)
    else:
        pytest.fail("no hand with two choices of the learner in eight")
    shot(page, "practice-hand-over.png")
    # one «Rigioca» pair, for the last choice; the earlier comments folded
    assert page.get_by_role("button", name="Rigioca questa decisione").count() == 1
    assert page.get_by_text("Commenti precedenti", exact=False).count() == 1

    # «Rigioca questa decisione» stays on «Pratica»; «Torna alla mano» brings the hand back
    page.get_by_role("button", name="Rigioca questa decisione").click()
    back = page.get_by_role("button", name="Torna alla mano")
    back.wait_for()
    wait_idle(page)
    assert page.url.rstrip("/").endswith("/pratica")
    assert page.get_by_role("button", name="Mano successiva").count() == 0
    page.locator('[class*="st-key-prac-again-"] button').first.click()
    page.get_by_text("Hai scelto:", exact=False).first.wait_for()
    wait_idle(page)
    shot(page, "practice-replayed.png")
    back.click()
    page.locator(".st-key-prac_next button").wait_for()
    wait_idle(page)

    # the next hand, up to the learner's turn, then a reload: the same hand, the same chart
    _next_hand(page)
    for _ in range(8):
        if _turn_or_end(page) is not None:
            break
        _next_hand(page)
    table = page.locator(".cc-table").first.inner_text()
    points = _session_points(page)
    assert points >= 1
    page.reload()
    page.locator(".cc-table").first.wait_for(timeout=20_000)
    wait_idle(page)
    assert page.locator(".cc-table").first.inner_text() == table  # hole cards, board, pot, stacks
    page.locator(CHECK).first.wait_for()  # the buttons come after the table (bounded wait)
    assert page.locator(CHECK).count() == 1  # still the learner's turn
    assert _session_points(page) == points
    shot(page, "practice-reloaded.png")
    assert errors == [], errors
