"""The fixed Cypher texts of the people features outside the catalogue (profiles, projection, hand-offs).

Module constants only, parameters only; labels and relationship types are written here and nowhere else. The
projection and the hand-off records live on their own labels and relationship types, never on ``RELATES``:

    (:Collaborator {id, name, name_key, documents, roles, components, topics, last, pagerank, betweenness,
                    rank, collaborators})-[:COLLABORATED_WITH {weight, documents, evidence_ids, last,
                    derived: true}]->(:Collaborator)            derived, both directions, rebuilt after each ingest
    (:PeopleProjection {id: 'collaboration', status, rebuilt_at, documents, people, pairs})
    (:__Entity__ item)-[:HANDED_OFF_TO {rel_type: 'ASSIGNED_TO', via: 'handoff', from_person, approved_by,
                                       approved_at, approval_id}]->(:__Entity__:Person)
    (:HandoffApproval {id, from_person, approved_by, approved_at, note, items})-[:COVERS]->(:__Entity__ item)

Reads of documents, entities and RELATES edges filter by the reader's ``$scope`` through the shared fragments
(``extraction.schema``); the projection is built from the documents everyone may read (:mod:`.projection`), so
its reads need no filter.
"""

from __future__ import annotations

from extraction.schema import document_alive, ready_document, relation_valid_at, valid_at, visible

# Versions: only what is current at $as_of counts (relations, chunks, evidence rows, documents not deleted); the
# traces bind $as_of (default now), the projection passes now.
_LIVE = f"{ready_document('d')} AND {document_alive('d')}"

PERSON_PROFILES = (
    f"UNWIND $ids AS pid MATCH (p:__Entity__ {{id: pid}}) WHERE {visible('p')} "
    "RETURN p.id AS id, p.name AS name, p.type AS type, "
    f"[(p)-[m:RELATES]->(t:__Entity__) WHERE m.rel_type IN ['MEMBER_OF', 'LEADS'] AND {relation_valid_at('m')} "
    "| t.name] AS teams, "
    f"[(p)-[r:RELATES]-() WHERE {relation_valid_at('r')} | [r.rel_type, startNode(r) = p]] AS relations, "
    f"[(p)-[:MENTIONED_IN]->(c:Chunk)<-[:PART_OF]-(md:Document) WHERE {ready_document('md', 'c')} | c.document_id] "
    "AS document_ids"
)

DOCUMENTS = (
    f"MATCH (d:Document) WHERE d.id IN $ids AND {_LIVE} "
    "RETURN d.id AS id, d.title AS title, d.source_type AS source_type, coalesce(d.updated, d.created) AS updated "
    "ORDER BY updated DESC, id"
)

# Conversations a person took part in, with their text and sentence rows (for commitments).
CONVERSATIONS = (
    f"MATCH (d:Document) WHERE d.source_type IN $sources AND {_LIVE} "
    "AND ANY(n IN coalesce(d.authors, []) + coalesce(d.participants, []) WHERE toLower(n) = $name_key) "
    "RETURN d.id AS id, d.title AS title, d.source_type AS source_type, coalesce(d.updated, d.created) AS updated, "
    "d.text AS text, coalesce(d.body_start, 0) AS body_start, "
    f"[(d)-[:PART_OF]->(:Chunk)<-[:IN_CHUNK]-(e:Evidence) WHERE {valid_at('e')} | "
    "{id: e.id, start: e.start, end: e.end, kind: e.kind}] AS evidence ORDER BY updated DESC, id LIMIT 200"
)

# Front matter and metadata Evidence rows of documents, a page at a time (projection, experts).
DOCUMENT_FRONT_MATTER = (
    f"MATCH (d:Document) WHERE d.id > $after AND {_LIVE} WITH d ORDER BY d.id LIMIT $limit "
    "RETURN d.id AS id, d.title AS title, d.source_type AS source_type, coalesce(d.updated, d.created) AS updated, "
    "CASE WHEN d.body_start IS NULL THEN d.text ELSE left(d.text, d.body_start) END AS front_matter, "
    f"[(d)-[:PART_OF]->(:Chunk {{kind: 'metadata'}})<-[:IN_CHUNK]-(e:Evidence) WHERE {valid_at('e')} | "
    "{id: e.id, start: e.start, end: e.end}] AS evidence"
)
DOCUMENTS_WITH_TEXT = (
    f"MATCH (d:Document) WHERE d.id IN $ids AND {_LIVE} "
    "RETURN d.id AS id, d.title AS title, d.source_type AS source_type, coalesce(d.updated, d.created) AS updated, "
    "d.text AS text, coalesce(d.body_start, 0) AS body_start, "
    f"[(d)-[:PART_OF]->(:Chunk {{kind: 'metadata'}})<-[:IN_CHUNK]-(e:Evidence) WHERE {valid_at('e')} | "
    "{id: e.id, start: e.start, end: e.end}] AS evidence"
)

