"""The ingest-side CLI: JSON shapes other tools rely on, exit codes, and FALKORDB_URL pointing at a server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from zehn.cli import app
from zehn.graph_server import EmbeddedFalkorDB

runner = CliRunner()


@pytest.fixture
def external(falkordb_server: EmbeddedFalkorDB, monkeypatch: pytest.MonkeyPatch, graph_name: str) -> str:
    """Point the CLI at the session server as an external FALKORDB_URL, on a fresh graph."""
    monkeypatch.setenv("FALKORDB_URL", falkordb_server.url)
    return graph_name


def _json(args: list[str]) -> object:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_ingest_evidence_document_stats_round_trip(external: str, tmp_path: Path) -> None:
    doc = tmp_path / "a.md"
    doc.write_text('---\nid: "doc_a"\nsource_type: "confluence"\ntitle: "A"\n---\n\n'
                   "The rate-engine service depends on the geo-index service.\n")
    report = _json(["ingest", str(doc), "--graph", external, "--json"])
    assert isinstance(report, dict)
    assert {"documents", "chunks", "entities", "relations", "evidence", "skipped", "errors", "seconds"} <= set(report)
    assert report["documents"] == 1 and report["evidence"] >= 1

    sample = _json(["evidence", "--sample", "5", "--graph", external, "--json"])
    assert isinstance(sample, list) and sample
    ev = sample[0]
    keys = {"id", "document_id", "document_title", "source_type", "chunk_id", "start", "end", "text", "subject",
            "predicate", "object", "rel_type"}
    assert keys <= set(ev)
    one = _json(["evidence", ev["id"], "--graph", external, "--json"])
    document = _json(["document", "doc_a", "--graph", external, "--json"])
    assert isinstance(one, dict) and isinstance(document, dict)
    assert document["text"][one["start"] : one["end"]] == one["text"]
    stats = _json(["stats", "--graph", external, "--json"])
    assert isinstance(stats, dict) and stats["evidence_share"] == 1.0 and stats["labels"]["Document"] == 1


def test_unknown_ids_exit_with_not_found(external: str) -> None:
    result = runner.invoke(app, ["evidence", "ev_0000000000000000", "--graph", external, "--json"])
    assert result.exit_code == 4
    assert json.loads(result.stdout)["error"] == "not_found"
    assert runner.invoke(app, ["document", "nope", "--graph", external]).exit_code == 4


def test_unreachable_external_server_is_unavailable_not_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    from zehn.graph_server import free_port

    monkeypatch.setenv("FALKORDB_URL", f"redis://127.0.0.1:{free_port()}")
    result = runner.invoke(app, ["stats", "--json"])
    assert result.exit_code == 3
    assert json.loads(result.stdout)["error"] == "unavailable"


def test_stats_on_a_graph_never_ingested_says_empty(external: str) -> None:
    stats = _json(["stats", "--graph", external, "--json"])
    assert isinstance(stats, dict) and stats["empty"] is True
