"""People fixtures: the documents in tests/zehn/people/fixtures, ingested once per session into their own graph
(with the collaboration projection rebuilt), shared by the people tests and the people API tests. Read-only:
tests that approve hand-offs ingest their own copy (``fresh_people_graph``)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.graph_client import open_graph as open_rw_graph
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.graph_server import EmbeddedFalkorDB
from zehn.people.projection import rebuild

PEOPLE_FIXTURES = Path(__file__).resolve().parent / "people" / "fixtures"
PEOPLE_DOCUMENTS = 11


def ingest_people(port: int, nlp: Language, embedder: LocalEmbedder) -> str:
    name = f"people_{uuid.uuid4().hex[:8]}"
    report = Ingestor("127.0.0.1", port, name, nlp=nlp, embedder=embedder).ingest([PEOPLE_FIXTURES])
    assert report.documents == PEOPLE_DOCUMENTS, report.errors
    rebuild(open_rw_graph("127.0.0.1", port, name))
    return name


def _drop(port: int, name: str) -> None:
    with contextlib.suppress(redis.RedisError):
        open_rw_graph("127.0.0.1", port, name).delete()


@pytest.fixture(scope="session")
def people_graph(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder,
                 ) -> Iterator[tuple[int, str]]:
    assert falkordb_server.port is not None
    name = ingest_people(falkordb_server.port, nlp, embedder)
    yield falkordb_server.port, name
    _drop(falkordb_server.port, name)


@pytest.fixture(scope="module")
def fresh_people_graph(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder,
                       ) -> Iterator[tuple[int, str]]:
    """A writable copy for tests that approve hand-offs (one per module)."""
    assert falkordb_server.port is not None
    name = ingest_people(falkordb_server.port, nlp, embedder)
    yield falkordb_server.port, name
    _drop(falkordb_server.port, name)


@pytest.fixture
def people_executor(people_graph: tuple[int, str]) -> TraversalExecutor:
    return TraversalExecutor(open_graph("127.0.0.1", people_graph[0], people_graph[1]), load_policy())


ExecutorFor = Callable[[tuple[int, str]], TraversalExecutor]
