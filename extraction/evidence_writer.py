"""Evidence I/O: write Evidence rows, read and write RELATES support, purge what one document supported.

A document's commit (its support, its row stamps and its ready status in one query) is
:mod:`extraction.version_commit`.

graphrag-sdk writes documents, chunks, entities and mentions; its RELATES upsert keeps one edge per entity pair and
overwrites evidence, so relations go through here instead: one edge per (source, rel_type, target), holding every
evidence id that supports it. All Cypher is fixed text with parameters.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from extraction.evidence import DocumentEvidence, EdgeKey, edge_properties
from extraction.ingest_stamp import bumped
from extraction.passages import DELETE_PASSAGES
from extraction.schema import document_is_ready
from extraction.wire import written_vector

BATCH = 500


class Graph(Protocol):
    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...


# A sentence new to the graph is created with every property in the CREATE: a SET after it would make FalkorDB's
# full-text index delete and re-add the row (extraction/fulltext_rebuild.py). A row an earlier version of the
# document committed (same id, same text) is updated in place.
EXISTING_EVIDENCE = "UNWIND $ids AS eid MATCH (e:Evidence {id: eid}) RETURN e.id"
CREATE_EVIDENCE = """
UNWIND $rows AS r
CREATE (e:Evidence {id: r.id, document_id: r.document_id, chunk_id: r.chunk_id, start: r.start, end: r.end,
    text: r.text, kind: r.kind, relations: r.relations, extractor: r.extractor, extractor_version: r.extractor_version,
    parse: r.parse, embedding: vecf32(r.embedding)})
WITH e, r
MATCH (c:Chunk {id: r.chunk_id})
CREATE (e)-[:IN_CHUNK]->(c)
"""
WRITE_EVIDENCE = """
UNWIND $rows AS r
MATCH (e:Evidence {id: r.id})
SET e.document_id = r.document_id, e.chunk_id = r.chunk_id, e.start = r.start, e.end = r.end, e.text = r.text,
    e.kind = r.kind, e.relations = r.relations, e.extractor = r.extractor, e.extractor_version = r.extractor_version,
    e.parse = r.parse,
    e.embedding = CASE WHEN r.embedding IS NULL THEN e.embedding ELSE vecf32(r.embedding) END
WITH e, r
MATCH (c:Chunk {id: r.chunk_id})
MERGE (e)-[:IN_CHUNK]->(c)
"""

READ_EDGES = """
UNWIND $keys AS k
MATCH (a:__Entity__ {id: k.s})-[r:RELATES {rel_type: k.t}]->(b:__Entity__ {id: k.o})
RETURN k.s, k.t, k.o, r.spans
"""

WRITE_EDGES = """
UNWIND $edges AS x
MATCH (a:__Entity__ {id: x.s})
MATCH (b:__Entity__ {id: x.o})
MERGE (a)-[r:RELATES {rel_type: x.t}]->(b)
SET r.evidence_ids = x.evidence_ids, r.doc_ids = x.doc_ids, r.raw_verbs = x.raw_verbs, r.spans = x.spans,
    r.fact = x.fact, r.sup_ids = x.sup_ids, r.sup_from = x.sup_from, r.sup_to = x.sup_to,
    r.sup_access = x.sup_access, r.access = x.access, r.evidence_access = x.evidence_access
