"""What the stores of service data (answers, change reviews) share: a writable graph handle, reads as a caller,
and database failures raised as the error hierarchy's kinds (never swallowed into an empty result)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import redis.exceptions

from extraction.access import ScopedGraph
from traversal_policy.runner import map_error
from zehn.access import Caller

T = TypeVar("T")


class GraphStore:
    """One named graph, unscoped for writes; every read goes through :meth:`_as` with the caller's scope."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph.base if isinstance(graph, ScopedGraph) else graph
        self._indexed = False

    def _as(self, caller: Caller) -> ScopedGraph:
        return ScopedGraph(self.graph, caller.scope)

    def _call(self, action: Callable[[], T]) -> T:
        try:
            return action()
        except (redis.exceptions.RedisError, OSError) as exc:
            raise map_error(exc, str(getattr(self.graph, "name", "-"))) from exc
