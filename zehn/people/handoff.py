"""Hand-off plans and their approval: an owner proposed per open item, written only when a person approves.

Plan (read-only): ``if_person_leaves(depth=3)``; for each item the person still holds, the proposed owner is the
successor with the strongest claims on the item's own components (most resolved, then owns, then reviewed, then
related claims on them; then their overall rank); their paths to those components are the evidence shown, and
the next ones are alternatives. An item with no component, or whose
components no successor has worked on, gets no proposal and says why: nobody is proposed on a guess.
Commitments made in meetings or chat are listed beside the plan and never reassigned.

Approval (a write, behind :func:`zehn.api.auth.require_writer`): every item must be open work the person holds
now and every new owner a person other than them (else ``InputRejected``, nothing written). One query writes the
``HandoffApproval`` audit node and, per item, a ``HANDED_OFF_TO`` edge (``rel_type: 'ASSIGNED_TO'``,
``via: 'handoff'``, approver, time, approval id). Those edges are not ``RELATES`` edges: no walk, citation or
quote ever takes them for something a document said; they cite the approval record.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field

from extraction.access import scoped
from extraction.errors import InputRejected
from extraction.schema import visible
from traversal_policy import TraversalExecutor
from traversal_policy.expertise import is_catch_all
from traversal_policy.runner import Trace
from zehn.people.departure import departure
from zehn.people.errors import PeopleNotFound
from zehn.people.lookup import profiles
from zehn.people.model import Commitment, EntityRef, OpenWorkRow, PathOut, QueryRun, SuccessorRow
from zehn.people.writes import WritableGraph, run_write

ALTERNATIVES = 2
MAX_ITEMS = 200

APPROVE = (
    "CREATE (a:HandoffApproval {id: $id, from_person: $from_person, approved_by: $by, approved_at: $at, "
    "note: $note, items: $items_json}) "
    "WITH a UNWIND $items AS x MATCH (t:__Entity__ {id: x.item}) MATCH (s:__Entity__ {id: x.to}) "
    "CREATE (t)-[:HANDED_OFF_TO {rel_type: 'ASSIGNED_TO', via: 'handoff', from_person: $from_person, "
    "approved_by: $by, approved_at: $at, approval_id: $id}]->(s) "
    "CREATE (a)-[:COVERS]->(t) RETURN count(t) AS written"
)
# The record lists only the items the reader may read (an entity no readable document mentions stays hidden).
APPROVAL = (
    f"MATCH (a:HandoffApproval {{id: $id}}) OPTIONAL MATCH (a)-[:COVERS]->(t:__Entity__) WHERE {visible('t')} "
    "RETURN a.id AS id, a.from_person AS from_person, a.approved_by AS approved_by, a.approved_at AS approved_at, "
    "a.note AS note, a.items AS items, collect(t.id) AS readable"
)


class Proposal(BaseModel):
    item: EntityRef
    status: str | None
    components: list[str]
    proposed: EntityRef | None
    basis: SuccessorRow | None = Field(default=None, description="The successor row the proposal rests on.")
    evidence: list[PathOut] = Field(default_factory=list, description="Their paths to this item's components.")
    alternatives: list[EntityRef] = Field(default_factory=list)
    reason: str | None = Field(default=None, description="Why nobody is proposed.")


class HandoffPlan(BaseModel):
    person: EntityRef
    proposals: list[Proposal]
    already_handed_off: list[OpenWorkRow]
    commitments: list[Commitment] = Field(description="Listed only: never reassigned automatically.")
    queries: list[QueryRun]


class HandoffItem(BaseModel):
    item_id: str = Field(min_length=1, max_length=500)
    to_person_id: str = Field(min_length=1, max_length=500)


class ApprovalRequest(BaseModel):
    person_id: str = Field(min_length=1, max_length=500, description="Who is leaving (the current holder).")
    items: list[HandoffItem] = Field(min_length=1, max_length=MAX_ITEMS)
    note: str | None = Field(default=None, max_length=2000)


class ApprovalRecord(BaseModel):
    id: str
    from_person: str
    approved_by: str
    approved_at: str
    note: str | None = None
    items: list[HandoffItem]


def _fit(successor: SuccessorRow, wanted: set[str]) -> tuple[int, ...]:
    """Their claims on the item's own components, strongest kind first (lower sorts first)."""
    kinds = [c.kind for c in successor.claims if c.component in wanted]
    return (*(-kinds.count(k) for k in ("resolved", "owns", "reviewed", "related")), successor.rank)


