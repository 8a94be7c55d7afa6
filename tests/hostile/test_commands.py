"""Hostile input through every command: ``replay``, ``advise``, ``lessons check``,
``evaluate``, ``equity``.

The contract (README, «Riga di comando»): a bad file is ``{"file", "error"}`` on its own
line in Italian and the command goes on with the next file; the exit status is non-zero
when any file failed; usage errors are one Italian line on stderr (exit 2); no input
prints a traceback.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coach.cli.advise import main as advise_main
from coach.cli.equity import main as equity_main
from coach.cli.evaluate import main as evaluate_main
from coach.cli.lessons import main as lessons_main
from coach.cli.replay import main as replay_main

from .cases import ITALIAN_NEEDLE, write_cases

ROOT = Path(__file__).resolve().parents[2]
SPOT = ROOT / "tests" / "feedback" / "spots" / "pf-6max-bb-option-72o.phh"
LESSON = ROOT / "lessons" / "03-azioni.toml"
LONGEST_LINE = 400  # characters: a 5,000-digit amount must not make a 5 KB error line


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_cases(tmp_path_factory.mktemp("hostile"))


def lines_of(out: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    for row in rows:
        assert len(json.dumps(row, ensure_ascii=False)) < LONGEST_LINE or "error" not in row
    return rows


def check_errors(rows: list[dict[str, Any]], paths: list[Path]) -> None:
    """One line per file, in order; each bad file an Italian error naming it."""
    assert [Path(r["file"]).name for r in rows] == [p.name for p in paths]
    for row, path in zip(rows, paths, strict=True):
        needle = ITALIAN_NEEDLE.get(path.name)
        if needle is None:
            assert "error" not in row, row
            continue
        assert set(row) == {"file", "error"}, row
        assert path.name in row["error"] and needle in row["error"], row["error"]


# -- replay ------------------------------------------------------------------------------


def test_replay_prints_one_line_per_file_and_goes_on(files: dict[str, Path]) -> None:
    paths = list(files.values())
    out = io.StringIO()
    assert replay_main([str(p) for p in paths], stdout=out) == 1
    check_errors(lines_of(out.getvalue()), paths)


def test_replay_a_nested_file_between_two_good_ones_prints_three_lines(files: dict[str, Path]) -> None:
    out = io.StringIO()
    paths = [files["good.phh"], files["nested-array.phh"], files["bom.phh"]]
    assert replay_main([str(p) for p in paths], stdout=out) == 1
    rows = lines_of(out.getvalue())
    assert len(rows) == 3 and "error" in rows[1]
    assert rows[0]["finishing_stacks"] == rows[2]["finishing_stacks"] == [102, 98, 100]


def test_replay_as_a_process_never_prints_a_traceback(files: dict[str, Path]) -> None:
    paths = [files[n] for n in ("big-stack.phh", "nested-inline.phh", "latin1.phh", "good.phh")]
    proc = subprocess.run([sys.executable, "-m", "coach", "replay", *map(str, paths)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr == ""
    check_errors(lines_of(proc.stdout), paths)


def test_replay_all_files_fine_exits_zero(files: dict[str, Path]) -> None:
    assert replay_main([str(files["good.phh"]), str(files["bom.phh"])], stdout=io.StringIO()) == 0


# -- advise --------------------------------------------------------------------------------


def test_advise_prints_one_line_per_file_and_goes_on(files: dict[str, Path],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bad = [p for n, p in files.items() if n in ITALIAN_NEEDLE]
    paths = [*bad, SPOT]
    assert advise_main([str(p) for p in paths]) == 1
    out = capsys.readouterr()
    assert out.err == ""
    rows = lines_of(out.out)
    check_errors(rows, paths)
    assert rows[-1]["options"] and rows[-1]["best"]


# -- lessons check ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("lessons")
    text = LESSON.read_text(encoding="utf-8")
    out = {
        "01-annidata.toml": "x = " + "[" * 50_000 + "]" * 50_000 + "\n",
        "02-falsa.toml": text.replace('"p4 sm KsKc"', '"p4 sm AhAd"'),
        "04-enorme.toml": text.replace("starting_stacks = [100, 100, 100, 40]",
                                       "starting_stacks = [100, 100, 100, 1e999999]"),
        "05-cifre.toml": text.replace("starting_stacks = [100, 100, 100, 40]",
                                      "starting_stacks = [100, 100, 100, " + "4" * 5000 + "]"),
    }
    paths = {}
    for name, body in out.items():
        paths[name] = folder / name
        paths[name].write_text(body, encoding="utf-8")
    paths["03-azioni.toml"] = folder / "03-azioni.toml"  # the real lesson, with a BOM: fine
    paths["03-azioni.toml"].write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    paths["06-latina.toml"] = folder / "06-latina.toml"
    paths["06-latina.toml"].write_bytes(text.replace("Dario", "Jos\xe9").encode("latin-1", errors="replace"))
    paths["07-assente.toml"] = folder / "07-assente.toml"
    return paths


LESSON_NEEDLES = {
    "01-annidata.toml": "annidate più di 8 livelli",
    "02-falsa.toml": "Dario ha ricevuto Ks Kc",
    "04-enorme.toml": "starting_stacks",
    "05-cifre.toml": "un numero ha più di 64 cifre",
    "06-latina.toml": "non è testo UTF-8",
    "07-assente.toml": "il file non esiste",
}


def test_lessons_check_names_every_bad_file_and_checks_the_others(lessons: dict[str, Path],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert lessons_main(["check", *map(str, lessons.values())]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    lines = out.out.splitlines()
    for name, needle in LESSON_NEEDLES.items():
        mine = [line for line in lines if name in line]
        assert mine and any(needle in line for line in mine), (name, mine)
        assert all(len(line) < LONGEST_LINE for line in mine)
    assert not [line for line in lines if "03-azioni.toml:" in line]  # the good lesson (with a BOM) passes


# -- evaluate and equity ------------------------------------------------------------------


def run_json(main: Callable[[list[str]], int], args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[
        int, dict[str, Any]]:
    code = main(args)
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, json.loads(out.out)


@pytest.mark.parametrize("args", [["As", "As", "Kd", "Qd", "Jd"], ["Xx"] * 5, ["A" * 100_000], ["AsKsQsJs"]])
def test_evaluate_refuses_bad_cards_in_italian(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(evaluate_main, args, capsys)
    assert code == 2 and set(out) == {"error"} and len(out["error"]) < LONGEST_LINE


@pytest.mark.parametrize(("args", "needle"), [
    (["AsKs", "QhQd", "--seed", "-1"], "Il seme deve essere un numero intero da 0"),
    (["AsKs", "QhQd", "--mc", "--samples", "1000000000000"], "da 1 a 1.000.000 campioni"),
    (["AsKs", "QhQd", "--mc", "--samples", "0"], "da 1 a 1.000.000 campioni"),
    (["AsKs", "AA:0"], "Il range 'AA:0' non ha nessuna mano"),
    (["22+"] * 6 + ["--exact"], "qui ci sono 6 range tra 6 giocatori"),
    (["AsKs", "random", "--exact"], "più del limite di 6.000.000"),
    (["AsKs", "x" * 5000], "più lungo di 2.000 caratteri"),
    (["AsKs"] * 11, "per 2-10 giocatori, non per 11"),
])
def test_equity_refuses_with_an_honest_italian_message(args: list[str], needle: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(equity_main, args, capsys)
    assert code == 2 and set(out) == {"error"}, out
    assert needle in out["error"] and len(out["error"]) < LONGEST_LINE


@pytest.mark.parametrize("players", [9, 10])
def test_equity_with_nine_or_ten_random_players_samples_without_rejection(
        players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(equity_main, ["random"] * players + ["--samples", "4000", "--seed", "3"], capsys)
    assert code == 0 and out["method"] == "monte_carlo" and out["boards"] == 4000
    assert sum(out["equities"]) == pytest.approx(1.0)
    assert all(abs(e - 1 / players) < 6 * s for e, s in zip(out["equities"], out["stderr"], strict=True))


# -- options and usage errors, on every command ----------------------------------------------------

COMMANDS: dict[str, tuple[Callable[..., int], list[str]]] = {
    "replay": (replay_main, ["FILE"]),
    "advise": (advise_main, [str(SPOT)]),
    "lessons": (lessons_main, ["check", str(LESSON)]),
    "evaluate": (evaluate_main, ["As", "Ks", "Qs", "Js", "Ts"]),
    "equity": (equity_main, ["AsKs", "QhQd", "--board", "2c3d4h5s"]),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("option", ["--locale", "--lang"])
def test_every_command_takes_locale_and_its_lang_alias(name: str, option: str, files: dict[str, Path],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    main, args = COMMANDS[name]
    args = [str(files["latin1.phh"]) if a == "FILE" else a for a in args]
    if name == "replay":
        assert main([*args, option, "en"], stdout=(out := io.StringIO())) == 1
        assert "it is not UTF-8 text" in out.getvalue()
        return
    assert main([*args, option, "en"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("bad", [["--bogus"], ["--locale", "xx"], ["--seed", "uno"]])
def test_a_usage_error_is_one_italian_line_and_status_2(name: str, bad: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    main, args = COMMANDS[name]
    if bad[0] == "--seed" and name not in ("advise", "equity"):
        bad = ["--nessuna"]
    assert main([*args, *bad]) == 2
    err = capsys.readouterr().err
    assert "errore:" in err and "Traceback" not in err
    assert any(word in err for word in ("sconosciut", "non è tra", "non è un numero intero"))

