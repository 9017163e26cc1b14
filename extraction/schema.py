"""Labels, relationship types and indexes of the evidence graph (see docs/architecture.md).

Index creation is idempotent: an "already indexed" answer from FalkorDB is success, any other error is raised.
"""

from __future__ import annotations

from typing import Any, Protocol

from redis.exceptions import ResponseError

DOCUMENT = "Document"
CHUNK = "Chunk"
ENTITY = "__Entity__"
EVIDENCE = "Evidence"
PASSAGE = "Passage"  # a section block of a document (extraction/passages.py)
RELATES = "RELATES"
EMBEDDING_DIM = 384

# A document's lifecycle (``Document.status``): readers see a document, its chunks and its evidence only once it is
# ready, which the ingest sets last, in the same query that writes the document's RELATES support.
DOCUMENT_INGESTING = "ingesting"
DOCUMENT_READY = "ready"

# -- reader fragments ---------------------------------------------------------------------------------------------
# Every read of documents, chunks, evidence, RELATES edges or entity names composes these (``var`` is a fixed
# variable name, never input). They need the ``$scope`` parameter: the caller's access tokens, which only a scoped
# graph handle sets (extraction/access.py), so a query that reads through one cannot run without its reader's scope.


def visible(var: str) -> str:
    """``var`` (a Document, a RELATES edge or an entity, each with an ``access`` list) is readable by ``$scope``.
    A node or edge written before access lists existed has none, and is readable by no one until re-ingested."""
    return f"any(g IN {var}.access WHERE g IN $scope)"


def document_is_ready(var: str) -> str:
    """The lifecycle alone ("document ``var`` is ready"), for the ingest's own bookkeeping, never for a reader."""
    return f"{var}.status = '{DOCUMENT_READY}'"


def ready_document(var: str) -> str:
    """The reader's predicate for document ``var``: ready, and visible to ``$scope``."""
    return f"{document_is_ready(var)} AND {visible(var)}"


def visible_evidence_ids(var: str) -> str:
    """The evidence ids of RELATES edge ``var`` whose documents ``$scope`` may read (``evidence_access`` holds, per
    evidence id, its document's access tokens joined by spaces). Null-safe: ``var`` may be an OPTIONAL MATCH's
    missing edge (FalkorDB evaluates both branches of a CASE)."""
    return (f"[i IN range(0, size(coalesce({var}.evidence_ids, [])) - 1) "
            f"WHERE any(g IN split({var}.evidence_access[i], ' ') WHERE g IN $scope) | {var}.evidence_ids[i]]")

RANGE_INDEXES: tuple[tuple[str, str], ...] = (
    (DOCUMENT, "id"),
    (CHUNK, "id"),
    (CHUNK, "document_id"),
    (ENTITY, "id"),
    (ENTITY, "name_key"),
    (EVIDENCE, "id"),
    (EVIDENCE, "document_id"),
    (PASSAGE, "id"),
    (PASSAGE, "document_id"),
)
FULLTEXT_INDEXES: tuple[tuple[str, str], ...] = (
    (ENTITY, "name"), (EVIDENCE, "text"), (CHUNK, "text"), (PASSAGE, "text"),
)
VECTOR_INDEXES: tuple[tuple[str, str], ...] = ((CHUNK, "embedding"), (EVIDENCE, "embedding"), (PASSAGE, "embedding"))


class CypherGraph(Protocol):
    """The part of a falkordb ``Graph`` that schema setup needs."""

    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...


def _already_exists(exc: ResponseError) -> bool:
    text = str(exc).lower()
    return "already indexed" in text or "already exists" in text


def index_statements() -> list[str]:
    """The fixed DDL statements, built only from the module constants above (never from input)."""
    statements = [f"CREATE INDEX FOR (n:{label}) ON (n.{prop})" for label, prop in RANGE_INDEXES]
    statements += [f"CREATE FULLTEXT INDEX FOR (n:{label}) ON (n.{prop})" for label, prop in FULLTEXT_INDEXES]
    statements += [
        f"CREATE VECTOR INDEX FOR (n:{label}) ON (n.{prop}) "
        f"OPTIONS {{dimension: {EMBEDDING_DIM}, similarityFunction: 'cosine'}}"
        for label, prop in VECTOR_INDEXES
    ]
    return statements


def ensure_indexes(graph: CypherGraph) -> int:
    """Create every index the named queries rely on; returns how many were newly created."""
    created = 0
    for statement in index_statements():
        try:
            graph.query(statement)
            created += 1
        except ResponseError as exc:  # anything but "already exists" propagates
            if not _already_exists(exc):
                raise
    return created
