"""The steps of each entity-centred named query: check the anchor, run the fixed text, shape the rows.

A handler returns :class:`Hit` (rows, never empty) or :class:`Miss` (which kind of nothing, in words) and raises
typed errors for failures; the executor adds the records of shown work and the policy.

``NoEvidence`` reasons: ``unknown_entity`` (no such id), ``not_in_graph`` (mentioned, no relation recorded),
``predicates_not_walkable`` (the policy walks none of the predicates the query is about),
``only_forbidden_predicates`` (its relations all use predicates the policy does not walk), ``no_matching_relations``
(e.g. nothing depends on it), ``no_mentions``, ``no_such_edge``, ``edge_without_evidence``, ``no_match``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from extraction.errors import QueryRejected
from extraction.schema import PASSAGE

from .catalogue import (
    DEPENDENCY_TYPES,
    ENTITY_STATUS,
    IMPACT_OUTGOING_TYPES,
    OWNERSHIP_TYPES,
    PATH_LIMIT,
)
from .named_query import NamedQuery
from .outcomes import Row
from .params import DEFAULT_DEPTH, fulltext_all
from .passage_queries import SCOPE_PAGE
from .policy import KNOWN_REL_TYPES, Policy
from .runner import Trace
from .search import FULLTEXT_POOL, ranked_fulltext


@dataclass(frozen=True)
class Hit:
    rows: list[Row]
    notes: list[str] = field(default_factory=list)
    subject: Row | None = None


@dataclass(frozen=True)
class Miss:
    reason: str
    message: str


def path_row(row: Row) -> Row:
    """A walk row with its path: node ids/names/types, rel_types, per-hop evidence ids, directed edges."""
    ids: list[str] = row["node_ids"]
    edges = []
    for i, rel_type in enumerate(row["rel_types"]):
        source = row["sources"][i]
        target = ids[i + 1] if source == ids[i] else ids[i]
        edges.append({"source": source, "rel_type": rel_type, "target": target,
                      "evidence_ids": list(row["evidence_ids"][i] or [])})
    path = {"node_ids": ids, "names": row["names"], "types": row["types"], "rel_types": row["rel_types"],
            "evidence_ids": [e["evidence_ids"] for e in edges], "edges": edges}
    shaped = {"entity": {"id": row["entity_id"], "name": row["entity_name"], "type": row["entity_type"]},
              "hops": len(edges), "path": path}
    if "evidence" in row:
        shaped["evidence"] = [e for e in row["evidence"] if e]
        shaped["direction"] = "outgoing" if edges and edges[0]["source"] == ids[0] else "incoming"
    return shaped


def _status(trace: Trace, policy: Policy, entity_id: str) -> Row | None:
    rows = trace.rows("entity_status", ENTITY_STATUS, {"entity_id": entity_id, "walkable": sorted(policy.walkable)})
    return rows[0] if rows else None


def _anchor_miss(status: Row | None, entity_id: str, needs_relations: bool = True) -> Miss | None:
    if status is None:
        return Miss("unknown_entity", f"no entity with id {entity_id!r} is in the graph (resolve the name first)")
    if needs_relations and not status["relations"]:
        return Miss("not_in_graph", f"{status['name']} ({status['type']}) is mentioned in the documents, but no "
                                    "relation of it is recorded: the knowledge isn't recorded")
    return None


def _subject(status: Row) -> Row:
    return {"id": status["id"], "name": status["name"], "type": status["type"]}


def walk(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    """entity_profile, who_owns, depends_on, dependents_of, impact."""
    entity_id: str = clean["entity_id"]
    wanted = {"entity_profile": policy.walkable, "who_owns": OWNERSHIP_TYPES, "depends_on": DEPENDENCY_TYPES,
              "dependents_of": DEPENDENCY_TYPES, "impact": DEPENDENCY_TYPES | IMPACT_OUTGOING_TYPES}[query.name]
    allowed = policy.allowed(wanted)
    status = _status(trace, policy, entity_id)
    miss = _anchor_miss(status, entity_id)
    if miss:
        return miss
    assert status is not None
    if not allowed:
        return Miss("predicates_not_walkable", f"policy {policy.name!r} walks none of {', '.join(sorted(wanted))}")
    params: dict[str, Any] = {"entity_id": entity_id, "allowed": allowed}
    depth: int = clean.get("depth", DEFAULT_DEPTH) if "depth" in {p.name for p in query.params} else 1
    key = f"depth{depth}" if f"depth{depth}" in query.cypher else "main"
    if query.name == "impact":
        params["incoming"] = policy.allowed(DEPENDENCY_TYPES)
        params["outgoing"] = policy.allowed(IMPACT_OUTGOING_TYPES)
    rows = trace.rows(query.name, query.cypher[key], params)
    if rows:
        return Hit([path_row(r) for r in rows], [f"walked: {', '.join(allowed)}"], _subject(status))
    if not status["walkable_relations"]:
        return Miss("only_forbidden_predicates", f"every recorded relation of {status['name']} uses a predicate "
                                                 f"policy {policy.name!r} does not walk")
    what = {"entity_profile": "has a walkable relation", "who_owns": "owns or maintains it",
            "depends_on": "is something it relies on", "dependents_of": "depends on it",
            "impact": "would be affected by a change to it"}[query.name]
    return Miss("no_matching_relations", f"the graph records nothing that {what} ({status['name']}, "
                                         f"over {', '.join(allowed)}, depth {depth})")


def paths_between(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    for end in ("a", "b"):
        miss = _anchor_miss(_status(trace, policy, clean[end]), clean[end])
        if miss:
            return miss
    allowed = policy.allowed(policy.walkable)
    rows = trace.rows(query.name, query.cypher["main"], {"a": clean["a"], "b": clean["b"], "allowed": allowed})
    if not rows:
        return Miss("no_matching_relations", f"no path of at most 3 hops over walkable predicates connects "
                                             f"{clean['a']} and {clean['b']}")
    return Hit([path_row(r) for r in rows], [f"walked: {', '.join(allowed)}"])


def evidence_for(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    rel_type: str = clean["rel_type"]
    if rel_type not in KNOWN_REL_TYPES:
        raise QueryRejected(f"unknown rel_type {rel_type[:60]!r}; known: {', '.join(sorted(KNOWN_REL_TYPES))}")
    if rel_type not in policy.walkable:
        raise QueryRejected(f"rel_type {rel_type} is not walkable under policy {policy.name!r}")
    edge_params = {"source": clean["source"], "rel_type": rel_type, "target": clean["target"],
                   "allowed": sorted(policy.walkable)}
    edges = trace.rows(query.name, query.cypher["edge"], edge_params)
    if not edges:
        return Miss("no_such_edge", f"the graph records no {rel_type} edge from {clean['source']} to "
                                    f"{clean['target']}")
    edge = edges[0]
    ids = list(edge["evidence_ids"] or [])
    rows = trace.rows(query.name, query.cypher["evidence"], {"evidence_ids": ids}) if ids else []
    if not rows:
        return Miss("edge_without_evidence", f"the {rel_type} edge exists but none of its evidence sentences "
                                             "is in the graph; it cannot be cited")
    try:
        spans = json.loads(edge["spans"]) if edge.get("spans") else {}
    except (TypeError, ValueError):
        spans = {}
    for row in rows:
        row.update({"rel_type": rel_type, "source": clean["source"], "target": clean["target"],
                    "spans": spans.get(row["evidence_id"]) if isinstance(spans, dict) else None})
    return Hit(rows)


def documents_mentioning(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    status = _status(trace, policy, clean["entity_id"])
    miss = _anchor_miss(status, clean["entity_id"], needs_relations=False)
    if miss:
        return miss
    assert status is not None
    rows = trace.rows(query.name, query.cypher["main"], {"entity_id": clean["entity_id"]})
    if not rows:
        return Miss("no_mentions", f"no chunk records a mention of {status['name']}")
    return Hit(rows, subject=_subject(status))


_DOCUMENT_COLUMNS = ("title", "source_type", "created", "updated")  # a first passage row's ``document`` map


def document_passages(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    """Each ready document's passages in order (``subject``: ``{"documents": [title, dates ...]}``, by id), with
    distances to ``vectors`` computed in the database (the vectors are sent once for every document). One query:
    each document's columns come with its first passage; the documents alone are read only to say why none came,
    or for a document whose first passage did not come."""
    ids: list[str] = clean["document_ids"]
    rows = trace.rows(query.name, query.cypher["main"], {"document_ids": ids, "vectors": clean.get("vectors", [])})
    if not rows:
        if not trace.rows(query.name, query.cypher["document"], {"document_ids": ids}):
            return Miss("unknown_document", f"no ready document has any of the ids {', '.join(ids)[:200]!r}")
        return Miss("no_passages", "the documents have no passages: re-run the ingest")
    documents: dict[str, Row] = {}
    for row in rows:
        columns = row.pop("document")
        if columns is not None:
            documents[str(row["document_id"])] = {"id": row["document_id"],
                                                  **{c: columns[c] for c in _DOCUMENT_COLUMNS}}
    held = {str(row["document_id"]) for row in rows}
    if not held <= documents.keys():
        read = {str(r["id"]): r for r in trace.rows(query.name, query.cypher["document"], {"document_ids": ids})}
        documents = {d: read[d] for d in held if d in read}
    return Hit(rows, subject={"documents": [documents[d] for d in sorted(documents)]})


def passage_distances(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    rows = trace.rows(query.name, query.cypher["main"], {"document_ids": clean["document_ids"],
                                                         "vectors": clean["vectors"]})
    if not rows:
        return Miss("no_passages", "no ready document among the ids has a passage")
    return Hit(rows)


def document_sentences(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    rows = trace.rows(query.name, query.cypher["main"], {"document_id": clean["document_id"]})
    if not rows:
        return Miss("no_mentions", f"no evidence sentence of document {clean['document_id'][:200]!r} is in the graph")
    return Hit(rows)


def passages_mentioning(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    trace.require_indexes(((PASSAGE, "text", "FULLTEXT"),))
    rows = ranked_fulltext(trace, query.name, query.cypher, "main", {"query": fulltext_all(clean["text"])},
                           PATH_LIMIT)
    if not rows:
        return Miss("no_mentions", f"no passage holds every word of {clean['text'][:200]!r}")
    return Hit(rows)


def passages_mentioning_each(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    """:func:`passages_mentioning` for every name of ``texts`` in one round trip, two when a name's head came short
    (:func:`_each_names_rows`); each row's ``name`` says which it holds; the rows of a name in that query's order
    and within its limit."""
    trace.require_indexes(((PASSAGE, "text", "FULLTEXT"),))
    names: list[str] = clean["texts"]
    found = _each_names_rows(trace, query, [fulltext_all(n) for n in names])
    rows = [{"name": names[i], "id": r["id"], "document_id": r["document_id"], "text": r["text"]}
            for i, held in enumerate(found) for r in held]
    if not rows:
        return Miss("no_mentions", f"no passage holds every word of any of {', '.join(names)[:200]!r}")
    return Hit(rows)


def _each_names_rows(trace: Trace, query: NamedQuery, queries: list[str]) -> list[list[Row]]:
    """Each query's rows (id, document_id, text) as ``main`` gives them, read through ``main_head`` (catalogue):
    a name whose head holds ``PATH_LIMIT`` rows, or whose pool held every match it has, is exact as it is; the
    others (a pool full of passages the reader may not read) are asked of ``main`` again, together."""
    pool = PATH_LIMIT * FULLTEXT_POOL
    head = trace.rows(query.name, query.cypher["main_head"], {"queries": queries, "limit": PATH_LIMIT, "pool": pool})
    found: list[list[Row]] = [[] for _ in queries]
    exact: set[int] = set()
    for row in head:
        i = int(row["i"])
        found[i] = [{"id": f[0], "document_id": f[1], "text": f[2]} for f in row["found"]]
        if len(found[i]) >= PATH_LIMIT or int(row["pooled"]) < pool:
            exact.add(i)
    short = [i for i in range(len(queries)) if i not in exact]  # also a name the head gave no row (never expected)
    if short:
        rows = trace.rows(query.name, query.cypher["main"], {"queries": [queries[i] for i in short],
                                                             "limit": PATH_LIMIT})
        for i in short:
            found[i] = []
        for row in rows:
            found[short[int(row["i"])]].append(row)
    return found


def scope_version(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    """One row: the graph's ingest stamp (``stamp``, the catalogue's "stamp"), or, in a graph without one, the count
    of readable ready documents and their latest ingest (``documents``, ``latest``: an aggregate always has one row,
    and a scope that reads no document says so with ``documents`` 0). The row carries all three keys, the others
    None, so the two kinds of version never compare equal."""
    stamp = trace.rows(query.name, query.cypher["stamp"], {})
    if stamp and stamp[0].get("stamp") is not None:
        return Hit([{"documents": None, "latest": None, "stamp": int(stamp[0]["stamp"])}])
    return Hit([{**row, "stamp": None} for row in trace.rows(query.name, query.cypher["main"], {})])


def scope_passages(query: NamedQuery, trace: Trace, policy: Policy, clean: dict[str, Any]) -> Hit | Miss:
    """A page through its head (catalogue ``main_head``), exact when it holds a whole page; else ``main``."""
    after = {"after": clean.get("after", "")}
    rows = trace.rows(query.name, query.cypher["main_head"], after)
    if len(rows) < SCOPE_PAGE:
        rows = trace.rows(query.name, query.cypher["main"], after)
    if not rows:
        return Miss("no_passages", "no readable passage after this one" if clean.get("after")
                    else "the caller may read no passage (nothing ingested, or nothing in the caller's scope)")
    return Hit(rows)
