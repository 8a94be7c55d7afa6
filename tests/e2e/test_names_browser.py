"""Hostile pupil names in a real Chromium: the teacher's page makes no image or link of them, and
no request leaves for the address they name (Playwright's request log).

Names are protocol-relative (``//127.0.0.1:9/...``: the page's http) so that they fit the 24
characters of a pupil's name; port 9 (discard) answers nothing, so a request would only be seen
in the log, which is what is checked.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import OUT, SPOT_LABEL, _open, _view, browser, chromium_path, server, shot, wait_idle

__all__ = ["browser", "chromium_path", "server"]  # the fixtures, shared with the main browser test

pytestmark = pytest.mark.browser

IMAGE = "![](//127.0.0.1:9/x.png)"
LINK = "[Anna](//127.0.0.1:9/a)"
HOSTILE = "127.0.0.1:9"


def _visible(text: str) -> str:
    """Text as read, without the invisible isolates and word joiners the app adds."""
    return "".join(c for c in text if c not in "\u2060\u2068\u2069")


def _join(page: Any, server: str, code: str, name: str) -> None:
    page.goto(f"{server}/classe?codice={code}")
    page.get_by_label("Il tuo nome").fill(name)
    page.get_by_label("Il tuo nome").press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Entra nella classe").click()
    page.get_by_text("Ciao", exact=False).first.wait_for()
    wait_idle(page)


def test_hostile_names_make_no_request_and_no_element_on_the_teachers_results(
        browser: Any, server: str) -> None:
    contexts = []
    requests: list[str] = []
    try:
        tctx, teacher, t_errors = _open(browser, 1280, 900)
        contexts.append(tctx)
        teacher.on("request", lambda r: requests.append(r.url))
        teacher.goto(server + "/insegnante")
        teacher.get_by_role("button", name="Crea la classe").click()
        teacher.locator(".cc-joincode").wait_for()
        wait_idle(teacher)
        code = teacher.locator(".cc-joincode").inner_text().replace(" ", "")

        phones = []
        for name in (IMAGE, LINK):
            ctx, page, _ = _open(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            page.on("request", lambda r: requests.append(r.url))
            _join(page, server, code, name)
            phones.append(page)
        teacher.get_by_text("2 alunni in classe").first.wait_for()
        wait_idle(teacher)
        removers = teacher.locator('[class*="st-key-live-remove"] button')
        buttons = _visible(" | ".join(removers.all_inner_texts()))
        assert IMAGE in buttons and LINK in buttons, buttons

        _view(teacher, "Domanda")
        teacher.get_by_label("Decisione da proporre alla classe").first.click()
        teacher.keyboard.type("Una mano con tutte le azioni · Carla, decisione 1")
        teacher.get_by_role("option", name=SPOT_LABEL).click()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 2 hanno risposto").first.wait_for()
        for page in phones:
            page.get_by_role("button", name="Call 2").click()
            page.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("2 su 2 hanno risposto").first.wait_for()
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        _view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        teacher.wait_for_timeout(1500)  # time for any image or link a name made to be fetched
        shot(teacher, "names-teacher-results.png", height=1400)
        # the names are cells of text in the per-pupil table
        cells = _visible(" | ".join(teacher.locator("table td").all_inner_texts()))
        assert IMAGE in cells and LINK in cells, cells
        # no element made from a name, and nothing fetched from the address in it
        assert teacher.locator(f'img[src*="{HOSTILE}"]').count() == 0
        assert teacher.locator(f'a[href*="{HOSTILE}"]').count() == 0
        assert teacher.locator('[data-testid="stMain"] img').count() == teacher.locator(
            '[data-testid="stMain"] img.cc-qr, [data-testid="stMain"] .cc-table img').count()
        assert [u for u in requests if HOSTILE in u] == []
        assert t_errors == [], t_errors
        assert (OUT / "names-teacher-results.png").exists()
    finally:
        for ctx in contexts:
            ctx.close()
