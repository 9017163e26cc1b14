"""Resolve what ingest wrote: an evidence id to its document, chunk and character range; documents; counts.

Only ready documents count: a document still being ingested (or left unfinished by a crash) and its chunks and
evidence are neither returned nor counted (``pending_documents`` says how many there are).

Evidence and documents are read as the scope of the handle they are given (:class:`extraction.access.ScopedGraph`;
a plain handle reads as everyone): what the reader may not read is absent, exactly like an id that does not exist.
A document's current access list governs every version of it. The counts of :func:`graph_stats` are the operator's
figures and are not filtered.

Versions: an evidence id is one sentence of one version, so it resolves whether or not a later version closed it;
the object says when it was valid (``valid_from`` / ``valid_to``), how it was closed (``change``) and what replaced
it (``superseded_by``). A document is read as of a moment (default now) or by version number.

Every evidence object is checked against the version it was written in: ``text`` must be exactly
``document.text[start:end]`` of that version. A mismatch is an integrity failure and raises; never papered over.
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
from extraction.validity import parse_as_of

# Only ready documents, their chunks and their evidence are visible (extraction/document_state.py).
# ``WITH e`` makes FalkorDB look each document up by its id index; two MATCHes in a row join by a scan of every
# Document instead (a hash join), which grew with the corpus.
EVIDENCE_BY_IDS = f"""
UNWIND $ids AS eid
MATCH (e:Evidence {{id: eid}})
WITH e
MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d')}
OPTIONAL MATCH (v:DocumentVersion {{id: e.document_id + '@v' + toString(e.version)}}) WHERE e.version <> d.version
OPTIONAL MATCH (n:Evidence)-[s:SUPERSEDES]->(e)
WITH e, d, v, n, s ORDER BY s.at DESC
WITH e, d, v, collect(CASE WHEN n IS NULL THEN NULL ELSE {{id: n.id, text: n.text, change: s.change}} END) AS next
RETURN e.id, e.document_id, coalesce(v.title, d.title), d.source_type, e.chunk_id, e.start, e.end, e.text, e.kind,
       e.relations, coalesce(v.text, d.text), e.valid_from, e.valid_to, e.change, next, coalesce(e.version, 1),
       coalesce(v.created, d.created), coalesce(v.updated, d.updated)
"""
ALL_EVIDENCE_IDS = (f"MATCH (e:Evidence) MATCH (d:Document {{id: e.document_id}}) WHERE {ready_document('d', 'e')} "
                    "RETURN e.id ORDER BY e.id")
_DOCUMENT_COLUMNS = ("id", "title", "source_type", "text", "path", "original_path", "authors", "participants",
                     "created", "updated", "content_hash", "ingested_at")
DOCUMENT_BY_ID = f"""
MATCH (d:Document {{id: $id}}) WHERE {ready_document('d')}
RETURN {", ".join(f"d.{c}" for c in _DOCUMENT_COLUMNS)}, d.access, coalesce(d.version, 1),
       coalesce(d.version_from, ''), d.valid_to
