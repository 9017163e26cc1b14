"""What the graders see of one answer, whichever system produced it (ZEHN or the baseline)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from zehn.answers.model import Answer


@dataclass(frozen=True)
class CitedSpan:
    """One cited quote: ``text`` claims to be ``document.text[start:end]``."""

    document_id: str
    start: int
    end: int
    text: str
    evidence_id: str | None = None  # ZEHN cites evidence ids; the baseline cites chunks
    chunk_id: str | None = None


@dataclass(frozen=True)
class AnswerRecord:
    question_id: str
    status: str
    text: str
    citations: tuple[CitedSpan, ...]
    latency_ms: float
    db_ms: float = 0.0  # FalkorDB's own run time, summed over the queries behind the answer
    queries: int = 0
    unresolved: tuple[str, ...] = ()  # citations that failed the resolution check (filled by the runner)
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def cited_documents(self) -> frozenset[str]:
        return frozenset(c.document_id for c in self.citations)

    @property
    def cited_text(self) -> str:
        return "\n".join(c.text for c in self.citations)

    def with_unresolved(self, bad: tuple[str, ...]) -> AnswerRecord:
        return replace(self, unresolved=bad)

    def to_dict(self) -> dict[str, Any]:
        return {"question_id": self.question_id, "status": self.status, "text": self.text,
                "citations": [c.__dict__ for c in self.citations], "latency_ms": round(self.latency_ms, 2),
                "db_ms": round(self.db_ms, 3), "queries": self.queries, "unresolved": list(self.unresolved),
                "error": self.error}


def from_answer(question_id: str, answer: Answer, latency_ms: float) -> AnswerRecord:
    """The graded view of a ZEHN :class:`Answer`."""
    citations = tuple(CitedSpan(c.document_id, c.start, c.end, c.text, evidence_id=c.evidence_id)
                      for c in answer.citations)
    db_ms = sum(q.run_time_ms or 0.0 for q in answer.queries)
    return AnswerRecord(question_id, answer.status, answer.text, citations, latency_ms, db_ms, len(answer.queries),
                        extra={"reason": answer.reason, "decline": answer.decline})


def failed(question_id: str, error: str, latency_ms: float) -> AnswerRecord:
    """A question the system could not answer at all (an exception): graded as status "error"."""
    return AnswerRecord(question_id, "error", "", (), latency_ms, error=error)
