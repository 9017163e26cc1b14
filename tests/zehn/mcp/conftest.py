"""MCP fixtures: the real services (answering service in deterministic mode, spaCy for hop grades) over the
session's sample graph, and a helper that runs one async client session against an in-process server."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.server import Server
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import build_services
from traversal_policy import TraversalExecutor
from zehn.agent import AnswerService
from zehn.api import Services

T = TypeVar("T")


def real_services(port: int, graph: str, embedder: LocalEmbedder, nlp: Language) -> Services:
    def make(executor: TraversalExecutor, rw_graph: Any) -> AnswerService:
        return AnswerService(executor, nlp, rw_graph)

    return build_services(port, graph, make, embedder, nlp=nlp)


@pytest.fixture
def services(api_graph: tuple[int, str], embedder: LocalEmbedder, nlp: Language) -> Services:
    return real_services(api_graph[0], api_graph[1], embedder, nlp)


def session(server: Server[Any] | str | StdioServerParameters, body: Callable[[Client], Awaitable[T]]) -> T:
    """Connect the SDK's own client (in-process for a Server, streamable HTTP for a URL, a
    spawned process for stdio parameters) and run ``body``."""

    async def main() -> T:
        async with Client(server) as client:
            return await body(client)

    return anyio.run(main)
