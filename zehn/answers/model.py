"""The answer object (API and CLI share it) and the events streamed while it is produced.

Statuses are distinct facts, never collapsed into one another:
answered (cited), abstained (the documents do not say), refused (the draft broke the citation rules),
ambiguous (a name matches several entities; candidates listed), unknown_entity (no such entity),
not_in_graph (the entity exists but nothing is recorded about it), unavailable (the graph server is down).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Status = Literal["answered", "abstained", "refused", "ambiguous", "unknown_entity", "not_in_graph", "unavailable"]
Grade = Literal["source_backed", "inferred", "insufficient"]
ReadAt = Literal["ingest", "question"]
MAX_QUESTION_CHARS = 4_000  # the one limit: the API schema, the CLI and the service all use it


def question_problem(question: object) -> str | None:
    """Why a question cannot be asked (blank, too long, not text), or None when it can. The one check."""
    if not isinstance(question, str) or not question.strip():
        return "the question is blank: ask something in words"
    if len(question) > MAX_QUESTION_CHARS:
        return f"the question is {len(question)} characters long (limit {MAX_QUESTION_CHARS})"
    return None
EventType = Literal["plan", "tool_call", "tool_result", "hop_grades", "draft", "verdict", "answer", "error"]


class Citation(BaseModel):
    evidence_id: str
    document_id: str
    document_title: str
    start: int
    end: int
    text: str = Field(description="Exactly document.text[start:end]: a verbatim quote, never a generated fact.")


class Hop(BaseModel):
    source: str
    rel_type: str
    target: str
    evidence_id: str
    grade: Grade
    reasons: list[str]
    read_at: ReadAt = Field(default="ingest", description=(
        "ingest: an edge of the graph; question: bound at question time from a retrieved sentence (no edge)."))


class GradedPath(BaseModel):
    hops: list[Hop]
    grade: Grade


class Candidate(BaseModel):
    entity_id: str
    name: str
    type: str
    documents: int = 0
    sources: list[str] = Field(default_factory=list)


class QueryRecordOut(BaseModel):
    name: str
    cypher: str
    params: dict[str, Any]
    rows: int
    run_time_ms: float | None = None
    wall_ms: float | None = None


class PolicyOut(BaseModel):
    name: str
    hash: str
    evaluation_mode: bool


class Answer(BaseModel):
    id: str
    question: str
    status: Status
    text: str
    reason: str | None = None
    offending: list[str] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    retrieved_evidence_ids: list[str] = Field(default_factory=list)
    paths: list[GradedPath] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)
    queries: list[QueryRecordOut] = Field(default_factory=list)
    policy: PolicyOut
    mode: Literal["model", "deterministic"]
    timings: dict[str, float] = Field(default_factory=dict)
    created_at: str | None = None
    request_id: str | None = Field(default=None, description="The request that produced it (X-Request-ID; in the "
                                   "service's log lines too).")


class AnswerEvent(BaseModel):
    """One real step of the loop, in the order it happened (streamed as Server-Sent Events)."""

    type: EventType
    data: dict[str, Any] = Field(default_factory=dict)
