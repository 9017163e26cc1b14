"""The change review object (API, CLI, MCP and the UI share it): what a change touches, how each entity was matched,
the merged impact radar with owners and on-call, what to re-read, and what the review cannot tell.

Every statement the review makes about the graph carries evidence ids; ``evidence`` maps each id to its verbatim
sentence (never an extracted ``fact``). Statements about the input carry the input's own offsets.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from zehn.answers.model import CitationSource, Grade, PolicyOut, QueryRecordOut
from zehn.api.schemas import CandidateOut, ImpactPath

MatchKind = Literal["exact", "alias", "path", "symbol"]
GapKind = Literal["unmatched", "file_unmatched", "not_walked", "inferred_only", "nothing_recorded", "capped"]


class ChangedFileOut(BaseModel):
    path: str
    old_path: str | None = None
    added: int = 0
    removed: int = 0
    symbols: list[str] = Field(default_factory=list)
    matched: list[str] = Field(default_factory=list, description="Entity ids its path or symbols matched.")


class ReviewInput(BaseModel):
    kind: Literal["text", "diff", "document"]
    title: str
    document_id: str | None = None
    source_type: str | None = None
    characters: int
    files: list[ChangedFileOut] = Field(default_factory=list)


class MatchOut(BaseModel):
    entity_id: str
    name: str
    type: str
    kind: MatchKind = Field(description="exact: the text names it; alias: another spelling of its name (case, "
                            "separators); path: a changed file's path names it; symbol: a document names a changed "
                            "symbol in a sentence about it.")
    surface: str = Field(description="What in the input matched, verbatim.")
    where: str | None = Field(default=None, description="The changed file, for path and symbol matches.")
    start: int | None = Field(default=None, description="Offset of the surface in the input text.")
    end: int | None = None
    via_evidence: list[str] = Field(default_factory=list, description="symbol: the sentences naming the symbol.")
    system: bool = Field(description="Impact is run for systems (services, components, technologies).")
    impact: Literal["found", "no_evidence", "skipped"] = "skipped"
    impact_message: str | None = None


class UnmatchedOut(BaseModel):
    surface: str
    source: Literal["text", "path", "symbol"]
    reason: Literal["unknown", "ambiguous"]
    message: str
    where: str | None = None
    candidates: list[CandidateOut] = Field(default_factory=list)


class AffectedOut(BaseModel):
    entity_id: str
    name: str | None
    type: str | None
    hops: int = Field(description="Fewest hops from any changed entity.")
    reached_from: list[str] = Field(description="The changed entities whose impact reaches it.")
    grade: Grade | None = Field(default=None, description="The best graded path to it (null: not graded).")
    inferred_only: bool = Field(default=False, description="No path to it is source-backed at every hop.")
    paths: list[ImpactPath]


class HopGroup(BaseModel):
    hops: int
    entity_ids: list[str]


class OwnerOut(BaseModel):
    entity_id: str
    owner_id: str
    owner_name: str | None
    owner_type: str | None
    rel_type: str
    evidence_ids: list[str]


class OnCallOut(BaseModel):
    entity_id: str
    evidence_id: str = Field(description="A sentence naming the system and its on-call / paging arrangement.")


class DocumentToRead(BaseModel):
    document_id: str
    title: str | None
    source_type: str | None
    reasons: list[str] = Field(description="Why: the hops it states, the systems it names.")
    evidence_ids: list[str]


class GapOut(BaseModel):
    kind: GapKind
    message: str
    subjects: list[str] = Field(default_factory=list)


class Quote(BaseModel):
    evidence_id: str
    document_id: str
    document_title: str | None
    start: int
    end: int
    text: str = Field(description="Exactly document.text[start:end] of its version: a verbatim quote.")
    current: bool = True
    source: CitationSource | None = None


class ChangeReview(BaseModel):
    id: str | None = Field(default=None, description="Set once stored (the permalink).")
    created_at: str | None = None
    as_of: str | None = Field(default=None, description="The moment the graph was read at (null: now).")
    depth: int
    input: ReviewInput
    matches: list[MatchOut]
    unmatched: list[UnmatchedOut]
    affected: list[AffectedOut]
    by_hop: list[HopGroup]
    owners: list[OwnerOut]
    on_call: list[OnCallOut]
    documents: list[DocumentToRead]
    gaps: list[GapOut]
    evidence: dict[str, Quote] = Field(description="Every evidence id the review cites, with its sentence.")
    hop_grading: str
    queries: list[QueryRecordOut]
    policy: PolicyOut
    timings: dict[str, float] = Field(default_factory=dict)


class ReviewEntry(BaseModel):
    id: str
    title: str
    kind: str
    created_at: str
    matches: int
    affected: int
