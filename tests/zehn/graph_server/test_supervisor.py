"""Supervision: a killed embedded server is reaped and restarted with backoff; an external one is reconnected."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import falkordb

from zehn.graph_endpoint import ExternalServer
from zehn.graph_server import EmbeddedFalkorDB
from zehn.graph_server.supervisor import Backoff, Supervisor, SupervisorSnapshot


def _until(supervisor: Supervisor, done: Callable[[SupervisorSnapshot], bool], deadline_s: float = 60) -> \
        SupervisorSnapshot:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        snap = supervisor.snapshot()
        if done(snap):
            return snap
        time.sleep(0.05)  # polling for a condition, bounded by the deadline
    raise AssertionError(f"condition not reached: {supervisor.snapshot()}")


def _zombie_or_alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists()


def test_backoff_doubles_up_to_its_bound() -> None:
    backoff = Backoff(0.5, 4.0)
    assert [backoff.delay(n) for n in range(6)] == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]


def test_a_killed_embedded_server_is_reaped_and_restarted_with_its_data(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path) as server:
        assert server.port is not None and server.server_pid is not None
        graph = falkordb.FalkorDB(host="127.0.0.1", port=server.port, password=server.password).select_graph("g")
        graph.query("CREATE (:Thing {i: 1})")
        supervisor = Supervisor(server, "g", backoff=Backoff(0.1, 1.0)).start()
        try:
            assert supervisor.snapshot().state == "ready" and supervisor.snapshot().restarts == 0
            old_pid, port = server.server_pid, server.port
            os.kill(old_pid, signal.SIGKILL)
            snap = _until(supervisor, lambda s: s.restarts == 1 and s.state == "ready")
            assert snap.mode == "embedded" and snap.last_restart_at is not None
            assert snap.last_error and "signal 9" in snap.last_error
            assert server.server_pid != old_pid and server.port == port  # same address for every client
            assert not _zombie_or_alive(old_pid)  # reaped, not left as a zombie
            again = falkordb.FalkorDB(host="127.0.0.1", port=port, password=server.password).select_graph("g")
            assert again.ro_query("MATCH (n:Thing) RETURN count(n)").result_set[0][0] == 1
        finally:
            supervisor.stop()


def test_recover_reports_the_exit_status_of_the_server_it_replaced(tmp_path: Path) -> None:
    # a probe may see "connection refused" before the exit status can be read; recovery reads it for certain
    with EmbeddedFalkorDB(tmp_path) as server:
        assert server.server_pid is not None
        old_pid = server.server_pid
        os.kill(old_pid, signal.SIGKILL)
        os.waitid(os.P_PID, old_pid, os.WEXITED | os.WNOWAIT)  # blocks until it has exited; leaves it to be reaped
        death = server.recover()
        assert death == f"FalkorDB (pid {old_pid}) killed by signal 9"
        assert server.server_pid != old_pid and server.recover() is None  # a running server needs no recovery


def test_an_external_server_that_goes_away_is_reconnected(tmp_path: Path) -> None:
    server = EmbeddedFalkorDB(tmp_path)
    server.start()
    assert server.port is not None
    port = server.port
    supervisor = Supervisor(ExternalServer("127.0.0.1", port, server.password), "g",
                            backoff=Backoff(0.05, 0.2)).start()
    try:
        assert supervisor.snapshot().status == "ready"
        server.stop()
        down = _until(supervisor, lambda s: s.state == "unavailable")
        assert down.status == "unavailable" and down.last_error
        back = EmbeddedFalkorDB(tmp_path, port=port)
        back.start()
        try:
            snap = _until(supervisor, lambda s: s.state == "ready")
            assert snap.restarts == 1 and snap.mode == "external"
        finally:
            back.stop()
    finally:
        supervisor.stop()
    assert supervisor.snapshot().state == "stopped"
