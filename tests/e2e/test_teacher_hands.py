"""A teacher poses a decision of a hand built in «Crea una mano» to a live class (issue 23, «Must show»):
the hand is built and saved under the teacher's own profile (this browser's cookie), chosen in
«Classe dal vivo» through «… oppure dalle mie mani» without pasting any text, and a phone answers."""

from __future__ import annotations

import time
from typing import Any

from support.browser import (
    BROWSER,
    click_key,
    create_class,
    open_context,
    shot,
    type_into,
    wait_idle,
)

pytestmark = BROWSER

TITLE = "Torneo di ieri sera"


def _build(page: Any, server: str) -> None:
    """Six-handed: everybody folds to the small blind (the teacher, «Io»), who raises to 8; the big
    blind folds."""
    page.goto(f"{server}/mani")
    page.get_by_text("Crea una mano").first.wait_for()
    wait_idle(page)
    type_into(page, "builder.name.0", "Io")
    type_into(page, "builder.name.1", "Marco")
    type_into(page, "builder.hero_cards", "AsKd")
    click_key(page, "builder.start")
    for _ in range(4):  # seats 3 to 6 fold
        click_key(page, "builder.act.fold")
    type_into(page, "builder.act.amount", "8")
    click_key(page, "builder.act.raise")  # Io raises to 8
    click_key(page, "builder.act.fold")  # Marco folds
    page.get_by_text("La mano è completa", exact=False).first.wait_for()
    type_into(page, "builder.title", TITLE)
    click_key(page, "builder.save")
    page.get_by_text("Salvata in «Le mie mani»", exact=False).first.wait_for()


def test_a_teacher_poses_a_decision_of_a_built_hand(browser: Any, server: str) -> None:
    started = time.monotonic()
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080)
        contexts.append(tctx)
        _build(teacher, server)  # the same browser (cookie, profile) that then runs the class
        print(f"\nhand built and saved in {time.monotonic() - started:.1f} s")

        teacher.goto(server + "/insegnante?aula=1")
        code = create_class(teacher)

        pctx, phone, p_errors = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
        contexts.append(pctx)
        phone.goto(f"{server}/classe?codice={code}")
        phone.get_by_label("Il tuo nome").fill("Anna")
        phone.get_by_label("Il tuo nome").press("Enter")
        wait_idle(phone)
        phone.get_by_role("button", name="Entra nella classe").click()
        phone.get_by_text("Ciao Anna", exact=False).first.wait_for()
        wait_idle(phone)
        teacher.get_by_text("1 alunno in classe", exact=False).first.wait_for()

        teacher.locator('[class*="st-key-live-teacher-view"] button').filter(has_text="Domanda").first.click()
        wait_idle(teacher)
        source = teacher.locator('[class*="st-key-live-teacher-source"] button')
        source.filter(has_text="Una mano PHH").first.click()
        wait_idle(teacher)
        mine = teacher.get_by_label("… oppure dalle mie mani")
        mine.first.click()
        teacher.get_by_role("option", name=TITLE).click()
        wait_idle(teacher)
        teacher.get_by_label("Decisione da proporre alla classe").first.wait_for()
        # the built hand's names, once the run that loads it has drawn them
        teacher.wait_for_function("""() => {
          const main = document.querySelector('[data-testid="stMain"]');
          return main !== null && main.innerText.includes('Io');
        }""", timeout=30_000)
        shot(teacher, "teacher-hand-picked.png")
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 1 hanno risposto", exact=False).first.wait_for()
        wait_idle(teacher)
        shot(teacher, "teacher-hand-vote-open.png")

        fold = phone.get_by_role("button", name="Fold")
        fold.wait_for()
        wait_idle(phone)
        shot(phone, "teacher-hand-phone-question.png")
        fold.click()
        phone.get_by_text("Risposta inviata", exact=False).first.wait_for()
        wait_idle(phone)
        teacher.get_by_text("1 su 1 ha risposto", exact=False).first.wait_for()
        shot(teacher, "teacher-hand-answered.png")
        assert not t_errors, t_errors
        assert not p_errors, p_errors
    finally:
        for ctx in contexts:
            ctx.close()
