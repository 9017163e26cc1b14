"""The catalogue: every Cypher text ZEHN may run, as module constants. Nothing else ever reaches the database.

Each :class:`NamedQuery` has a name, a description, typed parameters, its fixed Cypher text(s) and a hop cap (≤3).
Texts are chosen by key (``depth1``..``depth3`` for the variable-length walks, since a bound cannot be a
parameter), never assembled from input. Every RELATES walk filters each hop with
``ALL(r IN relationships(p) WHERE r.rel_type IN $allowed)``, ``$allowed`` being the policy's walkable set cut down
to the predicates the query is about.

Semantics of the walks (X is the anchor entity):

- ``depends_on(X)``: paths X -[DEPENDS_ON|USES|CONSUMES|CALLS]-> ... -> Y, all hops outgoing: what X relies on.
- ``dependents_of(X)``: paths Y -> ... -[DEPENDS_ON|USES|CONSUMES|CALLS]-> X, all hops incoming: who relies on X.
- ``impact(X)`` ("what breaks if we change X"): a hop from an affected node N to M is allowed when M relies on N
  (M -[DEPENDS_ON|USES|CONSUMES|CALLS]-> N) or N -[AFFECTS|CAUSED|BLOCKS]-> M. Hops may mix: X AFFECTS C and D
  DEPENDS_ON C makes D affected at two hops; a change X that CAUSED an incident I reaches I and what I affects.
  FIXES is not an impact: a fix is walked by the neighbourhood and path queries only. Every row carries its path.
- ``who_owns(X)``: O -[OWNS|MAINTAINS]-> X, one hop.
- ``paths_between(A, B)``: any direction, ≤3 hops, shortest first.

Only walkable predicates count: CALLS is in these sets but forbidden by the default policy, so it is walked only
in evaluation mode.

Every query sees the graph as of ``$as_of`` (a stamp the executor binds: ``TraversalExecutor(as_of=...)`` or
``executor.at(...)``, default now): rows and RELATES support a later version closed are not walked or returned.
"""

from __future__ import annotations

from extraction.errors import QueryRejected
from extraction.schema import ready_document, relation_valid_at, visible, visible_evidence_ids

from . import people_queries
from .named_query import READY_OWNER, ROW_LIMIT, NamedQuery, fulltext_head
from .params import ParamSpec
from .passage_queries import PASSAGE_QUERIES
from .policy import MAX_HOPS

DEPENDENCY_TYPES = frozenset({"DEPENDS_ON", "USES", "CONSUMES", "CALLS"})
IMPACT_OUTGOING_TYPES = frozenset({"AFFECTS", "CAUSED", "BLOCKS"})
OWNERSHIP_TYPES = frozenset({"OWNS", "MAINTAINS"})
PATH_LIMIT = 25

ENTITY = ParamSpec("entity_id", "entity_id", "entity id, e.g. service:ledger (from resolve_entity)")
DEPTH = ParamSpec("depth", "depth", "hops, clamped to 1..3", required=False)


# -- shared fragments (constants; concatenated at import, never with input) --------------------------------------
# Chunks and evidence are read only through a ready document the caller may read (extraction.schema.ready_document:
# one still being ingested, left half written by a crash, or outside the caller's ``$scope`` is invisible), and only
# the rows valid at ``$as_of`` (the executor binds it, default now: what a later version closed is not read).
# RELATES edges and entities carry access lists too (extraction/access.py): every walk filters each hop with
# ``relation_valid_at`` (the edge is ``visible`` and has a supporting sentence valid at ``$as_of`` from a document
# the caller may read) and returns only those sentences' ids (``visible_evidence_ids``); an entity no readable
# document mentions does not resolve. ``$scope`` is set by the graph handle (extraction.access.ScopedGraph), never
# by input; tests/traversal_policy/test_visibility.py checks every text here reads through these fragments.
_PATH_COLUMNS = (
    "[n IN nodes(p) | n.id] AS node_ids, [n IN nodes(p) | n.name] AS names, [n IN nodes(p) | n.type] AS types, "
    f"[r IN relationships(p) | r.rel_type] AS rel_types, [r IN relationships(p) | {visible_evidence_ids('r')}] "
    "AS evidence_ids, "
    "[r IN relationships(p) | startNode(r).id] AS sources"
)


