"""The part of an :class:`Answer` that other protocols carry next to the answer text (the OpenAI-compatible
endpoint's ``zehn`` field, the MCP ``ask`` tool's structured result): status, citations, hop grades, ids.

Citations keep their exact spans (``start``/``end`` into the document text) and the verbatim quote; hop grades are
the graded paths the answer was drafted from. Nothing here is new information: it is a projection of the answer.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from zehn.answers.model import Answer, Candidate, Citation, GradedPath, Status


class AnswerDigest(BaseModel):
    answer_id: str
    status: Status
    reason: str | None = None
    citations: list[Citation] = Field(description="Each cited evidence id with its document, exact span and quote.")
    evidence_ids: list[str] = Field(description="The evidence ids the answer cites, in citation order.")
    retrieved_evidence_ids: list[str] = Field(description="Every evidence id the named queries returned.")
    hop_grades: list[GradedPath] = Field(description="Graded paths: each hop source_backed, inferred or insufficient.")
    candidates: list[Candidate] = Field(default_factory=list, description="For 'ambiguous': the entities meant.")
    offending: list[str] = Field(default_factory=list, description="For 'refused': what broke the citation rules.")
    mode: Literal["model", "deterministic"]
    request_id: str | None = None


def digest(answer: Answer) -> AnswerDigest:
    return AnswerDigest(
        answer_id=answer.id, status=answer.status, reason=answer.reason, citations=answer.citations,
        evidence_ids=list(dict.fromkeys(c.evidence_id for c in answer.citations)),
        retrieved_evidence_ids=answer.retrieved_evidence_ids, hop_grades=answer.paths, candidates=answer.candidates,
        offending=answer.offending, mode=answer.mode, request_id=answer.request_id)
