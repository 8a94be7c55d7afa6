"""A teacher's results in the browser: the .xlsx and the Italian CSV downloaded from the results tab
open with Italian headers, the question's text, answers in words, the grade and a row for the pupil
who did not answer; «Nascondi i nomi» leaves no pupil's name on the projector (issue 22)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import openpyxl
from support.browser import (
    BROWSER,
    OUT,
    SPOT_LABEL,
    create_class,
    join_class,
    open_context,
    pick,
    shot,
    teacher_view,
    wait_idle,
)

pytestmark = BROWSER

HEADER = ["N.", "Domanda", "Ora", "Alunno", "Risposta", "Giudizio", "EV perso (bb)"]
PROMPT = "Sei Carla, la prima a parlare, con J♠10♠."


def _download(page: Any, label: str, tmp: Path) -> Path:
    with page.expect_download() as info:
        page.get_by_role("button", name=label).click()
    download = info.value
    path = tmp / download.suggested_filename
    download.save_as(path)
    return path


def _check_rows(rows: list[list[Any]]) -> None:
    """The answers: Anna's call in words with its grade, Bruno's row without an answer."""
    assert rows[0] == HEADER
    by_pupil = {r[3]: r for r in rows[1:]}
    assert set(by_pupil) == {"Anna", "Bruno"}, rows
    anna, bruno = by_pupil["Anna"], by_pupil["Bruno"]
    for r in (anna, bruno):
        assert str(r[0]) == "1"
        assert SPOT_LABEL in r[1] and PROMPT in r[1]  # the question in words, not «lesson:03-azioni/0/4»
    assert anna[4] == "Call 2" and anna[5] == "Imprecisa"
    assert bruno[4] == "senza risposta" and bruno[5] in ("", None) and bruno[6] in ("", None)


def test_results_download_as_xlsx_and_italian_csv_and_hide_the_names(
        browser: Any, server: str, tmp_path: Path) -> None:
    contexts = []
    try:
        tctx, teacher, t_errors = open_context(browser, 1920, 1080, accept_downloads=True)
        contexts.append(tctx)
        teacher.goto(server + "/insegnante?aula=1")
        code = create_class(teacher)
        phones = []
        for name in ("Anna", "Bruno"):
            ctx, page, _ = open_context(browser, 390, 844, is_mobile=True, has_touch=True)
            contexts.append(ctx)
            join_class(page, server, code, name)
            phones.append(page)
        teacher.get_by_text("2 alunni in classe").first.wait_for()
        wait_idle(teacher)

        teacher_view(teacher, "Domanda")
        wait_idle(teacher)
        pick(teacher, "Decisione da proporre alla classe",
             "Una mano con tutte le azioni · Carla, decisione 1", SPOT_LABEL)
        teacher.get_by_role("button", name="Apri la votazione").click()
        teacher.get_by_text("0 su 2 hanno risposto").first.wait_for()
        anna = phones[0]
        anna.get_by_role("button", name="Call 2").click()  # Bruno does not answer
        anna.get_by_text("Risposta inviata", exact=False).first.wait_for()
        teacher.get_by_text("1 su 2 ha risposto").first.wait_for()
        wait_idle(teacher)
        teacher.get_by_role("button", name="Chiudi la votazione").click()
        teacher.locator('[data-testid="stPlotlyChart"]').first.wait_for()
        wait_idle(teacher)

        teacher_view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        shot(teacher, "exports-results-names.png")
        main = teacher.locator('[data-testid="stMain"]')
        # Bruno answered nothing: listed as such, not «0 giuste» among the others
        cells = teacher.locator("table tr").filter(has_text="Bruno").locator("td").all_inner_texts()
        assert [c.strip() for c in cells] == ["Bruno", "—", "—", "senza risposta"], cells

        xlsx = _download(teacher, "Scarica i risultati (Excel)", tmp_path)
        assert re.fullmatch(rf"classe-{code}-\d{{4}}-\d{{2}}-\d{{2}}\.xlsx", xlsx.name), xlsx.name
        book = openpyxl.load_workbook(xlsx)
        sheet = book[book.sheetnames[0]]
        assert sheet.title == "Risposte" and sheet.freeze_panes == "A2"
        assert all(c.font.bold for c in sheet[1])
        _check_rows([[c.value for c in row] for row in sheet.iter_rows()])

        path = _download(teacher, "Scarica i risultati (CSV)", tmp_path)
        assert path.suffix == ".csv" and path.stem == xlsx.stem
        raw = path.read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM: Excel reads «J♠10♠» right
        _check_rows(list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";")))

        # «Nascondi i nomi»: pupils become «Alunno 1», «Alunno 2» (the order they joined)
        teacher.get_by_text("Nascondi i nomi").click()
        wait_idle(teacher)
        teacher.get_by_text("Alunno 2").first.wait_for()
        shot(teacher, "exports-results-hidden.png")
        text = main.inner_text()
        assert "Anna" not in text and "Bruno" not in text, text
        assert "Alunno 1" in text
        # still hidden after a visit to another view (the projector never shows them by surprise)
        teacher_view(teacher, "Domanda")
        wait_idle(teacher)
        teacher_view(teacher, "Risultati")
        teacher.get_by_text("Per alunno").first.wait_for()
        wait_idle(teacher)
        assert "Anna" not in main.inner_text() and "Alunno 1" in main.inner_text()
        assert t_errors == [], t_errors
        assert (OUT / "exports-results-hidden.png").exists()
    finally:
        for ctx in contexts:
            ctx.close()
