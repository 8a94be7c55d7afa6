"""«Le mie mani» in the browser (issue 23, item 4): a room's file imported through the workers is
saved once, a reload shows the same report without saving the hands again; a row's delete icon
asks «Eliminare «…»?» in the row, «Annulla» keeps the hand and «Sì, elimina» deletes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.browser import BROWSER, check_axe, key_css, open_context, shot, wait_idle

from tests.ui.views.test_rooms_upload import stars_file

pytestmark = BROWSER


def test_an_import_is_saved_once_and_a_hand_is_deleted_after_asking(server: str, browser: Any,
                                                                     tmp_path: Path) -> None:
    session = tmp_path / "sessione.txt"
    session.write_bytes(stars_file(doctored=True))
    context, page, errors = open_context(browser, 1280, 900)
    try:
        page.goto(f"{server}/mani")
        wait_idle(page)
        page.locator(f"{key_css('mani.import.file')} input[type=file]").set_input_files(str(session))
        wait_idle(page)
        page.locator(f"{key_css('mani.import.go')} button").first.click()
        wait_idle(page)
        page.get_by_text("Salvate in «Le mie mani» dal file: 3.", exact=False).first.wait_for()
        main = page.locator('[data-testid="stMain"]')
        page.get_by_text("3 mani", exact=False).first.wait_for()
        page.reload()  # a new session of the same browser: the finished job is found, not saved again
        wait_idle(page)
        page.get_by_text("Salvate in «Le mie mani» dal file: 3.", exact=False).first.wait_for()
        assert "Lette: 3" in main.inner_text() and "3 mani" in main.inner_text()
        assert "6 mani" not in main.inner_text()

        page.locator('[class*="st-key-builder-remove-"] button').first.click()
        wait_idle(page)
        page.get_by_text("Eliminare «Mano PokerStars n. 100000", exact=False).first.wait_for()
        assert "3 mani" in main.inner_text()  # one click deletes nothing
        shot(page, "mani2-confirm.png", height=1800)
        check_axe(page, "mani2-confirm")
        page.locator(f"{key_css('mani.list.delete.no')} button").first.click()
        wait_idle(page)
        assert "Eliminare «" not in main.inner_text() and "3 mani" in main.inner_text()
        page.locator('[class*="st-key-builder-remove-"] button').first.click()
        wait_idle(page)
        page.locator(f"{key_css('mani.list.delete.yes')} button").first.click()
        wait_idle(page)
        page.get_by_text("2 mani", exact=False).first.wait_for()
        assert "Eliminare «" not in main.inner_text()
        assert not errors, errors
    finally:
        context.close()
