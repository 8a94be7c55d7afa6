"""Room histories in the browser (issue 23): a PokerStars file of several hands uploaded in the
Replayer shows its report (read, skipped with the reason, refused with the line), a hand of it is
picked and stepped through with the coach's comment; the same file imported in «Le mie mani» is
saved with the report, and the guide «Come esportare le tue mani» opens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.browser import BROWSER, key_css, open_context, shot, wait_idle

from tests.ui.views.test_rooms_upload import stars_file

pytestmark = BROWSER


def _upload(page: Any, key: str, path: Path) -> None:
    page.locator(f"{key_css(key)} input[type=file]").set_input_files(str(path))
    wait_idle(page)


def test_a_pokerstars_file_in_the_replayer_and_in_my_hands(server: str, browser: Any, tmp_path: Path) -> None:
    session = tmp_path / "sessione.txt"
    session.write_bytes(stars_file(doctored=True))
    context, page, errors = open_context(browser, 1280, 900)
    try:
        page.goto(f"{server}/replayer")
        wait_idle(page)
        _upload(page, "replay_file", session)
        main = page.locator('[data-testid="stMain"]')
        page.get_by_text("Lette: 3", exact=False).first.wait_for()
        body = main.inner_text()
        assert "Saltate: 1" in body and "Rifiutate: 1" in body
        assert "Mano del file (3 da rivedere)" in body
        page.get_by_text("Mani non lette (2)").first.click()
        page.get_by_text("Mano 1 (riga 1)", exact=False).first.wait_for()
        assert "Omaha" in main.inner_text()
        shot(page, "rooms-report.png", height=1300)
        page.get_by_role("combobox", name="Mano del file (3 da rivedere)").first.click()
        page.get_by_role("option").filter(has_text="n. 1000004").first.click()
        wait_idle(page)
        page.locator('[class*="st-key-replay-comment-"] button').first.click()
        wait_idle(page)
        # p3's small raise with T9s, first in four-handed with 15 bb effective: the short-stack tables
        # (12-25 bb) get T9s all-in there, so the small raise is a second choice, «buona» (docs/COACH.md)
        page.get_by_text("giudizio: Buona", exact=False).first.wait_for(timeout=30_000)
        assert "p3" in main.inner_text()  # the tournament hand's hero
        shot(page, "rooms-replayer.png", height=1300)

        page.goto(f"{server}/mani")
        wait_idle(page)
        page.get_by_text("Importa da una sala").first.wait_for()
        _upload(page, "mani.import.file", session)
        page.locator(f"{key_css('mani.import.go')} button").first.click()
        wait_idle(page)
        page.get_by_text("Salvate in «Le mie mani» dal file: 3.", exact=False).first.wait_for()
        page.get_by_text("Le mie mani (3)", exact=False).first.wait_for()
        assert "Mano PokerStars n. 1000004" in main.inner_text()
        page.get_by_text("Come esportare le tue mani").first.click()
        page.get_by_text("Che cosa ne fa il coach.", exact=False).first.wait_for()
        shot(page, "rooms-mani.png", height=1800)
        assert not errors, errors
    finally:
        context.close()
