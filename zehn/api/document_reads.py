"""The documents of the graph, listed and searched: the reads behind ``GET /api/documents``.

Listing runs fixed Cypher texts (below) with parameters; searching reuses the catalogue's full-text read over
evidence sentences (``search_evidence``, variant ``fulltext_evidence``: the words of ``q`` OR-ed, as the answering
loop searches) and groups the hits by document, best hit first. Every text runs through
:class:`traversal_policy.runner.Trace`, so each one is recorded as shown work and a database failure is raised as
its typed error (503), never returned as "no documents".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from extraction import schema
from extraction.evidence_reads import graph_exists
from traversal_policy import CATALOGUE
from traversal_policy.outcomes import QueryRecord, Row
from traversal_policy.params import fulltext_query
from traversal_policy.runner import ReadOnlyGraph, Trace

_COLUMNS = ("d.id AS id, d.title AS title, d.source_type AS source_type, d.created AS created, "
            "d.updated AS updated, d.ingested_at AS ingested_at")
# Only current documents the caller may read: ready, visible to the reader's $scope (set by the executor's handle)
# and not deleted as of $as_of (the trace binds now).
_CURRENT = f"{schema.ready_document('d')} AND {schema.document_alive('d')}"
LIST_DOCUMENTS = (
    f"MATCH (d:Document) WHERE {_CURRENT} AND ($source_type IS NULL OR d.source_type = $source_type) "
    f"RETURN {_COLUMNS} ORDER BY toLower(coalesce(d.title, d.id)), d.id SKIP $offset LIMIT $limit"
)
COUNT_DOCUMENTS = (f"MATCH (d:Document) WHERE {_CURRENT} AND ($source_type IS NULL OR d.source_type = $source_type) "
                   "RETURN count(d) AS n")
SOURCE_TYPES = (f"MATCH (d:Document) WHERE {_CURRENT} "
                "RETURN d.source_type AS source_type, count(d) AS n ORDER BY source_type")
DOCUMENTS_BY_IDS = f"MATCH (d:Document) WHERE d.id IN $ids AND {_CURRENT} RETURN {_COLUMNS}"
SEARCH_HITS = 200  # evidence sentences fetched per search before grouping by document
HITS_PER_DOCUMENT = 3
EVIDENCE_FULLTEXT = ((schema.EVIDENCE, "text", "FULLTEXT"),)


@dataclass
class DocumentPage:
    documents: list[Row]  # each: id, title, source_type, created, updated, ingested_at, hits
    total: int
    source_types: dict[str, int]
    queries: list[QueryRecord] = field(default_factory=list)


def _source_types(trace: Trace) -> dict[str, int]:
    return {str(r["source_type"]): int(r["n"]) for r in trace.rows("document_source_types", SOURCE_TYPES, {})}


def list_documents(graph: ReadOnlyGraph, timeout_ms: int, source_type: str | None, offset: int,
                   limit: int) -> DocumentPage:
    """Documents ordered by title, optionally of one source type. A graph never written to holds none."""
    if not graph_exists(graph):  # type: ignore[arg-type]
        return DocumentPage([], 0, {})
    trace = Trace(graph, timeout_ms)
    params: dict[str, Any] = {"source_type": source_type, "offset": offset, "limit": limit}
    rows = trace.rows("list_documents", LIST_DOCUMENTS, params)
    total = int(trace.rows("count_documents", COUNT_DOCUMENTS, {"source_type": source_type})[0]["n"])
    types = _source_types(trace)
    return DocumentPage([{**r, "hits": []} for r in rows], total, types, trace.records)


def search_documents(graph: ReadOnlyGraph, timeout_ms: int, q: str, source_type: str | None, offset: int,
                     limit: int) -> DocumentPage:
    """Documents whose evidence sentences match the words of ``q``, best match first, with their matching sentences.

    ``InputRejected`` (422) when ``q`` holds no word; ``MissingIndex`` (503) when the full-text index is absent.
    """
    query = fulltext_query(q)
    if not graph_exists(graph):  # type: ignore[arg-type]
        return DocumentPage([], 0, {})
    trace = Trace(graph, timeout_ms)
    trace.require_indexes(EVIDENCE_FULLTEXT)
    text = CATALOGUE["search_evidence"].cypher["fulltext_evidence"]
    hits = trace.rows("search_evidence", text, {"query": query, "limit": SEARCH_HITS})
    by_doc: dict[str, list[Row]] = {}
    for hit in hits:
        by_doc.setdefault(str(hit["document_id"]), []).append(hit)
    found = trace.rows("documents_by_ids", DOCUMENTS_BY_IDS, {"ids": list(by_doc)}) if by_doc else []
    docs = {str(r["id"]): r for r in found}
    matching = [doc_id for doc_id in by_doc if doc_id in docs
                and (source_type is None or docs[doc_id]["source_type"] == source_type)]
    page = [{**docs[doc_id], "hits": [{"evidence_id": h["id"], "text": h["text"], "start": h["start"],
                                       "end": h["end"]} for h in by_doc[doc_id][:HITS_PER_DOCUMENT]]}
            for doc_id in matching[offset:offset + limit]]
    return DocumentPage(page, len(matching), _source_types(trace), trace.records)
