"""Failures are typed values, never empty results: server gone, graph not ingested, missing index, timeouts."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import falkordb
import pytest
import redis

from extraction.errors import GraphUnavailable, QueryRejected
from tests.traversal_policy import fixture_graph
from traversal_policy import (
    GraphNotIngested,
    MissingIndex,
    NoEvidence,
    Policy,
    QueryFailed,
    QueryTimedOut,
    TraversalExecutor,
    open_graph,
)
from traversal_policy.runner import map_error
from zehn.graph_server import EmbeddedFalkorDB

ALL_CALLS: list[tuple[str, dict[str, object]]] = [
    ("resolve_entity", {"name": "Ledger"}), ("entity_profile", {"entity_id": "service:ledger"}),
    ("who_owns", {"entity_id": "service:ledger"}), ("depends_on", {"entity_id": "service:checkout", "depth": 3}),
    ("dependents_of", {"entity_id": "technology:postgres"}), ("impact", {"entity_id": "service:ledger"}),
    ("paths_between", {"a": "person:dana", "b": "service:billing"}),
    ("evidence_for", {"source": "team:payments", "rel_type": "OWNS", "target": "service:ledger"}),
    ("documents_mentioning", {"entity_id": "service:ledger"}), ("search_evidence", {"text": "ledger"}),
]


def test_server_stopped_is_retriable_failure_never_no_evidence(tmp_path: Path, default_policy: Policy) -> None:
    server = EmbeddedFalkorDB(tmp_path / "own-server", requirepass=False)
    server.start()
    try:
        assert server.port is not None
        graph = open_graph("127.0.0.1", server.port, "stopped")
        fixture_graph.build(graph)
        executor = TraversalExecutor(graph, default_policy)
        assert executor.run("who_owns", {"entity_id": "service:ledger"}).outcome == "found"
    finally:
        server.stop()
    for name, params in ALL_CALLS:
        started = time.monotonic()
        out = executor.run(name, params)
        assert isinstance(out, QueryFailed), (name, out)
        assert not isinstance(out, NoEvidence)
        assert out.retriable and out.kind == "unavailable" and isinstance(out.error, GraphUnavailable)
        assert out.queries and out.queries[-1].error and out.queries[-1].run_time_ms is None
        assert time.monotonic() - started < 3.0  # no retry with backoff
        assert out.to_dict()["outcome"] == "failed"
    resolved = executor.resolve("Ledger")
    assert isinstance(resolved, QueryFailed) and resolved.retriable


def test_graph_not_ingested_is_its_own_failure(falkordb_server: EmbeddedFalkorDB, default_policy: Policy) -> None:
    assert falkordb_server.port is not None
    graph = open_graph("127.0.0.1", falkordb_server.port, f"never_{uuid.uuid4().hex[:8]}")
    executor = TraversalExecutor(graph, default_policy)
    for name, params in ALL_CALLS:
        out = executor.run(name, params)
        assert isinstance(out, QueryFailed), (name, out)
        assert isinstance(out.error, GraphNotIngested) and out.kind == "not_ingested" and not out.retriable
    assert isinstance(executor.resolve("Ledger"), QueryFailed)


def test_missing_fulltext_index_is_a_failure_not_no_hits(falkordb_client: falkordb.FalkorDB, graph_name: str,
                                                         default_policy: Policy) -> None:
    graph = falkordb_client.select_graph(graph_name)
    graph.query("CREATE (:__Entity__ {id: 'service:x', name: 'X', name_key: 'x', type: 'Service'}), "
                "(:Evidence {id: 'ev_1', text: 'ledger'})")  # no indexes were created
    executor = TraversalExecutor(graph, default_policy)
    out = executor.run("search_evidence", {"text": "ledger"})
    assert isinstance(out, QueryFailed) and isinstance(out.error, MissingIndex) and out.kind == "missing_index"
    res = executor.resolve("ledgr")
    assert isinstance(res, QueryFailed) and isinstance(res.error, MissingIndex)


def test_error_mapping() -> None:
    assert isinstance(map_error(redis.exceptions.TimeoutError("slow"), "g"), QueryTimedOut)
    assert map_error(redis.exceptions.TimeoutError("slow"), "g").retriable
    assert isinstance(map_error(redis.exceptions.ResponseError("Query timed out"), "g"), QueryTimedOut)
    assert isinstance(map_error(redis.exceptions.ConnectionError("refused"), "g"), GraphUnavailable)
    assert isinstance(map_error(redis.exceptions.ResponseError("Invalid graph operation on empty key"), "g"),
                      GraphNotIngested)
    refused = map_error(redis.exceptions.ResponseError("graph.RO_QUERY is to be executed only on read-only "
                                                       "queries"), "g")
    assert isinstance(refused, QueryRejected) and "read-only" in str(refused)
    with pytest.raises(ValueError):
        map_error(ValueError("a bug"), "g")


def test_a_write_through_the_read_path_is_refused(fixture_db: tuple[object, fixture_graph.FixtureInfo]) -> None:
    from traversal_policy.runner import Trace

    trace = Trace(fixture_db[0], 1000)  # type: ignore[arg-type]
    with pytest.raises(QueryRejected, match="read-only"):
        trace.rows("evil", "MATCH (n) DETACH DELETE n", {})
    assert trace.records[-1].error


def test_connecting_to_nothing_is_graph_unavailable_fast() -> None:
    from zehn.graph_server import free_port

    started = time.monotonic()
    with pytest.raises(GraphUnavailable):
        open_graph("127.0.0.1", free_port(), "g")
    assert time.monotonic() - started < 3.0