"""

EDGES_OF_DOCUMENT = """
MATCH (a:__Entity__)-[r:RELATES]->(b:__Entity__)
WHERE $doc IN r.doc_ids
RETURN a.id, r.rel_type, b.id, r.spans, a.name, b.name
"""

DELETE_EDGE = """
UNWIND $keys AS k
MATCH (:__Entity__ {id: k.s})-[r:RELATES {rel_type: k.t}]->(:__Entity__ {id: k.o})
DELETE r
"""

ENTITIES_OF_DOCUMENT = """
MATCH (:Document {id: $doc})-[:PART_OF]->(:Chunk)<-[:MENTIONED_IN]-(n:__Entity__)
RETURN DISTINCT n.id
"""

DELETE_DOCUMENT = bumped("""
MATCH (d:Document {id: $doc})
OPTIONAL MATCH (d)-[:PART_OF]->(c:Chunk)
OPTIONAL MATCH (e:Evidence)-[:IN_CHUNK]->(c)
DETACH DELETE e, c, d
""")  # the document leaves readers' view: the ingest stamp moves (extraction/ingest_stamp.py); what is purged after
# it (its leftover evidence, passages, archives) hangs off no document a reader can see

DELETE_EVIDENCE_LEFTOVERS = "MATCH (e:Evidence {document_id: $doc}) DETACH DELETE e"
DELETE_ARCHIVES = "MATCH (a:DocumentVersion {document_id: $doc}) DETACH DELETE a"

# An entity's access is the union over the ready documents that mention it: the commit grants the new version's
# readers in its own query (extraction/version_commit.py), then refresh_entity_access recomputes it (a document whose
# access list narrowed, or a purge, takes its old readers away).
ENTITY_ACCESS = f"""
UNWIND $ids AS eid
MATCH (n:__Entity__ {{id: eid}})
OPTIONAL MATCH (n)-[:MENTIONED_IN]->(:Chunk)<-[:PART_OF]-(d:Document) WHERE {document_is_ready('d')}
WITH n, collect(d.access) AS lists
SET n.access = reduce(acc = [], l IN lists | acc + [g IN l WHERE NOT g IN acc])
"""

DELETE_ORPHAN_ENTITIES = """
UNWIND $ids AS eid
MATCH (n:__Entity__ {id: eid})
WHERE NOT (n)-[:MENTIONED_IN]->() AND NOT (n)-[:RELATES]-()
DELETE n
"""


def _batches(rows: Sequence[Any]) -> list[Sequence[Any]]:
    return [rows[i : i + BATCH] for i in range(0, len(rows), BATCH)]


def write_evidence_rows(
    graph: Graph,
    found: DocumentEvidence,
    embeddings: dict[str, list[float]],
    extractor: str,
    extractor_version: str,
    parses: Mapping[str, str] | None = None,
) -> int:
    """Write the document's Evidence rows (invisible to readers until the document is ready); returns how many.

    ``embeddings`` may cover only some rows (those carrying relations): the others are found by full-text search
    and through their chunk's embedding, which keeps ingest from embedding every sentence twice. ``parses``: the
    encoded parse of each row's text, by text (extraction/parse_store.py); a row without one gets none.
    """
    rows = [
        {
            "id": ev.id, "document_id": ev.document_id, "chunk_id": ev.chunk_id, "start": ev.start, "end": ev.end,
            "text": ev.text, "kind": ev.kind, "relations": json.dumps(ev.relations, sort_keys=True),
            "extractor": extractor, "extractor_version": extractor_version,
            "embedding": written_vector(embeddings.get(ev.id)), "parse": (parses or {}).get(ev.text),
        }
        for ev in found.evidence.values()
    ]
    existing: set[str] = set()
    for batch in _batches([row["id"] for row in rows]):
        existing.update(r[0] for r in graph.query(EXISTING_EVIDENCE, {"ids": list(batch)}).result_set)
    for batch in _batches([row for row in rows if row["id"] not in existing]):
        graph.query(CREATE_EVIDENCE, {"rows": list(batch)})
    for batch in _batches([row for row in rows if row["id"] in existing]):
        graph.query(WRITE_EVIDENCE, {"rows": list(batch)})
    return len(rows)


def read_support(graph: Graph, keys: Sequence[EdgeKey], document_id: str,
                 ) -> tuple[dict[EdgeKey, dict[str, Any]], dict[str, str]]:
    """The stored per-evidence support of the edges ``keys`` and of every edge ``document_id`` ever supported,
    with the entity names of the latter (for the edges' display labels)."""
    existing: dict[EdgeKey, dict[str, Any]] = {}
    names: dict[str, str] = {}
    for batch in _batches(list(keys)):
        result = graph.query(READ_EDGES, {"keys": [{"s": s, "t": t, "o": o} for s, t, o in batch]})
        for s, t, o, spans in result.result_set:
            existing[(s, t, o)] = json.loads(spans) if spans else {}
    for s, t, o, spans, s_name, o_name in graph.query(EDGES_OF_DOCUMENT, {"doc": document_id}).result_set:
        existing[(s, t, o)] = json.loads(spans) if spans else {}
        names.update({s: s_name, o: o_name})
    return existing, names


def refresh_entity_access(graph: Graph, entity_ids: Sequence[str]) -> None:
    """Recompute the access list of ``entity_ids`` from the ready documents that mention them."""
    for batch in _batches(sorted(set(entity_ids))):
        graph.query(ENTITY_ACCESS, {"ids": list(batch)})


def purge_document(graph: Graph, document_id: str) -> None:
    """Remove a document with every version of it: chunks and evidence, its support on every edge, its archived
    versions, and entities only it mentioned (a never-committed document's rollback; ``zehn delete --purge``)."""
    entity_ids = [row[0] for row in graph.query(ENTITIES_OF_DOCUMENT, {"doc": document_id}).result_set]
    to_update: list[dict[str, Any]] = []
    to_delete: list[dict[str, str]] = []
    for s, t, o, spans, s_name, o_name in graph.query(EDGES_OF_DOCUMENT, {"doc": document_id}).result_set:
        support = {ev: v for ev, v in json.loads(spans or "{}").items() if v.get("document_id") != document_id}
        if support:
            to_update.append(edge_properties((s, t, o), support, {s: s_name, o: o_name}))
        else:
            to_delete.append({"s": s, "t": t, "o": o})
        entity_ids.extend([s, o])
    for batch in _batches(to_delete):
        graph.query(DELETE_EDGE, {"keys": list(batch)})
    for batch in _batches(to_update):
        graph.query(WRITE_EDGES, {"edges": list(batch)})
    graph.query(DELETE_DOCUMENT, {"doc": document_id})
    graph.query(DELETE_EVIDENCE_LEFTOVERS, {"doc": document_id})
    graph.query(DELETE_PASSAGES, {"doc": document_id})
    graph.query(DELETE_ARCHIVES, {"doc": document_id})
    unique = sorted(set(entity_ids))
    for batch in _batches(unique):
        graph.query(ENTITY_ACCESS, {"ids": list(batch)})
        graph.query(DELETE_ORPHAN_ENTITIES, {"ids": list(batch)})