def _proposal(work: OpenWorkRow, successors: list[SuccessorRow]) -> Proposal:
    wanted = {c for c in work.components if not is_catch_all(c.partition(":")[2])}
    fits = sorted((s for s in successors if any(c.component in wanted for c in s.claims)),
                  key=lambda s: _fit(s, wanted))
    base = Proposal(item=work.item, status=work.status, components=work.components, proposed=None)
    if not wanted:
        return base.model_copy(update={"reason": "the item lists no component (or only a catch-all bucket), so no "
                                                 "successor's evidence touches it: choose an owner yourself"})
    if not fits:
        return base.model_copy(update={"reason": "no successor has resolved, owned or reviewed work on "
                                                 f"{', '.join(sorted(wanted))}"})
    best = fits[0]
    evidence = [p for p, c in zip(best.paths, best.claims, strict=False) if c.component in wanted]
    return base.model_copy(update={"proposed": best.person, "basis": best, "evidence": evidence,
                                   "alternatives": [s.person for s in fits[1:1 + ALTERNATIVES]]})


def plan(executor: TraversalExecutor, person_id: str) -> HandoffPlan:
    gone = departure(executor, person_id=person_id, depth=3)
    if gone.person is None:
        raise InputRejected(f"{person_id[:200]} is not a person ({gone.outcome}): {gone.message or ''}".rstrip(": "))
    held = [w for w in gone.open_work if w.state == "open"]
    return HandoffPlan(person=EntityRef(id=gone.person.id, name=gone.person.name, type="Person"),
                       proposals=[_proposal(w, gone.successors) for w in held],
                       already_handed_off=[w for w in gone.open_work if w.state == "handed_off"],
                       commitments=gone.commitments, queries=gone.queries)


def _check(executor: TraversalExecutor, request: ApprovalRequest) -> None:
    gone = departure(executor, person_id=request.person_id, depth=1, with_commitments=False)
    if gone.person is None:
        raise InputRejected(f"{request.person_id[:200]} is not a person")
    held = {w.item.id for w in gone.open_work if w.state == "open"}
    targets = sorted({i.to_person_id for i in request.items})
    people = {p.id for p in profiles(Trace(executor.graph, executor.timeout_ms), targets)}
    problems = [f"{i.item_id} is not open work held by {gone.person.name}" for i in request.items
                if i.item_id not in held]
    problems += [f"{t} is not a person in the graph" for t in targets if t not in people]
    problems += [f"{i.item_id}: cannot hand work to the person who holds it" for i in request.items
                 if i.to_person_id == request.person_id]
    if len({i.item_id for i in request.items}) != len(request.items):
        problems.append("an item is listed twice")
    if problems:
        raise InputRejected("; ".join(problems))


def approve(executor: TraversalExecutor, graph: WritableGraph, request: ApprovalRequest, approved_by: str,
            ) -> ApprovalRecord:
    """Validate against the graph, then write the audit record and the hand-off edges in one query."""
    _check(executor, request)
    record = ApprovalRecord(id=f"ho_{uuid.uuid4().hex[:16]}", from_person=request.person_id,
                            approved_by=approved_by, approved_at=datetime.now(UTC).isoformat(timespec="seconds"),
                            note=request.note, items=request.items)
    items = [{"item": i.item_id, "to": i.to_person_id} for i in request.items]
    run_write(graph, APPROVE, {"id": record.id, "from_person": record.from_person, "by": approved_by,
                          "at": record.approved_at, "note": record.note, "items": items,
                          "items_json": json.dumps(items)})
    return record


def approval(graph: WritableGraph, approval_id: str) -> ApprovalRecord:
    rows = run_write(scoped(graph), APPROVAL, {"id": approval_id})  # read as the handle's reader (plain: everyone)
    if not rows:
        raise PeopleNotFound(f"no hand-off approval {approval_id[:200]!r}")
    row: list[Any] = rows[0]
    readable = set(row[6] or [])
    items = [HandoffItem(item_id=x["item"], to_person_id=x["to"]) for x in json.loads(row[5] or "[]")
             if x["item"] in readable]
    return ApprovalRecord(id=row[0], from_person=row[1], approved_by=row[2], approved_at=row[3], note=row[4],
                          items=items)
