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
# Which gate decided that the documents do not state the asked thing (an abstention's kind; its ``reason`` says it
# in words): no document mentions a name the question gives ("unmentioned"); no retrieved document holds every
# anchor and constraint ("document_unheld"); the read document never names a thing an ask names ("ask_unnamed") or
# no sentence of it binds an ask ("ask_unbound"); it states the asked act only as planned, or as not done
# ("ruled_out"); no sentence states the asked relation ("relation_unstated"); a yes/no statement stays unsettled
# ("statement_unsettled"); the drafted answer cites nothing usable ("citation_gate"); any other ("other").
Decline = Literal["unmentioned", "document_unheld", "ask_unnamed", "ask_unbound", "ruled_out", "relation_unstated",
                  "statement_unsettled", "citation_gate", "other"]
MAX_QUESTION_CHARS = 4_000  # the one limit: the API schema, the CLI and the service all use it


def question_problem(question: object) -> str | None:
    """Why a question cannot be asked (blank, too long, not text), or None when it can. The one check."""
    if not isinstance(question, str) or not question.strip():
        return "the question is blank: ask something in words"
    if len(question) > MAX_QUESTION_CHARS:
        return f"the question is {len(question)} characters long (limit {MAX_QUESTION_CHARS})"
    return None
EventType = Literal["plan", "tool_call", "tool_result", "hop_grades", "draft", "verdict", "answer", "error"]


class CitationSource(BaseModel):
    """Where a cited sentence was said or written (zehn/answers/provenance.py): a conversation (chat, email, a
    meeting transcript) is not documented policy, and a reader must be told which one a fact rests on."""

    source_type: str = Field(description="The document's source type: slack, gmail, confluence, jira, ...")
    kind: Literal["conversation", "document"] = Field(
        description="conversation: chat, email or a meeting transcript; document: a page, ticket, PR or file.")
    place: str | None = Field(default=None, description="Channel, email subject, meeting or page title.")
    date: str | None = Field(default=None, description="When it was said or written (the document's date).")
    label: str = Field(description="For a reader, e.g. 'said in #payments on 2026-04-21'.")


class Citation(BaseModel):
    evidence_id: str
    document_id: str
    document_title: str
    start: int
    end: int
    text: str = Field(description="Exactly document.text[start:end]: a verbatim quote, never a generated fact.")
    source: CitationSource | None = Field(default=None, description="Where it was said or written; filled for "
                                          "every stored answer.")


class DiffPart(BaseModel):
    op: Literal["equal", "removed", "added"]
    text: str = Field(description="A verbatim piece of the old sentence (equal, removed) or of the new one (added).")


class StaleReason(BaseModel):
    """One cited sentence that no longer says what the answer quoted (zehn/answers/stale.py)."""

    evidence_id: str
    document_id: str | None = None
    change: Literal["changed", "removed"]
    old_text: str = Field(description="The sentence as the answer cited it (that evidence version).")
    new_text: str | None = Field(default=None, description="What the current version says there; null: removed.")
    new_evidence_id: str | None = None
    closed_at: str | None = Field(default=None, description="When the ingest closed the cited version.")
    diff: list[DiffPart] = Field(default_factory=list, description="Word diff from old_text to new_text.")


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
    decline: Decline | None = Field(default=None, description="Abstained: which gate decided the documents do not "
                                    "state the asked thing.")
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
    conversation_only: bool = Field(default=False, description="Every citation is from chat, email or a meeting: "
                                    "said, never documented in a page or ticket (see citations[].source).")
    stale: bool = Field(default=False, description="A cited sentence changed or was removed since (read time).")
    stale_reasons: list[StaleReason] = Field(default_factory=list)


class AnswerEvent(BaseModel):
    """One real step of the loop, in the order it happened (streamed as Server-Sent Events)."""

    type: EventType
    data: dict[str, Any] = Field(default_factory=dict)
