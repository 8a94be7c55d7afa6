"""Signed values for the browser: where the server's secret comes from, and that only our own
signature for the same purpose is read back."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from coach.signing import (
    ENV_SECRET,
    MAX_SIGNED,
    MIN_SECRET,
    PURPOSE_PROFILE,
    PURPOSE_TEACHER,
    SECRET_FILE,
    SecretProblem,
    Signer,
    server_secret,
)

SECRET = "s" * MIN_SECRET


def test_the_environment_wins_then_the_configured_value_then_the_file(tmp_path: Path) -> None:
    env_value, conf = "e" * MIN_SECRET, "c" * MIN_SECRET
    assert server_secret(conf, {ENV_SECRET: env_value}, tmp_path) == env_value
    assert server_secret(conf, {}, tmp_path) == conf
    assert not (tmp_path / SECRET_FILE).exists()  # a configured secret writes no file
    made = server_secret(None, {}, tmp_path)
    assert len(made) == 64  # 256 random bits as hex
    assert server_secret(None, {}, tmp_path) == made  # the next start reads the same file
    assert stat.S_IMODE((tmp_path / SECRET_FILE).stat().st_mode) == 0o600


def test_a_short_or_damaged_secret_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SecretProblem):
        server_secret("x" * (MIN_SECRET - 1), {}, tmp_path)
    (tmp_path / SECRET_FILE).write_text("short\n", encoding="ascii")
    with pytest.raises(SecretProblem):
        server_secret(None, {}, tmp_path)


def test_a_signed_value_reads_back_only_with_the_same_secret_and_purpose() -> None:
    signer = Signer(SECRET, PURPOSE_PROFILE)
    token = signer.sign({"id": 7})
    assert signer.unsign(token) == {"id": 7}
    assert Signer(SECRET, PURPOSE_TEACHER).unsign(token) is None  # no replay across purposes
    assert Signer("t" * MIN_SECRET, PURPOSE_PROFILE).unsign(token) is None  # another server's
    other = signer.sign({"id": 8})
    forged = other.split(".")[0] + "." + token.split(".")[1]  # another value under this signature
    assert signer.unsign(forged) is None


@pytest.mark.parametrize("token", [None, 5, "", "x" * (MAX_SIGNED + 1), "not.signed", "!!!.@@@"])
def test_anything_else_reads_as_nothing(token: object) -> None:
    assert Signer(SECRET, PURPOSE_PROFILE).unsign(token) is None
