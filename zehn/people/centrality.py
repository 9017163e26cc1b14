"""Key people and a person's card: the projection's numbers and the collaborations behind them.

The numbers are FalkorDB's own ``algo.pageRank`` and ``algo.betweenness`` over the collaboration projection
(computed at rebuild, :mod:`zehn.people.projection`). "Per component or topic" ranks the same scores among the
people named on documents whose own ``components`` / ``labels`` line lists it: one global run, filtered, rather
than a run per subgraph. Every figure comes with what it rests on: documents, collaborators, and the strongest
collaborations with their shared documents and the metadata lines (evidence ids, or ``document[start:end]``)
that name both people.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from extraction.identity import name_key
from traversal_policy import TraversalExecutor
from traversal_policy.runner import Trace
from zehn.answers.model import PolicyOut
from zehn.people import cypher
from zehn.people.departure import departure
from zehn.people.errors import PeopleNotFound
from zehn.people.lookup import profiles
from zehn.people.model import PersonCandidate, QueryRun, runs

TOP_COLLABORATIONS = 5


class Collaboration(BaseModel):
    id: str
    name: str
    weight: int = Field(description="Documents both people are named on.")
    documents: list[str]
    evidence: list[str] = Field(description="Metadata lines naming them: evidence ids, or document_id[start:end].")
    last: str | None = None


class Centrality(BaseModel):
    pagerank: float | None
    betweenness: float | None
    pagerank_rank: int | None
    betweenness_rank: int | None
    people: int | None = Field(description="People in the projection (ranks are out of this many).")
    documents: int
    collaborators: int
    last: str | None = None


class ProjectionState(BaseModel):
    status: Literal["ready", "building", "missing"]
    rebuilt_at: str | None = None
    last_ingest: str | None = None
    stale: bool = Field(description="A document was ingested after the last rebuild.")
    documents: int | None = None
    people: int | None = None
    pairs: int | None = None


class KeyPerson(BaseModel):
    id: str
    name: str
    centrality: Centrality
    top_collaborations: list[Collaboration]


class KeyPeopleOut(BaseModel):
    about: str | None = Field(description="The component or label ranked within; null: everyone.")
    people: list[KeyPerson]
    projection: ProjectionState
    queries: list[QueryRun]


class OpenWorkCounts(BaseModel):
    open: int
    handed_off: int
    status_unknown: int


class PersonCard(BaseModel):
    id: str
    name: str
    profile: PersonCandidate | None = Field(description="Null when the person is only named on documents' "
                                            "metadata (author, participant) and no entity of theirs exists.")
    open_work: OpenWorkCounts | None
    roles: dict[str, int] = Field(default_factory=dict, description="Roles on documents (metadata lines).")
    components: dict[str, int] = Field(default_factory=dict, description="Components of their documents.")
    topics: dict[str, int] = Field(default_factory=dict, description="Labels of their documents.")
    centrality: Centrality | None
    collaborations: list[Collaboration] = Field(default_factory=list)
    projection: ProjectionState
    queries: list[QueryRun]
    policy: PolicyOut


def projection_state(trace: Trace) -> ProjectionState:
    row = trace.rows("projection_state", cypher.PROJECTION_STATE, {})[0]
    status = row.get("status")
    rebuilt, last = row.get("rebuilt_at"), row.get("last_ingest")
    return ProjectionState(status=status if status in ("ready", "building") else "missing", rebuilt_at=rebuilt,
                           last_ingest=last, stale=bool(last and (not rebuilt or str(last) > str(rebuilt))),
                           documents=row.get("documents"), people=row.get("people"), pairs=row.get("pairs"))


def _centrality(row: Mapping[str, Any]) -> Centrality:
    return Centrality(pagerank=row.get("pagerank"), betweenness=row.get("betweenness"),
                      pagerank_rank=row.get("pagerank_rank"), betweenness_rank=row.get("betweenness_rank"),
                      people=row.get("people"), documents=int(row.get("documents") or 0),
                      collaborators=int(row.get("collaborators") or 0), last=row.get("last"))


def _collaboration(row: Mapping[str, Any]) -> Collaboration:
    return Collaboration(id=str(row["id"]), name=str(row["name"]), weight=int(row["weight"] or 0),
                         documents=list(row.get("documents") or []), evidence=list(row.get("evidence") or []),
                         last=row.get("last"))


def key_people(executor: TraversalExecutor, about: str | None = None, limit: int = 20) -> KeyPeopleOut:
    trace = Trace(executor.graph, executor.timeout_ms)
    state = projection_state(trace)
    key = name_key(about) if about else None
    rows = trace.rows("key_people", cypher.RANKED, {"key": key, "limit": limit, "top": TOP_COLLABORATIONS})
    people = [KeyPerson(id=str(r["id"]), name=str(r["name"]), centrality=_centrality(r),
                        top_collaborations=[_collaboration(c) for c in r.get("top") or []]) for r in rows]
    return KeyPeopleOut(about=about, people=people, projection=state, queries=runs(trace.records))


def _counts(raw: object) -> dict[str, int]:
    return {str(k): int(v) for k, v in json.loads(str(raw)).items()} if raw else {}


def person_card(executor: TraversalExecutor, person_id: str) -> PersonCard:
    """``PeopleNotFound`` when neither an entity nor the projection knows the id."""
    trace = Trace(executor.graph, executor.timeout_ms)
    found = profiles(trace, [person_id])
    rows = trace.rows("collaborator", cypher.COLLABORATOR_CARD, {"id": person_id})
    if not found and not rows:
        raise PeopleNotFound(f"no person with id {person_id[:200]!r} is in the graph or the projection")
    record = rows[0] if rows else {}
    collaborations = [_collaboration(r) for r in trace.rows("collaborations", cypher.COLLABORATIONS,
                                                            {"id": person_id, "limit": TOP_COLLABORATIONS * 2})]
    state = projection_state(trace)
    counts = None
    work_queries: list[QueryRun] = []
    if found:
        gone = departure(executor, person_id=person_id, depth=1, with_commitments=False)
        work_queries = gone.queries
        counts = OpenWorkCounts(open=sum(1 for w in gone.open_work if w.state == "open"),
                                handed_off=sum(1 for w in gone.open_work if w.state == "handed_off"),
                                status_unknown=sum(1 for w in gone.open_work if w.status_class == "unknown"))
    info = executor.policy.info()
    return PersonCard(
        id=person_id, name=found[0].name if found else str(record.get("name")), profile=found[0] if found else None,
        open_work=counts, roles=_counts(record.get("roles")), components=_counts(record.get("component_counts")),
        topics=_counts(record.get("topic_counts")), centrality=_centrality(record) if record else None,
        collaborations=collaborations, projection=state,
        queries=runs(trace.records) + work_queries,
        policy=PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode))
