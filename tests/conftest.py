"""Shared fixtures: one real embedded FalkorDB server per test session, a fresh named graph per test."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import falkordb
import pytest
import redis
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor, IngestReport
from zehn.graph_server import EmbeddedFalkorDB

# Starlette's TestClient sends "Host: testserver"; the apps under test trust it beside the loopback names.
os.environ.setdefault("ZEHN_TRUSTED_HOSTS", "127.0.0.1,localhost,::1,testserver")


@pytest.fixture(scope="session")
def falkordb_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedFalkorDB]:
    # A throwaway server without a password, so the tests' own clients stay plain; the password (the default) is
    # tested in tests/zehn/graph_server and by every test that starts ZEHN's commands.
    server = EmbeddedFalkorDB(tmp_path_factory.mktemp("falkordb"), requirepass=False)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def falkordb_client(falkordb_server: EmbeddedFalkorDB) -> falkordb.FalkorDB:
    assert falkordb_server.port is not None
    return falkordb.FalkorDB(host="127.0.0.1", port=falkordb_server.port)


@pytest.fixture
def graph_name(falkordb_client: falkordb.FalkorDB) -> Iterator[str]:
    """A unique graph name, deleted after the test."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    yield name
    # The test may never have created it, or stopped the server on purpose.
    with contextlib.suppress(redis.RedisError):
        falkordb_client.select_graph(name).delete()


@pytest.fixture(scope="session")
def sample_corpus_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "zehn" / "sample_corpus"


@pytest.fixture(scope="session")
def nlp() -> Language:
    return load_nlp()


@pytest.fixture(scope="session")
def embedder() -> LocalEmbedder:
    return LocalEmbedder()


@pytest.fixture(scope="session")
def sample_graph(
    falkordb_server: EmbeddedFalkorDB, sample_corpus_dir: Path, nlp: Language, embedder: LocalEmbedder
) -> tuple[Any, IngestReport]:
    """The bundled sample corpus, ingested once per session into its own graph. Tests must not write to it."""
    assert falkordb_server.port is not None
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, "sample", nlp=nlp, embedder=embedder)
    report = ingestor.ingest([sample_corpus_dir])
    return ingestor.graph, report
