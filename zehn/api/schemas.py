"""Typed request and response models of the HTTP API (the answer object itself is zehn.answers.model.Answer)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from zehn.answers.model import MAX_QUESTION_CHARS, GradedPath, PolicyOut, QueryRecordOut, question_problem
from zehn.api.inputs import TEXT
from zehn.history import HistoryEntry


class AnswerRequest(BaseModel):
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS, pattern=TEXT,
                          description="A question in plain words.", examples=["What breaks if we change geo-index?"])

    @field_validator("question")
    @classmethod
    def not_blank(cls, value: str) -> str:
        problem = question_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value.strip()


class HistoryOut(BaseModel):
    answers: list[HistoryEntry]
    limit: int


class QueryRecordApi(QueryRecordOut):
    error: str | None = None


class SuccessorOut(BaseModel):
    id: str
    text: str = Field(description="The successor's verbatim sentence.")
    change: str | None = None


class EvidenceOut(BaseModel):
    id: str
    document_id: str
    document_title: str
    source_type: str | None = None
    chunk_id: str
    start: int
    end: int
    text: str = Field(description="Exactly document.text[start:end].")
    kind: str
    subject: str | None = None
    predicate: str | None = None
    object: str | None = None
    rel_type: str | None = None
    relations: list[dict[str, Any]] = Field(default_factory=list)
    version: int = Field(default=1, description="The document version this sentence was written in.")
    valid_from: str | None = Field(default=None, description="When an ingest made it current (null: always).")
    valid_to: str | None = Field(default=None, description="When a later version or a delete closed it.")
    current: bool = True
    change: Literal["moved", "changed", "removed"] | None = Field(
        default=None, description="How it was closed: moved (same text elsewhere), changed, removed.")
    superseded_by: SuccessorOut | None = None
    document_created: str | None = None
    document_updated: str | None = None


class VersionOut(BaseModel):
    version: int
    valid_from: str | None = None
    valid_to: str | None = None


class DocumentOut(BaseModel):
    id: str
    title: str
    source_type: str
    text: str = Field(description="The full original text; every offset in the graph points into it.")
    path: str | None = None
    original_path: str | None = None
    authors: list[str] = Field(default_factory=list)
    participants: list[str] = Field(default_factory=list)
    created: str | None = None
    updated: str | None = None
    content_hash: str | None = None
    ingested_at: str | None = None
    chunks: int = 0
    version: int = 1
    valid_from: str | None = Field(default=None, description="When this version became current (null: always).")
    valid_to: str | None = Field(default=None, description="When a later version or a delete closed it.")
    current: bool = True
    versions: list[VersionOut] = Field(default_factory=list, description="Every version, oldest first.")


class CandidateOut(BaseModel):
    id: str
    name: str
    type: str
    doc_count: int
    relation_count: int
    sample_sources: list[str]
    score: float | None = None


ResolutionOutcome = Literal["resolved", "ambiguous", "unknown", "not_in_graph"]


class ResolutionOut(BaseModel):
    outcome: ResolutionOutcome
    name: str
    candidates: list[CandidateOut]
    match: Literal["exact", "fuzzy"] | None = None
    queries: list[QueryRecordApi]
    policy: PolicyOut


class PathHop(BaseModel):
    source: str
    source_name: str | None
    rel_type: str
    target: str
    target_name: str | None
    evidence_ids: list[str]


class ImpactPath(BaseModel):
    entity_id: str = Field(description="The affected entity this path reaches.")
    entity_name: str | None
    entity_type: str | None
    hops: list[PathHop]
    graded: GradedPath | None = Field(default=None, description="Hop grades of this path; null when not graded.")


class ImpactOut(BaseModel):
    entity: str
    depth: int
    outcome: Literal["found", "no_evidence", "resolved", "ambiguous", "unknown", "not_in_graph"]
    resolution: ResolutionOut
    paths: list[ImpactPath] = Field(default_factory=list)
    rows: list[dict[str, Any]] = Field(default_factory=list)
    hop_grading: str = Field(description="How the paths were graded (or why not).")
    message: str | None = None
    queries: list[QueryRecordApi]
    policy: PolicyOut


class GraphNode(BaseModel):
    id: str
    name: str | None
    type: str | None


class EvidenceRef(BaseModel):
    id: str
    text: str
    document_id: str
    start: int
    end: int


class GraphEdge(BaseModel):
    source: str
    target: str
    rel_type: str
    evidence_ids: list[str]
    evidence: list[EvidenceRef] = Field(default_factory=list)


class NeighborhoodOut(BaseModel):
    entity: str
    outcome: Literal["found", "no_evidence", "resolved", "ambiguous", "unknown", "not_in_graph"]
    resolution: ResolutionOut
    center: GraphNode | None = None
    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)
    message: str | None = None
    queries: list[QueryRecordApi]
    policy: PolicyOut


class PolicyDetail(BaseModel):
    name: str
    hash: str
    walkable: list[str]
    evaluation_mode: bool
    non_default: list[str]
    description: str
    source: str


class ApiHealth(BaseModel):
    status: Literal["ok"] = "ok"
    version: str


class GraphHealth(BaseModel):
    name: str
    reachable: bool
    error: str | None = Field(default=None, description="Why the graph is unreachable (null when reachable).")
    kind: str | None = None
    exists: bool | None = Field(default=None, description="False: reachable, but nothing was ever ingested.")
    labels: dict[str, int] | None = None
    rel_types: dict[str, int] | None = None
    relates: int | None = None
    relates_with_evidence: int | None = None
    evidence_share: float | None = None
    last_ingest: str | None = None


class SupervisorOut(BaseModel):
    mode: Literal["embedded", "external"]
    state: Literal["starting", "ready", "warming_up", "restarting", "unavailable", "stopped"]
    restarts: int = Field(description="Recoveries since start: restarts of the embedded server, reconnections to "
                                      "an external one.")
    last_error: str | None = Field(description="Why the server was last found down (null when it never was).")
    last_restart_at: str | None = Field(description="When the last recovery completed (UTC, ISO 8601).")
    detail: str | None = Field(default=None, description="What is not ready yet (indexes building, data loading).")


class HealthOut(BaseModel):
    status: Literal["ready", "warming_up", "unavailable"] = Field(
        description="ready: answers are served; warming_up: the graph is loading or building indexes (answer "
                    "endpoints are 503 with Retry-After); unavailable: the graph server cannot be reached.")
    api: ApiHealth
    graph: GraphHealth
    policy: PolicyOut
    answer_mode: Literal["model", "deterministic"]
    supervisor: SupervisorOut | None = Field(description="The graph server's supervisor; null when this process "
                                                         "does not supervise the graph.")


class LiveOut(BaseModel):
    status: Literal["alive"] = "alive"
