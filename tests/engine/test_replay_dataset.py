"""Every No-Limit hand of ``../shared/phh`` (outside ``anomalies/``) replays exactly.

The reference is the file's own ``finishing_stacks`` when it has whole chips;
otherwise (no field, or the eight Pluribus splits with half chips) PokerKit's
replay in ``expected_pokerkit.jsonl``. The hands go through the same code path
as ``python -m coach replay`` (:func:`coach.cli.replay.replay_file`), so the
amounts are compared in the file's units, exactly (``Decimal``).

About 3,300 hands at roughly 8 ms each through the engine (PokerKit does most
of the work): some 25-30 s on a laptop core, hence the ``slow`` mark (CI runs
it). ``benchmarks/`` is where timings are printed, not here.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from coach.cli.replay import replay_file
from coach.engine.phh import load_phh
from coach.i18n import get_translator

PLURIBUS_HALF_CHIPS = ("102/0", "32/23", "41b/204", "60/88", "75b/76", "88/128", "91/43", "91/53")


def _amounts(values: list[Any]) -> list[Decimal]:
    return [Decimal(str(v)) for v in values]


def _expected(phh_dir: Path) -> dict[str, dict[str, Any]]:
    out = {}
    for line in (phh_dir / "expected_pokerkit.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            out[record["file"]] = record
    return out


@pytest.mark.slow
def test_every_nt_hand_replays_with_the_expected_finishing_stacks(phh_dir: Path) -> None:
    expected = _expected(phh_dir)
    files = sorted(p for p in phh_dir.rglob("*.phh") if "anomalies" not in p.relative_to(phh_dir).parts)
    tr = get_translator("en")
    passed, failures = 0, []
    by_folder: dict[str, int] = {}
    for path in files:
        rel = path.relative_to(phh_dir).as_posix()
        (line,) = replay_file(str(path), tr)
        if "error" in line:
            failures.append(f"{rel}: {line['error']}")
            continue
        history = load_phh(path)
        reference: list[Decimal] | None = None
        if history.expected_finishing_stacks() is not None:
            assert history.finishing_stacks is not None
            reference = list(history.finishing_stacks)
        elif rel in expected and expected[rel]["pokerkit_finishing_stacks"] is not None:
            reference = _amounts(expected[rel]["pokerkit_finishing_stacks"])
        if reference is None:
            failures.append(f"{rel}: no reference result")
            continue
        got = _amounts(line["finishing_stacks"])
        if got != reference:
            failures.append(f"{rel}: got {[str(v) for v in got]}, expected {[str(v) for v in reference]}")
            continue
        passed += 1
        folder = rel.split("/")[0]
        by_folder[folder] = by_folder.get(folder, 0) + 1
    print(f"\n{passed} passed, {len(failures)} failed")
    print("by folder:", by_folder)
    for failure in failures[:30]:
        print("  FAILED", failure)
    assert len(files) >= 3287, f"only {len(files)} files found under {phh_dir}"
    assert not failures, f"{len(failures)} hands failed, first: {failures[:5]}"


def test_half_chip_splits_use_the_odd_chip_rule(phh_dir: Path) -> None:
    """The eight Pluribus splits: the file says x.5 each, we give the odd chip left of the button."""
    expected = _expected(phh_dir)
    tr = get_translator("en")
    for name in PLURIBUS_HALF_CHIPS:
        rel = f"pluribus/{name}.phh"
        history = load_phh(phh_dir / rel)
        assert history.finishing_stacks is not None
        assert any(v % 1 for v in history.finishing_stacks), rel
        assert history.expected_finishing_stacks() is None
        (line,) = replay_file(str(phh_dir / rel), tr)
        assert "error" not in line, line
        assert line["finishing_stacks"] == expected[rel]["pokerkit_finishing_stacks"], rel
        # the total is unchanged and each winner is within half a chip of the file
        got = _amounts(line["finishing_stacks"])
        assert sum(got) == sum(history.finishing_stacks)
        assert all(abs(g - f) <= Decimal("0.5") for g, f in zip(got, history.finishing_stacks, strict=True))
        (split,) = [p for p in line["pots"] if len(p["winners"]) > 1]
        first = split["winners"][0]  # p1 is the first seat left of the button
        assert split["shares"][0] == max(split["shares"]), (rel, first)


def test_cents_hands_print_back_in_dollars_and_cents(phh_dir: Path) -> None:
    expected = _expected(phh_dir)
    rel = "handhq/PS-2009-07-01_2009-07-23_1000NLH_OBFU/10/ps_NLH_handhq_1-OBFUSCATED/11.phh"
    (line,) = replay_file(str(phh_dir / rel), get_translator("en"))
    assert line["finishing_stacks"] == [0, "128.80", "933.75", "361.30", 429]
    assert line["finishing_stacks"] == expected[rel]["pokerkit_finishing_stacks"]