def _variant(mode: str, label: str) -> str:
    """(``fulltext_head``, ``Evidence``) -> ``fulltext_evidence_head``: a head is named after its list."""
    base, _, head = mode.partition("_")
    return f"{base}_{label.lower()}_{head}" if head else f"{base}_{label.lower()}"


_EVIDENCE_COLUMNS = ("RETURN node.id AS id, node.text AS text, node.document_id AS document_id, "
                     "node.start AS start, node.end AS end, score ")
_ALLOWED = f"ALL(r IN relationships(p) WHERE r.rel_type IN $allowed AND {relation_valid_at('r')})"
_CANDIDATE_COLUMNS = (
    f"OPTIONAL MATCH (n)-[:MENTIONED_IN]->(c:Chunk)<-[:PART_OF]-(cd:Document) WHERE {ready_document('cd', 'c')} "
    "WITH n, score, c.document_id AS doc ORDER BY doc "
    "WITH n, score, collect(DISTINCT doc) AS docs "
    "UNWIND CASE WHEN size(docs) = 0 THEN [null] ELSE docs[0..3] END AS sample_id "
    f"OPTIONAL MATCH (d:Document {{id: sample_id}}) WHERE {ready_document('d')} "
    "WITH n, score, docs, d ORDER BY d.id "
    "WITH n, score, docs, collect(coalesce(d.title, d.id)) AS titles "
    "RETURN n.id AS id, n.name AS name, n.type AS type, size(docs) AS doc_count, "
    f"size([(n)-[r:RELATES]-() WHERE {relation_valid_at('r')} | r]) AS relation_count, titles AS sample_titles, "
    "docs[0..3] AS sample_doc_ids, score"
)

ENTITY_STATUS = (
    f"MATCH (x:__Entity__ {{id: $entity_id}}) WHERE {visible('x')} "
    "RETURN x.id AS id, x.name AS name, x.type AS type, "
    f"size([(x)-[r1:RELATES]-() WHERE {relation_valid_at('r1')} | r1]) AS relations, "
    f"size([(x)-[r2:RELATES]-() WHERE r2.rel_type IN $walkable AND {relation_valid_at('r2')} | r2]) "
    "AS walkable_relations, "
    f"size([(x)-[:MENTIONED_IN]->(c:Chunk)<-[:PART_OF]-(md:Document) WHERE {ready_document('md', 'c')} | c]) "
    "AS mentions"
)

RESOLVE_EXACT = (f"MATCH (n:__Entity__) WHERE n.name_key IN $keys AND {visible('n')} WITH n, null AS score "
                 + _CANDIDATE_COLUMNS + " ORDER BY type, id")
RESOLVE_FUZZY = (
    "CALL db.idx.fulltext.queryNodes('__Entity__', $query) YIELD node, score "
    f"WITH node AS n, score WHERE {visible('n')} "
    "WITH n, score ORDER BY score DESC, n.id LIMIT 10 " + _CANDIDATE_COLUMNS + " ORDER BY score DESC, id"
)


# Paths to one entity tie on length, name and id; their predicates, nodes and directions make the order total.
_WALK_ORDER = "size(rel_types), entity_name, entity_id, rel_types, node_ids, sources"


def _walk(pattern: str, extra_where: str = "", order: str = _WALK_ORDER) -> dict[str, str]:
    """Depth variants 1..3 of one walk; ``pattern`` holds ``{hops}`` where the bound goes. The anchor ``x`` is
    looked up by its id first (``WITH x``): written inside the path, FalkorDB may start from the other end and
    scan every entity."""
    texts = {}
    for depth in range(1, MAX_HOPS + 1):
        bounded = pattern.replace("{hops}", f"*1..{depth}")
        texts[f"depth{depth}"] = (
            f"MATCH (x:__Entity__ {{id: $entity_id}}) WITH x "
            f"MATCH p = {bounded} WHERE y.id <> $entity_id AND {_ALLOWED}{extra_where} "
            f"RETURN y.id AS entity_id, y.name AS entity_name, y.type AS entity_type, {_PATH_COLUMNS} "
            f"ORDER BY {order} LIMIT {ROW_LIMIT}"
        )
    return texts


_IMPACT_HOPS = (
    " AND ALL(i IN range(0, length(p) - 1) WHERE "
    "(relationships(p)[i].rel_type IN $incoming AND endNode(relationships(p)[i]) = nodes(p)[i]) OR "
    "(relationships(p)[i].rel_type IN $outgoing AND startNode(relationships(p)[i]) = nodes(p)[i]))"
)

