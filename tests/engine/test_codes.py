"""PHH action codes: parsed into verb, player, amount and cards, scaled to whole chips, written back."""

from __future__ import annotations

import pytest

from coach.engine.codes import Code, format_code, parse_code, scale_amount
from coach.errors import InvalidInput


def test_codes_parse_and_scale() -> None:
    assert str(parse_code("p2 cbr 40")) == "p2 cbr 40"
    assert parse_code("p1 cbr 1.25", scale=100).amount == 125
    with pytest.raises(InvalidInput):
        parse_code("p1 cbr 1.255", scale=100)  # half a cent is no whole number of chips at scale 100
    with pytest.raises(InvalidInput):
        parse_code("p1 raise 4")
    assert parse_code("d dh p3 ????").player == 3
    assert parse_code("p1 sm").cards is None


@pytest.mark.parametrize(("text", "code"), [
    ("p1 f", Code("f", 1)), ("p10 cc", Code("cc", 10)), ("  p2 cbr 40  # a comment", Code("cbr", 2, 40)),
    ("p3 sm AsKs", Code("sm", 3, cards="AsKs")), ("p3 sm -", Code("sm", 3, cards="-")),
    ("d dh p4 7c7d", Code("dh", 4, cards="7c7d")), ("d db JhTd8c", Code("db", None, cards="JhTd8c")),
])
def test_each_verb_parses_and_writes_back(text: str, code: Code) -> None:
    assert parse_code(text) == code
    assert parse_code(str(code)) == code  # format and parse are inverses
    assert format_code(code.verb, code.player, code.amount, code.cards) == str(code)


@pytest.mark.parametrize("text", [
    "p1 cbr",  # a raise needs its amount
    "p1 f 4",  # a fold takes no argument
    "p1234 f",  # no table has a thousand seats
    "d dh p1234 AsKs", "x1 f", "", "p1 cbr -5", "p1 cbr 1e999999999",
])
def test_malformed_codes_are_refused(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_code(text)


def test_scale_amount() -> None:
    assert scale_amount("30.50", 100) == 3050  # dollars and cents to cents
    assert scale_amount("7", 1) == 7
    with pytest.raises(InvalidInput):
        scale_amount("1.5", 1)  # half a chip
    with pytest.raises(InvalidInput):
        scale_amount("5", 3)  # a scale is a power of ten
    with pytest.raises(InvalidInput):
        scale_amount("abc", 1)
