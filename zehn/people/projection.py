"""The collaboration projection: people who worked on the same ticket, PR, thread or meeting, and their centrality.

Derived, never read from a sentence, and kept apart from ``RELATES`` (its own label and relationship type, see
:mod:`zehn.people.cypher`). Rebuilt from scratch after every ingest (``zehn ingest``, the sample ingest at start-up,
``zehn delete``, ``zehn people rebuild``):

1/5 read     every document's front matter, a page at a time (people lines, components, labels), each line cited
2/5 pair     two people named on one document worked on it together; a document naming more than
             :data:`MAX_PEOPLE_PER_DOCUMENT` people (a broadcast list) adds no pairs
3/5 write    ``Collaborator`` nodes and ``COLLABORATED_WITH`` edges in both directions (PageRank follows direction)
4/5 rank     FalkorDB's ``algo.pageRank`` and ``algo.betweenness`` (as many sampled sources as people, a fixed
             seed) over the projection; scores and dense ranks stored on the nodes
5/5 mark     the ``PeopleProjection`` node: ready, when, how many documents, people and pairs

While it runs the marker says ``building``; readers report that state instead of a half-written ranking.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import combinations
from typing import Any

import redis.exceptions

from extraction.access import PUBLIC, ScopedGraph
from extraction.validity import now_stamp
from traversal_policy.runner import map_error
from zehn.people import cypher
from zehn.people.roles import DocumentFacts, document_facts
from zehn.people.writes import WritableGraph, run_write

log = logging.getLogger("zehn.people")
STEPS = 5
PAGE = 200
BATCH = 500
MAX_PEOPLE_PER_DOCUMENT = 40
MAX_DOCUMENTS_PER_EDGE = 25
# algo.betweenness samples source nodes: every person is a source, and a fixed seed keeps a rebuild reproducible.
BETWEENNESS_SEED = 1
RANKS = ("MATCH (c:Collaborator) RETURN c.id AS id, c.pagerank AS pagerank, c.betweenness AS betweenness")
WRITE_RANKS = ("UNWIND $rows AS x MATCH (c:Collaborator {id: x.id}) "
               "SET c.pagerank_rank = x.pr, c.betweenness_rank = x.br, c.people = x.people")


@dataclass(frozen=True)
class ProjectionReport:
    documents: int
    people: int
    pairs: int  # undirected pairs; twice as many edges are written
    rebuilt_at: str


@dataclass
class _Person:
    name: str
    documents: set[str] = field(default_factory=set)
    roles: Counter[str] = field(default_factory=Counter)
    components: Counter[str] = field(default_factory=Counter)
    topics: Counter[str] = field(default_factory=Counter)
    last: str = ""


@dataclass
class _Pair:
    documents: list[tuple[str, str]] = field(default_factory=list)  # (date, document id)
    evidence: list[str] = field(default_factory=list)


def read_documents(graph: WritableGraph) -> list[DocumentFacts]:
    facts: list[DocumentFacts] = []
    after = ""
    keys = ("id", "title", "source_type", "updated", "front_matter", "evidence")
    while True:
        rows = run_write(graph, cypher.DOCUMENT_FRONT_MATTER, {"after": after, "limit": PAGE, "as_of": now_stamp()})
        facts += [document_facts(dict(zip(keys, row, strict=True))) for row in rows]
        if len(rows) < PAGE:
            return facts
        after = str(rows[-1][0])


def pair_people(documents: Sequence[DocumentFacts]) -> tuple[dict[str, _Person], dict[tuple[str, str], _Pair]]:
    people: dict[str, _Person] = {}
    pairs: dict[tuple[str, str], _Pair] = {}
    for doc in documents:
        date = doc.updated or ""
        for named in doc.people:
            person = people.setdefault(named.person_id, _Person(named.name))
            person.documents.add(doc.id)
            person.roles[named.role] += 1
            person.components.update(doc.components)
            person.topics.update(doc.topics)
            person.last = max(person.last, date)
        ids = doc.people_ids()
        if len(ids) > MAX_PEOPLE_PER_DOCUMENT:
            continue
        cites = {p.person_id: p.citation for p in reversed(doc.people)}  # first role's line wins
        for a, b in combinations(sorted(ids), 2):
            pair = pairs.setdefault((a, b), _Pair())
            pair.documents.append((date, doc.id))
            pair.evidence = list(dict.fromkeys([*pair.evidence, cites[a], cites[b]]))
    return people, pairs


def _collaborator_rows(people: dict[str, _Person], pairs: dict[tuple[str, str], _Pair]) -> list[dict[str, Any]]:
    degree: Counter[str] = Counter()
    for a, b in pairs:
        degree[a] += 1
        degree[b] += 1
    return [{"id": pid, "name": p.name, "name_key": " ".join(p.name.casefold().split()),
             "documents": len(p.documents), "roles": json.dumps(dict(sorted(p.roles.items()))),
             "components": sorted(p.components), "topics": sorted(p.topics), "last": p.last or None,
             "component_counts": json.dumps(dict(p.components.most_common())),
             "topic_counts": json.dumps(dict(p.topics.most_common())),
             "collaborators": degree[pid]} for pid, p in sorted(people.items())]


def _edge_rows(pairs: dict[tuple[str, str], _Pair]) -> list[dict[str, Any]]:
    rows = []
    for (a, b), pair in sorted(pairs.items()):
        ordered = sorted(pair.documents, reverse=True)
        props = {"weight": len(ordered), "documents": [d for _, d in ordered[:MAX_DOCUMENTS_PER_EDGE]],
                 "evidence": pair.evidence[: 2 * MAX_DOCUMENTS_PER_EDGE], "last": ordered[0][0] or None}
        rows += [{"a": a, "b": b, **props}, {"a": b, "b": a, **props}]
    return rows


def _dense_ranks(values: dict[str, float]) -> dict[str, int]:
    distinct = sorted(set(values.values()), reverse=True)
    position = {v: i + 1 for i, v in enumerate(distinct)}
    return {k: position[v] for k, v in values.items()}


def _write(graph: WritableGraph, text: str, rows: list[dict[str, Any]]) -> None:
    for i in range(0, len(rows), BATCH):
        run_write(graph, text, {"rows": rows[i:i + BATCH]})


def rebuild(graph: WritableGraph) -> ProjectionReport:
    """Rebuild the projection of ``graph`` from its documents; raises GraphUnavailable when the server is gone.

    Only documents everyone may read feed it, whoever asks for the rebuild: the projection is one shared derived
    graph, read without a scope filter, so nothing from a restricted document may reach it."""
    started = datetime.now(UTC).isoformat(timespec="seconds")
    log.info("step 1/%d: read the front matter of the documents everyone may read", STEPS)
    documents = read_documents(ScopedGraph(graph, PUBLIC))
    log.info("step 2/%d: pair the people named on each of %d documents", STEPS, len(documents))
    people, pairs = pair_people(documents)
    log.info("step 3/%d: write %d people and %d pairs (both directions)", STEPS, len(people), len(pairs))
    try:
        graph.query(cypher.PROJECTION_INDEX)
    except redis.exceptions.ResponseError as exc:
        if "already indexed" not in str(exc).lower():
            raise map_error(exc, graph.name) from exc
    run_write(graph, cypher.PROJECTION_BEGIN, {"at": started})
    _write(graph, cypher.WRITE_COLLABORATORS, _collaborator_rows(people, pairs))
    _write(graph, cypher.WRITE_COLLABORATIONS, _edge_rows(pairs))
    log.info("step 4/%d: algo.pageRank and algo.betweenness over the projection", STEPS)
    if people:
        if pairs:  # with no COLLABORATED_WITH edge at all, FalkorDB's algorithms refuse the unknown type
            run_write(graph, cypher.WRITE_PAGERANK)
            run_write(graph, cypher.WRITE_BETWEENNESS, {"sources": len(people), "seed": BETWEENNESS_SEED})
        scores = run_write(graph, RANKS)
        pr = _dense_ranks({str(r[0]): float(r[1] or 0.0) for r in scores})
        br = _dense_ranks({str(r[0]): float(r[2] or 0.0) for r in scores})
        _write(graph, WRITE_RANKS, [{"id": k, "pr": pr[k], "br": br[k], "people": len(scores)} for k in pr])
    done = datetime.now(UTC).isoformat(timespec="seconds")
    log.info("step 5/%d: mark the projection ready", STEPS)
    run_write(graph, cypher.PROJECTION_DONE, {"at": done, "documents": len(documents), "people": len(people),
                                         "pairs": len(pairs)})
    return ProjectionReport(len(documents), len(people), len(pairs), done)
