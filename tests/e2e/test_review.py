"""«Analizza la tua sessione» in the browser: a file of 50 hands uploaded, the job run by the embedded
worker (a process of the task queue, not the page) with its progress bar, the decisions listed by EV
lost, and the costliest one opened in the Replayer at that decision."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from support.browser import BROWSER, WAIT_MS, shot, wait_idle

from coach.review.sample import sample_session

pytestmark = BROWSER

LOSS = re.compile(r"([\d.,]+|–) bb persi")


def _loss(label: str) -> float:
    found = LOSS.search(label)
    assert found, label
    raw = found.group(1)
    return 0.0 if raw == "–" else float(raw.replace(".", "").replace(",", "."))


def _bar(page: Any) -> int | None:
    bar = page.locator('[data-testid="stProgress"] [role="progressbar"]')
    if bar.count() == 0:
        return None
    value = bar.first.get_attribute("aria-valuenow")
    return int(float(value)) if value is not None else None


def test_a_session_file_is_reviewed_in_the_background(desk: tuple[Any, list[str]], server: str,
                                                      tmp_path: Path) -> None:
    page, errors = desk
    session = tmp_path / "sessione.phhs"
    session.write_text(sample_session(50, seed=11), encoding="utf-8")

    page.goto(server + "/analisi")
    page.get_by_text("Analizza la tua sessione").first.wait_for()
    wait_idle(page)
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(session))
    page.get_by_text("Mani lette: 50.").wait_for()
    wait_idle(page)
    shot(page, "review-upload.png")
    picked = page.locator('[data-testid="stSelectbox"]').first
    assert "Tu" in picked.inner_text() + (picked.locator("input").first.get_attribute("aria-label") or "") \
        + " ".join(picked.locator("input").evaluate_all("els => els.map(e => e.value)")), picked.inner_html()
    page.get_by_role("button", name="Avvia l'analisi").click()

    # The progress bar comes from the job's row, read by a fragment each second; it only goes up.
    seen: list[int] = []
    deadline = time.monotonic() + WAIT_MS / 1000 * 2
    heading = page.get_by_text("Le tue decisioni, le più costose prima")
    while time.monotonic() < deadline and heading.count() == 0:
        value = _bar(page)
        if value is not None and (not seen or value != seen[-1]):
            seen.append(value)
        if len(seen) == 1 and page.get_by_role("button", name="Annulla").count():
            shot(page, "review-progress.png")
        page.wait_for_timeout(100)
    heading.wait_for(timeout=1000)
    assert seen, "the progress bar never showed"
    assert seen == sorted(seen), seen
    assert seen[0] < 100, seen
    wait_idle(page)

    # The decisions, the costliest first.
    rows = page.locator('[class*="st-key-analisi_open_"] button')
    labels = rows.all_inner_texts()
    assert len(labels) >= 10, labels
    losses = [_loss(x) for x in labels]
    assert losses == sorted(losses, reverse=True), losses
    assert page.get_by_text("Le tre falle che ti costano di più").count() == 1
    shot(page, "review-results.png", height=1800)

    first = labels[0]
    hand = int(re.search(r"Mano (\d+)", first).group(1))  # type: ignore[union-attr]
    rows.first.click()
    page.wait_for_url(re.compile(r".*/replayer.*"))
    page.get_by_text("I giudizi del coach sulle tue scelte in questa mano").wait_for()
    wait_idle(page)
    body = page.locator('[data-testid="stMain"]').inner_text()
    assert f"Mano {hand} ·" in body
    assert "Che cosa pensa il coach della prossima azione?" in body  # stopped at the decision
    page.locator(".cc-table").first.wait_for()
    shot(page, "review-replayer.png", height=1200)
    assert not errors, errors
