"""Rows read from the compact reply are the values the client's parser and the runner's conversion gave, for every
kind of cell; errors are the client's; a handle that is not the client's graph is read through its ``ro_query``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import falkordb
import pytest
from redis.exceptions import ResponseError

from extraction.access import PUBLIC, ScopedGraph
from traversal_policy.compact import read_table
from traversal_policy.runner import _plain

SETUP = ("CREATE (:Thing {id: 'a', name: 'Zoë – café', n: 3, x: 0.25, ok: true, tags: ['p', 'q'], "
         "nums: [1, 2.5, -3], access: ['everyone'], embedding: vecf32([0.5, -0.25, 1.0])})"
         "-[:LINKS {w: 2}]->(:Thing {id: 'b', name: 'second', n: -7, x: 1e-7, ok: false, tags: [], nums: [], "
         "access: ['everyone'], embedding: vecf32([1.0, 0.0, 0.0])})")
QUERIES = [
    "MATCH (t:Thing) WHERE any(g IN t.access WHERE g IN $scope) RETURN t.id AS id, t.name AS name, t.n AS n, "
    "t.x AS x, t.ok AS ok, t.tags AS tags, t.nums AS nums, t.missing AS missing ORDER BY id",
    "MATCH (t:Thing) RETURN t.id AS id, [v IN $vectors | vec.cosineDistance(t.embedding, vecf32(v))] AS d "
    "ORDER BY id",
    "MATCH (t:Thing) RETURN {id: t.id, n: t.n, inner: {tags: t.tags}} AS m, [{k: t.id}, 1] AS mixed ORDER BY t.id",
    "MATCH p = (a:Thing)-[r:LINKS]->(b:Thing) RETURN a, r, p, b.id AS id",
    "RETURN date('2026-12-06') AS day, point({latitude: 1.5, longitude: 2.5}) AS at, $text AS echoed, "
    "[[1, [2, 'x']], null] AS nested",
    "MATCH (t:Thing) WHERE t.id = 'none' RETURN t.id AS id",
]
PARAMS: dict[str, Any] = {"vectors": [[0.5, 0.5, 0.0], [0.0, 1.0, 0.0]], "text": "quote \" and \\ back"}


@pytest.fixture
def graph(falkordb_client: falkordb.FalkorDB, graph_name: str) -> Any:
    handle = falkordb_client.select_graph(graph_name)
    handle.query(SETUP)
    return handle


@pytest.mark.parametrize("cypher", QUERIES)
def test_every_kind_of_cell_reads_as_the_client_and_the_runner_read_it(graph: Any, cypher: str) -> None:
    scoped = ScopedGraph(graph, PUBLIC)
    client = scoped.ro_query(cypher, PARAMS, timeout=5000)
    table = read_table(scoped, cypher, PARAMS, 5000, _plain)
    assert table.columns == [h[1] for h in client.header]
    assert table.rows == [list(map(_plain, row)) for row in client.result_set]
    assert table.run_time_ms > 0.0


def test_strings_and_numbers_keep_their_exact_types(graph: Any) -> None:
    table = read_table(ScopedGraph(graph, PUBLIC), QUERIES[0], PARAMS, 5000, _plain)
    first = dict(zip(table.columns, table.rows[0], strict=True))
    assert first["name"] == "Zoë – café" and type(first["n"]) is int and type(first["x"]) is float
    assert first["ok"] is True and first["missing"] is None and first["nums"] == [1, 2.5, -3]


def test_a_query_the_server_refuses_raises_its_error(graph: Any) -> None:
    with pytest.raises(ResponseError):
        read_table(ScopedGraph(graph, PUBLIC), "MATCH (t:Thing) RETURN t.id + $missing_param AS x", {}, 5000, _plain)
    with pytest.raises(ResponseError):
        read_table(ScopedGraph(graph, PUBLIC), "CREATE (:Other)", {}, 5000, _plain)  # a write, read-only path


def test_a_handle_that_is_not_the_clients_graph_is_read_through_its_ro_query() -> None:
    seen: list[dict[str, Any]] = []

    class Fake:
        name = "fake"

        def ro_query(self, q: str, params: dict[str, Any], timeout: int | None = None) -> SimpleNamespace:
            seen.append(params)
            return SimpleNamespace(header=[[1, b"id"], [1, "raw"]], result_set=[["a", b"bytes"]], run_time_ms=1.5)

    table = read_table(ScopedGraph(Fake(), PUBLIC), "RETURN 1", {"x": 1}, 100, _plain)
    assert (table.columns, table.rows, table.run_time_ms) == (["id", "raw"], [["a", "bytes"]], 1.5)
    assert seen == [{"x": 1, "scope": list(PUBLIC.tokens)}]
