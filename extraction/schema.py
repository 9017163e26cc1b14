"""Labels, relationship types and indexes of the evidence graph (see docs/architecture.md).

Index creation is idempotent: an "already indexed" answer from FalkorDB is success, any other error is raised.
"""

from __future__ import annotations

from typing import Any, Protocol

from redis.exceptions import ResponseError

DOCUMENT = "Document"
DOCUMENT_VERSION = "DocumentVersion"
CHUNK = "Chunk"
ENTITY = "__Entity__"
EVIDENCE = "Evidence"
PASSAGE = "Passage"  # a section block of a document (extraction/passages.py)
TERM = "Term"  # a word's full-model vector (extraction/term_store.py)
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


# Versions (extraction/versions.py): chunks and evidence rows carry ``valid_from`` / ``valid_to`` (UTC stamps,
# extraction/validity.py) and ``earlier`` (the flattened [from, to, ...] intervals of a row that was closed and later
# came back). RELATES edges carry one entry per support interval in ``sup_ids`` / ``sup_from`` / ``sup_to`` /
# ``sup_access`` (the access tokens of that sentence's document, joined by ``ACCESS_JOIN``). A row without stamps
# was written before versions existed: valid since always. Every reader passes ``$as_of`` as well as ``$scope``.
OPEN_END = "9999-12-31T23:59:59.999999Z"  # the end of an open support interval on an edge
# How one sentence's access tokens are joined in ``evidence_access`` / ``sup_access``: a newline, which no token
# holds (names are whitespace-collapsed, extraction/access.py), unlike a space ("user:rosa lindqvist").
ACCESS_JOIN = "\n"
_ACCESS_SPLIT = "'\\n'"  # the same separator as a Cypher string literal


def valid_at(var: str) -> str:
    """The Cypher predicate "chunk / evidence row ``var`` is valid at ``$as_of``" (``var`` is a fixed name). The
    row's document is filtered by ``ready_document`` (its scope) separately."""
    return (f"((coalesce({var}.valid_from, '') <= $as_of AND ({var}.valid_to IS NULL OR $as_of < {var}.valid_to)) "
            f"OR ANY(i IN range(0, size(coalesce({var}.earlier, [])) - 2, 2) "
            f"WHERE {var}.earlier[i] <= $as_of AND $as_of < {var}.earlier[i + 1]))")


def document_alive(var: str) -> str:
    """The Cypher predicate "document ``var`` existed at ``$as_of``" (first committed, not yet deleted)."""
    return f"(coalesce({var}.valid_from, '') <= $as_of AND ({var}.valid_to IS NULL OR $as_of < {var}.valid_to))"


def ready_document(var: str, row: str | None = None) -> str:
    """The reader's predicate for document ``var``: ready and visible to ``$scope``; with ``row``, also "its chunk
    or evidence row ``row`` is valid at ``$as_of``" (variable names are fixed text, never input)."""
    ready = f"{document_is_ready(var)} AND {visible(var)}"
    return ready if row is None else f"{ready} AND {valid_at(row)}"


def _support(rel: str) -> tuple[str, str]:
    """The support ids of RELATES edge ``rel`` and the condition on entry ``i``: valid at ``$as_of`` and from a
    document ``$scope`` may read. An edge written before versions has only ``evidence_ids`` / ``evidence_access``
    (one open interval each)."""
    ids = f"coalesce({rel}.sup_ids, {rel}.evidence_ids)"
    access = f"coalesce({rel}.sup_access, {rel}.evidence_access)"
    when = (f"coalesce({rel}.sup_from[i], '') <= $as_of AND $as_of < coalesce({rel}.sup_to[i], '{OPEN_END}') "
            f"AND any(g IN split({access}[i], {_ACCESS_SPLIT}) WHERE g IN $scope)")
    return ids, when


def relation_valid_at(rel: str) -> str:
    """The Cypher predicate "RELATES edge ``rel`` is visible to ``$scope`` and has a supporting sentence valid at
    ``$as_of`` that ``$scope`` may read" (so an edge only a restricted or a closed sentence still supports is not
    walked). An edge that records no support at all is not versioned: visibility alone decides."""
    ids, when = _support(rel)
    return f"{visible(rel)} AND ({ids} IS NULL OR ANY(i IN range(0, size({ids}) - 1) WHERE {when}))"


def visible_evidence_ids(rel: str) -> str:
    """The evidence ids supporting RELATES edge ``rel`` at ``$as_of`` whose documents ``$scope`` may read.
    Null-safe: ``rel`` may be an OPTIONAL MATCH's missing edge (FalkorDB evaluates both branches of a CASE)."""
    ids, when = _support(rel)
    return f"[i IN range(0, size(coalesce({ids}, [])) - 1) WHERE {when} | {ids}[i]]"


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
    (DOCUMENT_VERSION, "id"),
    (DOCUMENT_VERSION, "document_id"),
    (TERM, "text"),
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
