"""People endpoints: what a departure leaves behind, hand-off plans and approvals, who to ask, key people, cards.

Reads run through the catalogue (``if_person_leaves``, ``resolve_entity``, ``search_evidence``) and the fixed
texts of :mod:`zehn.people.cypher`; every response lists the queries that ran. Writes (a hand-off approval, a
projection rebuild) declare ``Depends(require_writer)`` (:mod:`zehn.api.auth`), the one place writes are
authorised. Failures keep their kinds: an unknown id is 404, bad input 422, no token 403, a wrong token 401, the
graph down 503; an ambiguous or unknown name is a 200 with that ``outcome`` and the candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Path, Query

from extraction.errors import InputRejected
from traversal_policy.runner import Trace
from zehn.api.auth import Writer
from zehn.api.deps import ReadyServices
from zehn.api.errors import ErrorOut, NotFound
from zehn.api.inputs import ID, NAME
from zehn.people.centrality import KeyPeopleOut, PersonCard, ProjectionState, key_people, person_card, projection_state
from zehn.people.departure import departure
from zehn.people.errors import PeopleNotFound
from zehn.people.experts import ExpertsOut, experts
from zehn.people.handoff import ApprovalRecord, ApprovalRequest, HandoffPlan, approval, approve, plan
from zehn.people.model import DepartureOut
from zehn.people.projection import ProjectionReport, rebuild

router = APIRouter(prefix="/api/people", tags=["people"])
Deps = ReadyServices  # 503 warming_up / unavailable while the graph is not ready
PersonId = Annotated[str, Path(min_length=1, max_length=500, pattern=ID,
                                description="A person's id, e.g. person:jane-doe.")]
PersonIdQuery = Annotated[str, Query(min_length=1, max_length=500, pattern=ID)]
ApprovalId = Annotated[str, Path(min_length=1, max_length=100, pattern=ID)]
ERRORS: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorOut}, 422: {"model": ErrorOut}, 503: {"model": ErrorOut, "description": "graph unavailable"},
}
WRITE_ERRORS: dict[int | str, dict[str, object]] = {
    **ERRORS, 401: {"model": ErrorOut, "description": "missing or wrong bearer token"},
    403: {"model": ErrorOut, "description": "writes are not enabled (no write token configured)"},
}


@contextmanager
def _found() -> Iterator[None]:
    try:
        yield
    except PeopleNotFound as exc:
        raise NotFound(str(exc)) from exc


@router.get("/departure", response_model=DepartureOut, responses=ERRORS,
            summary="If this person leaves: open work, waiting customers, sole-expert components, successors")
def get_departure(
    services: Deps,
    person: Annotated[str | None, Query(min_length=1, max_length=500, pattern=NAME, description=(
        "A person's name as typed; an ambiguous name lists its candidates (outcome 'ambiguous').")) ] = None,
    person_id: Annotated[str | None, Query(min_length=1, max_length=500, pattern=ID, description=(
        "A person's id (a candidate's id); used instead of person when given. 404 when no entity has it."))] = None,
    depth: Annotated[int, Query(ge=1, le=3, description=(
        "1 open work; 2 + customers and sole-expert components; 3 + successors."))] = 2,
) -> DepartureOut:
    if person_id is None and person is None:
        raise InputRejected("give person (a name) or person_id (an id, e.g. one candidate of an ambiguous name)")
    with _found():
        if person_id is not None:
            return departure(services.executor, person_id=person_id, depth=depth)
        return departure(services.executor, name=person, depth=depth)


@router.get("/handoff", response_model=HandoffPlan, responses=ERRORS,
            summary="A hand-off plan: a proposed owner per open item, from the successors, with the evidence")
def get_handoff(services: Deps, person_id: PersonIdQuery) -> HandoffPlan:
    with _found():
        return plan(services.executor, person_id)


@router.post("/handoff/approve", response_model=ApprovalRecord, status_code=201, responses=WRITE_ERRORS,
             summary="Approve hand-offs: writes assignment edges (via: handoff) and an audit record")
def post_approve(request: ApprovalRequest, services: Deps, caller: Writer) -> ApprovalRecord:
    with _found():
        return approve(services.executor, services.graph, request, caller.name)


@router.get("/handoff/approvals/{approval_id}", response_model=ApprovalRecord, responses=ERRORS,
            summary="One hand-off approval record (what a handed-off assignment cites)")
def get_approval(services: Deps, approval_id: ApprovalId) -> ApprovalRecord:
    with _found():
        return approval(services.graph, approval_id)


@router.get("/experts", response_model=ExpertsOut, responses=ERRORS,
            summary="Who to ask about X: the people behind the evidence, ranked, with a drafted question")
def get_experts(services: Deps, about: Annotated[str, Query(min_length=1, max_length=500, pattern=NAME)]) -> ExpertsOut:
    return experts(services.executor, about)


@router.get("/key", response_model=KeyPeopleOut, responses=ERRORS,
            summary="Key people by PageRank and betweenness over the collaboration projection")
def get_key_people(
    services: Deps,
    about: Annotated[str | None, Query(min_length=1, max_length=200, pattern=NAME, description=(
        "A component or label: rank only the people named on its documents. Omit for everyone."))] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> KeyPeopleOut:
    return key_people(services.executor, about, limit)


@router.get("/projection", response_model=ProjectionState, responses=ERRORS,
            summary="State of the collaboration projection (ready, building, missing; stale after an ingest)")
def get_projection(services: Deps) -> ProjectionState:
    return projection_state(Trace(services.executor.graph, services.executor.timeout_ms))


@router.post("/projection/rebuild", response_model=ProjectionReport, responses=WRITE_ERRORS,
             summary="Rebuild the collaboration projection and its centrality now")
def post_rebuild(services: Deps, _caller: Writer) -> ProjectionReport:
    return rebuild(services.graph)


@router.get("/{person_id}", response_model=PersonCard, responses=ERRORS,
            summary="A person's card: profile, open work counts, components, centrality with its evidence")
def get_person(services: Deps, person_id: PersonId) -> PersonCard:
    with _found():
        return person_card(services.executor, person_id)
