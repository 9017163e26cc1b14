"""A turn that ends before a draft: which status and why (any stage may end the turn this way)."""

from __future__ import annotations

from dataclasses import dataclass, field

from traversal_policy import EntityCandidate
from zehn.answers.model import Candidate, Decline, Status


@dataclass(frozen=True)
class Stop:
    status: Status
    reason: str
    candidates: list[Candidate] = field(default_factory=list)
    decline: Decline | None = None  # an abstention: which gate decided it


def candidate_out(c: EntityCandidate) -> Candidate:
    return Candidate(entity_id=c.id, name=c.name, type=c.type, documents=c.doc_count, sources=list(c.sample_sources))
