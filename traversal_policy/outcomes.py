"""Typed outcomes of the named queries, and the record of shown work that travels with every answer.

A failure never looks like an empty result: a query ends as exactly one of

- :class:`Found`       rows (never empty),
- :class:`NoEvidence`  the query ran and the graph holds nothing for it; ``reason`` says which kind of nothing,
- :class:`QueryFailed` it could not run (server down, timeout, graph not ingested, missing index, policy guard).

Entity resolution ends as :class:`Resolved`, :class:`Ambiguous`, :class:`Unknown`, :class:`NotInGraph`, or a
:class:`QueryFailed`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from extraction.errors import (
    GraphNotIngested,
    GraphWarmingUp,
    MissingIndex,
    ModelUnavailable,
    PolicyViolation,
    QueryTimedOut,
    Rejected,
    Unavailable,
    ZehnError,
)

__all__ = ["GraphNotIngested", "MissingIndex", "PolicyViolation", "QueryTimedOut"]  # re-exported

Row = dict[str, Any]


def failure_kind(error: ZehnError) -> str:
    """A stable, machine-readable name for a failure (for the CLI, the API and the UI)."""
    kinds: tuple[tuple[type[ZehnError], str], ...] = (
        (QueryTimedOut, "timeout"),
        (GraphWarmingUp, "warming_up"),
        (ModelUnavailable, "model_unavailable"),
        (Unavailable, "unavailable"),
        (GraphNotIngested, "not_ingested"),
        (MissingIndex, "missing_index"),
        (PolicyViolation, "policy_violation"),
        (Rejected, "rejected"),
    )
    for cls, kind in kinds:
        if isinstance(error, cls):
            return kind
    return "error"


@dataclass(frozen=True)
class QueryRecord:
    """One execution of one Cypher text: what ran, with what, how many rows, how long (server and wall clock)."""

    name: str
    cypher: str
    params: dict[str, Any]
    rows: int
    run_time_ms: float | None  # FalkorDB's own execution time; None when the server gave no answer
    wall_ms: float
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "cypher": self.cypher, "params": dict(self.params), "rows": self.rows,
                "run_time_ms": self.run_time_ms, "wall_ms": round(self.wall_ms, 3), "error": self.error}


@dataclass(frozen=True)
class PolicyInfo:
    name: str
    hash: str
    evaluation_mode: bool

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hash": self.hash, "evaluation_mode": self.evaluation_mode}


@dataclass(frozen=True)
class Found:
    query: str
    rows: tuple[Row, ...]
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    notes: tuple[str, ...] = ()
    subject: Row | None = None  # the anchor entity of entity-centred queries
    outcome: Literal["found"] = field(default="found", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "query": self.query, "rows": list(self.rows), "notes": list(self.notes),
                "subject": self.subject, "queries": [q.to_dict() for q in self.queries],
                "policy": self.policy.to_dict()}


@dataclass(frozen=True)
class NoEvidence:
    """The query ran; the graph records nothing for it. ``reason`` is a code, ``message`` says it in words."""

    query: str
    reason: str
    message: str
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    outcome: Literal["no_evidence"] = field(default="no_evidence", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "query": self.query, "rows": [], "reason": self.reason,
                "message": self.message, "queries": [q.to_dict() for q in self.queries],
                "policy": self.policy.to_dict()}


@dataclass(frozen=True)
class QueryFailed:
    query: str
    error: ZehnError
    retriable: bool
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    outcome: Literal["failed"] = field(default="failed", init=False)

    @property
    def kind(self) -> str:
        return failure_kind(self.error)

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "query": self.query, "rows": [], "error": str(self.error),
                "error_type": type(self.error).__name__, "kind": self.kind, "retriable": self.retriable,
                "queries": [q.to_dict() for q in self.queries], "policy": self.policy.to_dict()}


QueryOutcome = Found | NoEvidence | QueryFailed


@dataclass(frozen=True)
class EntityCandidate:
    id: str
    name: str
    type: str
    doc_count: int
    relation_count: int  # RELATES edges of any predicate, either direction
    sample_sources: tuple[str, ...]  # titles (or ids) of a few documents that mention it
    score: float | None = None  # full-text score for fuzzy candidates; None for exact matches

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "type": self.type, "doc_count": self.doc_count,
                "relation_count": self.relation_count, "sample_sources": list(self.sample_sources),
                "score": self.score}


@dataclass(frozen=True)
class Resolved:
    name: str
    entity: EntityCandidate
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    outcome: Literal["resolved"] = field(default="resolved", init=False)

    def to_dict(self) -> dict[str, Any]:
        return _resolution_dict(self, [self.entity])


@dataclass(frozen=True)
class Ambiguous:
    """Several entities fit: list them all, pick none. ``match`` is "exact" (same name) or "fuzzy" (similar)."""

    name: str
    candidates: tuple[EntityCandidate, ...]
    match: Literal["exact", "fuzzy"]
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    outcome: Literal["ambiguous"] = field(default="ambiguous", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {**_resolution_dict(self, list(self.candidates)), "match": self.match}


@dataclass(frozen=True)
class Unknown:
    """No entity has this name. ``suggestions``: near misses to offer ("did you mean"), never substituted."""

    name: str
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    suggestions: tuple[EntityCandidate, ...] = ()
    outcome: Literal["unknown"] = field(default="unknown", init=False)

    def to_dict(self) -> dict[str, Any]:
        return _resolution_dict(self, list(self.suggestions))


@dataclass(frozen=True)
class NotInGraph:
    """The entity exists (it is mentioned) but no relation of it is recorded: "the knowledge isn't recorded"."""

    name: str
    entity: EntityCandidate
    queries: tuple[QueryRecord, ...]
    policy: PolicyInfo
    outcome: Literal["not_in_graph"] = field(default="not_in_graph", init=False)

    def to_dict(self) -> dict[str, Any]:
        return _resolution_dict(self, [self.entity])


Resolution = Resolved | Ambiguous | Unknown | NotInGraph


def _resolution_dict(res: Resolution, candidates: list[EntityCandidate]) -> dict[str, Any]:
    return {"outcome": res.outcome, "name": res.name, "candidates": [c.to_dict() for c in candidates],
            "queries": [q.to_dict() for q in res.queries], "policy": res.policy.to_dict()}
