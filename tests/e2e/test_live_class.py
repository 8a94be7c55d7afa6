"""A live class in real browsers: one teacher on a 1920x1080 projector, three pupils on phones.

One server, four browser contexts (four browsers, each with its own profile cookie).
The teacher creates a class, the pupils join by its code, the teacher opens a vote,
one pupil first types an illegal amount (refused with the rule, nothing sent), the
projector's count goes up without any reload (the ~1 s poll), the teacher closes
the vote, the projector shows the distribution and the coach's verdict, and each
phone shows its pupil's own grade. Screenshots of every view go to ``test-output/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import _open, box, browser, check_axe, chromium_path, inside, server, shot, wait_idle

__all__ = ["browser", "chromium_path", "server"]  # fixtures used by name

pytestmark = pytest.mark.browser
SPOT_LABEL = ("3. Le azioni: fold, check, call, bet, raise, all-in · Una mano con tutte le azioni · "
              "Carla, decisione 1")
PUPILS = ("Anna", "Bruno", "Chiara")


def _join(page: Any, server: str, code: str, name: str) -> None:
    page.goto(f"{server}/classe?codice={code}")
    page.get_by_label("Il tuo nome").fill(name)
    page.get_by_label("Il tuo nome").press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Entra nella classe").click()
    page.get_by_text(f"Ciao {name}", exact=False).first.wait_for()
    wait_idle(page)


def _view(page: Any, name: str) -> None:
    """The teacher's segmented control (Domanda, Alunni, Risultati)."""
    page.locator('[class*="st-key-live-teacher-view"] button').filter(has_text=name).first.click()
    wait_idle(page)


def test_a_live_class_with_a_projector_and_three_phones(browser: Any, server: str) -> None:
    contexts = []
    try:
        tctx, teacher, t_errors = _open(browser, 1920, 1080)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        teacher.get_by_label("Nome della classe (facoltativo)").fill("3B")
        teacher.get_by_label("Nome della classe (facoltativo)").press("Enter")
        wait_idle(teacher)
        teacher.get_by_role("button", name="Crea la classe").click()
        teacher.locator(".cc-joincode").wait_for()
        wait_idle(teacher)
        code = teacher.locator(".cc-joincode").inner_text().replace(" ", "")
        assert len(code) == 6 and f"codice={code}" in teacher.url
        qr = box(teacher, ".cc-qrbox img")
        assert inside(qr, 1920, 1080) and qr["width"] >= 250  # readable from the back of the room
        shot(teacher, "live-projector-join.png")

        phones = []
        for name in PUPILS:
            ctx, page, errors = _open(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            _join(page, server, code, name)
            phones.append((name, page, errors))
        shot(phones[0][1], "live-phone-waiting.png")
        # the names arrive on the projector by themselves (no reload)
        teacher.get_by_text("3 alunni in classe").first.wait_for()
        for name in PUPILS:
            assert teacher.get_by_role("button", name=name).count() == 1
        shot(teacher, "live-projector-pupils.png")

        # the question: the teacher picks a lesson's decision and opens the vote
        _view(teacher, "Domanda")
        wait_idle(teacher)
        teacher.get_by_label("Decisione da proporre alla classe").first.click()
        teacher.keyboard.type("Una mano con tutte le azioni · Carla, decisione 1")
        teacher.get_by_role("option", name=SPOT_LABEL).click()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 3 hanno risposto").first.wait_for()
        wait_idle(teacher)
        assert inside(box(teacher, ".cc-table"), 1920, 1080)
        shot(teacher, "live-projector-vote-open.png")

        # each phone shows the question by itself
        for _, page, _ in phones:
            page.get_by_role("button", name="Call 2").wait_for()
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
        assert anna.get_by_role("link", name="Regola R09").count() >= 1
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
        teacher.get_by_text("Risposte giuste (ottime o buone)", exact=False).first.wait_for()
        shot(teacher, "live-projector-distribution.png")
        teacher.get_by_role("button", name="Mostra il verdetto del coach").click()
        teacher.get_by_text("Il verdetto del coach", exact=False).first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-verdict.png", height=1800)

        for name, page, _ in phones:
            page.get_by_text("giudizio:", exact=False).first.wait_for()
            wait_idle(page)
            said = "Hai scelto: " + choices[name]
            assert page.get_by_text(said, exact=False).count() >= 1
            shot(page, f"live-phone-grade-{name.lower()}.png", height=1400)

        _view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "live-projector-results.png")
        errors = t_errors + [e for _, _, errs in phones for e in errs]
        assert errors == [], errors
    finally:
        for ctx in contexts:
            ctx.close()
