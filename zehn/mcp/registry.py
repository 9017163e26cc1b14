"""The MCP tool registry: one :class:`ToolSpec` per tool. Adding a tool is adding one entry to :func:`tool_specs`.

A tool's ``run`` is blocking (it queries the graph; the server calls it in a worker thread) and returns a
:class:`ToolOutput`; it *raises* ZEHN's typed errors for what went wrong, which the server turns into an error
result (``isError``) saying what kind of failure it was. It never returns an empty success for a failure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from zehn.api.deps import Services


@dataclass(frozen=True)
class ToolOutput:
    structured: BaseModel  # the result as JSON (MCP ``structuredContent``)
    text: str  # the same result for a reader (MCP text content)
    is_error: bool = False  # e.g. ``ask`` whose answer is "unavailable"


ToolRun = Callable[[Services, Mapping[str, Any]], ToolOutput]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: Mapping[str, Any]
    run: ToolRun
    read_only: bool = True


def tool_specs() -> tuple[ToolSpec, ...]:
    """Every tool the server offers, in listing order: the catalogue's named queries, ``ask``, ``change_review``."""
    from zehn.mcp.ask_tool import ASK
    from zehn.mcp.query_tools import catalogue_tools
    from zehn.mcp.review_tool import CHANGE_REVIEW

    return (*catalogue_tools(), ASK, CHANGE_REVIEW)
