"""Writing a document's passages into a real FalkorDB: the full-text index holds each passage once."""

from __future__ import annotations

import hashlib

import falkordb

from extraction.documents import SourceDocument
from extraction.passages import EmbeddedPassage, passages, write_passages
from extraction.schema import ensure_indexes

TEXT = "# Runbook\n\n## Owners\n\n- Primary: the billing team\n\n## Steps\n\nRestart the worker. Check the queue.\n"


def _doc() -> SourceDocument:
    return SourceDocument(
        id="doc_w", title="Runbook", source_type="markdown", text=TEXT, body_start=0, path="w.md",
        original_path=None, authors=(), participants=(), created=None, updated=None, metadata_lines=(),
        content_hash=hashlib.sha256(TEXT.encode()).hexdigest(),
    )


def test_written_passages_leave_no_deleted_postings_in_the_full_text_index(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    # A passage updated after its CREATE is deleted and re-added in the full-text index; the deleted postings count
    # in BM25 until the index's collector runs, so scores would depend on when it last ran.
    graph = falkordb_client.select_graph(graph_name)
    ensure_indexes(graph)
    doc = _doc()
    graph.query("CREATE (:Document {id: $id})", {"id": doc.id})
    found = passages(doc)
    embedded = [EmbeddedPassage(p, TEXT[p.start:p.end], [0.1] * 383 + [float(n + 1)]) for n, p in enumerate(found)]
    assert write_passages(graph, doc, embedded) == len(found) > 1
    rows = graph.query("CALL db.indexes() YIELD label, info WHERE label = 'Passage' "
                       "RETURN info.numDocuments, info.maxDocId").result_set
    assert rows == [[len(found), len(found)]]
