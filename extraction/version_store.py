"""The versions a document already has in the graph: read them, archive the current one before a new version is
written, and roll an unfinished new version back.

- ``archive`` (before a changed or deleted document is written again): the current version's properties are
  copied into ``(:DocumentVersion {id: "<doc>@v<n>"})``, linked to the version it superseded; rows written before
  versions existed get their stamps (valid since always). The archive is "pending" until the commit links the
  Document to it (``SUPERSEDES``) and closes it.
- ``rollback`` (a failed document, or one a crash left "ingesting"): rows the unfinished version wrote (no
  ``valid_from``: never committed) are removed; a document with an archived version gets that version's properties
  back and is ready again; a document that never had a committed version is purged.

Rows of the unfinished version are invisible until then: its document is "ingesting" (extraction/document_state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from extraction.evidence_writer import (
    DELETE_ORPHAN_ENTITIES,
    ENTITIES_OF_DOCUMENT,
    Graph,
    purge_document,
)
from extraction.ingest_stamp import bumped
from extraction.schema import DOCUMENT_READY
from extraction.versions import StoredRow

_PROPS = ("title", "source_type", "path", "original_path", "authors", "participants", "created", "updated", "text",
          "body_start", "ingested_at", "content_hash", "extractor_version", "access")

STAMP_LEGACY = f"""
MATCH (d:Document {{id: $doc}}) WHERE d.status = '{DOCUMENT_READY}'
SET d.version = coalesce(d.version, 1), d.version_from = coalesce(d.version_from, ''),
    d.valid_from = coalesce(d.valid_from, '')
WITH d
OPTIONAL MATCH (d)-[:PART_OF]->(c:Chunk) WHERE c.valid_from IS NULL
FOREACH (x IN CASE WHEN c IS NULL THEN [] ELSE [c] END | SET x.valid_from = '')
WITH DISTINCT d
OPTIONAL MATCH (e:Evidence {{document_id: $doc}}) WHERE e.valid_from IS NULL
FOREACH (x IN CASE WHEN e IS NULL THEN [] ELSE [e] END | SET x.valid_from = '', x.version = 1)
"""
ARCHIVE = f"""
MATCH (d:Document {{id: $doc}}) WHERE d.status = '{DOCUMENT_READY}'
MERGE (a:DocumentVersion {{id: $doc + '@v' + toString(d.version)}})
SET {", ".join(f"a.{p} = d.{p}" for p in _PROPS)},
    a.document_id = d.id, a.version = d.version, a.valid_from = d.version_from, a.valid_to = d.valid_to
WITH d, a
OPTIONAL MATCH (prev:DocumentVersion {{id: $doc + '@v' + toString(d.version - 1)}})
FOREACH (p IN CASE WHEN prev IS NULL THEN [] ELSE [prev] END | MERGE (a)-[:SUPERSEDES]->(p))
RETURN d.version
"""
PENDING_ARCHIVE = """
MATCH (d:Document {id: $doc})
OPTIONAL MATCH (a:DocumentVersion {id: $doc + '@v' + toString(d.version)}) WHERE NOT (d)-[:SUPERSEDES]->(a)
RETURN d.version, a.id
"""
RESTORE = bumped(f"""
MATCH (d:Document {{id: $doc}}) MATCH (a:DocumentVersion {{id: $archive}})
SET {", ".join(f"d.{p} = a.{p}" for p in _PROPS)}, d.valid_to = a.valid_to, d.status = '{DOCUMENT_READY}'
WITH a
DETACH DELETE a
""")  # the archived version is ready again: the ingest stamp moves (extraction/ingest_stamp.py)
DELETE_PENDING_ROWS = """
MATCH (:Document {id: $doc})-[:PART_OF]->(c:Chunk) WHERE c.valid_from IS NULL
OPTIONAL MATCH (e:Evidence)-[:IN_CHUNK]->(c)
DETACH DELETE e, c
"""
DELETE_PENDING_EVIDENCE = "MATCH (e:Evidence {document_id: $doc}) WHERE e.valid_from IS NULL DETACH DELETE e"
STORED_CHUNKS = """
MATCH (:Document {id: $doc})-[:PART_OF]->(c:Chunk) WHERE c.valid_from IS NOT NULL
RETURN c.id, c.text, c.start, c.kind, c.valid_to IS NULL
"""
STORED_EVIDENCE = """
MATCH (e:Evidence {document_id: $doc}) WHERE e.valid_from IS NOT NULL
RETURN e.id, e.text, e.start, e.kind, e.valid_to IS NULL, e.embedding IS NOT NULL
"""
CURRENT_VERSION = "MATCH (d:Document {id: $doc}) RETURN d.version"


@dataclass(frozen=True)
class Stored:
    """What earlier versions of one document committed: its version number (0: none) and its rows."""

    version: int
    chunks: tuple[StoredRow, ...]
    evidence: tuple[StoredRow, ...]
    embedded: frozenset[str]  # evidence ids that already carry an embedding


def stamp_legacy(graph: Graph, document_id: str) -> None:
    """Give a ready document's unstamped rows (written before versions existed) their stamps: valid since always."""
    graph.query(STAMP_LEGACY, {"doc": document_id})


def archive(graph: Graph, document_id: str) -> int:
    """Archive the current version (see the module doc); returns its version number."""
    stamp_legacy(graph, document_id)
    rows = graph.query(ARCHIVE, {"doc": document_id}).result_set
    if not rows:
        raise ValueError(f"{document_id}: only a ready document can be archived")
    return int(rows[0][0])


def stored(graph: Graph, document_id: str) -> Stored:
    version_rows = graph.query(CURRENT_VERSION, {"doc": document_id}).result_set
    version = int(version_rows[0][0] or 0) if version_rows else 0
    chunks = tuple(StoredRow(r[0], r[1] or "", int(r[2] or 0), r[3] or "body", bool(r[4]))
                   for r in graph.query(STORED_CHUNKS, {"doc": document_id}).result_set)
    evidence_rows = graph.query(STORED_EVIDENCE, {"doc": document_id}).result_set
    evidence = tuple(StoredRow(r[0], r[1] or "", int(r[2] or 0), r[3] or "sentence", bool(r[4]))
                     for r in evidence_rows)
    return Stored(version, chunks, evidence, frozenset(r[0] for r in evidence_rows if r[5]))


def rollback(graph: Graph, document_id: str) -> Literal["restored", "purged"]:
    """Undo an unfinished version (see the module doc)."""
    rows = graph.query(PENDING_ARCHIVE, {"doc": document_id}).result_set
    archived = rows[0][1] if rows else None
    if archived is None:
        purge_document(graph, document_id)
        return "purged"
    entity_ids = [row[0] for row in graph.query(ENTITIES_OF_DOCUMENT, {"doc": document_id}).result_set]
    graph.query(DELETE_PENDING_ROWS, {"doc": document_id})
    graph.query(DELETE_PENDING_EVIDENCE, {"doc": document_id})
    graph.query(RESTORE, {"doc": document_id, "archive": archived})
    if entity_ids:
        graph.query(DELETE_ORPHAN_ENTITIES, {"ids": sorted(set(entity_ids))})
    return "restored"
