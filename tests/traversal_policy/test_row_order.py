"""Rows that tie on what a query sorts by come back in an order set by their content, not by FalkorDB's node ids
(write order): the same document written in two orders reads the same (issue 11, stable decisions)."""

from __future__ import annotations

import contextlib
import json
import uuid
from typing import Any

import redis

from extraction.schema import ensure_indexes
from traversal_policy import Found, Policy, TraversalExecutor, connect
from zehn.graph_server import EmbeddedFalkorDB

TEXT = "Ada Lane owns the Ledger service. It is tier one."
# Two rows of one document starting at one offset (a sentence and the labelled line holding it), and a second
# sentence; ids chosen so that id order is neither write order below.
ROWS = [("ev_b", 0, len("Ada Lane owns the Ledger service.")), ("ev_a", 0, len(TEXT)),
        ("ev_c", len("Ada Lane owns the Ledger service. "), len(TEXT))]


def _write(graph: Any, rows: list[tuple[str, int, int]]) -> None:
    ensure_indexes(graph)
    graph.query("CREATE (d:Document {id: 'doc_t', title: 't', source_type: 'confluence', text: $text, "
                "status: 'ready', access: ['everyone']})-[:PART_OF {index: 0}]->(c:Chunk {id: 'doc_t#c0', "
                "document_id: 'doc_t', index: 0, start: 0, end: $end, text: $text, kind: 'body'})",
                {"text": TEXT, "end": len(TEXT)})
    for ev, start, end in rows:
        graph.query("MATCH (c:Chunk {id: 'doc_t#c0'}) CREATE (e:Evidence {id: $id, document_id: 'doc_t', "
                    "chunk_id: 'doc_t#c0', start: $start, end: $end, text: $text, kind: 'sentence'})-[:IN_CHUNK]->(c)",
                    {"id": ev, "start": start, "end": end, "text": TEXT[start:end]})
    graph.query("CREATE (a:__Entity__:Person {id: 'person:ada', name: 'Ada Lane', name_key: 'ada lane', "
                "type: 'Person', access: ['everyone']})-[:RELATES {rel_type: 'OWNS', evidence_ids: $ids, "
                "evidence_access: $acc, doc_ids: ['doc_t'], access: ['everyone'], spans: '{}', raw_verbs: ['own']}]->"
                "(b:__Entity__:Service {id: 'service:ledger', name: 'Ledger', name_key: 'ledger', type: 'Service', "
                "access: ['everyone']})", {"ids": [r[0] for r in rows], "acc": ["everyone"] * len(rows)})
    graph.query("MATCH (n:__Entity__), (c:Chunk) CREATE (n)-[:MENTIONED_IN]->(c)")


def _read(port: int, policy: Policy, rows: list[tuple[str, int, int]]) -> tuple[list[str], list[str]]:
    graph = connect("127.0.0.1", port).select_graph(f"tp_order_{uuid.uuid4().hex[:8]}")
    try:
        _write(graph, rows)
        executor = TraversalExecutor(graph, policy)
        sentences = executor.run("document_sentences", {"document_id": "doc_t"})
        profile = executor.run("entity_profile", {"entity_id": "person:ada"})
        assert isinstance(sentences, Found) and isinstance(profile, Found), (sentences, profile)
        return ([str(r["id"]) for r in sentences.rows],
                [str(e["id"]) for r in profile.rows for e in json.loads(json.dumps(r["evidence"]))])
    finally:
        with contextlib.suppress(redis.RedisError):
            graph.delete()


def test_rows_tied_on_start_read_in_content_order_whatever_order_they_were_written(
        falkordb_server: EmbeddedFalkorDB, default_policy: Policy) -> None:
    assert falkordb_server.port is not None
    first = _read(falkordb_server.port, default_policy, ROWS)
    second = _read(falkordb_server.port, default_policy, ROWS[::-1])
    assert first == second
    assert first[0] == ["ev_b", "ev_a", "ev_c"]  # start, then end: the shorter row first
    assert first[1] == first[0]  # document, start, end, id: the same order
