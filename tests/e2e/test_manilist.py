"""«Le mie mani» with many hands in the browser (issue 23, items 2 and 6): 60 hands seeded through
the store for this browser's profile; the list shows 20 at a time, newest first, with its counts;
«Successive» and «Precedenti» walk the pages; a search by a player's name finds their hands, a
search of SQL wildcards finds nothing and breaks nothing."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

from support.browser import BROWSER, key_css, open_context, shot, wait_idle
from support.server import streamlit_server

from coach import identity, signing
from coach.store import Store
from tests.rooms.hands import SHOWDOWN

pytestmark = BROWSER


def _hand(k: int) -> str:
    """A PokerStars hand of Anna's; one in twenty has «Zeno» at the table instead of Bruno."""
    other = "Zeno" if k % 20 == 7 else f"Bruno{k}"
    return SHOWDOWN.replace('"Bruno"', f'"{other}"') + 'venue = "PokerStars"\n'


def test_sixty_hands_are_paged_and_searched(browser: Any, tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'mani.db'}"
    profile = identity.new_profile_id()
    store = Store(database)
    store.save_user_hands(profile, [(f"Mano PokerStars n. {k}", _hand(k)) for k in range(60)])
    cookie = identity.profile_cookie_value(profile, signing.Signer(signing.server_secret(),
                                                                    signing.PURPOSE_PROFILE))
    with streamlit_server(tmp_path, database, name="mani") as app:
        context, page, errors = open_context(browser, 1280, 1000)
        try:
            context.add_cookies([{"name": identity.PROFILE_COOKIE, "value": quote(cookie),
                                  "url": app.url}])
            page.goto(f"{app.url}/mani")
            wait_idle(page)
            main = page.locator('[data-testid="stMain"]')
            page.get_by_text("60 mani · 60 trovate").first.wait_for()
            body = main.inner_text()
            assert "Le mie mani (60)" in body and "Pagina 1 di 3" in body
            assert "Mano PokerStars n. 59" in body and "Mano PokerStars n. 40" in body
            assert "Mano PokerStars n. 39" not in body  # 20 a page, the newest first
            page.locator(f"{key_css('mani.list.next')} button").click()
            wait_idle(page)
            page.get_by_text("Pagina 2 di 3").first.wait_for()
            body = main.inner_text()
            assert "Mano PokerStars n. 39" in body and "Mano PokerStars n. 59" not in body
            page.locator(f"{key_css('mani.list.next')} button").click()
            wait_idle(page)
            page.get_by_text("Pagina 3 di 3").first.wait_for()
            assert page.locator(f"{key_css('mani.list.next')} button").is_disabled()
            page.locator(f"{key_css('mani.list.prev')} button").click()
            wait_idle(page)
            page.get_by_text("Pagina 2 di 3").first.wait_for()

            search = page.locator(f"{key_css('mani.list.search')} input")
            search.fill("zeno")
            search.press("Enter")
            wait_idle(page)
            page.get_by_text("60 mani · 3 trovate").first.wait_for()
            body = main.inner_text()
            assert "Pagina 1 di 1" in body  # a new search starts at the first page
            assert all(f"Mano PokerStars n. {k}\n" in body + "\n" for k in (47, 27, 7)), body
            shot(page, "manilist-search.png", height=1300)
            with page.expect_download() as got:
                page.locator(f"{key_css('mani.list.zip')} button").click()
            with zipfile.ZipFile(got.value.path()) as zf:  # the found hands only, one PHH file each
                assert len(zf.namelist()) == 3 and all("Zeno" in zf.read(n).decode() for n in zf.namelist())
            wait_idle(page)
            search.fill("%_%")
            search.press("Enter")
            wait_idle(page)
            page.get_by_text("60 mani · 0 trovate").first.wait_for()
            assert "Nessuna mano corrisponde" in main.inner_text()
            search.fill("")
            search.press("Enter")
            wait_idle(page)
            page.get_by_text("60 mani · 60 trovate").first.wait_for()
            shot(page, "manilist-page.png", height=1600)
            assert not errors, errors
        finally:
            context.close()
