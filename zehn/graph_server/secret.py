"""The embedded server's password: generated once per data dir, kept in ``<data dir>/falkordb.secret`` (mode 0600).

The owner writes it before it starts redis-server with ``requirepass`` (given on stdin, never on the command line,
which every local user can read in ``/proc``); every ZEHN process on the data dir reads it from there, so only
whoever can read the data dir can talk to the graph. An external server's password is FALKORDB_URL's.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

SECRET_NAME = "falkordb.secret"


def read_secret(data_dir: Path) -> str | None:
    """The data dir's password, or None when it has none (a server started without one)."""
    try:
        text = (data_dir / SECRET_NAME).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return text or None


def ensure_secret(data_dir: Path) -> str:
    """The data dir's password, created (random, 0600) when there is none yet; two processes racing get one."""
    existing = read_secret(data_dir)
    if existing is not None:
        return existing
    path = data_dir / SECRET_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return read_secret(data_dir) or ensure_secret(data_dir)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(secrets.token_urlsafe(32) + "\n")
        out.flush()
        os.fsync(out.fileno())
    return read_secret(data_dir) or ""
