"""End to end in a real headless Chromium: the live class, a projector and phones on one server.

Debian's ``chromium`` is driven by Playwright through ``executable_path`` (Playwright
never downloads a browser here). Without Chromium the tests skip with the reason,
except under ``CI=true``, where they fail: CI installs it, so its absence means the
run is not testing what it claims. Screenshots go to ``test-output/`` (gitignored),
with ``axe.json``: the accessibility violations axe-core found on each page.

These tests were one module (``test_browser.py``); they are three so that the suite's workers
share them (one xdist group per browser module, tests/e2e/conftest.py). Each worker starts one
app server and one Chromium for all its browser modules, and every test opens its own context
(its own profile cookie), so no test depends on another's order or module.

Checked here: the projector and the phones follow each other without a reload, a phone's answer
buttons fit its first screen, and pupils' hostile names make no element and no request.
"""

from __future__ import annotations

from typing import Any

from support.browser import (
    BROWSER,
    OUT,
    SPOT_LABEL,
    box,
    check_axe,
    click_until,
    create_class,
    inside,
    join_class,
    open_context,
    pick,
    shot,
    teacher_view,
    wait_idle,
    wait_or_reload,
)

pytestmark = BROWSER


# -- the live class: a projector and three phones on one server -----------------------------
# One server, four browser contexts (four browsers, each with its own profile cookie). The
# teacher creates a class, the pupils join by its code, the teacher opens a vote, one pupil
# first types an illegal amount (refused with the rule, nothing sent), the projector's count
# goes up without any reload (the ~1 s poll), the teacher closes the vote, the projector shows
# the distribution and the coach's verdict, and each phone shows its pupil's own grade.
PUPILS = ("Anna", "Bruno", "Chiara")


def test_a_live_class_with_a_projector_and_three_phones(browser: Any, server: str) -> None:
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        teacher.get_by_label("Nome della classe (facoltativo)").fill("3B")
        teacher.get_by_label("Nome della classe (facoltativo)").press("Enter")
        wait_idle(teacher)
        code = create_class(teacher)
        assert len(code) == 6 and f"codice={code}" in teacher.url
        qr = box(teacher, ".cc-qrbox img")
        assert inside(qr, 1920, 1080) and qr["width"] >= 250  # readable from the back of the room
        shot(teacher, "live-projector-join.png")

        phones = []
        for name in PUPILS:
            ctx, page, errors = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            join_class(page, server, code, name)
            phones.append((name, page, errors))
        shot(phones[0][1], "live-phone-waiting.png")
        # the names arrive on the projector by themselves (no reload)
        teacher.get_by_text("3 alunni in classe").first.wait_for()
        # the view's tab counts them too, without a reload (it once stayed at «Alunni (0)»)
        teacher.get_by_text("Alunni (3)").first.wait_for()
        for name in PUPILS:
            assert teacher.get_by_role("button", name=name).count() == 1
        shot(teacher, "live-projector-pupils.png")

        # the question: the teacher picks a lesson's decision and opens the vote
        teacher_view(teacher, "Domanda")
        wait_idle(teacher)
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 3 hanno risposto").first.wait_for()
        wait_idle(teacher)
        assert inside(box(teacher, ".cc-table"), 1920, 1080)
        shot(teacher, "live-projector-vote-open.png")

        # each phone shows the question by itself
        for _, page, _ in phones:
            wait_or_reload(page, page.get_by_role("button", name="Call 2"))
            wait_idle(page)
        anna = phones[0][1]
        for sel in ('[class*="st-key-live-pupil"] button',):
            b = box(anna, sel)
            assert b["height"] >= 44  # a touch target
        shot(anna, "live-phone-question.png")
        # the buttons are in the first screen of a phone, even a small one (360x640)
        assert inside(box(anna, '[class*="st-key-live-pupil-actions"] button'), 390, 844)
        check_axe(anna, "live-phone-question")
        # an illegal amount: refused with the rule, nothing sent
        amount = anna.get_by_label("Rilancia a", exact=True).and_(anna.locator("input"))
        amount.fill("3")
        amount.press("Enter")
        wait_idle(anna)
        anna.get_by_role("button", name="Bet / Raise").click()
        anna.get_by_text("rilancio minimo", exact=False).first.wait_for()
        wait_idle(anna)
        assert anna.get_by_role("link", name="Regola: Il rilancio minimo").count() >= 1
        assert anna.get_by_text("Non è cambiato nulla", exact=False).count() >= 1
        shot(anna, "live-phone-refused.png", height=1400)
        assert teacher.get_by_text("0 su 3 hanno risposto").count() >= 1  # nothing was sent

        choices = {"Anna": "Call 2", "Bruno": "Call 2", "Chiara": "Fold"}
        for n, (name, page, _) in enumerate(phones, start=1):
            page.get_by_role("button", name=choices[name]).click()
            page.get_by_text("Risposta inviata", exact=False).first.wait_for()
            wait_idle(page)
            # the projector's count follows without a reload
            teacher.get_by_text(f"{n} su 3 " + ("ha" if n == 1 else "hanno") + " risposto").first.wait_for()
        shot(phones[0][1], "live-phone-sent.png")
        shot(teacher, "live-projector-all-answered.png")

        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)
        teacher.get_by_text("3 su 3 hanno risposto · 0 senza risposta", exact=False).first.wait_for()
        shot(teacher, "live-projector-distribution.png")
        # the alert itself: «Il verdetto del coach» alone also matches the button's own label
        click_until(teacher, teacher.get_by_role("button", name="Mostra il verdetto del coach"),
                    teacher.locator('[data-testid="stAlert"]').filter(has_text="Il verdetto del coach:"))
        wait_idle(teacher)
        shot(teacher, "live-projector-verdict.png", height=1800)

        for name, page, _ in phones:
            page.get_by_text("giudizio:", exact=False).first.wait_for()
            wait_idle(page)
            said = "Hai scelto: " + choices[name]
            assert page.get_by_text(said, exact=False).count() >= 1
            shot(page, f"live-phone-grade-{name.lower()}.png", height=1400)

        teacher_view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-results.png")
        errors = t_errors + [e for _, _, errs in phones for e in errs]
        assert errors == [], errors
    finally:
        for ctx in contexts:
            ctx.close()


