"""The fixed Cypher texts of ``if_person_leaves(person_id, depth)`` (registered in :mod:`.catalogue`).

Depth is cumulative and picks which of these fixed texts run (the handler, :mod:`.departure`); none has a
variable-length bound that depends on input:

1. ``assigned`` -> ``work_status``: items ASSIGNED_TO the person (read from documents, or handed off to them:
   the separate ``HANDED_OFF_TO`` edge type) and, per item, the front matter of the item's *own* documents (its
   status line is read from there: :mod:`.work_items`) and any hand-off away from it. An item's own documents
   are those whose metadata put it at the own-document end of a relation (subject of ``assignee`` /
   ``components`` / ``customer_company``, object of ``reporter``), so a ticket merely listed under
   ``linked_issues`` elsewhere does not borrow that document's status.
2. ``item_links`` (the customers the open items CONCERN, and every item's components), ``owned_components``, and
   ``component_claims`` (who else resolved, fixed or owns those components).
3. ``reviewed_components`` and ``related_components`` (components joined to one of them by PART_OF or
   HAS_COMPONENT: "the same kind elsewhere", by a recorded relation rather than by a similar name), then
   ``component_claims`` again for the related ones, and ``document_dates`` (recency of every claim).

Every RELATES hop is filtered by ``$allowed`` (the policy's walkable set cut to the predicates asked for), read
as of ``$as_of`` and as the caller's ``$scope`` (``relation_valid_at``: the edge is visible and has a supporting
sentence valid then from a document the caller may read; only those sentences' ids are returned, documents are
read through ``ready_document``). ``HANDED_OFF_TO`` edges carry ``rel_type: 'ASSIGNED_TO'`` and are filtered the
same way; their ends must be entities the caller may read.
"""

from __future__ import annotations

from extraction.schema import ready_document, relation_valid_at, valid_at, visible, visible_evidence_ids

from .params import ParamSpec

_EV = visible_evidence_ids  # short: the evidence ids of an edge that the caller may read

PERSON = ParamSpec("person_id", "entity_id", "a person's entity id, e.g. person:jane-doe (from resolve_entity)")
DEPTH = ParamSpec("depth", "depth", "1 open work; 2 + waiting customers and sole-expert components; "
                                    "3 + possible successors (clamped to 1..3)", required=False)
DEFAULT_DEPTH = 2

WORK_RELATIONS = ("ASSIGNED_TO",)
PEOPLE_RELATIONS = frozenset({"ASSIGNED_TO", "CONCERNS", "HAS_COMPONENT", "OWNS", "MAINTAINS", "REVIEWED",
                              "LINKED_TO", "PART_OF"})
OWN_OUTGOING = ["ASSIGNED_TO", "HAS_COMPONENT", "CONCERNS"]
OWN_INCOMING = ["REPORTED"]
# Buckets a tracker uses for "no component": never a field of expertise.
CATCH_ALL_COMPONENTS = frozenset({"unspecified", "other", "others", "none", "n/a", "na", "misc", "miscellaneous",
                                  "general", "unknown", "tbd", "unassigned", "default", "various", "all", "-"})

ASSIGNED = (
    "MATCH (t:__Entity__)-[r:RELATES]->(p:__Entity__ {id: $person_id}) "
    f"WHERE r.rel_type = 'ASSIGNED_TO' AND r.rel_type IN $allowed AND {relation_valid_at('r')} "
    "RETURN t.id AS item_id, t.name AS item_name, t.type AS item_type, 'document' AS via, "
    f"{_EV('r')} AS evidence_ids, null AS approval_id, null AS approved_by, null AS approved_at "
    "UNION "
    "MATCH (t:__Entity__)-[h:HANDED_OFF_TO]->(p:__Entity__ {id: $person_id}) "
    f"WHERE h.rel_type IN $allowed AND {visible('t')} AND {visible('p')} "
    "RETURN t.id AS item_id, t.name AS item_name, t.type AS item_type, 'handoff' AS via, [] AS evidence_ids, "
    "h.approval_id AS approval_id, h.approved_by AS approved_by, h.approved_at AS approved_at"
)

