"""A live class's results as files a teacher opens: a spreadsheet (.xlsx) and a CSV for the locale.

An Italian Excel opens a CSV with ``;`` between the fields and a decimal comma, and reads it as
UTF-8 only with a byte-order mark: without those, «EV perso» lands in one column with dots and
«Alunno» turns into mojibake. So the CSV follows the active locale through Babel (``;`` and
``1,50`` for Italian, ``,`` and ``1.50`` for English), starts with a BOM, and speaks the teacher's
language: translated headers, the question's text, the answer in words («Rilancio a 60», «Call
20»), the grade in words, and one row for each pupil who did not answer a question («senza
risposta»), so nobody silently disappears from the class's record.

Pupils choose their own names: a name starting with ``=``, ``+``, ``-`` or ``@`` would run as a
formula in a spreadsheet. The CSV prefixes such text with an apostrophe; the .xlsx stores every
text cell as a string (never a formula), numbers as numbers.

Pure: no Streamlit. The UI (:mod:`coach.ui.live.results`) turns the store's answers into
:class:`ExportRow` with its own words for answers and grades (the coach's action labels), and
this module lays them out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final

from babel.numbers import format_decimal, get_decimal_symbol
from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from coach.i18n import N_, Translator
from coach.live import RIGHT_GRADES, AnswerRow

BOM: Final[str] = "\ufeff"
# What a spreadsheet reads as the start of a formula (OWASP «CSV injection»): = + - @, a tab, a CR.
FORMULA_START: Final[tuple[str, ...]] = ("=", "+", "-", "@", "\t", "\r")
XLSX_MIME: Final[str] = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_MIME: Final[str] = "text/csv"

HEADER: Final[tuple[str, ...]] = (N_("No."), N_("Question"), N_("Asked at"), N_("Pupil"), N_("Answer given"),
                                  N_("Grade"), N_("EV lost (bb)"))
SUMMARY_HEADER: Final[tuple[str, ...]] = (N_("No."), N_("Question"), N_("Answers"), N_("No answer"),
                                          N_("Right"))
NO_ANSWER: Final[str] = N_("no answer")
ANSWERS_SHEET: Final[str] = N_("Answers")
SUMMARY_SHEET: Final[str] = N_("Per question")
PUPIL_ALIAS: Final[str] = N_("Pupil {n}")
# Column widths of the answers sheet, in characters (the question's text is the long one).
WIDTHS: Final[tuple[int, ...]] = (6, 60, 10, 24, 22, 14, 14)
SUMMARY_WIDTHS: Final[tuple[int, ...]] = (6, 60, 12, 14, 12)


@dataclass(frozen=True)
class ExportQuestion:
    """A question of the class as the files name it: its number, its text, when it was opened
    (the teacher's local time, or None)."""

    number: int
    text: str
    asked_at: datetime | None = None


@dataclass(frozen=True)
class ExportRow:
    """One line of the files: a pupil's answer to a question, or its absence (``answer`` None)."""

    question: int
    text: str
    asked_at: datetime | None
    pupil: str
    answer: str | None  # in words; None: the pupil did not answer
    grade: str  # in words; "" without a grade
    ev_loss_bb: float | None
    right: bool | None  # None: no answer


def export_rows(questions: Sequence[ExportQuestion], pupils: Sequence[str], rows: Sequence[AnswerRow],
                answer_words: Callable[[AnswerRow], str],
                grade_words: Callable[[AnswerRow], str]) -> list[ExportRow]:
    """Every pupil against every question, in the question's order and then the order they joined:
    the answer (through ``answer_words`` and ``grade_words``, the UI's wording) or a no-answer row.

    An answer from a name no longer among ``pupils`` is kept (after the others): the record of
    what was answered is never shortened by the export.
    """
    out: list[ExportRow] = []
    known = set(pupils)
    for q in questions:
        mine = [r for r in rows if r.question == q.number]
        by_pupil = {r.pupil: r for r in mine}
        for name in pupils:
            r = by_pupil.get(name)
            if r is None:
                out.append(ExportRow(q.number, q.text, q.asked_at, name, None, "", None, None))
            else:
                out.append(_row(q, r, answer_words, grade_words))
        out.extend(_row(q, r, answer_words, grade_words) for r in mine if r.pupil not in known)
    return out


def _row(q: ExportQuestion, r: AnswerRow, answer_words: Callable[[AnswerRow], str],
         grade_words: Callable[[AnswerRow], str]) -> ExportRow:
    return ExportRow(q.number, q.text, q.asked_at, r.pupil, answer_words(r), grade_words(r), r.ev_loss_bb,
                     r.grade in RIGHT_GRADES)


def pupil_aliases(pupils: Sequence[str], t: Translator) -> dict[str, str]:
    """«Alunno 1», «Alunno 2»… in the order the pupils joined: the names hidden on the projector,
    each pupil keeping the same number on every redraw."""
    return {name: t(PUPIL_ALIAS, n=n) for n, name in enumerate(pupils, start=1)}


def neutralised(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text: an apostrophe before a formula's start."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_separator(locale: str) -> str:
    """``;`` where the decimal mark is a comma (Italian Excel), ``,`` elsewhere."""
    return ";" if get_decimal_symbol(locale) == "," else ","


def _decimal(value: float, locale: str) -> str:
    return format_decimal(value, format="0.00", locale=locale)


def _time(value: datetime | None) -> str:
    return "" if value is None else value.strftime("%H:%M")


def results_csv(rows: Sequence[ExportRow], t: Translator) -> bytes:
    """The answers as a CSV for the teacher's locale: UTF-8 with a BOM, translated headers, the
    locale's separator and decimal mark, every text cell safe from formulas."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=csv_separator(t.locale), lineterminator="\r\n")
    writer.writerow([t(h) for h in HEADER])
    for r in rows:
        writer.writerow([
            r.question, neutralised(r.text), _time(r.asked_at), neutralised(r.pupil),
            t(NO_ANSWER) if r.answer is None else neutralised(r.answer), neutralised(r.grade),
            "" if r.ev_loss_bb is None else _decimal(r.ev_loss_bb, t.locale),
        ])
    return (BOM + buf.getvalue()).encode("utf-8")


def _text(ws: Worksheet, row: int, column: int, value: str) -> Cell:
    """A cell that holds ``value`` as a string, even when it starts with ``=`` (never a formula)."""
    cell = ws.cell(row=row, column=column)
    assert isinstance(cell, Cell)  # a new sheet has no merged cells
    cell.value = value
    cell.data_type = "s"
    return cell


def _header(ws: Worksheet, header: Sequence[str], widths: Sequence[int], t: Translator) -> None:
    bold = Font(bold=True)
    for c, (h, width) in enumerate(zip(header, widths, strict=True), start=1):
        _text(ws, 1, c, t(h)).font = bold
        ws.column_dimensions[get_column_letter(c)].width = width
    ws.freeze_panes = "A2"


def results_xlsx(rows: Sequence[ExportRow], t: Translator) -> bytes:
    """The answers as an .xlsx: a sheet of answers (bold, frozen header; numbers as numbers, the
    time as a time, text as text) and a sheet per question (answers, non-answers, share right)."""
    wb = Workbook()
    ws = wb.active
    assert isinstance(ws, Worksheet)  # a new workbook has one sheet
    ws.title = t(ANSWERS_SHEET)[:31]
    _header(ws, HEADER, WIDTHS, t)
    for i, r in enumerate(rows, start=2):
        ws.cell(row=i, column=1, value=r.question)
        _text(ws, i, 2, r.text)
        if r.asked_at is not None:
            when = ws.cell(row=i, column=3, value=r.asked_at.replace(tzinfo=None))
            when.number_format = "hh:mm"
        _text(ws, i, 4, r.pupil)
        _text(ws, i, 5, t(NO_ANSWER) if r.answer is None else r.answer)
        if r.grade:
            _text(ws, i, 6, r.grade)
        if r.ev_loss_bb is not None:
            ev = ws.cell(row=i, column=7, value=float(r.ev_loss_bb))
            ev.number_format = "0.00"
    _summary(wb.create_sheet(t(SUMMARY_SHEET)[:31]), rows, t)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _summary(ws: Worksheet, rows: Sequence[ExportRow], t: Translator) -> None:
    _header(ws, SUMMARY_HEADER, SUMMARY_WIDTHS, t)
    numbers = sorted({r.question for r in rows})
    for i, n in enumerate(numbers, start=2):
        mine = [r for r in rows if r.question == n]
        answered = [r for r in mine if r.answer is not None]
        ws.cell(row=i, column=1, value=n)
        _text(ws, i, 2, mine[0].text)
        ws.cell(row=i, column=3, value=len(answered))
        ws.cell(row=i, column=4, value=len(mine) - len(answered))
        if answered:
            share = ws.cell(row=i, column=5, value=sum(1 for r in answered if r.right) / len(answered))
            share.number_format = "0%"


def file_name(code: str, day: date, extension: str) -> str:
    """``classe-ABCDEF-2026-12-01.xlsx``: the class's code and day, sorted by date in a folder."""
    return f"classe-{code}-{day.isoformat()}.{extension}"
