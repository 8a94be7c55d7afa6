"""``python -m coach equity``: JSON equities, exact or Monte Carlo; errors as JSON with status 2."""

from __future__ import annotations

import json

import pytest

from coach.cli import main


def test_equity_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "JcTc", "--board", "9s8s2d"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["equities"] == [0.540421, 0.326689, 0.13289] and out["method"] == "exact"
    assert main(["equity", "AsKs", "TT+", "--mc", "--samples", "5000"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == "monte_carlo"
    assert main(["equity", "AsKs", "AsQd"]) == 2
    assert "As" in json.loads(capsys.readouterr().out)["error"]
