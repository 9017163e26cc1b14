"""``GET /api/health``: the API's health and the graph's health, reported as two separate facts.

The API part is always "ok" when this answers. The graph part says whether FalkorDB is reachable and, when it
is, what it holds (counts by label and predicate, the share of RELATES edges that carry evidence, the last
ingest). An unreachable graph is ``reachable: false`` with the reason, never a graph with zero nodes.
"""

from __future__ import annotations

from importlib import metadata
from typing import Annotated

import redis.exceptions
from fastapi import APIRouter, Depends
from starlette.concurrency import run_in_threadpool

from extraction.errors import ZehnError
from extraction.evidence_reads import graph_stats
from traversal_policy.outcomes import failure_kind
from traversal_policy.runner import map_error
from zehn.answers.model import PolicyOut
from zehn.api.deps import Services, get_services
from zehn.api.schemas import ApiHealth, GraphHealth, HealthOut

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


@router.get("/health", response_model=HealthOut, summary="API health and graph health, as two facts")
async def health(services: Annotated[Services, Depends(get_services)]) -> HealthOut:
    graph = await run_in_threadpool(graph_health, services)
    info = services.policy.info()
    return HealthOut(
        api=ApiHealth(version=_version()), graph=graph,
        policy=PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode),
        answer_mode=services.answerer.mode,
    )
