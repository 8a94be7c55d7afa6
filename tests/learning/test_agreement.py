"""coach.learning.agreement: a lesson's words agree with what its page shows, and excuse nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

from coach.cli.lessons import main as lessons_main
from coach.learning.agreement import HEDGES, disagreements, hedges_in, named_grades, quoted_losses
from coach.lessons.loader import default_lessons_dir, load_lessons

ROOT = Path(__file__).resolve().parents[2]

# The hedges issue 30 lists, word for word: none may stay in a lesson or on a page.
BANNED = (
    "Qui il modello del coach, che guarda avanti di una sola strada, sceglierebbe diversamente",
    "Il giudizio mostrato è quello della lezione",
    "La stima guarda un solo giro e preferisce rilanciare",
    "La stima guarda un solo giro e preferisce puntare",
    "si può chiedere di più",
)


def test_every_listed_hedge_is_caught() -> None:
    for phrase in BANNED:
        assert hedges_in(phrase), phrase
    assert set(HEDGES) >= {"guarda avanti di una sola strada", "il giudizio mostrato è quello della lezione"}


def test_no_hedge_in_the_lessons_or_the_italian_catalog() -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "lessons").glob("*.toml"))]
    texts.append((ROOT / "locales" / "it" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8"))
    for text in texts:
        flat = " ".join(text.replace('"\n"', "").split()).lower()
        for phrase in BANNED:
            assert phrase.lower() not in flat, phrase


def test_the_grades_and_losses_a_text_names() -> None:
    assert named_grades("Lasciare sarebbe un errore grave: hai il nuts.") == ["errore grave"]
    assert named_grades("Un errore grave: hai il nuts.") == ["errore grave"]
    assert named_grades("Fai check: non è un errore, ma rende meno.") == []
    assert named_grades("Anche il coach lo giudica «imprecisa».") == ["imprecisa"]
    assert quoted_losses("Il check perde poco, circa 0,4 bb. Con 100 bb di stack, circa 3 bb.") == [0.4]


def test_the_course_agrees_with_its_pages() -> None:
    assert [p.render() for p in disagreements(load_lessons(default_lessons_dir()))] == []


def test_lessons_check_fails_on_a_stale_figure_and_a_wrong_grade(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    for p in (ROOT / "lessons").glob("*.toml"):
        shutil.copy(p, tmp_path / p.name)
    five = tmp_path / "05-flop-turn-river.toml"
    stale = five.read_text(encoding="utf-8").replace("circa 0,4 bb", "circa 0,6 bb")
    five.write_text(stale, encoding="utf-8")
    seven = tmp_path / "07-allin-piatti-laterali.toml"
    seven.write_text(seven.read_text(encoding="utf-8").replace("coppia di Re è un errore grave.",
                                                               "coppia di Re è un errore."),
                     encoding="utf-8")
    assert lessons_main(["check", "--course", *map(str, sorted(tmp_path.glob("*.toml")))]) == 1
    out = capsys.readouterr().out
    assert "fino-al-river].at16.p3 cc: il testo cita una perdita di 0,6 bb, la pagina mostra 0,4 bb" in out
    assert "trenta-fiche].at8.p2 f: il testo dice «errore», la pagina mostra «errore grave»" in out
