"""Entity resolution: a name becomes exactly one entity only when the graph says so; otherwise it says why not,
and offers what the person may have meant. One function for the answers, /api/impact and the explorer.

Rules, in order:

1. Blank name: ``InputRejected`` (raised).
2. **Name**: the entity's ``name_key`` equals the casefolded, whitespace-collapsed name or its id slug
   (``"Payments API"`` and ``"payments-api"`` both hit ``payments api`` / ``payments-api``).
3. **Alias**: the name without a leading article and without a trailing type noun ("the billing service" ->
   "billing", type Service; "the Atlas team" -> "Atlas", type Team), matched the same way and cut to that type.
4. **Noun-phrase head**: for a phrase of two or more words, an entity whose name holds every word of the phrase
   and ends with the same head word ("the retry wrapper" -> "shared retry wrapper").
   Steps 2-4: several matches (the same name with different types) -> ``Ambiguous(match="exact")``, none picked;
   one -> ``Resolved``, or ``NotInGraph`` when it has no RELATES edge at all.
5. **Did you mean**: otherwise the full-text candidates (each word exact, as a prefix, or within one edit) that are
   near misses - the whole name within :data:`MAX_NAME_DISTANCE` (normalised edit distance), or the same head
   word - become the ``suggestions`` of ``Unknown``: offered, never substituted. Before answering ``Unknown``
   with no candidate at all, the full-text index is checked to exist (a missing index answers "no hits").

Every list is ordered deterministically (by distance, then documents, then id).
"""

from __future__ import annotations

import re
from typing import Any

from rapidfuzz.distance import Levenshtein

from extraction.vocabulary import TYPE_NOUNS

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
# A near miss: at most a third of the name's characters edited ("ledgr" for "ledger", "rate-engin").
MAX_NAME_DISTANCE = 1 / 3
MAX_SUGGESTIONS = 5
_ARTICLE = re.compile(r"^(?:the|a|an|our|their|its|this|that)\s+", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+")


def candidate(row: Row) -> EntityCandidate:
    titles = [str(t) for t in row.get("sample_titles") or [] if t]
    samples = titles or [str(d) for d in row.get("sample_doc_ids") or [] if d]
    score = row.get("score")
    return EntityCandidate(
        id=str(row["id"]), name=str(row.get("name") or row["id"]), type=str(row.get("type") or "unknown"),
        doc_count=int(row.get("doc_count") or 0), relation_count=int(row.get("relation_count") or 0),
        sample_sources=tuple(samples), score=float(score) if score is not None else None,
    )


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def alias(name: str) -> tuple[str, tuple[str, ...] | None]:
    """The name without its article and trailing type noun, and the types that noun names (or None)."""
    bare = _ARTICLE.sub("", name.strip())
    parts = bare.split()
    if len(parts) > 1 and parts[-1].casefold() in TYPE_NOUNS:
        return " ".join(parts[:-1]), TYPE_NOUNS[parts[-1].casefold()]
    return bare, None


def _exact(trace: Trace, keys: list[str]) -> list[EntityCandidate]:
    return [candidate(r) for r in trace.rows("resolve_entity", RESOLVE_EXACT, {"keys": keys})] if keys else []


def _distance(a: str, b: str) -> float:
    a, b = " ".join(_words(a)), " ".join(_words(b))
    return Levenshtein.normalized_distance(a, b) if a and b else 1.0


def _head_match(name: str, found: list[EntityCandidate]) -> list[EntityCandidate]:
    """Candidates whose name holds every word of ``name`` and ends with the same head word."""
    words = _words(name)
    if len(words) < 2:
        return []  # one word is a name, not a described thing: "gateway" never silently becomes "auth gateway"
    return [c for c in found if set(words) <= set(_words(c.name)) and _words(c.name)[-1:] == words[-1:]]


def _suggestions(name: str, found: list[EntityCandidate]) -> tuple[EntityCandidate, ...]:
    head = _words(name)[-1:] if _words(name) else []
    near = [c for c in found if _distance(name, c.name) <= MAX_NAME_DISTANCE or (
        head and _words(c.name)[-1:] == head and len(_words(name)) > 1)]
    near.sort(key=lambda c: (_distance(name, c.name), -c.doc_count, c.id))
    return tuple(near[:MAX_SUGGESTIONS])


def _decide(name: str, found: list[EntityCandidate], records: Any, policy: PolicyInfo) -> Resolution:
    if len(found) > 1:
        return Ambiguous(name, tuple(found), "exact", records, policy)
    only = found[0]
    if only.relation_count == 0:
        return NotInGraph(name, only, records, policy)
    return Resolved(name, only, records, policy)


def resolve_with(trace: Trace, name: str, policy: PolicyInfo) -> Resolution:
    exact = _exact(trace, name_keys(name))
    if exact:
        return _decide(name, exact, tuple(trace.records), policy)
    bare, type_ = alias(name)
    if bare.casefold() != name.strip().casefold():
        aliased = [c for c in _exact(trace, name_keys(bare)) if type_ is None or c.type in type_]
        if aliased:
            return _decide(name, aliased, tuple(trace.records), policy)
    query = fuzzy_name_query(bare)
    fuzzy = [candidate(r) for r in trace.rows("resolve_entity", RESOLVE_FUZZY, {"query": query})] if query else []
    headed = [c for c in _head_match(bare, fuzzy) if type_ is None or c.type in type_]
    if headed:
        return _decide(name, sorted(headed, key=lambda c: c.id), tuple(trace.records), policy)
    if not fuzzy and query is not None:
        trace.require_indexes(NAME_INDEX)
    return Unknown(name, tuple(trace.records), policy, _suggestions(bare, fuzzy))


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
    note = f"unknown; did you mean: {', '.join(c.name for c in resolution.suggestions)}" \
        if resolution.suggestions else "unknown"
    return [c.to_dict() for c in resolution.suggestions], note