# A document's front matter (its text up to body_start) and its metadata Evidence rows, for cited_lines().
_DOC_MAP = (
    "{id: d.id, title: d.title, source_type: d.source_type, updated: coalesce(d.updated, d.created), "
    "front_matter: CASE WHEN d.body_start IS NULL THEN d.text ELSE left(d.text, d.body_start) END, "
    f"evidence: [(d)-[:PART_OF]->(:Chunk {{kind: 'metadata'}})<-[:IN_CHUNK]-(e:Evidence) WHERE {valid_at('e')} | "
    "{id: e.id, start: e.start, end: e.end}]}"
)

WORK_STATUS = (
    f"UNWIND $item_ids AS iid MATCH (t:__Entity__ {{id: iid}}) WHERE {visible('t')} "
    "WITH t, reduce(acc = [], l IN "
    f"[(t)-[ro:RELATES]->() WHERE ro.rel_type IN $own_outgoing AND {relation_valid_at('ro')} | {_EV('ro')}] + "
    f"[(t)<-[ri:RELATES]-() WHERE ri.rel_type IN $own_incoming AND {relation_valid_at('ri')} | {_EV('ri')}] "
    "| acc + l) AS ev_ids "
    "UNWIND CASE WHEN size(ev_ids) = 0 THEN [null] ELSE ev_ids END AS ev_id "
    "OPTIONAL MATCH (m:Evidence {id: ev_id}) WHERE m.kind = 'metadata' "
    "WITH t, collect(DISTINCT m.document_id) AS own_docs "
    "UNWIND CASE WHEN size(own_docs) = 0 THEN [null] ELSE own_docs END AS own_doc "
    f"OPTIONAL MATCH (d:Document {{id: own_doc}}) WHERE {ready_document('d')} "
    "WITH DISTINCT t, d "
    f"WITH t, collect(CASE WHEN d IS NULL THEN NULL ELSE {_DOC_MAP} END) AS docs "
    f"OPTIONAL MATCH (t)-[h:HANDED_OFF_TO]->(s:__Entity__) WHERE {visible('s')} "
    "RETURN t.id AS item_id, docs, collect(CASE WHEN h IS NULL THEN NULL ELSE {to_id: s.id, "
    "to_name: s.name, from_person: h.from_person, approval_id: h.approval_id, approved_by: h.approved_by, "
    "approved_at: h.approved_at} END) AS handoffs"
)

ITEM_LINKS = (
    "UNWIND $item_ids AS iid MATCH (t:__Entity__ {id: iid})-[r:RELATES]->(x:__Entity__) "
    f"WHERE r.rel_type IN $allowed AND {relation_valid_at('r')} "
    "AND ((r.rel_type = 'CONCERNS' AND x.type = 'Customer') OR r.rel_type = 'HAS_COMPONENT') "
    "RETURN t.id AS item_id, r.rel_type AS rel_type, x.id AS id, x.name AS name, x.type AS type, "
    f"{_EV('r')} AS evidence_ids ORDER BY item_id, rel_type, name, id"
)

OWNED_COMPONENTS = (
    "MATCH (p:__Entity__ {id: $person_id})-[r:RELATES]->(c:__Entity__) "
    f"WHERE r.rel_type IN ['OWNS', 'MAINTAINS'] AND r.rel_type IN $allowed AND {relation_valid_at('r')} "
    "AND c.type IN ['Component', 'Service', 'Technology'] "
    f"RETURN c.id AS id, c.name AS name, c.type AS type, r.rel_type AS rel_type, {_EV('r')} AS evidence_ids "
    "ORDER BY id, rel_type"
)

