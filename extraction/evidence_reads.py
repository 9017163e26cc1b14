"""Resolve what ingest wrote: an evidence id to its document, chunk and character range; documents; counts.

Only ready documents count: a document still being ingested (or left unfinished by a crash) and its chunks and
evidence are neither returned nor counted (``pending_documents`` says how many there are).

Evidence and documents are read as the scope of the handle they are given (:class:`extraction.access.ScopedGraph`;
a plain handle reads as everyone): what the reader may not read is absent, exactly like an id that does not exist.
The counts of :func:`graph_stats` are the operator's figures and are not filtered.

Every evidence object is checked against its document on the way out: ``text`` must be exactly
``document.text[start:end]``. A mismatch is an integrity failure and raises; it is never papered over.
"""

from __future__ import annotations

import json
import random
from typing import Any

from redis.exceptions import ResponseError

from extraction.access import scoped
from extraction.errors import ZehnError
from extraction.evidence_writer import Graph
from extraction.schema import document_is_ready, ready_document

# Only ready documents, their chunks and their evidence are visible (extraction/document_state.py).
EVIDENCE_BY_IDS = f"""
UNWIND $ids AS eid
MATCH (e:Evidence {{id: eid}})
MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')}
RETURN e.id, e.document_id, d.title, d.source_type, e.chunk_id, e.start, e.end, e.text, e.kind, e.relations,
       d.text
"""
ALL_EVIDENCE_IDS = (f"MATCH (e:Evidence) MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')} "
                    "RETURN e.id ORDER BY e.id")
DOCUMENT_BY_ID = f"""
MATCH (d:Document {{id: $id}}) WHERE {ready_document('d')}
OPTIONAL MATCH (d)-[:PART_OF]->(c:Chunk)
RETURN d.id, d.title, d.source_type, d.text, d.path, d.original_path, d.authors, d.participants, d.created,
       d.updated, d.content_hash, d.ingested_at, count(c), d.access
"""
LABEL_COUNTS = "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) ORDER BY label"
EDGE_TYPE_COUNTS = "MATCH ()-[r]->() RETURN type(r), count(r) ORDER BY type(r)"
REL_TYPE_COUNTS = "MATCH ()-[r:RELATES]->() RETURN r.rel_type, count(r) ORDER BY r.rel_type"
RELATES_WITH_EVIDENCE = (
    "MATCH ()-[r:RELATES]->() RETURN count(r), sum(CASE WHEN size(r.evidence_ids) > 0 THEN 1 ELSE 0 END)"
)
LAST_INGEST = f"MATCH (d:Document) WHERE {document_is_ready('d')} RETURN max(d.ingested_at)"
# What documents that are not ready (being ingested, or interrupted) hold, to leave out of the counts.
PENDING_COUNTS = f"""
MATCH (d:Document) WHERE NOT coalesce({document_is_ready('d')}, false)
OPTIONAL MATCH (d)-[:PART_OF]->(c:Chunk)
WITH d, count(c) AS chunks
OPTIONAL MATCH (e:Evidence {{document_id: d.id}})
WITH d, chunks, count(e) AS evidence
RETURN count(d), sum(chunks), sum(evidence)
"""


class IntegrityError(ZehnError):
    """Stored evidence no longer matches its document: the graph is corrupt and must be re-ingested."""


def _rows(graph: Graph, query: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
    """Result rows, read as the handle's scope; a graph nothing was ever written to holds nothing (no rows)."""
    try:
        return list(scoped(graph).ro_query(query, params).result_set)
    except ResponseError as exc:
        if "empty key" in str(exc):
            return []
        raise


def _evidence_object(row: list[Any]) -> dict[str, Any]:
    ev_id, doc_id, title, source_type, chunk_id, start, end, text, kind, relations_json, doc_text = row
    # Sliced here, in code points, not with Cypher's substring(): the check must use Python's offsets.
    if text != doc_text[start:end]:
        raise IntegrityError(f"{ev_id}: stored sentence differs from {doc_id}[{start}:{end}]")
    relations = json.loads(relations_json or "[]")
    first = relations[0] if relations else {}
    return {
        "id": ev_id, "document_id": doc_id, "document_title": title, "source_type": source_type,
        "chunk_id": chunk_id, "start": start, "end": end, "text": text, "kind": kind,
        "subject": first.get("subject"), "predicate": first.get("predicate"), "object": first.get("object"),
        "rel_type": first.get("rel_type"), "relations": relations,
    }


def get_evidence(graph: Graph, ids: list[str]) -> list[dict[str, Any]]:
    """Evidence objects for the ids that exist, in the order asked; unknown ids are simply absent."""
    rows = _rows(graph, EVIDENCE_BY_IDS, {"ids": ids})
    found = {row[0]: _evidence_object(row) for row in rows}
    return [found[i] for i in ids if i in found]


def sample_evidence(graph: Graph, n: int, seed: int | None = None) -> list[dict[str, Any]]:
    ids = [row[0] for row in _rows(graph, ALL_EVIDENCE_IDS)]
    chosen = random.Random(seed).sample(ids, min(n, len(ids)))
    return get_evidence(graph, chosen)


def get_document(graph: Graph, document_id: str) -> dict[str, Any] | None:
    rows = _rows(graph, DOCUMENT_BY_ID, {"id": document_id})
    if not rows:
        return None
    (doc_id, title, source_type, text, path, original_path, authors, participants, created, updated,
     content_hash, ingested_at, chunks, access) = rows[0]
    return {
        "id": doc_id, "title": title, "source_type": source_type, "text": text, "path": path,
        "original_path": original_path, "authors": authors or [], "participants": participants or [],
        "created": created, "updated": updated, "content_hash": content_hash, "ingested_at": ingested_at,
        "chunks": chunks, "access": list(access or []),
    }


def graph_exists(graph: Graph) -> bool:
    """False for a graph nothing was ever written to (FalkorDB answers "empty key" for those)."""
    try:
        graph.ro_query("RETURN 1")
    except ResponseError as exc:
        if "empty key" in str(exc):
            return False
        raise
    return True


def graph_stats(graph: Graph) -> dict[str, Any]:
    if not graph_exists(graph):
        return {"labels": {}, "edge_types": {}, "rel_types": {}, "relates": 0, "relates_with_evidence": 0,
                "evidence_share": None, "last_ingest": None, "empty": True, "pending_documents": 0}
    labels = {row[0]: row[1] for row in graph.ro_query(LABEL_COUNTS).result_set}
    pending, pending_chunks, pending_evidence = graph.ro_query(PENDING_COUNTS).result_set[0]
    for label, minus in (("Document", pending), ("Chunk", pending_chunks), ("Evidence", pending_evidence)):
        if label in labels:
            labels[label] -= minus or 0
    edge_types = {row[0]: row[1] for row in graph.ro_query(EDGE_TYPE_COUNTS).result_set}
    rel_types = {row[0]: row[1] for row in graph.ro_query(REL_TYPE_COUNTS).result_set}
    total, with_evidence = graph.ro_query(RELATES_WITH_EVIDENCE).result_set[0]
    last = graph.ro_query(LAST_INGEST).result_set[0][0]
    return {
        "labels": labels, "edge_types": edge_types, "rel_types": rel_types,
        "relates": total, "relates_with_evidence": with_evidence or 0,
        "evidence_share": round((with_evidence or 0) / total, 4) if total else None,
        "last_ingest": last, "empty": False, "pending_documents": pending,
    }
