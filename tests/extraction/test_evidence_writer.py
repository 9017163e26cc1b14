"""Writing a document's Evidence rows into a real FalkorDB: the full-text index holds each new row once."""

from __future__ import annotations

import falkordb

from extraction.evidence import DocumentEvidence, EvidenceRow
from extraction.evidence_writer import write_evidence_rows
from extraction.schema import ensure_indexes

SENTENCES = ("Restart the worker.", "Check the queue.", "Page the owner.")
COUNTS = "CALL db.indexes() YIELD label, info WHERE label = 'Evidence' RETURN info.numDocuments, info.maxDocId"


def _found() -> DocumentEvidence:
    found = DocumentEvidence()
    start = 0
    for n, text in enumerate(SENTENCES):
        found.evidence[f"ev{n}"] = EvidenceRow(f"ev{n}", "doc_w", "chunk_w", start, start + len(text), text, "sentence")
        start += len(text) + 1
    return found


def test_new_evidence_rows_leave_no_deleted_postings_in_the_full_text_index(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    # A row updated after its creation is deleted and re-added in the label's index; the deleted postings count in
    # BM25 until the index's collector runs, so scores would depend on when it last ran.
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)
    graph.query("CREATE (:Chunk {id: 'chunk_w'})")
    assert write_evidence_rows(graph, _found(), {"ev0": [0.1] * 384}, "test", "1") == len(SENTENCES)
    assert graph.query(COUNTS).result_set == [[len(SENTENCES), len(SENTENCES)]]
    rows = graph.query("MATCH (e:Evidence)-[:IN_CHUNK]->(:Chunk {id: 'chunk_w'}) "
                       "RETURN e.id, e.text, e.embedding IS NOT NULL ORDER BY e.id").result_set
    assert rows == [["ev0", SENTENCES[0], True], ["ev1", SENTENCES[1], False], ["ev2", SENTENCES[2], False]]


def test_rewriting_a_stored_row_updates_it_in_place_and_keeps_its_vector(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)
    graph.query("CREATE (:Chunk {id: 'chunk_w'})")
    write_evidence_rows(graph, _found(), {"ev0": [0.1] * 384}, "test", "1")
    write_evidence_rows(graph, _found(), {}, "test", "2")
    rows = graph.query("MATCH (e:Evidence)-[l:IN_CHUNK]->(:Chunk) RETURN e.id, e.extractor_version, "
                       "e.embedding IS NOT NULL, count(l) ORDER BY e.id").result_set
    assert rows == [["ev0", "2", True, 1], ["ev1", "2", False, 1], ["ev2", "2", False, 1]]
