"""What the last session left out of issue 22, in Chromium.

- On a phone (360x640, 390x844) a decision's question is read before its buttons: in a lesson and on
  a pupil's phone in the live class, the question's text is above Fold/Check/Call and both are on
  the first screen.
- «▶ Riproduci» answers a key (P), a letter: nothing until single-letter shortcuts are on.
- Streamlit's own texts around the pages (the main menu, the skip link, the select boxes'
  placeholder, the header) are Italian on every page, and English again in English.
- After «Sì, chiudi la classe» the projector (1920x1080) shows «Riapri la classe» on its first
  screen, and one click reopens the class.
"""

from __future__ import annotations

import re
from typing import Any

from support.browser import (
    BROWSER,
    PAGES,
    SPOT_LABEL,
    box,
    create_class,
    inside,
    join_class,
    open_context,
    open_decision,
    pick,
    shot,
    teacher_view,
    wait_idle,
    wait_or_reload,
)

pytestmark = BROWSER

PHONE = {"is_mobile": True, "has_touch": True}
DEC = ".st-key-dec-03-azioni-0-4"  # Carla's first decision in lesson 3
PROMPT = "Sei Carla, la prima a parlare"  # the start of that decision's question
PLAYABLE = "/lezioni?lezione=13-posizione-mani-iniziali&mano=4"  # a hand that can play by itself
# Streamlit 1.67's English texts around the pages: visible text, aria-label, title or placeholder.
ENGLISH = re.compile(r"\bPrint\b|Record screen|Skip to main content|Choose an option|Choose options|"
                     r"No results|Running\.\.\.|\bStop\b|\bConnecting\b|\bUpload\b|Main menu|Help for|"
                     r"\b\d+ more\b")
# The texts of Streamlit's own parts: the header (menu button, status), the skip link, the sidebar,
# plus every aria-label, title and placeholder on the page.
CHROME_JS = """() => {
  const out = [];
  for (const sel of ['[data-testid="stHeader"]', '[data-testid="stSkipToContent"]',
                     '[data-testid="stSidebar"]', '[data-testid="stMainMenuList"]'])
    for (const e of document.querySelectorAll(sel)) out.push(e.textContent);
  for (const e of document.querySelectorAll('[aria-label],[title],[placeholder]'))
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = e.getAttribute(a);
      if (v) out.push(v);
    }
  return out;
}"""


def _english(page: Any) -> list[str]:
    return sorted({m.group(0) for text in page.evaluate(CHROME_JS) for m in ENGLISH.finditer(text)})


def _menu(page: Any) -> list[str]:
    """The main menu's visible items (opened, read, closed)."""
    page.locator('[data-testid="stMainMenu"] button').first.click()
    items = page.locator('[data-testid="stMainMenuList"] [data-testid^="stMainMenuItem-"]')
    items.first.wait_for()
    page.wait_for_timeout(200)  # the relabelling runs on the next animation frame
    shown = [str(e.inner_text()).strip() for e in items.all() if e.is_visible()]
    made = page.get_by_text(re.compile(r"Streamlit v\d")).first  # the menu's last line
    shown.append(str(made.inner_text()).split("Streamlit")[0].strip())
    page.keyboard.press("Escape")
    page.locator('[data-testid="stMainMenuList"]').wait_for(state="detached")
    return shown


def _question_then_buttons(page: Any, width: int, height: int, question: Any, fold: str) -> None:
    """The question's text ends above the buttons, and both are on the first screen."""
    q = question.bounding_box()
    assert q is not None
    f = box(page, fold)
    assert q["y"] + q["height"] <= f["y"], (q, f)
    assert inside(q, width, height) and inside(f, width, height), (q, f, width, height)


