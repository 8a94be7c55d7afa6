"""«Crea una mano» in the browser (issue 23): a learner builds a 6-handed hand from a live table
(set-up, actions to the flop, a bet and a fold), saves it, finds it in «Le mie mani» and opens it in
the Replayer with the coach's grades of their decisions."""

from __future__ import annotations

from typing import Any

from support.browser import BROWSER, open_context, shot, wait_idle

pytestmark = BROWSER


def _key(key: str) -> str:
    return ".st-key-" + key.replace(".", "-")


def _type(page: Any, key: str, value: str) -> None:
    field = page.locator(f"{_key(key)} input").first
    field.fill(value)
    field.press("Enter")
    wait_idle(page)


def _click(page: Any, key: str) -> None:
    page.locator(f"{_key(key)} button").first.click()
    wait_idle(page)


def test_a_learner_builds_saves_and_replays_a_hand(server: str, browser: Any) -> None:
    context, page, errors = open_context(browser, 1280, 900)
    try:
        page.goto(f"{server}/mani")
        wait_idle(page)
        page.get_by_text("Crea una mano").first.wait_for()
        _type(page, "builder.name.0", "Io")
        _type(page, "builder.name.4", "Marco")
        _type(page, "builder.hero_cards", "AsKd")
        _type(page, "builder.stack.3", "zero")  # a bad stack: a clear error, nothing starts
        _click(page, "builder.start")
        page.get_by_text("«zero»", exact=False).first.wait_for()
        _type(page, "builder.stack.3", "200")
        _click(page, "builder.start")
        # seat 6 has the button: seat 1 (Io) the small blind, seat 2 the big blind, seat 3 acts first
        _click(page, "builder.act.fold")
        _click(page, "builder.act.check")  # seat 4 faces the big blind: refused with the rule
        page.get_by_text("Non è cambiato nulla", exact=False).first.wait_for()
        _click(page, "builder.act.fold")
        _click(page, "builder.act.call")  # Marco calls
        _click(page, "builder.act.fold")
        _type(page, "builder.act.amount", "8")
        _click(page, "builder.act.raise")  # Io raises to 8
        _click(page, "builder.act.fold")
        _click(page, "builder.act.call")  # Marco calls
        _type(page, "builder.board", "2c7dTh")
        _click(page, "builder.deal")
        _type(page, "builder.act.amount", "10")
        _click(page, "builder.act.raise")  # Io bets 10 on the flop
        _click(page, "builder.act.fold")  # Marco folds
        page.get_by_text("La mano è completa", exact=False).first.wait_for()
        shot(page, "builder-complete.png", height=1300)
        _type(page, "builder.title", "Martedì al circolo")
        _click(page, "builder.save")
        page.get_by_text("Salvata in «Le mie mani»", exact=False).first.wait_for()
        page.get_by_text("Le mie mani (1)", exact=False).first.wait_for()
        shot(page, "builder-saved.png", height=1300)
        page.locator('[class*="st-key-builder-open-"] button').first.click()
        wait_idle(page)
        page.get_by_text("I giudizi del coach sulle tue scelte", exact=False).first.wait_for(timeout=30_000)
        # the grades are drawn as the page's run goes on: wait for the row, then read the page
        page.get_by_text("Flop · Puntata di 10", exact=False).first.wait_for(timeout=30_000)
        body = page.locator('[data-testid="stMain"]').inner_text()
        assert "Martedì al circolo" in body and "Marco" in body
        shot(page, "builder-replayer.png", height=1300)
        assert not errors, errors
    finally:
        context.close()