CATALOGUE: dict[str, NamedQuery] = {q.name: q for q in (
    NamedQuery("resolve_entity", "Exact (name_key) then fuzzy (full-text) match on entity names; candidates with "
               "type, number of documents and sample sources.",
               (ParamSpec("name", "text", "an entity name as a person would type it"),),
               {"exact": RESOLVE_EXACT, "fuzzy": RESOLVE_FUZZY}, 0),
    NamedQuery("entity_profile", "Every walkable relation of one entity (both directions), each with its "
               "evidence sentences.", (ENTITY,),
               {"status": ENTITY_STATUS, "main": (
                   "MATCH p = (x:__Entity__ {id: $entity_id})-[r:RELATES]-(y:__Entity__) WHERE " + _ALLOWED + " "
                   f"WITH p, y, r, {visible_evidence_ids('r')} AS ev_ids "
                   "UNWIND CASE WHEN size(ev_ids) = 0 THEN [null] ELSE ev_ids END AS ev_id "
                   "OPTIONAL MATCH (ev:Evidence {id: ev_id}) "
                   "WITH DISTINCT p, y, r, ev ORDER BY ev.document_id, ev.start, ev.end, ev.id "
                   "WITH p, y, r, collect(CASE WHEN ev IS NULL THEN NULL ELSE {id: ev.id, text: ev.text, "
                   "document_id: ev.document_id, start: ev.start, end: ev.end} END) AS evidence "
                   "RETURN y.id AS entity_id, y.name AS entity_name, y.type AS entity_type, evidence, "
                   + _PATH_COLUMNS + f" ORDER BY rel_types, entity_name, entity_id, sources LIMIT {ROW_LIMIT}")}, 1),
    NamedQuery("who_owns", "Owners and maintainers of one entity (O -[OWNS|MAINTAINS]-> X).", (ENTITY,),
               {"status": ENTITY_STATUS, "main": (
                   "MATCH p = (y:__Entity__)-[r:RELATES]->(x:__Entity__ {id: $entity_id}) WHERE " + _ALLOWED + " "
                   "RETURN y.id AS entity_id, y.name AS entity_name, y.type AS entity_type, " + _PATH_COLUMNS +
                   f" ORDER BY rel_types, entity_name, entity_id, node_ids LIMIT {ROW_LIMIT}")}, 1),
    NamedQuery("depends_on", "What one entity relies on (outgoing dependency predicates), up to depth hops.",
               (ENTITY, DEPTH), {"status": ENTITY_STATUS,
                                 **_walk("(x)-[:RELATES{hops}]->(y:__Entity__)")}, 3),
    NamedQuery("dependents_of", "Who relies on one entity (incoming dependency predicates), up to depth hops.",
               (ENTITY, DEPTH), {"status": ENTITY_STATUS,
                                 **_walk("(y:__Entity__)-[:RELATES{hops}]->(x)")}, 3),
    NamedQuery("impact", "What breaks if the entity changes: its dependents and what it affects/blocks, mixed "
               "per hop, up to depth hops; every row carries its path.", (ENTITY, DEPTH),
               {"status": ENTITY_STATUS,
                **_walk("(x)-[:RELATES{hops}]-(y:__Entity__)", _IMPACT_HOPS)}, 3),
    NamedQuery("paths_between", "Connections between two entities over walkable predicates, any direction, "
               "≤3 hops, shortest first.",
               (ParamSpec("a", "entity_id", "first entity id"), ParamSpec("b", "entity_id", "second entity id")),
               {"status": ENTITY_STATUS, "main": (
                   "MATCH p = (x:__Entity__ {id: $a})-[:RELATES*1..3]-(y:__Entity__ {id: $b}) WHERE " + _ALLOWED +
                   " RETURN y.id AS entity_id, y.name AS entity_name, y.type AS entity_type, " + _PATH_COLUMNS +
                   f" ORDER BY size(rel_types), rel_types, node_ids, sources LIMIT {PATH_LIMIT}")}, 3),
    NamedQuery("evidence_for", "The evidence sentences behind one RELATES edge (source, rel_type, target).",
               (ParamSpec("source", "entity_id", "subject entity id"),
                ParamSpec("rel_type", "rel_type", "a walkable predicate, e.g. DEPENDS_ON"),
                ParamSpec("target", "entity_id", "object entity id")),
               {"edge": (
                   "MATCH (a:__Entity__ {id: $source})-[r:RELATES]->(b:__Entity__ {id: $target}) "
                   f"WHERE r.rel_type = $rel_type AND r.rel_type IN $allowed AND {relation_valid_at('r')} "
                   f"RETURN r.rel_type AS rel_type, {visible_evidence_ids('r')} AS evidence_ids, r.spans AS spans, "
                   "r.raw_verbs AS raw_verbs"),
                "evidence": (
                   "MATCH (ev:Evidence) WHERE ev.id IN $evidence_ids WITH ev "
                   f"MATCH (d:Document {{id: ev.document_id}}) WHERE {ready_document('d')} "
                   "RETURN ev.id AS evidence_id, ev.text AS text, ev.document_id AS document_id, "
                   "d.title AS document_title, ev.chunk_id AS chunk_id, ev.start AS start, ev.end AS end, "
                   f"ev.kind AS kind ORDER BY document_id, start, end, evidence_id LIMIT {ROW_LIMIT}")}, 1),
    NamedQuery("documents_mentioning", "Documents whose chunks mention one entity, most mentions first.", (ENTITY,),
               {"status": ENTITY_STATUS, "main": (
                   "MATCH (x:__Entity__ {id: $entity_id})-[:MENTIONED_IN]->(c:Chunk) WITH c "
                   f"MATCH (d:Document)-[:PART_OF]->(c) WHERE {ready_document('d', 'c')} "
                   "WITH coalesce(d.id, c.document_id) AS document_id, d, collect(c.id) AS chunk_ids "
                   "RETURN document_id, d.title AS title, d.source_type AS source_type, d.path AS path, "
                   "size(chunk_ids) AS chunks, chunk_ids[0..5] AS chunk_ids "
                   f"ORDER BY chunks DESC, document_id LIMIT {ROW_LIMIT}")}, 0),
    NamedQuery("search_evidence", "Hybrid retrieval over evidence sentences and chunks: full-text and (with a "
               "query vector) vector search, fused with reciprocal-rank fusion.",
               (ParamSpec("text", "text", "words to look for"), ParamSpec("k", "k", "results, 1..50", False),
                ParamSpec("embedding", "embedding", "query vector (384 floats); else the executor's embedder",
                          False)),
               {_variant(mode, label): text for label in ("Evidence", "Chunk") for mode, text in (
                   ("fulltext", f"CALL db.idx.fulltext.queryNodes('{label}', $query) YIELD node, score "
                                + READY_OWNER + _EVIDENCE_COLUMNS + "ORDER BY score DESC, id LIMIT $limit"),
                   ("fulltext_head", fulltext_head(label) + READY_OWNER + _EVIDENCE_COLUMNS
                    + "ORDER BY score DESC, id LIMIT $limit"),
                   ("vector", f"CALL db.idx.vector.queryNodes('{label}', 'embedding', $limit, vecf32($vector)) "
                              "YIELD node, score " + READY_OWNER + "RETURN node.id AS id, node.text AS text, "
                              "node.document_id AS document_id, node.start AS start, node.end AS end, score "
                              "ORDER BY score ASC, id LIMIT $keep"))} | {
                   "sentences_of_chunks": "MATCH (c:Chunk) WHERE c.id IN $chunk_ids WITH c "
                                          "MATCH (d:Document {id: c.document_id}) WITH c, d "
                                          "MATCH (e:Evidence)-[:IN_CHUNK]->(c) "
                                          f"WHERE {ready_document('d', 'e')} RETURN e.id AS id, e.text AS text, "
                                          "e.document_id AS document_id, e.start AS start, e.end AS end, "
                                          "c.id AS chunk_id "
                                          "ORDER BY c.id, e.start, e.end, e.id"}, 0),
    NamedQuery("if_person_leaves", "What a person's departure leaves behind, cumulative by depth: 1 their open "
               "work (assigned tickets/PRs not done or closed, with status); 2 adds the customers waiting on it and "
               "the components only they have resolved or owned; 3 adds possible successors ranked by evidence. "
               "Every row has its path and evidence ids.", (people_queries.PERSON, people_queries.DEPTH),
               people_queries.TEXTS, 3),
)}
CATALOGUE.update({q.name: q for q in PASSAGE_QUERIES})


def get(name: str) -> NamedQuery:
    try:
        return CATALOGUE[name]
    except KeyError:
        raise QueryRejected(f"unknown query {name!r}; the catalogue has: {', '.join(sorted(CATALOGUE))}") from None
