"""The real services over a supervised embedded FalkorDB: kill -9 the server and answers flow again without a human;
restart it on a larger graph and no answer is served before every index is operational."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.index_readiness import index_readiness, wait_for_indexes
from extraction.pipeline import Ingestor
from tests.zehn.conftest import TINY_DOCS
from zehn.api import Services, create_app
from zehn.api.runtime import open_services
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings

QUESTION = {"question": "What does billing-api depend on?"}
DEADLINE_S = 120.0  # the restart budget: backoff 0.5 s, start, replay, index build


@pytest.fixture
def supervised(tmp_path: Path, nlp: Language, embedder: LocalEmbedder,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    monkeypatch.delenv("FALKORDB_URL", raising=False)
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in TINY_DOCS.items():
        (docs / name).write_text(text)
    settings = load_settings(data_dir=tmp_path / "data", graph_name="g", restart_backoff_s=0.2)
    with open_services(settings, nlp=nlp, embedder=embedder) as services:
        server = _server(services)
        assert server.port is not None
        Ingestor("127.0.0.1", server.port, "g", server.password, nlp=nlp, embedder=embedder).ingest([docs])
        # the ingest leaves indexes building; the tests start from a ready service, as a user would after startup
        wait_for_indexes(services.graph, deadline_s=DEADLINE_S)
        assert services.monitor is not None
        services.monitor.wait_ready(DEADLINE_S)
        yield services


def _server(services: Services) -> EmbeddedFalkorDB:
    target = getattr(services.monitor, "target", None)
    assert isinstance(target, EmbeddedFalkorDB)
    return target


def _kill_server(services: Services) -> int:
    server = _server(services)
    assert server.server_pid is not None
    pid = server.server_pid
    os.kill(pid, signal.SIGKILL)
    return pid


def test_kill_minus_9_of_the_server_and_answers_flow_again_by_themselves(supervised: Services) -> None:
    with TestClient(create_app(supervised, frontend_dir=None)) as client:
        first = client.post("/api/answers", json=QUESTION)
        assert first.status_code == 200, first.text
        assert supervised.monitor is not None
        restarts_before = supervised.monitor.snapshot().restarts
        _kill_server(supervised)
        codes: list[int] = []
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            response = client.post("/api/answers", json=QUESTION)
            codes.append(response.status_code)
            if response.status_code == 200:
                break
            assert response.status_code == 503 and response.headers["retry-after"], response.text
            time.sleep(0.05)  # polling for recovery, bounded by the deadline
        assert codes[-1] == 200, codes
        health = client.get("/api/health")
        assert health.status_code == 200
        body = health.json()
        assert body["status"] == "ready" and body["supervisor"]["mode"] == "embedded"
        assert body["supervisor"]["restarts"] == restarts_before + 1 and body["supervisor"]["last_restart_at"]
        assert "signal 9" in body["supervisor"]["last_error"]


def _grow(graph: Any) -> None:
    """Enough rows that FalkorDB needs seconds to rebuild its full-text and vector indexes after a restart."""
    graph.query("UNWIND range(1, 60000) AS i CREATE (:Evidence {id: 'ev_bulk_' + toString(i), document_id: 'bulk', "
                "text: 'bulk sentence ' + toString(i) + ' about queues, ledgers and invoices ' + toString(i * 7)})")
    graph.query("UNWIND range(1, 8000) AS i CREATE (:Chunk {id: 'bulk#' + toString(i), document_id: 'bulk', "
                "text: 'bulk chunk ' + toString(i), embedding: vecf32([x IN range(1, 384) | toFloat((x * i) % 97) "
                "/ 97.0])})")


@pytest.mark.slow
def test_after_a_restart_no_answer_is_served_before_every_index_is_operational(supervised: Services) -> None:
    _grow(supervised.graph)
    with TestClient(create_app(supervised, frontend_dir=None)) as client:
        _kill_server(supervised)
        events: list[tuple[str, Any]] = []
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            response = client.post("/api/answers", json=QUESTION)
            if response.status_code == 200:
                # the order that matters: this answer was served, and the indexes it needed were all operational
                events.append(("answered", index_readiness(supervised.graph).ready))
                break
            body = response.json()
            events.append(("refused", body.get("kind") or body.get("status")))
            time.sleep(0.05)  # polling for readiness, bounded by the deadline
    assert events[-1] == ("answered", True), events[-5:]
    kinds = [what for event, what in events if event == "refused"]
    assert "warming_up" in kinds, kinds[-10:]  # the index build was seen, and answered with 503 warming_up