# -- projection writes ------------------------------------------------------------------------------------------
PROJECTION_INDEX = "CREATE INDEX FOR (n:Collaborator) ON (n.id)"
PROJECTION_BEGIN = (
    "MERGE (m:PeopleProjection {id: 'collaboration'}) SET m.status = 'building', m.started_at = $at "
    "WITH m OPTIONAL MATCH (c:Collaborator) DETACH DELETE c"
)
WRITE_COLLABORATORS = (
    "UNWIND $rows AS x CREATE (:Collaborator {id: x.id, name: x.name, name_key: x.name_key, "
    "documents: x.documents, roles: x.roles, components: x.components, topics: x.topics, "
    "component_counts: x.component_counts, topic_counts: x.topic_counts, last: x.last, "
    "collaborators: x.collaborators})"
)
WRITE_COLLABORATIONS = (
    "UNWIND $rows AS x MATCH (a:Collaborator {id: x.a}) MATCH (b:Collaborator {id: x.b}) "
    "CREATE (a)-[:COLLABORATED_WITH {weight: x.weight, documents: x.documents, evidence: x.evidence, "
    "last: x.last, derived: true}]->(b)"
)
WRITE_PAGERANK = (
    "CALL algo.pageRank('Collaborator', 'COLLABORATED_WITH') YIELD node, score SET node.pagerank = score"
)
WRITE_BETWEENNESS = (
    "CALL algo.betweenness({nodeLabels: ['Collaborator'], relationshipTypes: ['COLLABORATED_WITH'], "
    "samplingSize: $sources, samplingSeed: $seed}) YIELD node, score SET node.betweenness = score"
)
PROJECTION_DONE = (
    "MATCH (m:PeopleProjection {id: 'collaboration'}) SET m.status = 'ready', m.rebuilt_at = $at, "
    "m.documents = $documents, m.people = $people, m.pairs = $pairs"
)

# -- projection reads -------------------------------------------------------------------------------------------
PROJECTION_STATE = (
    "OPTIONAL MATCH (m:PeopleProjection {id: 'collaboration'}) "
    "OPTIONAL MATCH (d:Document) WITH m, max(d.ingested_at) AS last_ingest "
    "RETURN m.status AS status, m.rebuilt_at AS rebuilt_at, m.documents AS documents, m.people AS people, "
    "m.pairs AS pairs, last_ingest"
)
# Key people overall ($key null) or on one component / label (casefolded), with their strongest collaborations.
RANKED = (
    "MATCH (c:Collaborator) WHERE $key IS NULL OR $key IN c.components OR $key IN c.topics "
    "WITH c ORDER BY c.pagerank DESC, c.betweenness DESC, c.id LIMIT $limit "
    "OPTIONAL MATCH (c)-[w:COLLABORATED_WITH]->(o:Collaborator) "
    "WITH c, w, o ORDER BY w.weight DESC, o.id "
    "WITH c, collect(CASE WHEN o IS NULL THEN NULL ELSE {id: o.id, name: o.name, weight: w.weight, "
    "documents: w.documents, evidence: w.evidence, last: w.last} END) AS top "
    "RETURN c.id AS id, c.name AS name, c.pagerank AS pagerank, c.betweenness AS betweenness, "
    "c.pagerank_rank AS pagerank_rank, c.betweenness_rank AS betweenness_rank, c.people AS people, "
    "c.documents AS documents, c.collaborators AS collaborators, c.last AS last, top[0..$top] AS top "
    "ORDER BY pagerank DESC, betweenness DESC, id"
)
COLLABORATOR_CARD = (
    "MATCH (c:Collaborator {id: $id}) "
    "RETURN c.id AS id, c.name AS name, c.pagerank AS pagerank, c.betweenness AS betweenness, "
    "c.pagerank_rank AS pagerank_rank, c.betweenness_rank AS betweenness_rank, c.people AS people, "
    "c.documents AS documents, c.roles AS roles, c.component_counts AS component_counts, "
    "c.topic_counts AS topic_counts, c.last AS last, c.collaborators AS collaborators"
)
COLLABORATIONS = (
    "MATCH (c:Collaborator {id: $id})-[w:COLLABORATED_WITH]->(o:Collaborator) "
    "RETURN o.id AS id, o.name AS name, w.weight AS weight, w.documents AS documents, w.evidence AS evidence, "
    "w.last AS last ORDER BY weight DESC, last DESC, id LIMIT $limit"
)
