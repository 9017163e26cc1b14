"""A synchronous FalkorDB graph handle that fails fast, with connection errors mapped to GraphUnavailable."""

from __future__ import annotations

from typing import Any

import falkordb
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from extraction.errors import GraphUnavailable


def open_graph(host: str, port: int, graph_name: str, password: str | None = None,
               socket_timeout_s: float = 60.0) -> Any:
    """Select ``graph_name`` on the server. No client-side retries: a down server must fail now, not in 10 s."""
    try:
        db = falkordb.FalkorDB(
            host=host, port=port, password=password, socket_timeout=socket_timeout_s,
            socket_connect_timeout=5.0, retry=Retry(NoBackoff(), 0),
        )
        return db.select_graph(graph_name)
    except redis.ConnectionError as exc:
        raise GraphUnavailable(f"FalkorDB at {host}:{port} is not reachable: {exc}") from exc
