"""The embedded FalkorDB of one data dir: start it or attach to it, hand it over, stop it, and recover it.

Rules (see :mod:`.dirlock` for the locks):

1. The first process to take the owner lock runs the server. It takes the lock *before* starting redis-server.
2. Every other process attaches to the running server (it waits for the owner's server to answer).
3. An owner that leaves while others still use the server hands it over: it leaves the server running and drops
   the owner lock; a user takes the lock and adopts the server (its supervisor does this within a tick, or its own
   ``stop`` does). An owner that dies (SIGKILL) drops the lock the same way, through the kernel.
4. The last user to leave stops the server (SHUTDOWN fsyncs the append-only file).
5. ``check``/``recover`` are the supervisor's hooks: reap a dead child, adopt an ownerless server, restart.
6. The server requires a password (:mod:`.secret`): generated once per data dir, 0600 in the data dir, read by
   every process that attaches (``requirepass=False`` starts one without, e.g. a throwaway test server).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Literal

from extraction.errors import ServerStartFailed
from zehn.graph_server import process
from zehn.graph_server.dirlock import DataDirLock, ServerRecord
from zehn.graph_server.process import Probe
from zehn.graph_server.secret import ensure_secret, read_secret

log = logging.getLogger("zehn.server")
ATTACH_POLL_S = 0.1


class EmbeddedFalkorDB:
    """Lifecycle of the embedded server for one data dir. Use as a context manager or call start()/stop()."""

    mode: Literal["embedded"] = "embedded"

    def __init__(self, data_dir: Path, port: int | None = None, *, requirepass: bool = True) -> None:
        self.data_dir = data_dir.resolve()
        self.requested_port = port
        self.requirepass = requirepass
        self.port: int | None = None
        self.server_pid: int | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = DataDirLock(self.data_dir)
        self._guard = threading.RLock()  # the supervisor thread and the caller's thread
        self._prober = process.Prober()  # check(): the supervisor's ticks, on one kept connection

    @property
    def host(self) -> str:
        return "127.0.0.1"

    @property
    def password(self) -> str | None:
        """The data dir's server password (None for a server started without one)."""
        return read_secret(self.data_dir)

    @property
    def owner(self) -> bool:
        return self._lock.owns

    @property
    def url(self) -> str:
        if self.port is None:
            raise ServerStartFailed("the embedded FalkorDB server is not running")
        return f"redis://127.0.0.1:{self.port}"

    def __enter__(self) -> EmbeddedFalkorDB:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    # -- start -------------------------------------------------------------------------------------------------
    def start(self) -> str:
        """Start (or attach to) the server and return its URL once it has loaded its data."""
        self._prepare_data_dir()
        deadline = time.monotonic() + process.LOADING_DEADLINE_S
        with self._guard:
            while True:
                with self._lock.transition():
                    self._lock.join()
                    owner = self._lock.try_own()
                    record = None if owner else self._lock.read_record()
                if owner:
                    try:
                        self._take_over()
                    except ServerStartFailed:
                        self._lock.leave()
                        raise
                    break
                if record is not None and process.probe(record.port, record.server_pid,
                                                        password=self.password)[0] in ("ready", "busy"):
                    self.port, self.server_pid = record.port, record.server_pid
                    break
                if time.monotonic() > deadline:
                    self._lock.leave()
                    raise ServerStartFailed(f"another ZEHN process owns {self.data_dir}, but its server did not "
                                            "answer in time")
                time.sleep(ATTACH_POLL_S)  # the owner is starting its server (or loading a large graph)
            assert self.port is not None and self.server_pid is not None
            if not process.wait_until_loaded(self.port, self.server_pid, password=self.password):
                raise ServerStartFailed(f"FalkorDB on 127.0.0.1:{self.port} went away while loading its data "
                                        f"(log: {self.data_dir / process.LOG_NAME})")
            return self.url

    def _prepare_data_dir(self) -> None:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except PermissionError as exc:
            raise ServerStartFailed(f"cannot create data dir {self.data_dir}: permission denied") from exc
        if not os.access(self.data_dir, os.W_OK):
            raise ServerStartFailed(f"data dir {self.data_dir} is not writable (permissions)")

    def _take_over(self) -> None:
        """As the new owner: adopt a server that still runs (handed over, or left by a crashed owner), else
        start one. A stray server of this data dir that no longer answers is killed first: never two at once."""
        record = self._lock.read_record()
        if record is not None:
            state, _ = process.probe(record.port, record.server_pid, password=self.password)
            if state != "down" and process.alive(record.server_pid):
                self.port, self.server_pid, self._process = record.port, record.server_pid, None
                self._lock.write_record(ServerRecord(record.server_pid, record.port, os.getpid()))
                log.info("adopted the FalkorDB server (pid %d) of %s", record.server_pid, self.data_dir)
                return
            self._kill_stray(record.server_pid)
        self._spawn(self.requested_port or (record.port if record else None) or process.free_port())

    def _kill_stray(self, pid: int) -> None:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return  # gone (or not Linux: nothing to inspect)
        if any(part.endswith(b"redis-server") for part in cmdline) and os.fsencode(self.data_dir) in cmdline:
            os.kill(pid, signal.SIGKILL)
            process.reap(pid)

    def _spawn(self, port: int) -> None:
        password = ensure_secret(self.data_dir) if self.requirepass else self.password
        child = process.spawn(self.data_dir, port, password)
        try:
            process.wait_until_answering(child, port, self.data_dir, password)
        except ServerStartFailed:
            self._process = None
            raise
        self._process, self.port, self.server_pid = child, port, child.pid
        self._lock.write_record(ServerRecord(child.pid, port, os.getpid()))

    # -- supervision hooks -------------------------------------------------------------------------------------
    def check(self) -> tuple[Probe, str | None]:
        """The server's state as this object sees it; reaps a dead child so it never lingers as a zombie."""
        with self._guard:
            if self.port is None or self.server_pid is None:
                return "down", "the embedded FalkorDB server is not running"
            if self._process is not None:
                death = self._death()
                if death is not None:
                    return "down", death
            elif self._lock.owns:
                process.reap(self.server_pid)
            state, why = self._prober(self.port, self.server_pid, password=self.password)
            if not self._lock.owns and state != "down":
                with self._lock.transition():
                    if self._lock.try_own():  # the owner left or died: the server is ours now
                        self._take_over()
            return state, why

    def _death(self) -> str | None:
        """How our child server ended (reaping it), or None while it runs."""
        assert self._process is not None
        code = self._process.poll()
        if code is None:
            return None
        how = f"killed by signal {-code}" if code < 0 else f"exited with code {code}"
        return f"FalkorDB (pid {self._process.pid}) {how}"

    def recover(self) -> str | None:
        """Restart a dead server on the same port (clients keep their address), or adopt an ownerless one.
        Returns how the replaced child ended when known: a probe can notice a death (connection refused) before
        the child's exit status is there to read, and the exit status is the better reason to report."""
        with self._guard, self._lock.transition():
            if not self._lock.try_own():
                return None  # its owner is alive and restarts it
            death = self._death() if self._process is not None else None
            if self._process is not None and death is None:
                return None  # still running: nothing to recover
            record = self._lock.read_record()
            if record is not None and process.alive(record.server_pid) \
                    and process.probe(record.port, record.server_pid, password=self.password)[0] != "down":
                self._take_over()
                return death
            if self.server_pid is not None:
                self._kill_stray(self.server_pid)
            self._spawn(self.port or self.requested_port or process.free_port())
            log.warning("restarted the embedded FalkorDB (pid %s, port %s)", self.server_pid, self.port)
            return death

    # -- stop --------------------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Stop the server when this is its last user; hand it over when others still use it; detach otherwise."""
        with self._guard:
            if self._lock.owns or self.port is not None:
                with self._lock.transition():
                    if not self._lock.owns and self._lock.try_own():
                        record = self._lock.read_record()  # the owner left before us: clean up after it
                        if record is not None:
                            self.port, self.server_pid, self._process = record.port, record.server_pid, None
                    if self._lock.owns and self._lock.alone():
                        self._shutdown()
                        self._lock.clear_record()
                    elif self._lock.owns:
                        log.info("other ZEHN processes use the FalkorDB server of %s: handing it over",
                                 self.data_dir)
                    self._lock.leave()
            self._process, self.port, self.server_pid = None, None, None

    def _shutdown(self) -> None:
        if self.port is None or self.server_pid is None:
            return
        if self._process is not None and self._process.poll() is not None:
            return
        process.shutdown(self.port, self.server_pid, self._process, self.password)

    def kill(self) -> None:
        """Kill the server without a clean shutdown and drop this object's locks, as a crash of the whole
        ZEHN process would (to test crash recovery). The server record is left behind."""
        with self._guard:
            if self._process is not None:
                self._process.kill()
                self._process.wait()
            elif self.server_pid is not None and self._lock.owns:
                self._kill_stray(self.server_pid)
            self._lock.leave()
            self._process, self.port, self.server_pid = None, None, None
