"""«Crea una mano» on a 360x640 phone (issue 31): the cards picked by tapping, the page reloaded in the
middle of the hand (the hand comes back from the profile), the hand finished, saved and opened in the
Replayer."""

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


def test_a_hand_built_by_tapping_on_a_phone_survives_a_reload(server: str, browser: Any) -> None:
    context, page, errors = open_context(browser, 360, 640)
    try:
        page.goto(f"{server}/mani")
        wait_idle(page)
        page.get_by_text("Crea una mano").first.wait_for()
        _type(page, "builder.name.0", "Io")
        _type(page, "builder.name.4", "Marco")
        page.get_by_text("Scegli le tue carte toccandole").click()
        wait_idle(page)
        page.get_by_role("button", name="A♠").first.click()
        wait_idle(page)
        page.get_by_role("button", name="K♦").first.click()
        wait_idle(page)
        assert page.locator(f"{_key('builder.hero_cards')} input").first.input_value() in ("AsKd", "KdAs")
        shot(page, "builder-phone-picker.png")
        _click(page, "builder.start")
        _click(page, "builder.act.fold")  # seat 3
        _click(page, "builder.act.fold")  # seat 4
        _click(page, "builder.act.call")  # Marco calls
        page.reload()  # a lock screen, a dropped connection: a new session
        wait_idle(page)
        page.locator(f"{_key('builder.undo')} button").first.wait_for()
        assert page.locator(f"{_key('builder.undo')} button").first.is_enabled()  # the steps came back
        shot(page, "builder-phone-reloaded.png")
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
        _type(page, "builder.title", "Dal telefono")
        _click(page, "builder.save")
        page.get_by_text("Salvata in «Le mie mani»", exact=False).first.wait_for()
        page.reload()  # saved: no draft comes back
        wait_idle(page)
        page.locator(f"{_key('builder.start')} button").first.wait_for()
        page.locator('[class*="st-key-builder-open-"] button').first.click()
        wait_idle(page)
        page.get_by_text("I giudizi del coach sulle tue scelte", exact=False).first.wait_for(timeout=30_000)
        body = page.locator('[data-testid="stMain"]').inner_text()
        assert "Dal telefono" in body and "Marco" in body
        shot(page, "builder-phone-replayer.png")
        assert not errors, errors
    finally:
        context.close()
