"""``GET /metrics``: Prometheus text format. The graph's availability is probed at each scrape (one cheap
read), so ``zehn_graph_up`` says what is true now, not what the last answer saw."""

from __future__ import annotations

from typing import Annotated

import redis.exceptions
from fastapi import APIRouter, Depends, Response
from starlette.concurrency import run_in_threadpool

from extraction.errors import ZehnError
from extraction.evidence_reads import graph_exists
from zehn.api.deps import Services, get_services
from zehn.observability.metrics import CONTENT_TYPE, METRICS

router = APIRouter(tags=["monitoring"])


def probe_graph(services: Services) -> bool:
    """True when the graph server answers (whether or not anything was ingested yet)."""
    try:
        graph_exists(services.graph)
    except (redis.exceptions.RedisError, OSError, ZehnError):
        return False
    return True


@router.get("/metrics", include_in_schema=False)
async def metrics(services: Annotated[Services, Depends(get_services)]) -> Response:
    METRICS.set_graph_up(services.settings.graph_name, await run_in_threadpool(probe_graph, services))
    return Response(METRICS.render(), media_type=CONTENT_TYPE)
