"""Traversal policy: a fixed catalogue of named, parameterised, read-only, ≤3-hop queries with typed outcomes.

No model and no user text ever becomes Cypher. Use :class:`TraversalExecutor` with a graph from
:func:`open_graph` and a policy from :func:`load_policy`.
"""

from __future__ import annotations

from .catalogue import CATALOGUE
from .connection import connect, open_graph
from .executor import TraversalExecutor
from .named_query import NamedQuery
from .outcomes import (
    Ambiguous,
    EntityCandidate,
    Found,
    GraphNotIngested,
    MissingIndex,
    NoEvidence,
    NotInGraph,
    PolicyInfo,
    PolicyViolation,
    QueryFailed,
    QueryOutcome,
    QueryRecord,
    QueryTimedOut,
    Resolution,
    Resolved,
    Unknown,
)
from .policy import DEFAULT_POLICY_PATH, MAX_HOPS, PRODUCTION_WALKABLE, Policy, load_policy, parse_policy
from .search import Embedder

__all__ = [
    "CATALOGUE", "DEFAULT_POLICY_PATH", "MAX_HOPS", "PRODUCTION_WALKABLE", "Ambiguous", "Embedder",
    "EntityCandidate", "Found", "GraphNotIngested", "MissingIndex", "NamedQuery", "NoEvidence", "NotInGraph",
    "Policy", "PolicyInfo", "PolicyViolation", "QueryFailed", "QueryOutcome", "QueryRecord", "QueryTimedOut",
    "Resolution", "Resolved", "TraversalExecutor", "Unknown", "connect", "load_policy", "open_graph", "parse_policy",
]  # fmt: skip
