"""Entity resolution: a name becomes exactly one entity only when the graph says so; otherwise it says why not.

Rules, in order:

1. Blank name: ``InputRejected`` (raised).
2. Exact match: the entity's ``name_key`` equals the casefolded, whitespace-collapsed name or its id slug
   (``"Payments API"`` and ``"payments-api"`` both hit ``payments api`` / ``payments-api``).
   - several exact matches (the same name with different types, e.g. "Atlas" the Team, Service and Customer):
     ``Ambiguous(match="exact")`` listing all of them with type and sources; none is picked;
   - exactly one: ``Resolved``, or ``NotInGraph`` when it has no RELATES edge at all (mentioned, but no relation
     recorded: "the knowledge isn't recorded", not "nobody depends on it").
3. No exact match: full-text candidates (each word exact, as a prefix, or within one edit) become
   ``Ambiguous(match="fuzzy")``, so a similar entity is offered, never silently swapped in; none: ``Unknown``.
   Before answering ``Unknown``, the full-text index is checked to exist (a missing index answers "no hits").
"""

from __future__ import annotations

from typing import Any, Literal

from .catalogue import RESOLVE_EXACT, RESOLVE_FUZZY
from .outcomes import (
    Ambiguous,
    EntityCandidate,
    NotInGraph,
    PolicyInfo,
    Resolution,
    Resolved,
    Row,
    Unknown,
)
from .params import fuzzy_name_query, name_keys
from .runner import Trace

NAME_INDEX = (("__Entity__", "name", "FULLTEXT"),)


def candidate(row: Row) -> EntityCandidate:
    titles = [str(t) for t in row.get("sample_titles") or [] if t]
    samples = titles or [str(d) for d in row.get("sample_doc_ids") or [] if d]
    score = row.get("score")
    return EntityCandidate(
        id=str(row["id"]), name=str(row.get("name") or row["id"]), type=str(row.get("type") or "unknown"),
        doc_count=int(row.get("doc_count") or 0), relation_count=int(row.get("relation_count") or 0),
        sample_sources=tuple(samples), score=float(score) if score is not None else None,
    )


def find_candidates(trace: Trace, name: str) -> tuple[list[EntityCandidate], Literal["exact", "fuzzy"] | None]:
    """The exact candidates if any, else the fuzzy ones; ``None`` as match kind when there are none."""
    exact = trace.rows("resolve_entity", RESOLVE_EXACT, {"keys": name_keys(name)})
    if exact:
        return [candidate(r) for r in exact], "exact"
    query = fuzzy_name_query(name)
    if query is None:  # no word to search for (e.g. "C++" had no exact match): nothing similar can be found
        return [], None
    fuzzy = trace.rows("resolve_entity", RESOLVE_FUZZY, {"query": query})
    if fuzzy:
        return [candidate(r) for r in fuzzy], "fuzzy"
    trace.require_indexes(NAME_INDEX)
    return [], None


def resolve_with(trace: Trace, name: str, policy: PolicyInfo) -> Resolution:
    found, match = find_candidates(trace, name)
    records = tuple(trace.records)
    if match is None:
        return Unknown(name, records, policy)
    if match == "fuzzy" or len(found) > 1:
        return Ambiguous(name, tuple(found), match, records, policy)
    only = found[0]
    if only.relation_count == 0:
        return NotInGraph(name, only, records, policy)
    return Resolved(name, only, records, policy)


def resolution_rows(resolution: Resolution) -> tuple[list[dict[str, Any]], str]:
    """The query form of a resolution (``run("resolve_entity")``): candidate rows and a note."""
    if isinstance(resolution, Ambiguous):
        note = f"ambiguous ({resolution.match} match): {len(resolution.candidates)} candidates; none was picked"
        return [c.to_dict() for c in resolution.candidates], note
    if isinstance(resolution, NotInGraph):
        note = "not_in_graph: the entity is mentioned but no relation of it is recorded"
        return [resolution.entity.to_dict()], note
    if isinstance(resolution, Resolved):
        return [resolution.entity.to_dict()], "resolved: one exact match"
    return [], "unknown"
