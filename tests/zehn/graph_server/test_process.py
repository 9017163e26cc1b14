"""A supervisor's probes on one kept connection (zehn/graph_server/process.py: Prober)."""

from __future__ import annotations

from zehn.graph_server import EmbeddedFalkorDB
from zehn.graph_server.process import Prober, client, free_port, probe


def _connections_received(server: EmbeddedFalkorDB) -> int:
    assert server.port is not None
    return int(client(server.port, 2.0, server.password).info("stats")["total_connections_received"])


def test_a_prober_asks_every_time_on_one_kept_connection(falkordb_server: EmbeddedFalkorDB) -> None:
    assert falkordb_server.port is not None
    prober = Prober()
    before = _connections_received(falkordb_server)
    for _ in range(5):
        assert prober(falkordb_server.port, password=falkordb_server.password) == ("ready", None)
    kept = _connections_received(falkordb_server) - before
    for _ in range(5):
        assert probe(falkordb_server.port, password=falkordb_server.password) == ("ready", None)
    fresh = _connections_received(falkordb_server) - before - kept
    assert kept <= 2 < 5 < fresh  # the prober's one connection and this count's own; a probe() each its own


def test_a_prober_whose_connection_the_server_dropped_still_reads_ready(falkordb_server: EmbeddedFalkorDB) -> None:
    assert falkordb_server.port is not None
    prober = Prober()
    assert prober(falkordb_server.port, password=falkordb_server.password) == ("ready", None)
    admin = client(falkordb_server.port, 2.0, falkordb_server.password)
    assert admin.client_kill_filter(_type="normal", skipme=True) >= 1  # the prober's connection among them
    assert prober(falkordb_server.port, password=falkordb_server.password) == ("ready", None)


def test_a_prober_reads_a_port_nobody_answers_on_as_down() -> None:
    state, why = Prober(timeout_s=0.5)(free_port())
    assert state == "down" and why
