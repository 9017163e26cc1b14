"""A document becomes current only once all its rows are written: SIGKILL a real ``zehn ingest`` after each step
of a document's ingest, check readers see only ready documents, re-run, and compare with a clean ingest."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path
from typing import Any

import pytest
from spacy.language import Language

from extraction.document_state import DOCUMENT_STEPS
from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import graph_stats
from extraction.graph_client import open_graph
from extraction.pipeline import Ingestor
from tests.zehn.processes import Lines, graph_counts, zehn
from zehn.graph_server import EmbeddedFalkorDB

DOCS = ("lark_jira_ops-412.md", "lark_confluence_platform-architecture.md", "lark_slack_routing-handover.md")


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory: pytest.TempPathFactory, sample_corpus_dir: Path) -> Path:
    folder = tmp_path_factory.mktemp("small")
    for name in DOCS:
        shutil.copy(sample_corpus_dir / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def clean_counts(falkordb_server: EmbeddedFalkorDB, small_corpus: Path, nlp: Language,
                 embedder: LocalEmbedder) -> dict[str, dict[str, int]]:
    assert falkordb_server.port is not None
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, "crash_clean", nlp=nlp, embedder=embedder)
    report = ingestor.ingest([small_corpus])
    assert report.documents == len(DOCS) and not report.errors
    return graph_counts(ingestor.graph)


@pytest.mark.slow
@pytest.mark.parametrize("step", DOCUMENT_STEPS)
def test_sigkill_after_any_step_then_rerun_equals_a_clean_ingest(
        step: str, falkordb_server: EmbeddedFalkorDB, small_corpus: Path, nlp: Language, embedder: LocalEmbedder,
        clean_counts: dict[str, Any]) -> None:
    assert falkordb_server.port is not None
    graph_name = f"crash_{step}"
    proc = zehn(["ingest", str(small_corpus), "--graph", graph_name, "--json"],
                {"FALKORDB_URL": falkordb_server.url, "ZEHN_TEST_PAUSE_AFTER_STEP": step})
    try:
        paused = Lines(proc).wait_for("test pause after step", deadline_s=240)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    graph = open_graph("127.0.0.1", falkordb_server.port, graph_name)
    visible = graph_stats(graph)
    status = graph_counts(graph)["status"]
    if step != "ready":  # the paused document is not ready, and readers do not see it
        assert status.get("ingesting", 0) >= 1, (paused, status)
        assert visible["labels"].get("Document", 0) == status.get("ready", 0)
        assert visible["pending_documents"] >= 1

    report = Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder).ingest(
        [small_corpus])
    assert not report.errors and report.rolled_back == 0
    if step != "ready":
        assert report.recovered >= 1
    assert graph_counts(graph) == clean_counts
    graph.delete()


def test_a_failing_document_is_rolled_back_and_the_exit_code_says_so(falkordb_server: EmbeddedFalkorDB,
                                                                      tmp_path: Path) -> None:
    doc = tmp_path / "a.md"
    doc.write_text("---\nid: \"doc__pending__x\"\n---\n\nThe billing-api service depends on the ledger-db.\n")
    proc = zehn(["ingest", str(doc), "--graph", "rollback_exit", "--json"], {"FALKORDB_URL": falkordb_server.url})
    out, _err = proc.communicate(timeout=240)
    assert proc.returncode == 5, out
    report = json.loads(out)
    assert report["rolled_back"] == 1 and report["documents"] == 0
    assert "rolled back" in report["error_details"][0]["reason"]
