"""Fixtures shared by the service's tests (API, MCP, evaluation, people): the sample corpus ingested once per session
into a graph that answers may be written to, a tiny separately-served graph that tests may stop and restart, and
the people fixtures (tests/zehn/people/fixtures) ingested once per session with their collaboration projection
(read-only: tests that approve hand-offs ingest their own copy, ``fresh_people_graph``)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
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

TINY_DOCS = {
    "billing.md": "# Billing\n\nbilling-api depends on ledger-db for invoices.\n",
    "owners.md": "# Owners\n\nThe Payments team owns billing-api.\n",
}


@pytest.fixture(scope="session")
def api_graph(falkordb_server: EmbeddedFalkorDB, sample_corpus_dir: Path, nlp: Language,
              embedder: LocalEmbedder) -> Iterator[tuple[int, str]]:
    """The sample corpus in a graph of its own, which the API tests may write answers to ("sample" stays
    read-only). Ingested rather than GRAPH.COPY-ed: the copy forks the server, which hung once under load."""
    assert falkordb_server.port is not None
    name = f"api_sample_{uuid.uuid4().hex[:8]}"
    report = Ingestor("127.0.0.1", falkordb_server.port, name, nlp=nlp, embedder=embedder).ingest([sample_corpus_dir])
    assert report.documents == 26, report.errors
    yield falkordb_server.port, name
    with contextlib.suppress(redis.RedisError):
        open_rw_graph("127.0.0.1", falkordb_server.port, name).delete()


@pytest.fixture
def tiny_db(tmp_path: Path, nlp: Language, embedder: LocalEmbedder) -> Iterator[EmbeddedFalkorDB]:
    """A separate embedded FalkorDB in tmp_path holding two tiny ingested documents (graph "tiny")."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in TINY_DOCS.items():
        (docs / name).write_text(text)
    server = EmbeddedFalkorDB(tmp_path / "db", requirepass=False)
    server.start()
    assert server.port is not None
    report = Ingestor("127.0.0.1", server.port, "tiny", nlp=nlp, embedder=embedder).ingest([docs])
    assert report.documents == 2, report.errors
    yield server
    server.stop()


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
