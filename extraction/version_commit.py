"""Commit a document version, or close a document (a delete), in ONE query each.

The commit writes the document's RELATES support with its intervals, stamps the rows this version opens, reopens
or closes (:func:`extraction.versions.plan`), links each closed sentence to its successor
(``(new:Evidence)-[:SUPERSEDES {change}]->(old:Evidence)``), closes the archived previous version and links the
Document to it (``SUPERSEDES``), and sets the document ready. Facts, rows and document therefore change for
readers together, and a crash before the commit leaves the previous version current (the document is
"ingesting" meanwhile, and a re-run rolls the unfinished version back: extraction/version_store.py).

The read-merge-write of shared edges is safe because one writer at a time holds the graph
(:mod:`extraction.writer_lease`). All Cypher is fixed text with parameters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from extraction import version_store
from extraction.documents import ChunkSlice
from extraction.evidence import DocumentEvidence, edge_properties
from extraction.evidence_writer import ENTITIES_OF_DOCUMENT, WRITE_EDGES, Graph, read_support, refresh_entity_access
from extraction.ingest_stamp import BUMP_CLAUSE, bumped
from extraction.passages import DELETE_PASSAGES
from extraction.schema import DOCUMENT_READY
from extraction.validity import now_stamp
from extraction.version_store import Stored
from extraction.versions import Row, VersionPlan, plan, restamp_support


def _stamp_rows(label: str, key: str, extra: str = "") -> str:
    """Three UNWIND steps that open, reopen and close rows of ``label`` listed in ``$<key>``."""
    return f"""
WITH count(*) AS _
UNWIND ${key}.opened AS rid MATCH (x:{label} {{id: rid}}) SET x.valid_from = $now{extra}
WITH count(*) AS _
UNWIND ${key}.reopened AS rid MATCH (x:{label} {{id: rid}})
SET x.earlier = coalesce(x.earlier, []) + [x.valid_from, x.valid_to], x.valid_from = $now, x.valid_to = null
WITH count(*) AS _
UNWIND ${key}.closed AS c MATCH (x:{label} {{id: c.id}}) SET x.valid_to = $now, x.change = c.change
"""


_ROWS = (WRITE_EDGES + _stamp_rows("Chunk", "chunks")
         + _stamp_rows("Evidence", "evidence", ", x.version = $version") + """
WITH count(*) AS _
UNWIND $successions AS s MATCH (o:Evidence {id: s.old}) MATCH (n:Evidence {id: s.new})
MERGE (n)-[l:SUPERSEDES]->(o) SET l.at = $now, l.change = s.change
WITH count(*) AS _
""")
COMMIT_VERSION = _ROWS + f"""
MATCH (d:Document {{id: $doc}})
OPTIONAL MATCH (arch:DocumentVersion {{id: $archive_id}})
OPTIONAL MATCH (d)-[old:SUPERSEDES]->(:DocumentVersion) WHERE arch IS NOT NULL
DELETE old
WITH DISTINCT d, arch
FOREACH (a IN CASE WHEN arch IS NULL THEN [] ELSE [arch] END |
         MERGE (d)-[:SUPERSEDES]->(a) SET a.valid_to = coalesce(a.valid_to, $now))
SET d.status = '{DOCUMENT_READY}', d.content_hash = $content_hash, d.extractor_version = $extractor_version,
    d.version = $version, d.version_from = $now, d.valid_from = coalesce(d.valid_from, $now), d.valid_to = null
WITH d
OPTIONAL MATCH (n:__Entity__) WHERE n.id IN $entity_ids
FOREACH (x IN CASE WHEN n IS NULL THEN [] ELSE [n] END |
         SET x.access = coalesce(x.access, []) + [g IN d.access WHERE NOT g IN coalesce(x.access, [])])
WITH DISTINCT d
WITH collect(d.id) AS ids {BUMP_CLAUSE}
WITH ids UNWIND ids AS id
RETURN id
"""  # the ingest stamp moves with the commit (extraction/ingest_stamp.py), then the document's id as before
DELETE_STATE = "MATCH (d:Document {id: $doc}) RETURN d.status, d.valid_to IS NOT NULL"
CLOSE_DOCUMENT = bumped(_ROWS + """
MATCH (d:Document {id: $doc}) SET d.valid_to = $now
""")
# A closed document's passages go after it, and bump the ingest stamp again: a reader that read between the two
# writes kept the passages under the first bump, which this one moves on.
CLOSE_PASSAGES = bumped(DELETE_PASSAGES)


@dataclass(frozen=True)
class Committed:
    edges: int  # RELATES edges written
    opened: int  # evidence rows this version added (new or back)
    closed: int  # evidence rows it closed
    version: int


def _row_lists(p: VersionPlan, closed_change: Mapping[str, str]) -> dict[str, Any]:
    return {"opened": list(p.opened), "reopened": list(p.reopened),
            "closed": [{"id": i, "change": closed_change.get(i, "removed")} for i in p.closed]}


def evidence_plan(stored: Stored, found: DocumentEvidence) -> VersionPlan:
    """How this version's sentences relate to the stored ones; raises ValueError if an id names other text."""
    texts = {row.id: row.text for row in stored.evidence}
    clash = next((ev.id for ev in found.evidence.values() if ev.id in texts and texts[ev.id] != ev.text), None)
    if clash is not None:
        raise ValueError(f"evidence id {clash} already names a different sentence")
    rows = [Row(ev.id, ev.text, ev.start, ev.kind) for ev in found.evidence.values()]
    return plan(stored.evidence, rows)


