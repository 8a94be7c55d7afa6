"""«Analizza la tua sessione» in the browser, the acceptance of issue 23: a file of 200 hands uploaded,
the job parsed and graded by the embedded worker (a process of the task queue, not the page) while the
progress bar advances and another learner's lesson clicks keep completing; the decisions listed by EV
lost, the costliest opened in the Replayer at that decision; and a PokerStars session cancelled with
«Annulla» (the page says so, the job's row says ``cancelled``)."""

from __future__ import annotations

import re
import statistics
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from support.browser import BROWSER, WAIT_MS, open_context, shot, wait_idle

from coach.engine.phh import loads_phhs
from tests.support.rooms_export import export_histories
from tests.support.sample import sample_session

pytestmark = BROWSER

HANDS = 200
LOSS = re.compile(r"([\d.,]+|–) bb persi")
LESSON = "/lezioni?lezione=03-azioni&mano=2&passo=1"
STEP = re.compile(r"Passo (\d+) di (\d+)")
CLICKS = 40  # lesson clicks at most while the review runs (the loop stops when the review ends)


@lru_cache(maxsize=1)
def _session() -> str:
    return sample_session(HANDS, seed=11)  # about 9 s: the engine and the bots play 200 hands


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


def _step(page: Any) -> int:
    bar = page.locator('[data-testid="stProgress"]', has_text="Passo").first.inner_text()
    found = STEP.search(bar)
    assert found, bar
    return int(found.group(1))


def _lesson_click(page: Any) -> float:
    """«Avanti» (or «Indietro» where a decision waits) in the lesson; seconds until the step changed."""
    before = _step(page)
    forward = page.get_by_role("button", name="Avanti")
    button = forward if forward.count() and forward.first.is_enabled() else \
        page.get_by_role("button", name="Indietro")
    expected = before + 1 if button is forward else before - 1
    start = time.monotonic()
    button.first.click()
    page.locator('[data-testid="stProgress"]', has_text=f"Passo {expected} di").first.wait_for()
    took = time.monotonic() - start
    wait_idle(page)  # the rerun completed
    return took


def _upload(page: Any, server: str, path: Path, hands: int) -> None:
    page.goto(server + "/analisi")
    page.get_by_text("Analizza la tua sessione").first.wait_for()
    wait_idle(page)
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    page.get_by_text(f"Mani trovate: {hands}.", exact=False).wait_for()
    wait_idle(page)
    # the hero guessed by the page's scan (the player dealt cards, or the one in most hands)
    page.locator('[data-testid="stSelectbox"]').first.locator('input[value="Tu"]').wait_for()


def test_a_200_hand_session_is_reviewed_while_another_learner_clicks(
        desk: tuple[Any, list[str]], browser: Any, server: str, tmp_path: Path) -> None:
    page, errors = desk
    session = tmp_path / "sessione.phhs"
    session.write_text(_session(), encoding="utf-8")
    lctx, lesson, lesson_errors = open_context(browser, 1280, 800)
    try:
        lesson.goto(server + LESSON)
        lesson.locator(".cc-table").first.wait_for()
        wait_idle(lesson)
        _upload(page, server, session, HANDS)
        shot(page, "review-upload.png")
        page.get_by_role("button", name="Avvia l'analisi").click()

        # While the worker reads and grades, the bar (the job's row, read by a fragment each second)
        # goes up, and the other learner's lesson clicks each complete their rerun.
        heading = page.get_by_text("Le tue decisioni, le più costose prima")
        page.locator('[data-testid="stProgress"]').first.wait_for()
        seen: list[int] = []
        latencies: list[float] = []
        started = time.monotonic()
        for _ in range(CLICKS):
            value = _bar(page)
            if value is None or value >= 100:  # the review ended between two reads
                break
            if not seen or value != seen[-1]:
                seen.append(value)
            if len(seen) == 2:
                shot(page, "review-progress.png")
            latencies.append(_lesson_click(lesson))
        print(f"\nreview bar while the lesson was clicked: {seen} ({time.monotonic() - started:.1f} s)")
        print("lesson clicks while the review ran (s): " + ", ".join(f"{x:.2f}" for x in latencies)
              + f"; median {statistics.median(latencies):.2f}, max {max(latencies):.2f}")
        assert len(seen) >= 2 and seen == sorted(seen), seen  # it advanced, read twice
        assert seen[0] < 100, seen
        assert latencies, "no lesson click completed"
        shot(lesson, "review-lesson-meanwhile.png")
        heading.wait_for(timeout=WAIT_MS * 2)
        wait_idle(page)
    finally:
        lctx.close()
    assert not lesson_errors, lesson_errors

    # The decisions, the costliest first.
    assert "Mani: 200" in page.locator('[data-testid="stMain"]').inner_text().replace("\n", ": ") \
        or page.get_by_text("200", exact=True).count() >= 1
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
    # the verdict above the table names the hand as the list did: «Mano 26 (sessione.phhs) · flop · …»
    assert re.search(rf"Mano {hand} \([^)]*\) ·", body), body[:600]
    assert "Che cosa pensa il coach della prossima azione?" in body  # stopped at the decision
    page.locator(".cc-table").first.wait_for()
    shot(page, "review-replayer.png", height=1200)
    assert not errors, errors


def _last_job_status(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The newest review job's status in the e2e server's database (tests/e2e/conftest.py's server)."""
    db = max(tmp_path_factory.getbasetemp().glob("e2e*/e2e.db"), key=lambda p: p.stat().st_mtime)
    engine = create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            last = conn.execute(text("SELECT status FROM review_jobs ORDER BY id DESC LIMIT 1"))
            return str(last.scalar_one())
    finally:
        engine.dispose()


def test_a_pokerstars_session_is_cancelled(desk: tuple[Any, list[str]], server: str, tmp_path: Path,
                                           tmp_path_factory: pytest.TempPathFactory) -> None:
    """A PokerStars file (the project's exporter, hero «Tu»): started, then «Annulla» while the bar runs."""
    page, errors = desk
    stars = export_histories(loads_phhs(_session(), "s.phhs"), "pokerstars", hero="Tu")
    path = tmp_path / "pokerstars.txt"
    path.write_text(stars * 4, encoding="utf-8")  # 800 hands: still running when «Annulla» is pressed
    _upload(page, server, path, HANDS * 4)
    page.get_by_role("button", name="Avvia l'analisi").click()
    page.locator('[data-testid="stProgress"]').first.wait_for()
    cancel = page.get_by_role("button", name="Annulla")
    cancel.wait_for()
    assert _last_job_status(tmp_path_factory) in ("queued", "running")
    cancel.click()
    page.get_by_text("L'ultima analisi è stata annullata.").wait_for()
    wait_idle(page)
    assert page.locator('[data-testid="stProgress"]').count() == 0
    assert _last_job_status(tmp_path_factory) == "cancelled"
    shot(page, "review-cancelled.png")
    assert not errors, errors
