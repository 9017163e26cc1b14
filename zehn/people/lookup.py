"""Which person a name or an id means: one person, or the candidates with what tells namesakes apart.

Rules, in order (resolution itself is the catalogue's ``resolve_entity``; nothing is picked silently):

1. by id: the entity must exist (else :class:`PeopleNotFound`, a 404) and be a Person (else ``not_a_person``);
2. by name, exact match: exactly one Person among the matches is that person (a Team or Customer of the same name
   does not make it ambiguous); several Persons, or only non-persons, are ``ambiguous`` / ``not_a_person``;
3. by name, fuzzy match only (a similar name): always ``ambiguous``, the Person candidates listed, none picked;
   an exact match on a Person with no recorded relation (a first name: "Luca") is ``ambiguous`` too when people
   with a similar name do have relations ("Luca Ferraro"), all of them listed;
4. a person mentioned but with no recorded relation is ``not_in_graph``; no match at all is ``unknown``.

Each candidate carries its teams (MEMBER_OF / LEADS), its roles (counts of the relations the sources record:
assignee, reporter, reviewer, owner, lead...) and the documents that mention it, newest first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from traversal_policy import Ambiguous, NotInGraph, QueryFailed, QueryRecord, Resolved, TraversalExecutor, Unknown
from traversal_policy.catalogue import RESOLVE_FUZZY
from traversal_policy.params import fuzzy_name_query
from traversal_policy.runner import Trace
from zehn.people import cypher
from zehn.people.errors import PeopleNotFound
from zehn.people.model import DocumentRef, PersonCandidate

DOCUMENTS_PER_CANDIDATE = 5
ROLE_OF: dict[tuple[str, bool], str] = {
    ("ASSIGNED_TO", False): "assignee", ("REPORTED", True): "reporter", ("REVIEWED", True): "reviewer",
    ("OWNS", True): "owner", ("MAINTAINS", True): "maintainer", ("LEADS", True): "lead",
    ("MEMBER_OF", True): "member", ("APPROVED", True): "approver", ("DECIDED", True): "decider",
}  # fmt: skip


@dataclass(frozen=True)
class PersonLookup:
    outcome: Literal["resolved", "ambiguous", "unknown", "not_a_person", "not_in_graph"]
    person: PersonCandidate | None
    candidates: tuple[PersonCandidate, ...]
    queries: tuple[QueryRecord, ...] = field(default=())
    message: str | None = None


def profiles(trace: Trace, ids: Sequence[str]) -> list[PersonCandidate]:
    """Candidates for these entity ids (order kept; ids that are not Persons are dropped)."""
    if not ids:
        return []
    rows = [r for r in trace.rows("person_profiles", cypher.PERSON_PROFILES, {"ids": list(ids)})
            if r["type"] == "Person"]
    doc_ids = sorted({d for r in rows for d in r["document_ids"] or []})
    docs = {str(d["id"]): d for d in trace.rows("documents", cypher.DOCUMENTS, {"ids": doc_ids})} if doc_ids else {}
    order = {pid: i for i, pid in enumerate(ids)}
    out = []
    for row in sorted(rows, key=lambda r: order.get(str(r["id"]), len(order))):
        roles: Counter[str] = Counter()
        for rel_type, outgoing in row["relations"] or []:
            role = ROLE_OF.get((str(rel_type), bool(outgoing)))
            if role:
                roles[role] += 1
        mine = sorted({d for d in row["document_ids"] or [] if d in docs},
                      key=lambda d: (str(docs[d].get("updated") or ""), d), reverse=True)
        out.append(PersonCandidate(
            id=str(row["id"]), name=str(row["name"]), teams=sorted(set(row["teams"] or [])),
            roles=dict(sorted(roles.items())), document_count=len(set(row["document_ids"] or [])),
            documents=[DocumentRef(**docs[d]) for d in mine[:DOCUMENTS_PER_CANDIDATE]]))
    return out


def _similar_people(trace: Trace, name: str, exclude: str) -> list[str]:
    """Persons with a similar name and at least one recorded relation ("Luca" -> "Luca Ferraro")."""
    query = fuzzy_name_query(name)
    if query is None:
        return []
    rows = trace.rows("resolve_entity", RESOLVE_FUZZY, {"query": query})
    return [str(r["id"]) for r in rows if r["type"] == "Person" and r["id"] != exclude and r["relation_count"]]


def find_person(executor: TraversalExecutor, *, name: str | None = None, person_id: str | None = None,
                ) -> PersonLookup:
    """Exactly one of ``name`` / ``person_id``; runtime failures are raised as their typed errors."""
    trace = Trace(executor.graph, executor.timeout_ms)
    if person_id is not None:
        found = profiles(trace, [person_id])
        if found:
            return PersonLookup("resolved", found[0], (), tuple(trace.records))
        exists = trace.rows("person_profiles", cypher.PERSON_PROFILES, {"ids": [person_id]})
        if not exists:
            raise PeopleNotFound(f"no entity with id {person_id[:200]!r} is in the graph")
        kind = str(exists[0]["type"])
        return PersonLookup("not_a_person", None, (), tuple(trace.records), f"{person_id} is a {kind}, not a person")
    if name is None:
        raise ValueError("find_person needs a name or a person_id")
    res = executor.resolve(name)
    if isinstance(res, QueryFailed):
        raise res.error
    before = res.queries
    if isinstance(res, Unknown):
        return PersonLookup("unknown", None, (), before, f"no person is named like {name[:200]!r}")
    listed = res.candidates if isinstance(res, Ambiguous) else (res.entity,)
    people = [c for c in listed if c.type == "Person"]
    if not people:
        kinds = ", ".join(sorted({c.type for c in listed}))
        return PersonLookup("not_a_person" if isinstance(res, Resolved | NotInGraph) or res.match == "exact"
                            else "unknown", None, (), before, f"{name[:200]!r} names no person (found: {kinds})")
    candidates = profiles(trace, [c.id for c in people])
    queries = before + tuple(trace.records)
    exact = not isinstance(res, Ambiguous) or res.match == "exact"
    if exact and len(people) == 1:
        only = people[0]
        if only.relation_count > 0:
            return PersonLookup("resolved", candidates[0], (), queries)
        similar = _similar_people(trace, name, only.id)
        if not similar:
            return PersonLookup("not_in_graph", candidates[0] if candidates else None, tuple(candidates), queries,
                                f"{only.name} is mentioned, but no relation of theirs is recorded")
        candidates += profiles(trace, similar)
        return PersonLookup("ambiguous", None, tuple(candidates), before + tuple(trace.records),
                            f"{only.name} is mentioned without any recorded relation; people with a similar name "
                            f"have some ({len(similar)}): pick one by id")
    how = "share this name" if exact else "have a similar name"
    return PersonLookup("ambiguous", None, tuple(candidates), queries,
                        f"{len(candidates)} people {how}: pick one by id")
