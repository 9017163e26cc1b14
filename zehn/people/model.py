"""Typed rows of the people features: departure, candidates, commitments (the API returns these shapes as-is).

Rows of the named query ``if_person_leaves`` arrive from the executor as plain mappings and are validated into
these models at once (:func:`zehn.people.departure.departure`), so nothing untyped crosses into the API or CLI.

Grades: ``source_backed`` (read from a metadata line of a source), ``inferred`` (derived: sole expert, successor,
a commitment read from a chat turn), ``approval_record`` (an item held through an approved hand-off: it cites the
approval record, never a sentence).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from traversal_policy import QueryRecord
from zehn.answers.model import PolicyOut, QueryRecordOut

Grade = Literal["source_backed", "inferred", "approval_record"]


class QueryRun(QueryRecordOut):
    error: str | None = None


def runs(records: Iterable[QueryRecord]) -> list[QueryRun]:
    return [QueryRun(**r.to_dict()) for r in records]


class EntityRef(BaseModel):
    id: str
    name: str
    type: str


class PathEdge(BaseModel):
    source: str
    rel_type: str
    target: str
    evidence_ids: list[str]
    via: Literal["document", "handoff"] = Field(
        description="document: read from a source line; handoff: written by an approved hand-off (no quote).")
    approval_id: str | None = None


class PathOut(BaseModel):
    node_ids: list[str]
    names: list[str]
    types: list[str]
    rel_types: list[str]
    evidence_ids: list[list[str]]
    edges: list[PathEdge]


class CitedLineOut(BaseModel):
    """A front-matter line: ``document.text[start:end] == text``. ``evidence_id`` is null when the ingest kept no
    Evidence row for the line (lines under three words); the range is the citation then."""

    document_id: str
    key: str
    values: list[str]
    start: int
    end: int
    text: str
    evidence_id: str | None = None


class DocumentRef(BaseModel):
    id: str
    title: str | None = None
    source_type: str | None = None
    updated: str | None = None


class HandoffRef(BaseModel):
    to: EntityRef
    from_person: str | None = None
    approval_id: str
    approved_by: str
    approved_at: str


class Row(BaseModel):
    entity: EntityRef = Field(description="What the row is about: the item, customer, component or successor.")
    path: PathOut
    evidence_ids: list[str]
    grade: Grade


class OpenWorkRow(Row):
    section: Literal["open_work"] = "open_work"
    item: EntityRef
    status: str | None = Field(description="The status as the item's own document writes it (null: none found).")
    status_class: Literal["open", "unknown"]
    status_line: CitedLineOut | None = None
    via: Literal["document", "handoff"]
    state: Literal["open", "handed_off"]
    handed_off_to: list[HandoffRef] = Field(default_factory=list)
    received: HandoffRef | None = None
    documents: list[DocumentRef] = Field(default_factory=list)
    last_updated: str | None = None
    components: list[str] = Field(default_factory=list)
    customers: list[str] = Field(default_factory=list)


class CustomerRow(Row):
    section: Literal["customers"] = "customers"
    customer: EntityRef
    items: list[str]
    paths: list[PathOut]


class SoleExpertRow(Row):
    section: Literal["sole_expert_components"] = "sole_expert_components"
    component: EntityRef
    resolved_items: list[str]
    owns: bool
    claims: int
    paths: list[PathOut]
    why: str


class SuccessorCounts(BaseModel):
    resolved: int
    owns: int
    reviewed: int
    related: int


class SuccessorClaim(BaseModel):
    """What one shown path proves: ``kind`` of work by the successor on ``component`` (through ``item``)."""

    component: str
    kind: Literal["resolved", "owns", "reviewed", "related"]
    item: str | None = None


class SuccessorRow(Row):
    section: Literal["successors"] = "successors"
    rank: int
    person: EntityRef
    basis: Literal["same_component", "related_component"]
    components: list[str]
    counts: SuccessorCounts
    last_activity: str | None = None
    paths: list[PathOut]
    claims: list[SuccessorClaim] = Field(description="One per path, same order.")


class Commitment(BaseModel):
    """Something the person said they would do, in a meeting or chat: listed, never reassigned automatically."""

    kind: Literal["action_item", "said_in_conversation"]
    document: DocumentRef
    text: str = Field(description="Verbatim: document.text[start:end].")
    start: int
    end: int
    item: str | None = Field(default=None, description="The action item as the line lists it (action_item).")
    evidence_id: str | None = None
    grade: Grade
    reassign: Literal[False] = False


class PersonCandidate(BaseModel):
    """One person a name may mean, with what tells namesakes apart."""

    id: str
    name: str
    teams: list[str] = Field(default_factory=list)
    roles: dict[str, int] = Field(default_factory=dict, description="How often the sources name them as "
                                  "assignee, reporter, reviewer, owner, lead (counts of recorded relations).")
    documents: list[DocumentRef] = Field(default_factory=list)
    document_count: int = 0


DepartureOutcome = Literal["found", "no_open_work", "ambiguous", "unknown", "not_a_person", "not_in_graph"]


class DepartureOut(BaseModel):
    outcome: DepartureOutcome
    query: str = Field(description="The name or id that was asked about.")
    depth: int
    person: PersonCandidate | None = None
    candidates: list[PersonCandidate] = Field(default_factory=list)
    open_work: list[OpenWorkRow] = Field(default_factory=list)
    customers: list[CustomerRow] = Field(default_factory=list)
    sole_expert_components: list[SoleExpertRow] = Field(default_factory=list)
    successors: list[SuccessorRow] = Field(default_factory=list)
    commitments: list[Commitment] = Field(default_factory=list)
    message: str | None = None
    notes: list[str] = Field(default_factory=list)
    queries: list[QueryRun]
    policy: PolicyOut
