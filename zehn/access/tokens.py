"""API tokens: created by ``zehn token create`` (the secret is printed once), kept hashed in ``<data dir>/tokens.json``.

Why a file in the data dir and not the graph: a token must be checkable while the graph is down or still loading
(a 401 must never turn into a 503), ``zehn token`` must work without starting a server, and the file goes wherever
the data goes (backups, the Docker volume). Every ZEHN process on the data dir reads the same file; a running
server notices a change (a new or revoked token) on its next request, by the file's modification time and size.

At rest only ``sha256(secret)`` is stored. A secret is ``zehn_`` + 43 URL-safe characters (32 random bytes), so a
fast hash is enough: nobody can search 2^256 secrets, which is what a slow KDF would defend against for passwords.
The file is written whole to a temporary file and renamed over the old one (readers never see half a file),
under an exclusive lock (two ``zehn token`` commands do not lose each other's change), with mode 0600.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from extraction.access import principal_name
from extraction.errors import InputRejected, ZehnError
from zehn.access.caller import ANONYMOUS_NAME, Caller

FILE_NAME = "tokens.json"
LOCK_NAME = "tokens.lock"
PREFIX = "zehn_"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}")
_GROUP = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}")
RESERVED = frozenset({ANONYMOUS_NAME, "operator"})


class TokenFileError(ZehnError):
    """The token file exists but cannot be read as one: refuse every token rather than guess."""


@dataclass(frozen=True)
class TokenRecord:
    id: str
    name: str
    groups: tuple[str, ...]
    admin: bool
    created_at: str
    sha256: str

    def caller(self) -> Caller:
        return Caller(self.name, self.groups, self.admin, self.id)

    def public(self) -> dict[str, Any]:
        """What listing shows (never the hash)."""
        return {"id": self.id, "name": self.name, "groups": list(self.groups), "admin": self.admin,
                "created_at": self.created_at}


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _check_name(name: str) -> str:
    clean = " ".join(name.split())
    if not _NAME.fullmatch(clean):
        raise InputRejected("a token name is 1-64 letters, digits, spaces or . _ @ - (starting with a letter or "
                            "digit)")
    if principal_name(clean) in RESERVED:
        raise InputRejected(f"{clean!r} is reserved")
    return clean


def _check_groups(groups: list[str]) -> tuple[str, ...]:
    clean = [" ".join(g.split()) for g in groups if g.strip()]
    bad = [g for g in clean if not _GROUP.fullmatch(g)]
    if bad:
        raise InputRejected(f"invalid group name(s): {', '.join(repr(g) for g in bad)}")
    return tuple(sorted({principal_name(g) for g in clean}))


class TokenStore:
    """The token file of one data dir. Thread-safe; cheap to ask on every request (re-read only when it changed)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / FILE_NAME
        self._lock_path = data_dir / LOCK_NAME
        self._guard = threading.Lock()
        self._seen: tuple[int, int, int] | None = None
        self._by_hash: dict[str, TokenRecord] = {}
        self._records: list[TokenRecord] = []

    # -- reading -------------------------------------------------------------------------------------------------
    def _load(self) -> list[TokenRecord]:
        with self._guard:
            try:
                stat = self.path.stat()
            except FileNotFoundError:
                self._seen, self._by_hash, self._records = None, {}, []
                return []
            key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
            if key != self._seen:
                records = self._parse(self.path.read_text(encoding="utf-8"))
                self._seen, self._records = key, records
                self._by_hash = {r.sha256: r for r in records}
            return list(self._records)

    def _parse(self, text: str) -> list[TokenRecord]:
        try:
            raw = json.loads(text)
            return [TokenRecord(str(t["id"]), str(t["name"]), tuple(str(g) for g in t.get("groups") or ()),
                                bool(t.get("admin")), str(t["created_at"]), str(t["sha256"]))
                    for t in raw["tokens"]]
        except (ValueError, KeyError, TypeError) as exc:
            raise TokenFileError(f"{self.path} is not a valid token file ({exc}); fix or remove it") from exc

    def records(self) -> list[TokenRecord]:
        return self._load()

    def verify(self, secret: str) -> TokenRecord | None:
        """The token whose hash this secret has, else None. A dict lookup by hash: how long it takes says nothing
        about the secret (the hash of a guess shares no prefix structure with a real one)."""
        self._load()
        return self._by_hash.get(digest(secret.strip()))

    def any(self) -> bool:
        return bool(self._load())

    # -- writing -------------------------------------------------------------------------------------------------
    @contextmanager
    def _exclusive(self) -> Iterator[list[TokenRecord]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            records = self._parse(self.path.read_text(encoding="utf-8")) if self.path.exists() else []
            yield records
            self._write(records)
        finally:
            os.close(fd)

    def _write(self, records: list[TokenRecord]) -> None:
        body = json.dumps({"version": 1, "tokens": [{**asdict(r), "groups": list(r.groups)} for r in records]},
                          indent=2)
        tmp = self.path.with_name(f".{FILE_NAME}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)

    def create(self, name: str, groups: list[str] | None = None, admin: bool = False) -> tuple[TokenRecord, str]:
        """A new token; returns its record and the secret, which is not kept anywhere: show it once."""
        secret = PREFIX + secrets.token_urlsafe(32)
        record = TokenRecord(id="tok_" + secrets.token_hex(6), name=_check_name(name),
                             groups=_check_groups(groups or []), admin=admin,
                             created_at=datetime.now(UTC).isoformat(timespec="seconds"), sha256=digest(secret))
        with self._exclusive() as records:
            records.append(record)
        return record, secret

    def revoke(self, id_or_name: str) -> list[TokenRecord]:
        """Remove the token with this id, or every token with this name; returns what was removed."""
        wanted = id_or_name.strip()
        with self._exclusive() as records:
            gone = [r for r in records if r.id == wanted or principal_name(r.name) == principal_name(wanted)]
            records[:] = [r for r in records if r not in gone]
        return gone
