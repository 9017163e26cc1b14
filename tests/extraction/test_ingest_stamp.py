"""The ingest stamp moves with every write a reader can see (ingest, edit, failed edit rolled back, delete, purge),
in that write's own query, and stays put when an ingest changes nothing; ``scope_version`` reads it."""

from __future__ import annotations

from pathlib import Path

import falkordb
import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.ingest_stamp import READ_STAMP
from extraction.pipeline import Ingestor
from traversal_policy import Found, TraversalExecutor, load_policy
from zehn.graph_server import EmbeddedFalkorDB

DOC = "---\nid: \"doc_stamp\"\ntitle: \"Export runbook\"\n---\n\nThe export job runs nightly.\n"


def _stamp(graph: falkordb.Graph) -> int | None:
    rows = graph.ro_query(READ_STAMP).result_set
    return int(rows[0][0]) if rows else None


def _version(graph: falkordb.Graph) -> dict[str, object]:
    outcome = TraversalExecutor(graph, load_policy()).run("scope_version", {})
    assert isinstance(outcome, Found)
    return dict(outcome.rows[0])


@pytest.fixture
def ingestor(falkordb_server: EmbeddedFalkorDB, graph_name: str, nlp: Language, embedder: LocalEmbedder) -> Ingestor:
    assert falkordb_server.port is not None
    return Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder)


def test_every_visible_change_moves_the_stamp_and_an_unchanged_ingest_does_not(ingestor: Ingestor,
                                                                                 tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(DOC)
    ingestor.ingest([doc])
    first = _stamp(ingestor.graph)
    assert first is not None and _version(ingestor.graph) == {"documents": None, "latest": None, "stamp": first}
    ingestor.ingest([doc])  # current: skipped
    assert _stamp(ingestor.graph) == first
    doc.write_text(DOC.replace("nightly", "hourly"))
    ingestor.ingest([doc])
    edited = _stamp(ingestor.graph)
    assert edited is not None and edited > first
    assert ingestor.delete("doc_stamp")
    deleted = _stamp(ingestor.graph)
    assert deleted is not None and deleted > edited
    assert ingestor.delete("doc_stamp", purge=True)
    purged = _stamp(ingestor.graph)
    assert purged is not None and purged > deleted


def test_a_failed_edit_rolled_back_moves_the_stamp_past_its_begin(ingestor: Ingestor, tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(DOC)
    ingestor.ingest([doc])
    before = _stamp(ingestor.graph)
    seen: list[int | None] = []

    def fail(step: str, _doc: str) -> None:
        if step == "evidence":
            seen.append(_stamp(ingestor.graph))  # after begin: the document left readers' view
            raise ValueError("test failure")

    ingestor.pause = fail
    doc.write_text(DOC.replace("nightly", "weekly"))
    report = ingestor.ingest([doc])
    assert report.rolled_back == 1
    after = _stamp(ingestor.graph)
    assert before is not None and seen[0] is not None and after is not None
    assert before < seen[0] < after  # the restore moved it again


def test_a_graph_written_before_the_stamp_reads_its_version_from_its_documents(
        falkordb_client: falkordb.FalkorDB, graph_name: str) -> None:
    graph = falkordb_client.select_graph(graph_name)
    graph.query("CREATE (:Document {id: 'd', status: 'ready', access: ['everyone'], ingested_at: '2026-01-01'})")
    assert _version(graph) == {"documents": 1, "latest": "2026-01-01", "stamp": None}
