"""The embedded FalkorDB: persistence across restarts and crashes, stale locks, clear start errors."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import falkordb
import pytest

from extraction.errors import ServerStartFailed
from zehn.graph_server import LOCK_NAME, EmbeddedFalkorDB, free_port


def _count(server: EmbeddedFalkorDB) -> int:
    assert server.port is not None
    graph = falkordb.FalkorDB(host="127.0.0.1", port=server.port).select_graph("g")
    return int(graph.ro_query("MATCH (n:Thing) RETURN count(n)").result_set[0][0])


def _write(server: EmbeddedFalkorDB, n: int) -> None:
    assert server.port is not None
    graph = falkordb.FalkorDB(host="127.0.0.1", port=server.port).select_graph("g")
    graph.query("UNWIND range(1, $n) AS i CREATE (:Thing {i: i})", {"n": n})


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def test_graph_survives_clean_restart(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path) as server:
        _write(server, 3)
    assert not (tmp_path / LOCK_NAME).exists()
    with EmbeddedFalkorDB(tmp_path) as server:
        assert _count(server) == 3


def test_graph_survives_a_killed_server_and_its_stale_lock(tmp_path: Path) -> None:
    server = EmbeddedFalkorDB(tmp_path)
    server.start()
    _write(server, 5)
    server.kill()
    assert (tmp_path / LOCK_NAME).exists()  # the crash left its lock behind
    with EmbeddedFalkorDB(tmp_path) as again:
        assert _count(again) == 5


def test_orphan_server_of_a_dead_owner_is_replaced(tmp_path: Path) -> None:
    first = EmbeddedFalkorDB(tmp_path)
    first.start()
    _write(first, 2)
    assert first._process is not None and first.port is not None
    orphan_pid, orphan_port = first._process.pid, first.port
    (tmp_path / LOCK_NAME).write_text(
        json.dumps({"server_pid": orphan_pid, "owner_pid": _dead_pid(), "port": orphan_port})
    )
    first._owner = False  # forget it, as a crashed owner would
    with EmbeddedFalkorDB(tmp_path) as second:
        assert _count(second) == 2
        assert first._process.poll() is not None  # the orphan was shut down


def test_second_instance_on_same_dir_attaches_and_leaves_server_running(tmp_path: Path) -> None:
    with EmbeddedFalkorDB(tmp_path) as owner:
        _write(owner, 1)
        attached = EmbeddedFalkorDB(tmp_path)
        attached.start()
        assert attached.port == owner.port
        attached.stop()
        assert _count(owner) == 1  # still answering after the attached instance detached


def test_garbage_lock_file_is_not_fatal(tmp_path: Path) -> None:
    (tmp_path / LOCK_NAME).write_text("{not json")
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


def test_free_port_is_bindable() -> None:
    assert 1024 < free_port() < 65536