def _edges(graph: Graph, found: DocumentEvidence, document_id: str, now: str,
           close_all: bool = False, access: Sequence[str] | None = None) -> list[dict[str, Any]]:
    existing, names = read_support(graph, list(found.edges), document_id)
    names.update({row.id: row.name for row in found.entities.values()})
    keys = sorted(set(existing) | set(found.edges))
    return [edge_properties(key, restamp_support(existing.get(key, {}), found.edges.get(key, {}), document_id, now,
                                                 close_all=close_all, access=access), names) for key in keys]


def commit_version(graph: Graph, document_id: str, found: DocumentEvidence, chunks: Sequence[ChunkSlice],
                   stored: Stored, content_hash: str, extractor_version: str,
                   access: Sequence[str] | None = None) -> Committed:
    """Make the written version current (see the module doc). ``access``: the document's access list now; every
    support entry of the document, of closed versions too, takes it (the current list governs its whole history,
    as it does for its evidence reads), and the entities it mentions are granted it in the commit, then
    recomputed (a narrowed list takes old readers away)."""
    now = now_stamp()
    version = stored.version + 1
    ev_plan = evidence_plan(stored, found)
    chunk_plan = plan(stored.chunks, [Row(c.id, c.text, c.start, c.kind) for c in chunks], link=False)
    change = {s.old_id: s.change for s in ev_plan.successions}
    edges = _edges(graph, found, document_id, now, access=access)
    params = {
        "edges": edges, "doc": document_id, "now": now, "version": version,
        "chunks": _row_lists(chunk_plan, {}), "evidence": _row_lists(ev_plan, change),
        "successions": [{"old": s.old_id, "new": s.new_id, "change": s.change}
                        for s in ev_plan.successions if s.new_id is not None],
        "archive_id": f"{document_id}@v{stored.version}" if stored.version else None,
        "content_hash": content_hash, "extractor_version": extractor_version,
        "entity_ids": sorted(found.entities),
    }
    if not graph.query(COMMIT_VERSION, params).result_set:
        raise ValueError(f"{document_id}: the commit found no document to make ready")
    mentioned = [row[0] for row in graph.query(ENTITIES_OF_DOCUMENT, {"doc": document_id}).result_set]
    refresh_entity_access(graph, [*mentioned, *found.entities])
    return Committed(len(edges), len(ev_plan.opened) + len(ev_plan.reopened), len(ev_plan.closed), version)


def close_document(graph: Graph, document_id: str, stored: Stored) -> Committed:
    """A delete that keeps history: every open row and all the document's support close now; ``as_of`` earlier
    still sees it, and answers that cited it become stale ("removed")."""
    now = now_stamp()
    ev_plan = plan(stored.evidence, [])
    chunk_plan = plan(stored.chunks, [], link=False)
    edges = _edges(graph, DocumentEvidence(), document_id, now, close_all=True)
    params = {
        "edges": edges, "doc": document_id,
        "now": now, "version": stored.version, "chunks": _row_lists(chunk_plan, {}),
        "evidence": _row_lists(ev_plan, {}), "successions": [],
    }
    graph.query(CLOSE_DOCUMENT, params)
    # Passages are current-only reading aids (no validity stamps): a closed document has none left to find.
    graph.query(CLOSE_PASSAGES, {"doc": document_id})
    return Committed(len(edges), 0, len(ev_plan.closed), stored.version)


def delete_document(graph: Graph, document_id: str) -> bool:
    """Close ``document_id`` (an unfinished version is rolled back first). False when there is nothing open to
    close: no such document, or it was closed already."""
    state = graph.query(DELETE_STATE, {"doc": document_id}).result_set
    if state and state[0][0] != DOCUMENT_READY and version_store.rollback(graph, document_id) == "purged":
        return True
    state = graph.query(DELETE_STATE, {"doc": document_id}).result_set
    if not state or state[0][1]:
        return False
    version_store.stamp_legacy(graph, document_id)
    close_document(graph, document_id, version_store.stored(graph, document_id))
    return True
