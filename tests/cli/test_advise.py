"""``python -m coach advise``: one JSON line per file, the given ranges and profiles read per seat, a bad
file reported on its line without stopping the others, and usage errors refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coach.cli import main
from coach.cli.advise import advise_text
from coach.errors import InvalidInput

SPOTS = Path(__file__).resolve().parent.parent / "feedback" / "spots_v2"
RIVER = SPOTS / "river-hu-top-pair-calls-small-bet.phh"  # p1 (K♥T♣) faces a river bet of 6 into 18


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def test_a_file_gives_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", str(RIVER), "--locale", "en", "--profile", "p2=equilibrio"]) == 0
    [out] = lines(capsys)
    assert out["file"] == str(RIVER) and out["actor"] == "p1" and out["to_call"] == 6
    assert out["model"] == "solver" and out["best"] in [o["action"] for o in out["options"]]  # type: ignore[union-attr]


def test_a_bad_file_is_reported_and_the_next_still_advised(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.phh"
    assert main(["advise", str(missing), str(RIVER)]) == 1
    first, second = lines(capsys)
    assert first["file"] == str(missing) and "error" in first
    assert second["file"] == str(RIVER) and "error" not in second


def test_a_lesson_range_and_a_profile_per_seat() -> None:
    # p2 holds only QJs, which K♥T♣ beats: the call wins the 24 chips in the middle, 12 bb
    out = advise_text(RIVER.read_text(encoding="utf-8"), ranges=["p2=QJs"], profiles=["p2=equilibrio"],
                      locale="en")
    call = next(o for o in out["options"] if o["action"] == "cc")  # type: ignore[union-attr]
    assert call["ev_bb"] == pytest.approx(12.0, abs=0.05)


@pytest.mark.parametrize(("kw", "fragment"), [
    ({"ranges": ["2=QJs"]}, "pN=RANGE"),
    ({"profiles": ["x=roccia"]}, "pN=NAME"),
    ({"profiles": ["shark"]}, "Unknown opponent profile"),
])
def test_bad_seat_arguments_are_refused(kw: dict[str, list[str]], fragment: str) -> None:
    with pytest.raises(InvalidInput) as exc:
        advise_text(RIVER.read_text(encoding="utf-8"), **kw)  # type: ignore[arg-type]
    assert fragment in str(exc.value)


def test_a_finished_hand_has_no_decision() -> None:
    text = RIVER.read_text(encoding="utf-8").replace('  "p2 cbr 6",\n', '  "p2 cbr 6",\n  "p1 f",\n')
    with pytest.raises(InvalidInput, match="nobody is to act"):
        advise_text(text)
