"""Writes of the people features (projection, hand-off approvals): one fixed text, parameters, typed failures."""

from __future__ import annotations

from typing import Any, Protocol

import redis.exceptions

from traversal_policy.runner import map_error


class WritableGraph(Protocol):
    """The part of a falkordb ``Graph`` the people writes use."""

    @property
    def name(self) -> str: ...

    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any: ...


def run_write(graph: WritableGraph, text: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
    """Run one fixed text; a server that is gone or refuses is raised as its typed error, never an empty result."""
    try:
        return list(graph.query(text, params or {}).result_set)
    except (redis.exceptions.RedisError, OSError) as exc:
        raise map_error(exc, graph.name) from exc
