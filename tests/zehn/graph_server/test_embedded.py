"""The embedded FalkorDB: persistence across restarts and crashes, one server per data dir, hand-over, errors, and
its generated password."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import falkordb
import pytest
import redis

from extraction.errors import ServerStartFailed
from zehn.graph_server import EmbeddedFalkorDB, free_port
from zehn.graph_server.dirlock import INFO_NAME
from zehn.graph_server.process import alive, probe
from zehn.graph_server.secret import SECRET_NAME


def _count(server: EmbeddedFalkorDB) -> int:
    assert server.port is not None
    graph = falkordb.FalkorDB(host="127.0.0.1", port=server.port, password=server.password).select_graph("g")
    return int(graph.ro_query("MATCH (n:Thing) RETURN count(n)").result_set[0][0])


def _write(server: EmbeddedFalkorDB, n: int) -> None:
    assert server.port is not None
    graph = falkordb.FalkorDB(host="127.0.0.1", port=server.port, password=server.password).select_graph("g")
    graph.query("UNWIND range(1, $n) AS i CREATE (:Thing {i: i})", {"n": n})


def test_graph_survives_clean_restart(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path) as server:
        _write(server, 3)
    assert not (tmp_path / INFO_NAME).exists()
    with EmbeddedFalkorDB(tmp_path) as server:
        assert _count(server) == 3


def test_graph_survives_a_killed_server_and_its_stale_record(tmp_path: Path) -> None:
    server = EmbeddedFalkorDB(tmp_path)
    server.start()
    _write(server, 5)
    server.kill()
    assert (tmp_path / INFO_NAME).exists()  # the crash left its record behind
    with EmbeddedFalkorDB(tmp_path) as again:
        assert _count(again) == 5


def test_a_server_left_by_a_dead_owner_is_adopted_and_stopped_by_its_last_user(tmp_path: Path) -> None:
    first = EmbeddedFalkorDB(tmp_path)
    first.start()
    _write(first, 2)
    pid = first.server_pid
    assert pid is not None
    first._lock.leave()  # the owner's process died: the kernel dropped its locks, its server runs on
    with EmbeddedFalkorDB(tmp_path) as second:
        assert second.owner and second.server_pid == pid
        assert _count(second) == 2
    assert first._process is not None and first._process.wait(timeout=30) is not None


def test_an_owner_leaving_hands_the_server_to_a_process_still_using_it(tmp_path: Path) -> None:
    owner = EmbeddedFalkorDB(tmp_path)
    owner.start()
    _write(owner, 1)
    attached = EmbeddedFalkorDB(tmp_path)
    attached.start()
    assert attached.port == owner.port and not attached.owner
    pid, port = owner.server_pid, owner.port
    assert pid is not None and port is not None
    owner.stop()
    assert probe(port, pid, password=attached.password)[0] == "ready"  # handed over, not shut down
    assert _count(attached) == 1
    state, _ = attached.check()  # the supervisor's tick: the ownerless server is adopted
    assert state == "ready" and attached.owner
    attached.stop()  # the last user stops it
    assert probe(port, pid, password=attached.password)[0] == "down"


def test_garbage_server_record_is_not_fatal(tmp_path: Path) -> None:
    (tmp_path / INFO_NAME).write_text("{not json")
    with EmbeddedFalkorDB(tmp_path) as server:
        _write(server, 1)
        assert _count(server) == 1


def test_port_in_use_is_reported_as_such(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path / "a") as busy:
        clash = EmbeddedFalkorDB(tmp_path / "b", port=busy.port)
        with pytest.raises(ServerStartFailed, match="already in use"):
            clash.start()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_data_dir_is_reported(tmp_path: Path) -> None:
    locked = tmp_path / "ro"
    locked.mkdir(mode=0o500)
    with pytest.raises(ServerStartFailed, match="not writable"):
        EmbeddedFalkorDB(locked).start()


def test_the_server_requires_the_data_dirs_generated_password(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path) as server:
        assert server.port is not None and server.server_pid is not None and server.password
        secret = tmp_path / SECRET_NAME
        assert secret.stat().st_mode & 0o777 == 0o600
        assert server.password.encode() not in Path(f"/proc/{server.server_pid}/cmdline").read_bytes()
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(host="127.0.0.1", port=server.port).ping()
        assert probe(server.port, server.server_pid)[0] == "down"  # without the password it is not ours to use
        assert probe(server.port, server.server_pid, password=server.password)[0] == "ready"
        _write(server, 1)
        first = server.password
    with EmbeddedFalkorDB(tmp_path) as again:
        assert again.password == first and _count(again) == 1  # the same password after a restart


def test_a_throwaway_server_can_run_without_one(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path, requirepass=False) as server:
        assert server.password is None and not (tmp_path / SECRET_NAME).exists()
        assert server.port is not None and redis.Redis(host="127.0.0.1", port=server.port).ping()


def test_free_port_is_bindable() -> None:
    assert 1024 < free_port() < 65536


STARTER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from zehn.graph_server import EmbeddedFalkorDB
    server = EmbeddedFalkorDB(Path(sys.argv[1]))
    server.start()
    print(server.server_pid, server.port, flush=True)
    sys.stdin.readline()
    server.stop()
""")


def test_processes_starting_at_once_on_an_empty_dir_share_one_server(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    procs = [subprocess.Popen([sys.executable, "-c", STARTER, str(tmp_path / "data")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env) for _ in range(4)]
    try:
        seen = {proc.stdout.readline().strip() for proc in procs if proc.stdout}
        assert len(seen) == 1, seen  # one server pid and port for all four
        pid = int(next(iter(seen)).split()[0])
        for proc in procs[:-1]:  # the owner may be any of them: whoever leaves first hands over
            assert proc.stdin is not None
            proc.stdin.write("\n")
            proc.stdin.close()
            assert proc.wait(timeout=60) == 0
            assert alive(pid)
        assert procs[-1].stdin is not None
        procs[-1].stdin.write("\n")
        procs[-1].stdin.close()
        assert procs[-1].wait(timeout=60) == 0
        assert not alive(pid) or probe(int(next(iter(seen)).split()[1]), pid)[0] == "down"
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
