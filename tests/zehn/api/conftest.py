"""API fixtures: services over the session's sample graph (``api_graph``, tests/zehn/conftest.py), a test client,
and uvicorn in a thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.graph_client import open_graph as open_rw_graph
from tests.zehn.api.fakes import FakeAnswerer
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.api import Answerer, Services, create_app
from zehn.graph_server import free_port
from zehn.history import AnswerStore
from zehn.settings import load_settings


def build_services(port: int, graph_name: str, answerer: Callable[[TraversalExecutor, Any], Answerer] | None,
                   embedder: LocalEmbedder | None, nlp: Language | None = None, max_calls: int = 1) -> Services:
    policy = load_policy()
    graph = open_rw_graph("127.0.0.1", port, graph_name)
    executor = TraversalExecutor(open_graph("127.0.0.1", port, graph_name), policy, embedder=embedder)
    made = answerer(executor, graph) if answerer else FakeAnswerer(executor, graph, max_calls=max_calls)
    settings = load_settings(graph_name=graph_name, falkordb_url=f"redis://127.0.0.1:{port}")
    return Services(settings=settings, policy=policy, graph=graph, executor=executor, answerer=made,
                    history=AnswerStore(graph), nlp=nlp)


@pytest.fixture
def make_services(api_graph: tuple[int, str], embedder: LocalEmbedder) -> Callable[..., Services]:
    def make(max_calls: int = 1, **kwargs: Any) -> Services:
        return build_services(api_graph[0], api_graph[1], None, embedder, max_calls=max_calls, **kwargs)
    return make


@pytest.fixture
def client(make_services: Callable[..., Services]) -> Iterator[TestClient]:
    with TestClient(create_app(make_services(max_calls=3), frontend_dir=None)) as test_client:
        yield test_client


class ServerThread:
    """uvicorn serving ``app`` on a free loopback port, in a thread."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