"""
ARCHIVED_VERSIONS = f"""
MATCH (d:Document {{id: $id}})-[:SUPERSEDES*1..]->(a:DocumentVersion) WHERE {ready_document('d')}
RETURN {", ".join(f"a.{c}" for c in _DOCUMENT_COLUMNS if c != "id")}, a.version, a.valid_from, a.valid_to
ORDER BY a.version
"""
CHUNKS_AT = (f"MATCH (d:Document {{id: $id}})-[:PART_OF]->(c:Chunk) WHERE {ready_document('d', 'c')} "
             "RETURN count(c)")
LABEL_COUNTS = "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) ORDER BY label"
EDGE_TYPE_COUNTS = "MATCH ()-[r]->() RETURN type(r), count(r) ORDER BY type(r)"
REL_TYPE_COUNTS = "MATCH ()-[r:RELATES]->() RETURN r.rel_type, count(r) ORDER BY r.rel_type"
RELATES_WITH_EVIDENCE = (
    "MATCH ()-[r:RELATES]->() RETURN count(r), sum(CASE WHEN size(r.evidence_ids) > 0 THEN 1 ELSE 0 END)"
)
LAST_INGEST = f"MATCH (d:Document) WHERE {document_is_ready('d')} RETURN max(d.ingested_at)"
CLOSED_EVIDENCE = "MATCH (e:Evidence) WHERE e.valid_to IS NOT NULL RETURN count(e)"
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
    (ev_id, doc_id, title, source_type, chunk_id, start, end, text, kind, relations_json, doc_text, valid_from,
     valid_to, change, successors, version, created, updated) = row
    # Sliced here, in code points, not with Cypher's substring(): the check must use Python's offsets.
    if text != doc_text[start:end]:
        raise IntegrityError(f"{ev_id}: stored sentence differs from {doc_id}[{start}:{end}]")
    relations = json.loads(relations_json or "[]")
    first = relations[0] if relations else {}
    latest = next((s for s in successors or [] if s), None)
    return {
        "id": ev_id, "document_id": doc_id, "document_title": title, "source_type": source_type,
        "chunk_id": chunk_id, "start": start, "end": end, "text": text, "kind": kind,
        "subject": first.get("subject"), "predicate": first.get("predicate"), "object": first.get("object"),
        "rel_type": first.get("rel_type"), "relations": relations, "version": version,
        "valid_from": valid_from or None, "valid_to": valid_to, "current": valid_to is None,
        "change": change if valid_to is not None else None,
        "superseded_by": latest if valid_to is not None else None,
        "document_created": created, "document_updated": updated,
    }


def get_evidence(graph: Graph, ids: list[str]) -> list[dict[str, Any]]:
    """Evidence objects for the ids that exist (closed ones too, marked), in the order asked; unknown ids are
    simply absent."""
    rows = _rows(graph, EVIDENCE_BY_IDS, {"ids": ids})
    found = {row[0]: _evidence_object(row) for row in rows}
    return [found[i] for i in ids if i in found]


def sample_evidence(graph: Graph, n: int, seed: int | None = None) -> list[dict[str, Any]]:
    """``n`` current evidence rows, drawn reproducibly with ``seed``."""
    ids = [row[0] for row in _rows(graph, ALL_EVIDENCE_IDS, {"as_of": parse_as_of(None)})]
    chosen = random.Random(seed).sample(ids, min(n, len(ids)))
    return get_evidence(graph, chosen)


def _version_entry(number: int, valid_from: str | None, valid_to: str | None) -> dict[str, Any]:
    return {"version": number, "valid_from": valid_from or None, "valid_to": valid_to}


def get_document(graph: Graph, document_id: str, *, as_of: str | None = None,
                 version: int | None = None) -> dict[str, Any] | None:
    """The document as it stood at ``as_of`` (a stamp, default now) or as version ``version``; None when no such
    document, or none of its versions was current then (not yet ingested, or deleted)."""
    rows = _rows(graph, DOCUMENT_BY_ID, {"id": document_id})
    if not rows:
        return None
    current = dict(zip(_DOCUMENT_COLUMNS, rows[0][:-4], strict=True))
    access, number, current_from, deleted_at = rows[0][-4:]
    candidates = [(dict(zip(_DOCUMENT_COLUMNS[1:], r[:-3], strict=True)), *r[-3:])
                  for r in _rows(graph, ARCHIVED_VERSIONS, {"id": document_id})]
    candidates.append((current, number, current_from, deleted_at))
    versions = [_version_entry(n, f, t) for _, n, f, t in candidates]
    at = parse_as_of(None) if as_of is None else as_of
    if version is not None:
        chosen = next((c for c in candidates if c[1] == version), None)
        at = (chosen[2] or "") if chosen else at
    else:
        chosen = next((c for c in candidates if (c[2] or "") <= at and (c[3] is None or at < c[3])), None)
    if chosen is None:
        return None
    props, number, valid_from, valid_to = chosen
    chunks = _rows(graph, CHUNKS_AT, {"id": document_id, "as_of": at})[0][0]
    return {
        **{k: props.get(k) for k in _DOCUMENT_COLUMNS[1:]}, "id": document_id,
        "authors": props.get("authors") or [], "participants": props.get("participants") or [],
        "chunks": chunks, **_version_entry(number, valid_from, valid_to), "versions": versions,
        "current": chosen[0] is current and deleted_at is None, "access": list(access or []),
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
                "evidence_share": None, "last_ingest": None, "empty": True, "pending_documents": 0,
                "closed_evidence": 0}
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
        "closed_evidence": graph.ro_query(CLOSED_EVIDENCE).result_set[0][0],  # kept for as_of, not current
    }
