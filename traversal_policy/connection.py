"""Opening a graph for the named queries: fail fast when the server is gone (no retry, no backoff)."""

from __future__ import annotations

from typing import Any

import falkordb
import redis.exceptions
from redis.backoff import NoBackoff
from redis.retry import Retry

from .runner import ReadOnlyGraph, map_error

CONNECT_TIMEOUT_S = 2.0
SOCKET_MARGIN_S = 5.0  # the socket waits this much longer than the server-side query timeout


def connect(host: str, port: int, *, password: str | None = None, timeout_ms: int = 10_000) -> Any:
    """A falkordb client whose connection errors surface at once (redis-py would otherwise retry with backoff).

    The client talks to the server while it is built; a server that is not there raises GraphUnavailable.
    """
    try:
        return falkordb.FalkorDB(
            host=host, port=port, password=password, retry=Retry(NoBackoff(), 0),
            socket_connect_timeout=CONNECT_TIMEOUT_S, socket_timeout=timeout_ms / 1000.0 + SOCKET_MARGIN_S,
        )
    except (redis.exceptions.RedisError, OSError) as exc:
        raise map_error(exc, "-") from exc


def open_graph(host: str, port: int, graph_name: str, *, password: str | None = None,
               timeout_ms: int = 10_000) -> ReadOnlyGraph:
    graph: ReadOnlyGraph = connect(host, port, password=password, timeout_ms=timeout_ms).select_graph(graph_name)
    return graph
