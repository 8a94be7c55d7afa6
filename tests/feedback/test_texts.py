"""The coach's texts: a percentage's phrase chosen by how Italian reads the figure («il 25,5%»,
«l'8%», «lo 0,3%»), and big blinds with one decimal."""

from __future__ import annotations

import pytest

from coach.feedback import texts as T
from coach.i18n import Decimal, render


@pytest.mark.parametrize(("ratio", "reading"), [
    (0.255, 0),  # «il 25,5%»
    (0.08, 1), (0.01, 1), (0.11, 1), (0.85, 1), (0.089, 1),  # «l'8%», «l'1%», «l'11%», «l'85%», «l'8,9%»
    (0.0, 2), (0.0004, 2),  # shown as 0,0%: «nessuna» wording
    (0.003, 3),  # «lo 0,3%»
    (0.0099, 1),  # 0,99% is shown rounded, as 1,0%: «l'1%»
    (0.18, 0), (0.9, 0), (0.79, 0),
])
def test_pct_reading(ratio: float, reading: int) -> None:
    assert T.pct_reading(ratio) == reading


def test_pct_phrase_picks_the_wording_and_keeps_the_figure() -> None:
    need = T.pct_phrase(T.NEED, 0.255)
    assert need.msgid == T.NEED[0] and render(need, "en") == "you need 25.5% equity"
    assert T.pct_phrase(T.NEED, 0.0).msgid == T.NEED[2]
    assert T.pct_phrase(T.HAVE, 0.08, hand="with AK").params["hand"] == "with AK"


def test_bb_has_one_decimal() -> None:
    assert T.bb(1.26) == Decimal(1.3, 1) and T.bb(12.0) == Decimal(12.0, 1)
