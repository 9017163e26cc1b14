"""Five ``zehn ingest`` of one folder into one data dir at once: into the dir of a running server, and into an
empty dir (the processes start, share and hand over one server among themselves). Either way the graph equals a
clean ingest, with no orphan rows, and every process exits 0."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pytest

from extraction.graph_client import open_graph
from extraction.pipeline import IngestReport
from tests.zehn.processes import graph_counts, zehn
from zehn.graph_server import EmbeddedFalkorDB
from zehn.people.projection import rebuild

PROJECTION = ("MATCH (c:Collaborator) OPTIONAL MATCH (c)-[w:COLLABORATED_WITH]->() "
              "RETURN count(DISTINCT c), count(w)")

PROCESSES = 5


def _run_five(corpus: Path, data_dir: Path) -> list[dict[str, Any]]:
    procs = [zehn(["ingest", str(corpus), "--data-dir", str(data_dir), "--graph", "zehn", "--json"])
             for _ in range(PROCESSES)]
    reports = []
    try:
        for proc in procs:
            out, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, err[-3000:]
            reports.append(json.loads(out))
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
    return reports


def _check(reports: list[dict[str, Any]], counts: dict[str, dict[str, int]], clean: dict[str, dict[str, int]],
           documents: int) -> None:
    assert sum(r["documents"] for r in reports) == documents  # each document ingested once, by one process
    assert all(r["errors"] == 0 and r["rolled_back"] == 0 for r in reports)
    assert counts == clean
    assert counts["orphans"].get("orphan evidence", 0) == 0
    assert counts["orphan_chunks"].get("orphan chunks", 0) == 0


@pytest.mark.slow
def test_five_ingests_into_a_running_servers_dir_equal_a_clean_ingest(
        tmp_path: Path, sample_corpus_dir: Path, sample_graph: tuple[Any, IngestReport]) -> None:
    clean = graph_counts(sample_graph[0])
    with EmbeddedFalkorDB(tmp_path / "data", requirepass=False) as server:
        reports = _run_five(sample_corpus_dir, tmp_path / "data")
        assert server.port is not None
        graph = open_graph("127.0.0.1", server.port, "zehn", server.password)
        counts = graph_counts(graph)
        _check_projection(graph)
    _check(reports, counts, clean, sample_graph[1].documents)


def _check_projection(graph: Any) -> None:
    """The people projection the five processes left behind is the one a rebuild makes now."""
    left = graph.ro_query(PROJECTION).result_set
    rebuild(graph)
    assert left == graph.ro_query(PROJECTION).result_set and left[0][0] > 0


@pytest.mark.slow
def test_five_ingests_into_an_empty_dir_share_one_server_and_equal_a_clean_ingest(
        tmp_path: Path, sample_corpus_dir: Path, sample_graph: tuple[Any, IngestReport]) -> None:
    clean = graph_counts(sample_graph[0])
    reports = _run_five(sample_corpus_dir, tmp_path / "data")
    assert not (tmp_path / "data" / "falkordb.server.json").exists()  # the last one out stopped the server
    with EmbeddedFalkorDB(tmp_path / "data", requirepass=False) as server:
        assert server.port is not None
        graph = open_graph("127.0.0.1", server.port, "zehn", server.password)
        counts = graph_counts(graph)
        _check_projection(graph)
    _check(reports, counts, clean, sample_graph[1].documents)
