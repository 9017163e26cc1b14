"""``GET /api/health`` (readiness) and ``GET /api/health/live`` (liveness).

``/api/health`` reports the API and the graph as separate facts, plus the supervisor of the graph server. Its
``status`` is ``ready`` (200), or ``warming_up`` / ``unavailable`` (503, so a load balancer or an operator's probe
takes this instance out while it cannot answer). The body is the same either way: the graph part says whether
FalkorDB is reachable and, when it is, what it holds (counts by label and predicate, the share of RELATES edges
that carry evidence, the last ingest). An unreachable graph is ``reachable: false`` with the reason, never a graph
with zero nodes. ``/api/health/live`` is 200 whenever the process answers at all.
"""

from __future__ import annotations

from importlib import metadata
from typing import Annotated, Literal

import redis.exceptions
from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from extraction.errors import ZehnError
from extraction.evidence_reads import graph_stats
from traversal_policy.outcomes import failure_kind
from traversal_policy.runner import map_error
from zehn.answers.model import PolicyOut
from zehn.api.deps import Services, get_services
from zehn.api.errors import RETRY_AFTER_S
from zehn.api.schemas import ApiHealth, GraphHealth, HealthOut, LiveOut, SupervisorOut

router = APIRouter(prefix="/api", tags=["health"])


def _version() -> str:
    try:
        return metadata.version("zehn")
    except metadata.PackageNotFoundError:
        return "unknown"


def graph_health(services: Services) -> GraphHealth:
    name = services.settings.graph_name
    try:
        stats = graph_stats(services.graph)
    except (redis.exceptions.RedisError, OSError) as exc:
        error = map_error(exc, name)
        return GraphHealth(name=name, reachable=False, error=str(error), kind=failure_kind(error))
    except ZehnError as exc:
        return GraphHealth(name=name, reachable=False, error=str(exc), kind=failure_kind(exc))
    return GraphHealth(
        name=name, reachable=True, exists=not stats["empty"], labels=stats["labels"], rel_types=stats["rel_types"],
        relates=stats["relates"], relates_with_evidence=stats["relates_with_evidence"],
        evidence_share=stats["evidence_share"], last_ingest=stats["last_ingest"],
    )


def _report(services: Services) -> HealthOut:
    supervisor = None
    status: Literal["ready", "warming_up", "unavailable"] = "ready"
    if services.monitor is not None:
        snap = services.monitor.snapshot()
        status = snap.status
        supervisor = SupervisorOut(mode=snap.mode, state=snap.state, restarts=snap.restarts,
                                   last_error=snap.last_error, last_restart_at=snap.last_restart_at,
                                   detail=snap.detail)
    graph = graph_health(services) if status != "unavailable" else GraphHealth(
        name=services.settings.graph_name, reachable=False, kind="unavailable",
        error=f"the graph server is {supervisor.state if supervisor else 'down'}: "
              f"{supervisor.last_error if supervisor else ''}")
    if not graph.reachable:
        status = "unavailable"
    info = services.policy.info()
    return HealthOut(status=status, api=ApiHealth(version=_version()), graph=graph,
                     policy=PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode),
                     answer_mode=services.answerer.mode, supervisor=supervisor)


@router.get("/health", response_model=HealthOut, summary="Readiness: API health, graph health, supervisor",
            responses={503: {"model": HealthOut, "description": "the graph is warming up or unavailable (same body; "
                                                                 "a Retry-After header says when to look again)"}})
async def health(services: Annotated[Services, Depends(get_services)]) -> HealthOut | JSONResponse:
    report = await run_in_threadpool(_report, services)
    if report.status != "ready":
        return JSONResponse(status_code=503, content=report.model_dump(mode="json"),
                            headers={"Retry-After": str(RETRY_AFTER_S)})
    return report


@router.get("/health/live", response_model=LiveOut, summary="Liveness: 200 whenever the process answers")
async def live() -> LiveOut:
    return LiveOut()
