"""The live class's results as files (coach/live_export.py): rows with non-answers, an Italian CSV
(``;``, decimal comma, BOM), an .xlsx a teacher opens, and pupils' names never run as formulas."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime

import openpyxl
import pytest

from coach.i18n import get_translator
from coach.live import AnswerRow
from coach.live_export import (
    BOM,
    ExportQuestion,
    ExportRow,
    csv_separator,
    export_rows,
    file_name,
    neutralised,
    pupil_aliases,
    results_csv,
    results_xlsx,
)

IT_HEADER = ["N.", "Domanda", "Ora", "Alunno", "Risposta", "Giudizio", "EV perso (bb)"]
QUESTIONS = [ExportQuestion(1, "Sei Carla: che cosa fai?", datetime(2026, 12, 1, 10, 5)),
             ExportQuestion(2, "Quando puoi fare check?", None)]
PUPILS = ["Anna", "=HYPERLINK(\"http://x\")", "Bruno"]
ANSWERS = [AnswerRow(1, "Anna", "p3 cbr 60", "ottima", 0.0),
           AnswerRow(1, "=HYPERLINK(\"http://x\")", "p3 f", "errore", 1.5),
           AnswerRow(2, "Anna", "1", "errore", None)]
WORDS = {"p3 cbr 60": "Rilancio a 60", "p3 f": "Fold", "1": "Quando nessuno ha puntato"}
GRADES = {"ottima": "Ottima", "errore": "Errore"}


def rows() -> list[ExportRow]:
    return export_rows(QUESTIONS, PUPILS, ANSWERS, lambda r: WORDS[r.answer], lambda r: GRADES[r.grade or ""])


def test_every_pupil_has_a_row_for_every_question_answered_or_not() -> None:
    got = [(r.question, r.pupil, r.answer, r.grade, r.ev_loss_bb, r.right) for r in rows()]
    assert got == [
        (1, "Anna", "Rilancio a 60", "Ottima", 0.0, True),
        (1, PUPILS[1], "Fold", "Errore", 1.5, False),
        (1, "Bruno", None, "", None, None),
        (2, "Anna", "Quando nessuno ha puntato", "Errore", None, False),
        (2, PUPILS[1], None, "", None, None),
        (2, "Bruno", None, "", None, None),
    ]
    assert {r.text for r in rows() if r.question == 2} == {"Quando puoi fare check?"}


def test_an_answer_from_a_name_no_longer_in_the_class_is_kept() -> None:
    got = export_rows(QUESTIONS[:1], ["Anna"], ANSWERS[:2], lambda r: r.answer, lambda r: "")
    assert [r.pupil for r in got] == ["Anna", PUPILS[1]]


def test_a_formula_start_gets_an_apostrophe_and_nothing_else_changes() -> None:
    for text in ("=1+1", "+39 333", "-2", "@SUM(A1)", "\tx", "\rx"):
        assert neutralised(text) == "'" + text
    for text in ("Anna", "'già", "a=b", "", "—"):
        assert neutralised(text) == text


def test_italian_csv_has_a_bom_semicolons_decimal_commas_and_italian_headers() -> None:
    data = results_csv(rows(), get_translator("it"))
    assert data.startswith(BOM.encode("utf-8"))
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert table[0] == IT_HEADER
    assert table[1] == ["1", "Sei Carla: che cosa fai?", "10:05", "Anna", "Rilancio a 60", "Ottima", "0,00"]
    assert table[2] == ["1", "Sei Carla: che cosa fai?", "10:05", "'" + PUPILS[1], "Fold", "Errore", "1,50"]
    assert table[3] == ["1", "Sei Carla: che cosa fai?", "10:05", "Bruno", "senza risposta", "", ""]
    assert table[4][2] == ""  # a question without its time
    assert len(table) == 7


def test_english_csv_has_commas_dots_and_english_headers() -> None:
    data = results_csv(rows(), get_translator("en"))
    assert data.startswith(BOM.encode("utf-8"))
    table = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert table[0] == ["No.", "Question", "Asked at", "Pupil", "Answer given", "Grade", "EV lost (bb)"]
    assert table[2][3:] == ["'" + PUPILS[1], "Fold", "Errore", "1.50"]
    assert table[3][4] == "no answer"


@pytest.mark.parametrize(("locale", "separator"), [("it", ";"), ("en", ","), ("de", ";"), ("en_GB", ",")])
def test_the_separator_follows_the_locales_decimal_mark(locale: str, separator: str) -> None:
    assert csv_separator(locale) == separator


def test_xlsx_has_a_bold_frozen_header_numbers_as_numbers_and_names_as_text() -> None:
    book = openpyxl.load_workbook(io.BytesIO(results_xlsx(rows(), get_translator("it"))))
    assert book.sheetnames == ["Risposte", "Per domanda"]
    ws = book["Risposte"]
    assert [c.value for c in ws[1]] == IT_HEADER
    assert all(c.font.bold for c in ws[1])
    assert ws.freeze_panes == "A2"
    assert ws.column_dimensions["B"].width > ws.column_dimensions["A"].width
    first, hostile, silent = ws[2], ws[3], ws[4]
    assert first[0].value == 1 and first[2].value == datetime(2026, 12, 1, 10, 5)
    assert first[2].number_format == "hh:mm"
    assert [c.value for c in first[3:6]] == ["Anna", "Rilancio a 60", "Ottima"]
    assert first[6].value == 0.0 and hostile[6].value == 1.5 and hostile[6].data_type == "n"
    # the name is the text itself, stored as a string: no formula in the workbook
    assert hostile[3].value == PUPILS[1] and hostile[3].data_type == "s"
    assert not any(c.data_type == "f" for row in ws.iter_rows() for c in row)
    assert [c.value for c in silent[3:7]] == ["Bruno", "senza risposta", None, None]
    summary = book["Per domanda"]
    assert [c.value for c in summary[1]] == ["N.", "Domanda", "Risposte", "Senza risposta", "Giuste"]
    assert [c.value for c in summary[2]] == [1, "Sei Carla: che cosa fai?", 2, 1, 0.5]
    assert [c.value for c in summary[3]][2:] == [1, 2, 0]


def test_aliases_number_the_pupils_in_joining_order() -> None:
    assert pupil_aliases(PUPILS, get_translator("it")) == {"Anna": "Alunno 1", PUPILS[1]: "Alunno 2",
                                                           "Bruno": "Alunno 3"}
    assert pupil_aliases(["Bruno"], get_translator("en")) == {"Bruno": "Pupil 1"}


def test_file_names_carry_the_code_and_the_day() -> None:
    assert file_name("ABCDEF", date(2026, 12, 1), "xlsx") == "classe-ABCDEF-2026-12-01.xlsx"
