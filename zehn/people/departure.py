"""``departure``: the answer to "what if this person leaves?", for the API and the CLI.

1/3 resolve   the name or id to one person (:mod:`zehn.people.lookup`); anything else is returned as its outcome
              (ambiguous with candidates, unknown, not a person, not in graph), never as an empty list;
2/3 query     the catalogue's ``if_person_leaves(person_id, depth)``; its rows are validated into typed rows;
3/3 commitments  what they promised in meetings and chat (listed, never reassigned).

A query that could not run raises its typed error (unavailable -> 503 / exit 3), never an empty departure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from traversal_policy import Found, NoEvidence, QueryFailed, TraversalExecutor
from traversal_policy.runner import Trace
from zehn.answers.model import PolicyOut
from zehn.people.commitments import commitments
from zehn.people.lookup import find_person
from zehn.people.model import (
    CustomerRow,
    DepartureOut,
    DepartureOutcome,
    OpenWorkRow,
    SoleExpertRow,
    SuccessorRow,
    runs,
)

SECTIONS: dict[str, type[BaseModel]] = {
    "open_work": OpenWorkRow, "customers": CustomerRow, "sole_expert_components": SoleExpertRow,
    "successors": SuccessorRow,
}


def _policy(executor: TraversalExecutor) -> PolicyOut:
    info = executor.policy.info()
    return PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode)


def typed_rows(rows: tuple[Mapping[str, Any], ...]) -> dict[str, list[Any]]:
    """The named query's rows, each validated into the model of its section."""
    out: dict[str, list[Any]] = {name: [] for name in SECTIONS}
    for row in rows:
        section = str(row.get("section"))
        model = SECTIONS.get(section)
        if model is None:
            raise ValueError(f"if_person_leaves returned a row of unknown section {section!r}")
        out[section].append(model.model_validate(row))
    return out


def departure(executor: TraversalExecutor, *, name: str | None = None, person_id: str | None = None,
              depth: int = 2, with_commitments: bool = True) -> DepartureOut:
    query = person_id or name or ""
    lookup = find_person(executor, name=name, person_id=person_id)
    base = DepartureOut(outcome="unknown", query=query, depth=depth, queries=runs(lookup.queries),
                        policy=_policy(executor), message=lookup.message, candidates=list(lookup.candidates))
    if lookup.outcome != "resolved" or lookup.person is None:
        outcome = lookup.outcome if lookup.outcome != "resolved" else "unknown"
        return base.model_copy(update={"outcome": outcome, "person": lookup.person})
    person = lookup.person
    result = executor.run("if_person_leaves", {"person_id": person.id, "depth": depth})
    if isinstance(result, QueryFailed):
        raise result.error
    records = list(lookup.queries) + list(result.queries)
    said = []
    if with_commitments:
        trace = Trace(executor.graph, executor.timeout_ms)
        said = commitments(trace, person.name)
        records += trace.records
    update: dict[str, Any] = {"person": person, "queries": runs(records), "commitments": said}
    if isinstance(result, NoEvidence):
        empty: DepartureOutcome = "not_in_graph" if result.reason == "not_in_graph" else "no_open_work"
        return base.model_copy(update={**update, "outcome": empty, "message": result.message})
    assert isinstance(result, Found)
    return base.model_copy(update={**update, "outcome": "found", "message": None, "notes": list(result.notes),
                                   **typed_rows(result.rows)})