COMPONENT_CLAIMS = (
    f"UNWIND $component_ids AS cid MATCH (c:__Entity__ {{id: cid}}) WHERE {visible('c')} "
    "OPTIONAL MATCH (t:__Entity__)-[hc:RELATES]->(c) WHERE hc.rel_type = 'HAS_COMPONENT' AND hc.rel_type IN $allowed "
    f"AND {relation_valid_at('hc')} "
    "OPTIONAL MATCH (t)-[a:RELATES]->(o:__Entity__) WHERE a.rel_type = 'ASSIGNED_TO' AND a.rel_type IN $allowed "
    f"AND {relation_valid_at('a')} AND o.id <> $person_id "
    "WITH c, collect(CASE WHEN o IS NULL THEN NULL ELSE {kind: 'assigned', item_id: t.id, item_name: t.name, "
    "item_type: t.type, person_id: o.id, person_name: o.name, person_type: o.type, "
    f"item_evidence: {_EV('hc')}, person_evidence: {_EV('a')}, rel_type: a.rel_type}} END) AS assigned "
    "OPTIONAL MATCH (o2:__Entity__)-[w:RELATES]->(c) WHERE w.rel_type IN ['OWNS', 'MAINTAINS'] "
    f"AND w.rel_type IN $allowed AND {relation_valid_at('w')} AND o2.id <> $person_id "
    "RETURN c.id AS component_id, c.name AS component_name, c.type AS component_type, assigned, "
    "collect(CASE WHEN o2 IS NULL THEN NULL ELSE {kind: 'owns', person_id: o2.id, person_name: o2.name, "
    f"person_type: o2.type, person_evidence: {_EV('w')}, rel_type: w.rel_type}} END) AS owners"
)

REVIEWED_COMPONENTS = (
    "UNWIND $component_ids AS cid MATCH (c:__Entity__ {id: cid}) WITH cid, c "
    "MATCH p = (s:__Entity__)-[rv:RELATES]->(x:__Entity__)-[:RELATES*0..1]->(t:__Entity__)"
    "-[hc:RELATES]->(c) "
    "WHERE s.type = 'Person' AND s.id <> $person_id AND rv.rel_type = 'REVIEWED' AND hc.rel_type = 'HAS_COMPONENT' "
    f"AND ALL(r IN relationships(p) WHERE r.rel_type IN $allowed AND {relation_valid_at('r')}) "
    "AND ALL(i IN range(1, length(p) - 2) WHERE relationships(p)[i].rel_type = 'LINKED_TO') "
    "RETURN cid AS component_id, s.id AS person_id, s.name AS person_name, "
    "[n IN nodes(p) | n.id] AS node_ids, [n IN nodes(p) | n.name] AS names, [n IN nodes(p) | n.type] AS types, "
    f"[r IN relationships(p) | r.rel_type] AS rel_types, [r IN relationships(p) | {_EV('r')}] AS evidence_ids "
    "ORDER BY component_id, person_id, node_ids, rel_types LIMIT 500"
)

RELATED_COMPONENTS = (
    "UNWIND $component_ids AS cid MATCH (c:__Entity__ {id: cid}) WITH cid, c MATCH (c)-[r:RELATES]-(k:__Entity__) "
    f"WHERE r.rel_type IN ['PART_OF', 'HAS_COMPONENT'] AND r.rel_type IN $allowed AND {relation_valid_at('r')} "
    "AND k.type IN ['Component', 'Service', 'Technology'] AND NOT k.id IN $component_ids "
    "RETURN cid AS component_id, k.id AS id, k.name AS name, k.type AS type, r.rel_type AS rel_type, "
    f"startNode(r).id AS source, {_EV('r')} AS evidence_ids ORDER BY component_id, id, rel_type, source"
)

DOCUMENT_DATES = (
    "MATCH (ev:Evidence) WHERE ev.id IN $evidence_ids WITH ev "
    f"MATCH (d:Document {{id: ev.document_id}}) WHERE {ready_document('d')} "
    "RETURN ev.id AS evidence_id, ev.document_id AS document_id, coalesce(d.updated, d.created) AS date"
)

TEXTS: dict[str, str] = {
    "assigned": ASSIGNED, "work_status": WORK_STATUS, "item_links": ITEM_LINKS,
    "owned_components": OWNED_COMPONENTS, "component_claims": COMPONENT_CLAIMS,
    "reviewed_components": REVIEWED_COMPONENTS, "related_components": RELATED_COMPONENTS,
    "document_dates": DOCUMENT_DATES,
}