def _pick(page: Any, label: str, typed: str, option: str) -> None:
    pick(page, label, typed, option)


def test_a_small_phone_answers_a_decision_and_a_lessons_question(browser: Any, server: str) -> None:
    """A pupil on a 360x640 phone: the question and the answer buttons in the first screen (no
    scrolling), axe clean, for a lesson's decision and for a lesson's question (big choice buttons,
    then right or wrong on the phone and the right answer and the explanation on the projector)."""
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        code = create_class(teacher)
        ctx, phone, p_errors = open_context(browser, 360, 640, is_mobile=True, has_touch=True)
        contexts.append(ctx)
        join_class(phone, server, code, "Dora")
        teacher.get_by_text("1 alunno in classe").first.wait_for()
        teacher_view(teacher, "Domanda")

        # a lesson's decision
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 1 hanno risposto").first.wait_for()
        phone.get_by_role("button", name="Call 2").wait_for()
        wait_idle(phone)
        shot(phone, "live-phone-360-decision.png")
        buttons = phone.locator('[class*="st-key-live-pupil-actions"] button:visible')
        assert buttons.count() >= 3
        for i in range(buttons.count()):
            b = dict(buttons.nth(i).bounding_box())
            assert inside(b, 360, 640), f"an answer button is below the first screen: {b}"
            assert b["height"] >= 44
        assert inside(box(phone, '[data-testid="stMarkdownContainer"] strong'), 360, 640)
        check_axe(phone, "live-phone-360-decision")
        phone.get_by_role("button", name="Call 2").click()
        phone.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("1 su 1 ha risposto").first.wait_for()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        # a lesson's question
        teacher.locator('[class*="st-key-live-teacher-source"] button').filter(
            has_text="Domanda di una lezione").first.click()
        wait_idle(teacher)
        board = "Nella seconda mano il board"
        _pick(teacher, "Domanda da porre alla classe", board, board)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 1 hanno risposto").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-question-open.png")
        right = "C. Anna e Bruno si dividono il piatto"
        phone.get_by_role("button", name=right).wait_for()
        wait_idle(phone)
        buttons = phone.locator('[class*="st-key-live-pupil-quiz"] button')
        assert buttons.count() == 3
        for i in range(3):
            b = dict(buttons.nth(i).bounding_box())
            assert inside(b, 360, 640), f"a choice is below the first screen: {b}"
            assert b["height"] >= 44
        check_axe(phone, "live-phone-360-question")
        shot(phone, "live-phone-360-question.png")
        phone.get_by_role("button", name=right).click()
        phone.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("1 su 1 ha risposto").first.wait_for()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)
        click_until(teacher, teacher.get_by_role("button", name="Mostra la risposta giusta"),
                    teacher.get_by_text("La risposta giusta:", exact=False))
        wait_idle(teacher)
        shot(teacher, "live-projector-question-answer.png")
        phone.get_by_text("Giusto:", exact=False).first.wait_for()
        wait_idle(phone)
        check_axe(phone, "live-phone-360-question-right")
        shot(phone, "live-phone-360-question-right.png")
        errors = t_errors + p_errors
        assert errors == [], errors
    finally:
        for c in contexts:
            c.close()


# -- hostile pupil names: the teacher's page makes no image or link of them, and no request leaves
# for the address they name (Playwright's request log). Names are protocol-relative
# (``//127.0.0.1:9/...``: the page's http) so that they fit the 24 characters of a pupil's name;
# port 9 (discard) answers nothing, so a request would only be seen in the log, which is checked.
IMAGE = "![](//127.0.0.1:9/x.png)"
LINK = "[Anna](//127.0.0.1:9/a)"
HOSTILE = "127.0.0.1:9"


def _visible(text: str) -> str:
    """Text as read, without the invisible isolates and word joiners the app adds."""
    return "".join(c for c in text if c not in "\u2060\u2068\u2069")


def _join_hostile(page: Any, server: str, code: str, name: str) -> None:
    """A hostile name is shown escaped, so only «Ciao» is waited for."""
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
        tctx, teacher, t_errors = open_context(browser, 1280, 900)
        contexts.append(tctx)
        teacher.on("request", lambda r: requests.append(r.url))
        teacher.goto(server + "/insegnante")
        code = create_class(teacher)

        phones = []
        for name in (IMAGE, LINK):
            ctx, page, _ = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            page.on("request", lambda r: requests.append(r.url))
            _join_hostile(page, server, code, name)
            phones.append(page)
        teacher.get_by_text("2 alunni in classe").first.wait_for()
        wait_idle(teacher)
        removers = teacher.locator('[class*="st-key-live-remove"] button')
        buttons = _visible(" | ".join(removers.all_inner_texts()))
        assert IMAGE in buttons and LINK in buttons, buttons

        teacher_view(teacher, "Domanda")
        _pick(teacher, "Decisione da proporre alla classe",
              "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 2 hanno risposto").first.wait_for()
        for page in phones:
            page.get_by_role("button", name="Call 2").click()
            page.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("2 su 2 hanno risposto").first.wait_for()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        teacher_view(teacher, "Risultati")
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
