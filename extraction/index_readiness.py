"""Is a graph ready to answer? Every index it has must be operational.

FalkorDB rebuilds full-text and vector indexes in the background after it loads a graph (``CALL db.indexes()``
reports ``[Indexing] n/m: UNDER CONSTRUCTION`` until done). A search run meanwhile silently finds less, so an
answer given then can differ from the same answer a minute later: until every index reports ``OPERATIONAL`` the
graph is "warming up", not ready.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from redis.exceptions import ResponseError

from extraction.errors import GraphWarmingUp

INDEX_STATES = "CALL db.indexes()"  # fixed text; columns read by name (label, status)
OPERATIONAL = "OPERATIONAL"
POLL_S = 0.2


@dataclass(frozen=True)
class IndexReadiness:
    ready: bool
    building: tuple[str, ...]  # "Evidence: [Indexing] 500/9000: UNDER CONSTRUCTION", one per index not ready

    @property
    def detail(self) -> str | None:
        return "; ".join(self.building) or None


def index_readiness(graph: Any) -> IndexReadiness:
    """The state of every index of ``graph``. A graph never written to has nothing to build: ready.

    Redis errors (server down, still loading) propagate: they are not readiness facts."""
    try:
        result = graph.ro_query(INDEX_STATES)
    except ResponseError as exc:
        if "empty key" in str(exc):
            return IndexReadiness(True, ())
        raise
    names = [column[1] if isinstance(column, list | tuple) else column for column in result.header]
    label_at, status_at = names.index("label"), names.index("status")
    building = tuple(f"{row[label_at]}: {row[status_at]}" for row in result.result_set
                     if row[status_at] != OPERATIONAL)
    return IndexReadiness(not building, building)


def wait_for_indexes(graph: Any, deadline_s: float = 600.0,
                     on_wait: Callable[[IndexReadiness], None] | None = None) -> IndexReadiness:
    """Block until every index of ``graph`` is operational; GraphWarmingUp when ``deadline_s`` runs out."""
    deadline = time.monotonic() + deadline_s
    told = False
    while True:
        state = index_readiness(graph)
        if state.ready:
            return state
        if on_wait is not None and not told:
            on_wait(state)
            told = True
        if time.monotonic() > deadline:
            raise GraphWarmingUp(f"indexes still building after {deadline_s:.0f}s: {state.detail}")
        time.sleep(POLL_S)  # polling the server's own index state
