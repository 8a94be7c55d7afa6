"""Signed values for the browser: the server secret, and what is signed with it.

A cookie is written by a script in the page (Streamlit can only read cookies), so it is
never HttpOnly and a user can set any cookie they like. What makes a cookie a credential
is its signature: the value is signed with a secret only the server knows
(itsdangerous, HMAC-SHA-1 over a derived key), so a forged or edited cookie is refused
and a valid one cannot be made from a name someone read on a projector.

The secret, first found wins:

1. ``COACH_SECRET`` in the environment (a class server with several machines sets the
   same value on each; docs/DEPLOY.md);
2. ``coach_secret`` in Streamlit's ``secrets.toml`` (passed in by ``coach.ui``, which is
   the only code that reads Streamlit's secrets);
3. a file ``secret.key`` in the user's data folder, created with 256 random bits on first
   start (mode 0600; several processes starting at once agree on one file).

Each use of the secret has its own ``purpose`` (itsdangerous's salt), so a signed
learner id can never be replayed as a teacher's key or the other way round.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from itsdangerous import BadSignature, URLSafeSerializer

from coach.store.connection import user_data_dir

ENV_SECRET: Final[str] = "COACH_SECRET"
SECRET_FILE: Final[str] = "secret.key"
MIN_SECRET: Final[int] = 32  # characters of a configured secret (128 bits as hex)
MAX_SIGNED: Final[int] = 4096  # a signed value longer than this is refused unread

# Purposes (itsdangerous salts): one per kind of signed value.
PURPOSE_PROFILE: Final[str] = "coach.profile"
PURPOSE_TEACHER: Final[str] = "coach.teacher"


class SecretProblem(RuntimeError):
    """The configured secret is too short to protect anything (the server refuses to start)."""


def _file_secret(folder: Path) -> str:
    path = folder / SECRET_FILE
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    folder.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it a moment ago: theirs is the secret
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(value + "\n")
    return value


def server_secret(configured: str | None = None, env: Mapping[str, str] | None = None,
                  folder: Path | None = None) -> str:
    """The server's secret (see the module docstring for where it comes from)."""
    env = os.environ if env is None else env
    for value in (env.get(ENV_SECRET, ""), configured or ""):
        value = value.strip()
        if value:
            if len(value) < MIN_SECRET:
                raise SecretProblem(f"the configured secret has {len(value)} characters; "
                                    f"at least {MIN_SECRET} are needed (python -c "
                                    "'import secrets; print(secrets.token_hex(32))')")
            return value
    secret = _file_secret(folder if folder is not None else user_data_dir(env))
    if len(secret) < MIN_SECRET:  # an emptied or truncated file: never sign with a guessable key
        raise SecretProblem(f"the secret file in {folder or user_data_dir(env)} is damaged; "
                            "delete it and restart (every browser will need its transfer code)")
    return secret


class Signer:
    """Signs and checks values for one purpose with the server's secret."""

    def __init__(self, secret: str, purpose: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt=purpose)

    def sign(self, value: object) -> str:
        """A URL- and cookie-safe string carrying ``value`` (any JSON value) and its signature."""
        return str(self._serializer.dumps(value))

    def unsign(self, token: object) -> object | None:
        """The value ``token`` carries, or None when it is not text, too long, or not signed by us."""
        if not isinstance(token, str) or not token or len(token) > MAX_SIGNED:
            return None
        try:
            value: object = self._serializer.loads(token)
            return value
        except BadSignature:
            return None
        except (ValueError, UnicodeError):  # malformed base64 or JSON inside a "signed" string
            return None
