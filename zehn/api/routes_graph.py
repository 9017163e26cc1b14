"""Read-only graph endpoints: evidence, documents, entity resolution, impact, an explorer's neighbourhood, policy.

Graph knowledge is read only through the named queries of the traversal policy (``TraversalExecutor``) and the
evidence reads of the ingest (``extraction.evidence_reads``); no Cypher is written here. A named query that could
not run raises its typed error (mapped to 503 / 422 by :mod:`zehn.api.errors`), never an empty result.

``/api/impact`` and ``/api/graph/neighborhood`` take a name (``entity``) or an id (``entity_id``, e.g. one
candidate of an ambiguous name; see :mod:`zehn.api.lookup`). ``/api/impact`` grades each path's hops with the
answering loop's grader (see :mod:`zehn.api.impact`).

Versions: graph reads take ``as_of`` (the graph as it stood then; default now) and a document a ``version``; an
evidence id resolves whether or not a later version closed it, and says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from extraction.errors import InputRejected
from extraction.evidence_reads import get_document, get_evidence
from extraction.validity import parse_as_of
from traversal_policy import Found, NoEvidence, QueryFailed, Resolution, Resolved
from zehn.api.deps import ReadyServices, Services, get_services
from zehn.api.errors import ErrorOut, NotFound
from zehn.api.impact import impact as graded_impact
from zehn.api.inputs import AsOf, DocumentId, EntityId, EntityName, EvidenceId, OptionalName
from zehn.api.lookup import resolve_id
from zehn.api.schemas import (
    DocumentOut,
    EvidenceOut,
    GraphNode,
    ImpactOut,
    NeighborhoodOut,
    PolicyDetail,
    ResolutionOut,
)
from zehn.api.views import neighborhood, policy_out, records, resolution_out

router = APIRouter(prefix="/api", tags=["graph"])
Deps = ReadyServices  # 503 warming_up / unavailable while the graph is not ready
ERRORS: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorOut}, 422: {"model": ErrorOut}, 503: {"model": ErrorOut, "description": "graph unavailable"},
}


def _at(services: Services, as_of: str | None) -> Services:
    """The services reading the graph as of ``as_of`` (None: now); a malformed moment is a 422."""
    if as_of is None:
        return services
    return replace(services, executor=services.executor.at(parse_as_of(as_of)))


def _resolve(services: Services, name: str) -> Resolution:
    outcome = services.executor.resolve(name)
    if isinstance(outcome, QueryFailed):
        raise outcome.error
    return outcome


def _target(entity: str | None, entity_id: str | None) -> tuple[str, bool]:
    """What to look up and whether it is an id (the id wins when both are given); neither is a 422."""
    if entity_id is not None:
        return entity_id, True
    if entity is not None:
        return entity, False
    raise InputRejected("give entity (a name) or entity_id (an id, e.g. one candidate of an ambiguous name)")


@router.get("/evidence/{evidence_id}", response_model=EvidenceOut, responses=ERRORS,
            summary="One evidence sentence: its document, chunk and exact character range")
def evidence(evidence_id: EvidenceId, services: Deps) -> EvidenceOut:
    found = get_evidence(services.graph, [evidence_id])
    if not found:
        raise NotFound(f"no evidence {evidence_id!r}")
    return EvidenceOut(**found[0])


@router.get("/documents/{document_id}", response_model=DocumentOut, responses=ERRORS,
            summary="A document with the full text that evidence offsets refer to")
def document(document_id: DocumentId, services: Deps, as_of: AsOf = None,
             version: Annotated[int | None, Query(ge=1, description="A version number (see versions).")] = None,
             ) -> DocumentOut:
    doc = get_document(services.graph, document_id, as_of=None if as_of is None else parse_as_of(as_of),
                       version=version)
    if doc is None:
        raise NotFound(f"no document {document_id!r}" + (" at that moment or version" if as_of or version else ""))
    return DocumentOut(**doc)


@router.get("/entities", response_model=ResolutionOut, responses=ERRORS,
            summary="Resolve a name: resolved, ambiguous (all candidates), unknown or not in graph")
def entities(q: EntityName, services: Deps, as_of: AsOf = None) -> ResolutionOut:
    return resolution_out(_resolve(_at(services, as_of), q))


@router.get("/impact", response_model=ImpactOut, responses=ERRORS,
            summary="What breaks if an entity changes: resolve (a name, or an id), then the named query 'impact'")
def impact(services: Deps, entity: OptionalName = None, entity_id: EntityId = None,
           depth: Annotated[int, Query(ge=1, le=3, description="Hops, 1..3.")] = 2, as_of: AsOf = None) -> ImpactOut:
    target, by_id = _target(entity, entity_id)
    return graded_impact(_at(services, as_of), target, depth, by_id=by_id)


@router.get("/graph/neighborhood", response_model=NeighborhoodOut, responses=ERRORS,
            summary="One hop around an entity over walkable predicates (named query 'entity_profile')")
def graph_neighborhood(services: Deps, entity: OptionalName = None, entity_id: EntityId = None,
                       as_of: AsOf = None) -> NeighborhoodOut:
    services = _at(services, as_of)
    target, by_id = _target(entity, entity_id)
    res = resolve_id(services.executor, target) if by_id else _resolve(services, target)
    base = NeighborhoodOut(entity=res.name if by_id else target, outcome=res.outcome, resolution=resolution_out(res),
                           queries=records(res.queries), policy=policy_out(res.policy))
    if not isinstance(res, Resolved):
        return base
    outcome = services.executor.run("entity_profile", {"entity_id": res.entity.id})
    if isinstance(outcome, QueryFailed):
        raise outcome.error
    queries = records(res.queries + outcome.queries)
    if isinstance(outcome, NoEvidence):
        center = GraphNode(id=res.entity.id, name=res.entity.name, type=res.entity.type)
        return base.model_copy(update={"outcome": "no_evidence", "message": outcome.message, "center": center,
                                       "nodes": [center], "queries": queries})
    assert isinstance(outcome, Found)
    center_node, nodes, edges = neighborhood(outcome.subject, outcome.rows)
    return base.model_copy(update={"outcome": "found", "center": center_node, "nodes": nodes, "edges": edges,
                                   "queries": queries})


@router.get("/policy", response_model=PolicyDetail, summary="The traversal policy in force")
def policy(services: Annotated[Services, Depends(get_services)]) -> PolicyDetail:
    return PolicyDetail(**services.policy.to_dict())