def test_a_phone_reads_the_lesson_question_before_the_buttons(browser: Any, server: str) -> None:
    context, page, errors = open_context(browser, 360, 640, **PHONE)
    try:
        open_decision(page, server)
        question = page.locator('[data-testid="stMarkdownContainer"]').filter(has_text=PROMPT).first
        heading = page.get_by_text("Tocca a te: sei Carla").first
        for width, height in ((360, 640), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            wait_idle(page)
            _question_then_buttons(page, width, height, heading, f"{DEC}-fold button")
            _question_then_buttons(page, width, height, question, f"{DEC}-call button")
            assert inside(box(page, ".cc-seat.cc-hero .cc-card"), width, height)  # the cards stay too
            shot(page, f"polish22-phone-{width}-lesson-question.png")
        assert errors == [], errors
    finally:
        context.close()


def test_play_answers_its_letter_only_once_letters_are_on(desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    page.goto(server + PLAYABLE)
    play = page.get_by_role("button", name="Riproduci")
    play.wait_for()
    wait_idle(page)
    page.keyboard.press("p")  # letters are off: a stray P does nothing
    wait_idle(page)
    assert page.get_by_role("button", name="Pausa").count() == 0
    play.hover()
    page.get_by_text("Tasto P: attiva le scorciatoie", exact=False).first.wait_for()
    page.goto(server + "/impostazioni")
    page.get_by_text("Scorciatoie da tastiera con una lettera").first.click()
    wait_idle(page)
    page.goto(server + PLAYABLE)
    play.wait_for()
    wait_idle(page)
    page.keyboard.press("p")
    page.get_by_role("button", name="Pausa").wait_for()  # playing
    wait_idle(page)
    page.keyboard.press("p")
    play.wait_for()  # paused again
    wait_idle(page)
    play.hover()
    page.get_by_text("Tasto: P.", exact=False).first.wait_for()
    shot(page, "polish22-play-key.png")
    assert errors == [], errors


def test_streamlit_texts_are_italian_on_every_page_and_english_in_english(
        desk: tuple[Any, list[str]], server: str) -> None:
    page, errors = desk
    found: dict[str, list[str]] = {}
    for name in PAGES:
        page.goto(server + "/" + ("" if name == "home" else name))
        page.locator('[data-testid="stMainMenu"] button').first.wait_for()
        wait_idle(page)
        page.wait_for_timeout(200)
        menu = _menu(page)
        assert menu == ["Stampa", "Realizzato con"], (name, menu)  # «Record screen» hidden
        english = _english(page)
        if english:
            found[name] = english
    assert found == {}, found
    assert page.locator('[data-testid="stSkipToContent"]').text_content() == "Vai al contenuto principale"
    page.goto(server + "/impostazioni")
    page.locator('[data-testid="stMainMenu"] button').first.click()
    page.locator('[data-testid="stMainMenuItem-print"]').wait_for()
    page.wait_for_timeout(200)
    shot(page, "polish22-main-menu-it.png")
    page.keyboard.press("Escape")
    wait_idle(page)
    # a select box filtered to nothing says so in Italian
    page.get_by_label("Lingua").first.click()
    page.keyboard.type("zzz")
    page.get_by_text("Nessun risultato", exact=True).first.wait_for()
    page.keyboard.press("Escape")
    wait_idle(page)
    # English: Streamlit's own words again
    page.get_by_label("Lingua").first.click()
    page.get_by_role("option").filter(has_text="English").first.click()
    wait_idle(page)
    page.get_by_role("heading", name="Settings").first.wait_for()
    page.wait_for_timeout(200)
    assert _menu(page) == ["Print", "Made with"]
    assert page.locator('[data-testid="stSkipToContent"]').text_content() == "Skip to main content"
    assert errors == [], errors


def test_a_pupil_reads_the_question_first_and_the_projector_reopens_a_class(browser: Any,
                                                                            server: str) -> None:
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        code = create_class(teacher)
        pctx, phone, p_errors = open_context(browser, 360, 640, **PHONE)
        contexts.append(pctx)
        join_class(phone, server, code, "Anna")
        teacher_view(teacher, "Domanda")
        pick(teacher, "Decisione da proporre alla classe",
             "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        wait_idle(teacher)
        wait_or_reload(phone, phone.get_by_role("button", name="Call 2"))
        wait_idle(phone)
        question = phone.locator('[data-testid="stMarkdownContainer"]').filter(has_text=PROMPT).first
        fold = '[class*="st-key-live-pupil-actions"] [class*="-fold"] button'
        for width, height in ((360, 640), (390, 844)):
            phone.set_viewport_size({"width": width, "height": height})
            wait_idle(phone)
            _question_then_buttons(phone, width, height, question, fold)
        shot(phone, "polish22-pupil-question.png")

        # the class ends after its confirmation; «Riapri» is on the projector's first screen
        teacher.get_by_role("button", name="Chiudi la classe").click()
        teacher.get_by_role("button", name="Sì, chiudi la classe").click()
        teacher.get_by_text("Questa classe è finita", exact=False).first.wait_for()
        wait_idle(teacher)
        reopen = teacher.get_by_role("button", name="Riapri la classe")
        reopen_box = reopen.bounding_box()
        assert reopen_box is not None and inside(reopen_box, 1920, 1080), reopen_box
        phone.get_by_text("L'insegnante ha chiuso la classe", exact=False).first.wait_for()
        # no box drawn over a heading's text (Streamlit's -1rem under a heading, with the projector's
        # heading padding taken away, pulled «Nessuno ha risposto» up over «Domanda 1: le risposte»)
        overlaps = teacher.evaluate("""() => [...document.querySelectorAll('[data-testid="stHeading"]')]
          .filter(h => h.offsetParent !== null).map(h => {
            const box = h.closest('[data-testid="stElementContainer"]');
            const next = box && box.nextElementSibling;
            if (!next) return null;
            const a = h.querySelector('h1,h2,h3').getBoundingClientRect(), b = next.getBoundingClientRect();
            return b.height > 0 && b.top < a.bottom - 1 ? h.innerText + ' / ' + next.innerText : null;
          }).filter(x => x)""")
        assert overlaps == [], overlaps
        shot(teacher, "polish22-projector-reopen.png")
        reopen.click()  # one click
        wait_idle(teacher)
        assert teacher.get_by_text("Questa classe è finita", exact=False).count() == 0
        assert teacher.get_by_role("button", name="Chiudi la classe").is_visible()
        # the pupil is back in an open class (his phone follows by itself)
        phone.get_by_text("L'insegnante ha chiuso la classe", exact=False).first.wait_for(state="detached")
        shot(teacher, "polish22-projector-reopened.png")
        errors = t_errors + p_errors
        assert errors == [], errors
    finally:
        for ctx in contexts:
            ctx.close()
