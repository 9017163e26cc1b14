"""An answer service over a folder of fixture documents ingested into a fresh graph of the test server (dropped
after), for tests that ask questions of documents written for them."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path

import redis
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.agent import AnswerService
from zehn.graph_server import EmbeddedFalkorDB


@contextlib.contextmanager
def service_over(folder: Path, server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder,
                 prefix: str) -> Iterator[AnswerService]:
    """Every ``*.md`` of ``folder`` must ingest (the assertion names the errors otherwise)."""
    assert server.port is not None
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    ingestor = Ingestor("127.0.0.1", server.port, name, nlp=nlp, embedder=embedder)
    try:
        report = ingestor.ingest([folder])
        assert report.documents == len(list(folder.glob("*.md"))), report.errors
        graph = open_graph("127.0.0.1", server.port, name)
        yield AnswerService(TraversalExecutor(graph, load_policy(), embedder=embedder), nlp, ingestor.graph)
    finally:
        with contextlib.suppress(redis.RedisError):
            ingestor.graph.delete()
