"""A live server refuses a 20 MB message from a browser (``server.maxWidgetStateSize``).

Before, text areas accepted 20 MB per message into session memory (4 connections took
the server from 231 to 623 MB). The text areas now take at most 1 MB of characters
(``max_chars``, checked in the AppTests of the pages) and the server closes any
connection whose message is above the limit in ``.streamlit/config.toml`` before it
reaches session state: checked here against a real ``streamlit run`` (no browser
needed, a websocket client speaks for one).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import tempfile
import tomllib
from pathlib import Path

import websockets
from streamlit import config as st_config
from support.server import ROOT, streamlit_server

from coach.limits import MAX_HAND_BYTES


def test_the_configured_limit_is_streamlits_and_fits_a_full_text_area() -> None:
    data = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    limit_mb = data["server"]["maxWidgetStateSize"]
    st_config.get_option("server.maxWidgetStateSize")  # an option Streamlit knows (raises if not)
    # megabytes of 10**6 bytes: a full text area (1 MB of characters, up to 4 bytes each in UTF-8)
    # fits, a 20 MB message does not
    assert 4 * MAX_HAND_BYTES < limit_mb * 10**6 < 20 * 10**6


async def _send(url: str, size: int) -> int | None:
    """Send one binary message of ``size`` bytes; the close code the server answers with, if any."""
    ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
    async with websockets.connect(ws_url, max_size=None, origin=websockets.Origin(url)) as ws:
        await ws.send(b"\0" * size)
        try:
            await asyncio.wait_for(ws.wait_closed(), timeout=30)
        except TimeoutError:
            return None
        return ws.close_code


def test_a_20_mb_message_closes_the_connection() -> None:
    with tempfile.TemporaryDirectory() as tmp, streamlit_server(Path(tmp)) as app:
        # In a thread of its own: a Playwright test earlier in the session leaves its event loop
        # running in this thread, where asyncio.run refuses to start another.
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            code = pool.submit(asyncio.run, _send(app.url, 20 * 10**6)).result(timeout=120)
        assert code == 1009  # 1009: message too big
