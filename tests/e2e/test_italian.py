"""Italian all the way (issue 22): the document's language, Streamlit's own labels, the sidebar's
focus ring, and classroom mode on a projector (the exit button's whole label, kept after F5).

Each check reads what a person (or a screen reader) meets in Chromium: ``<html lang>``, the visible
texts and the aria-labels Streamlit draws, the computed style of a focused link, the button's
measured width; none of them can be seen by AppTest.
"""

from __future__ import annotations

import re
from typing import Any

from support.browser import BROWSER, open_context, shot, wait_idle

pytestmark = BROWSER

LANG_JS = "document.documentElement.lang"
# Streamlit 1.67's English texts around the pages (visible text or aria-label).
ENGLISH = re.compile(r"\bUpload\b|Drag and drop|\bLimit\b|(?m:^\s*\d+(\.\d+)?\s?[KMG]?B per file)|"
                     r"\b\d+ more\b|View \d+ more|View less|Main menu|Help for")
ARIA_LABELS_JS = "[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))"
# Every element of the classroom exit button whose text is cut (an ellipsis: wider inside than shown).
CUT_JS = """() => [...document.querySelectorAll(
    '.st-key-leave_classroom button, .st-key-leave_classroom button *')]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => [e.tagName, e.scrollWidth, e.clientWidth])"""
FOCUS_JS = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return {inSidebar: !!e.closest('[data-testid="stSidebar"]'), tag: e.tagName, style: s.outlineStyle,
          width: parseFloat(s.outlineWidth), color: s.outlineColor}; }"""


def _lang(page: Any, expected: str) -> str:
    """The document's language once the page's last script ran (bounded: a wrong one fails below)."""
    try:
        page.wait_for_function(f"{LANG_JS} === {expected!r}", timeout=10_000)
    except Exception:  # the assertion of the caller says what it was
        pass
    return str(page.evaluate(LANG_JS))


def _english(page: Any, selector: str) -> list[str]:
    texts = [page.locator(selector).first.inner_text()] if page.locator(selector).count() else []
    return [m.group(0) for text in texts for m in ENGLISH.finditer(text)]


def test_italian_document_labels_and_focus_then_english(desk: tuple[Any, list[str]], server: str) -> None:
    """A learner on a laptop: an Italian document with Italian labels, a focus ring they can see
    on the sidebar's links, and ``lang="en"`` once they pick English in Impostazioni."""
    page, errors = desk
    page.goto(server + "/replayer")  # the page with a file uploader
    page.locator('[data-testid="stFileUploader"]').first.wait_for()
    wait_idle(page)
    assert _lang(page, "it") == "it"
    assert page.locator('[data-testid="stSidebarNavViewButton"]').count() == 0  # no «View N more»
    assert _english(page, '[data-testid="stSidebarNav"]') == []
    assert _english(page, '[data-testid="stFileUploader"]') == []
    assert page.get_by_text("Carica", exact=True).count() >= 1
    english_labels = [a for a in page.evaluate(ARIA_LABELS_JS) if ENGLISH.search(a)]
    assert english_labels == [], english_labels
    # keyboard focus on the sidebar's page links: a 2 px+ solid ring, the theme's yellow
    for _ in range(12):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus["inSidebar"] and focus["tag"] == "A":
            break
    assert focus["inSidebar"] and focus["tag"] == "A", focus
    assert focus["style"] == "solid" and focus["width"] >= 2 and focus["color"] == "rgb(255, 213, 79)", focus
    shot(page, "italian-replayer-focus.png")
    # the language stays on another page, and follows the learner's choice
    page.get_by_role("link", name="Impostazioni").first.click()
    page.get_by_label("Lingua").first.wait_for()
    wait_idle(page)
    assert _lang(page, "it") == "it"
    page.get_by_label("Lingua").first.click()
    page.get_by_role("option").filter(has_text="English").first.click()
    wait_idle(page)
    page.get_by_role("heading", name="Settings").first.wait_for()
    assert _lang(page, "en") == "en"
    assert errors == [], errors


def test_classroom_exit_label_is_whole_and_classroom_survives_a_reload(browser: Any, server: str) -> None:
    """A teacher at 1280 px: «Esci dalla modalità aula» whole, the top bar in Italian, and after a
    page change and F5 the projector is still in classroom mode."""
    context, page, errors = open_context(browser, 1280, 800)
    try:
        page.goto(server + "/lezioni?aula=1&lezione=03-azioni&mano=1&passo=1")
        exit_button = page.locator(".st-key-leave_classroom button")
        exit_button.wait_for()
        wait_idle(page)
        assert _lang(page, "it") == "it"
        assert "Esci dalla modalità aula" in exit_button.inner_text()
        cut = page.evaluate(CUT_JS)
        assert cut == [], cut
        assert _english(page, '[data-testid="stHeader"]') == []
        shot(page, "italian-classroom.png")
        page.locator('[data-testid="stHeader"] a', has_text="Home").first.click()
        page.get_by_text("Benvenuto", exact=False).first.wait_for()
        wait_idle(page)
        page.reload()
        # the page is drawn either way: the exit button (classroom mode) or the sidebar (not)
        page.locator('.st-key-leave_classroom button, [data-testid="stSidebarNav"]').first.wait_for()
        wait_idle(page)
        assert page.locator(".st-key-leave_classroom button").count() == 1  # still in classroom mode
        assert page.locator('[data-testid="stSidebar"]').is_hidden()
        assert "aula=1" in page.url
        assert errors == [], errors
    finally:
        context.close()
