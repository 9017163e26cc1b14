"""One server per data dir, decided by the kernel: ``flock`` on files in the data dir, never check-then-write.

- ``zehn.owner.lock``: held exclusively (``LOCK_EX``) by the one process that runs the data dir's server, for as
  long as it runs it. It is taken *before* redis-server is started, so two processes can never start two servers
  on one append-only directory. The kernel drops it when the owner dies, however it dies.
- ``zehn.users.lock``: held shared (``LOCK_SH``) by every process using the server, the owner included. An owner
  that is leaving converts its hold to exclusive without blocking: success means nobody else uses the server (stop
  it); failure means someone does (hand it over: leave it running and release the owner lock for them).
- ``zehn.transition.lock``: held briefly around each decision (start, attach, take over, leave), so a leaving
  owner and a leaving or arriving user never decide at the same time on stale facts.

``falkordb.server.json`` records the running server (pid, port, owner pid) for processes that attach; it is only
a record, never a lock: an attaching process checks that the pid answers on the port.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from extraction.errors import ServerStartFailed

OWNER_LOCK = "zehn.owner.lock"
USERS_LOCK = "zehn.users.lock"
TRANSITION_LOCK = "zehn.transition.lock"
INFO_NAME = "falkordb.server.json"
JOIN_DEADLINE_S = 60.0


@dataclass(frozen=True)
class ServerRecord:
    server_pid: int
    port: int
    owner_pid: int


class DataDirLock:
    """The locks one EmbeddedFalkorDB object holds on its data dir (each object has its own file descriptions,
    so two objects in one process exclude each other exactly like two processes do)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._owner_fd: int | None = None
        self._users_fd: int | None = None

    @property
    def owns(self) -> bool:
        return self._owner_fd is not None

    def _open(self, name: str) -> int:
        try:
            return os.open(self.data_dir / name, os.O_RDWR | os.O_CREAT, 0o600)
        except PermissionError as exc:
            raise ServerStartFailed(f"cannot create {name} in {self.data_dir}: permission denied") from exc

    @contextlib.contextmanager
    def transition(self) -> Iterator[None]:
        fd = self._open(TRANSITION_LOCK)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the description releases the lock

    def join(self) -> None:
        """Register as a user (shared). Blocks only while a leaving owner holds it exclusively to stop."""
        if self._users_fd is not None:
            return
        fd = self._open(USERS_LOCK)
        deadline = time.monotonic() + JOIN_DEADLINE_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise ServerStartFailed(f"the server of {self.data_dir} is being stopped and did not finish "
                                            f"within {JOIN_DEADLINE_S:.0f}s") from None
                time.sleep(0.05)
        self._users_fd = fd

    def try_own(self) -> bool:
        """Take the owner lock without waiting; True when this object now owns the data dir's server."""
        if self._owner_fd is not None:
            return True
        fd = self._open(OWNER_LOCK)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._owner_fd = fd
        return True

    def alone(self) -> bool:
        """True when no other object uses the server (this one's shared hold became exclusive)."""
        if self._users_fd is None:
            self.join()
        assert self._users_fd is not None
        try:
            fcntl.flock(self._users_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release_owner(self) -> None:
        if self._owner_fd is not None:
            os.close(self._owner_fd)
            self._owner_fd = None

    def leave(self) -> None:
        self.release_owner()
        if self._users_fd is not None:
            os.close(self._users_fd)
            self._users_fd = None

    # -- the record of the running server ------------------------------------------------------------------------
    def read_record(self) -> ServerRecord | None:
        try:
            raw = json.loads((self.data_dir / INFO_NAME).read_text())
            return ServerRecord(int(raw["server_pid"]), int(raw["port"]), int(raw["owner_pid"]))
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError):
            return None  # unreadable: as if absent (only the owner, under its lock, rewrites it)

    def write_record(self, record: ServerRecord) -> None:
        tmp = self.data_dir / f".{INFO_NAME}.{os.getpid()}"
        tmp.write_text(json.dumps({"server_pid": record.server_pid, "port": record.port,
                                   "owner_pid": record.owner_pid}))
        tmp.replace(self.data_dir / INFO_NAME)  # atomic: a reader sees the old record or the new one

    def clear_record(self) -> None:
        (self.data_dir / INFO_NAME).unlink(missing_ok=True)
