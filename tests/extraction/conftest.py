"""Fixtures of the ingest tests: an Ingestor over a fresh graph of the session's server."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.pipeline import Ingestor
from zehn.graph_server import EmbeddedFalkorDB


@pytest.fixture
def ingestor(falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language, embedder: LocalEmbedder) -> Ingestor:
    assert falkordb_server.port is not None
    return Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder)
