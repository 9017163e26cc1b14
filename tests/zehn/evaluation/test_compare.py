"""``zehn eval --graph-a A --graph-b B``: two ingested graphs (the session's sample graph and a variant holding a
few of its documents) answer the same questions side by side, and neither graph changes."""

from __future__ import annotations

import contextlib
import json
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from spacy.language import Language
from typer.testing import CliRunner

from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import graph_stats
from extraction.graph_client import open_graph
from extraction.pipeline import Ingestor, IngestReport
from zehn.cli import app
from zehn.evaluation.compare import markdown
from zehn.graph_server import EmbeddedFalkorDB

QUESTIONS = [
    {"id": "g1", "kind": "ownership", "question": "Who owns geo-index?", "expect_status": ["answered"],
     "expected_answer_terms": ["Routing team"], "gold_doc_ids": ["lark_confluence_platform-architecture"]},
    {"id": "g2", "kind": "unknown_entity", "question": "Who owns payroll-sync?",
     "expect_status": ["unknown_entity", "abstained"], "expected_answer_terms": [], "gold_doc_ids": []},
]
VARIANT_DOCS = ("lark_jira_lar-88.md", "lark_slack_atlas-team.md")


@pytest.fixture
def variant(falkordb_server: EmbeddedFalkorDB, sample_corpus_dir: Path, tmp_path: Path, nlp: Language,
            embedder: LocalEmbedder) -> Iterator[str]:
    """A second extraction of part of the corpus, in a graph of its own on the same server."""
    assert falkordb_server.port is not None
    docs = tmp_path / "variant"
    docs.mkdir()
    for name in VARIANT_DOCS:
        shutil.copy(sample_corpus_dir / name, docs / name)
    name = f"variant_{uuid.uuid4().hex[:8]}"
    report = Ingestor("127.0.0.1", falkordb_server.port, name, nlp=nlp, embedder=embedder).ingest([docs])
    assert report.documents == len(VARIANT_DOCS)
    yield name
    with contextlib.suppress(redis.RedisError):
        open_graph("127.0.0.1", falkordb_server.port, name).delete()


def _eval(args: list[str], port: int | None, tmp_path: Path) -> Any:
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(json.dumps(q) for q in QUESTIONS) + "\n", encoding="utf-8")
    return CliRunner().invoke(app, ["eval", "--questions", str(questions), "--json", *args],
                              env={"FALKORDB_URL": f"redis://127.0.0.1:{port}"})


def test_two_graphs_side_by_side_and_neither_changes(sample_graph: tuple[Any, IngestReport], variant: str,
                                                     falkordb_server: EmbeddedFalkorDB, tmp_path: Path) -> None:
    port = falkordb_server.port
    graphs = {name: open_graph("127.0.0.1", port or 0, name) for name in ("sample", variant)}
    before = {name: graph_stats(g) for name, g in graphs.items()}
    result = _eval(["--graph-a", "sample", "--graph-b", variant], port, tmp_path)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    a, b = report["graph_a"], report["graph_b"]
    assert (a["name"], b["name"]) == ("sample", variant)
    assert a["stats"]["labels"]["Document"] == 26 and b["stats"]["labels"]["Document"] == len(VARIANT_DOCS)
    assert a["graph"]["by_kind"]["ownership"]["answered_right"] == 1.0
    assert b["graph"]["by_kind"]["ownership"]["answered_right"] == 0.0
    assert [d["id"] for d in report["differences"]] == ["g1"]
    assert {d["id"]: d["status"] for d in a["details"]}["g1"] == "answered"
    table = markdown(report)
    assert "| answered_right | 1.000 | 0.000 | A better |" in table and "- g1: A answered" in table
    after = {name: graph_stats(g) for name, g in graphs.items()}
    for name in graphs:
        assert after[name]["labels"] == before[name]["labels"], name  # no answers stored, nothing re-ingested
        assert "Answer" not in after[name]["labels"] and after[name]["last_ingest"] == before[name]["last_ingest"]


@pytest.mark.parametrize("args", [
    ["--graph-a", "sample", "--graph-b", "no_such_graph_here"],
    ["--graph-a", "sample", "--graph-b", "sample"],
    ["--graph-a", "sample"],
    ["--graph-a", "sample", "--graph-b", "other", "--corpus", "."],
])
def test_a_bad_comparison_is_rejected_before_anything_runs(sample_graph: tuple[Any, IngestReport],
                                                           falkordb_server: EmbeddedFalkorDB, tmp_path: Path,
                                                           args: list[str]) -> None:
    result = _eval(args, falkordb_server.port, tmp_path)
    assert result.exit_code == 2, result.output
    assert json.loads(result.stdout.splitlines()[-1])["error"] == "rejected"
