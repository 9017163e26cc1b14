"""A document's state in the graph: where a re-run picks up, and the writes that open a document's ingest.

``Document.status`` is ``ingesting`` from the first write of a document version until the commit
(extraction/version_commit.py) sets ``ready`` (with ``content_hash`` and ``extractor_version``) in the same query as
its RELATES support and row stamps. A document that is not ready was interrupted (a crash, SIGKILL, a failed
rollback): a re-run rolls the unfinished version back (extraction/version_store.py) and redoes it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Literal

from extraction.documents import SourceDocument
from extraction.evidence_writer import Graph
from extraction.ingest_stamp import bumped
from extraction.schema import DOCUMENT_INGESTING, DOCUMENT_READY

# The steps of one document's ingest, in order; the test hook can stop a process after any of them.
DOCUMENT_STEPS = ("chunks", "entities", "document", "evidence", "ready")
Pause = Callable[[str, str], None]  # (step, document id)
StoredState = Literal["new", "incomplete", "changed", "deleted", "moved", "current"]

DOCUMENT_STATE = ("MATCH (d:Document {id: $id}) "
                  "RETURN d.status, d.content_hash, d.extractor_version, d.path, d.valid_to IS NOT NULL, "
                  "d.access IS NOT NULL")
# path too: graphrag-sdk refuses to write a document whose stored path differs from its own (the archived version
# keeps it; write_properties sets it again).
BEGIN_DOCUMENT = bumped(f"""
MERGE (d:Document {{id: $id}})
SET d.status = '{DOCUMENT_INGESTING}', d.content_hash = null, d.extractor_version = null, d.path = null
""")  # the document leaves readers' view: the ingest stamp moves (extraction/ingest_stamp.py)
DOCUMENT_PROPS = f"""
MATCH (d:Document {{id: $id}})
SET d.title = $title, d.source_type = $source_type, d.path = $path, d.original_path = $original_path,
    d.authors = $authors, d.participants = $participants, d.created = $created, d.updated = $updated,
    d.text = $text, d.body_start = $body_start, d.ingested_at = $ingested_at, d.access = $access,
    d.status = '{DOCUMENT_INGESTING}',
    d.content_hash = null, d.extractor_version = null
"""
MOVE_DOCUMENT = "MATCH (d:Document {id: $id}) SET d.path = $path"


def stored_state(graph: Graph, doc: SourceDocument, extractor_version: str) -> StoredState:
    """new; incomplete (not ready: roll back, then look again); changed (other text or extractor, or stored before
    documents carried an access list: a new version); deleted (closed by a delete: a new version); moved (same
    content, read from another path: only the path is updated); current (skip)."""
    rows = graph.query(DOCUMENT_STATE, {"id": doc.id}).result_set
    if not rows:
        return "new"
    status, content_hash, version, path, deleted, has_access = rows[0]
    if status != DOCUMENT_READY:
        return "incomplete"
    if deleted:
        return "deleted"
    if (content_hash, version) != (doc.content_hash, extractor_version) or not has_access:
        return "changed"
    return "moved" if path != doc.path else "current"


def begin(graph: Graph, doc: SourceDocument) -> None:
    graph.query(BEGIN_DOCUMENT, {"id": doc.id})


def write_properties(graph: Graph, doc: SourceDocument) -> None:
    graph.query(DOCUMENT_PROPS, {
        "id": doc.id, "title": doc.title, "source_type": doc.source_type, "path": doc.path,
        "original_path": doc.original_path, "authors": list(doc.authors),
        "participants": list(doc.participants), "created": doc.created, "updated": doc.updated,
        "text": doc.text, "body_start": doc.body_start, "access": list(doc.access),
        "ingested_at": datetime.now(UTC).isoformat(timespec="seconds"),
    })


def move(graph: Graph, doc: SourceDocument) -> None:
    graph.query(MOVE_DOCUMENT, {"id": doc.id, "path": doc.path})
