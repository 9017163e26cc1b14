"""The graph's writer lease: one holder at a time, a dead local holder is taken over at once, a live one is waited
for (bounded), and release frees it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import uuid

import pytest
import redis

from extraction.writer_lease import WriterBusy, WriterLease
from zehn.graph_server import EmbeddedFalkorDB


@pytest.fixture
def client(falkordb_server: EmbeddedFalkorDB) -> redis.Redis:
    assert falkordb_server.port is not None
    return redis.Redis(host="127.0.0.1", port=falkordb_server.port)


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def test_a_live_holder_is_waited_for_and_then_the_lease_is_free_again(client: redis.Redis) -> None:
    graph = f"lease_{uuid.uuid4().hex[:8]}"
    first = WriterLease(client, graph)
    first.acquire(1.0)
    told: list[dict[str, object]] = []
    with pytest.raises(WriterBusy, match=f"pid {os.getpid()}"):
        WriterLease(client, graph).acquire(0.3, told.append)
    assert told and told[0]["pid"] == os.getpid()
    first.release()
    second = WriterLease(client, graph)
    second.acquire(1.0)
    assert second.holder() == json.loads(second.token)
    second.release()
    assert client.get(f"zehn:writer:{graph}") is None


def test_the_lease_of_a_dead_local_process_is_taken_over_at_once(client: redis.Redis) -> None:
    graph = f"lease_{uuid.uuid4().hex[:8]}"
    stale = json.dumps({"host": socket.gethostname(), "pid": _dead_pid(), "id": "crashed"})
    client.set(f"zehn:writer:{graph}", stale, px=30_000)
    lease = WriterLease(client, graph)
    lease.acquire(0.0)  # no waiting needed: the holder is gone
    assert lease.holder() == json.loads(lease.token)
    lease.release()
