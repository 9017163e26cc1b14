"""A stopped graph server is 503 (never an empty result), and stored answers survive a server restart.

Each test runs its own embedded FalkorDB in tmp_path (two tiny documents), so stopping it disturbs nobody.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from extraction.embeddings import LocalEmbedder
from extraction.errors import GraphUnavailable
from tests.zehn.api.conftest import build_services
from traversal_policy import TraversalExecutor
from zehn.answers.model import Answer
from zehn.api import create_app
from zehn.graph_server import EmbeddedFalkorDB


class DownAnswerer:
    """Raises the way an answerer may when the graph is gone before it could even start."""

    mode = "deterministic"

    def __init__(self, _executor: TraversalExecutor, _graph: Any) -> None:
        self.calls = 0

    def answer(self, question: str, **_kwargs: Any) -> Answer:
        self.calls += 1
        assert self.calls == 1, "called more than once"
        raise GraphUnavailable("FalkorDB is unavailable: connection refused")


def test_a_stopped_graph_is_503_not_empty(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder) -> None:
    assert tiny_db.port is not None
    services = build_services(tiny_db.port, "tiny", None, embedder, max_calls=1)
    raising = build_services(tiny_db.port, "tiny", DownAnswerer, embedder)
    with TestClient(create_app(services, frontend_dir=None)) as client, \
            TestClient(create_app(raising, frontend_dir=None)) as raising_client:
        before = client.get("/api/health").json()["graph"]
        assert before["reachable"] is True and before["labels"]["Document"] == 2
        assert client.get("/api/history").json()["answers"] == []  # reachable and truly empty
        tiny_db.stop()

        health = client.get("/api/health")
        assert health.status_code == 503 and health.headers["retry-after"]
        body = health.json()
        assert body["status"] == "unavailable" and client.get("/api/health/live").status_code == 200
        assert body["api"]["status"] == "ok"
        assert body["graph"]["reachable"] is False and body["graph"]["error"]
        assert body["graph"]["labels"] is None and body["graph"]["relates"] is None  # not "0 nodes"

        history = client.get("/api/history")
        assert history.status_code == 503 and history.json()["status"] == "unavailable"
        assert history.json()["retriable"] is True

        answer = client.post("/api/answers", json={"question": "What does billing-api depend on?"})
        assert answer.status_code == 503, answer.text
        assert answer.json()["status"] == "unavailable"

        raised = raising_client.post("/api/answers", json={"question": "What does billing-api depend on?"})
        assert raised.status_code == 503 and raised.json()["status"] == "unavailable"

        for path, params in (("/api/entities", {"q": "billing-api"}), ("/api/impact", {"entity": "billing-api"}),
                             ("/api/graph/neighborhood", {"entity": "billing-api"}),
                             ("/api/evidence/ev_0000000000000000", {}), ("/api/documents/billing", {}),
                             ("/api/answers/ans_x", {})):
            response = client.get(path, params=params)
            assert response.status_code == 503, (path, response.text)
            assert "Traceback" not in response.text


def test_stored_answers_survive_a_server_restart(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder) -> None:
    assert tiny_db.port is not None
    with TestClient(create_app(build_services(tiny_db.port, "tiny", None, embedder), frontend_dir=None)) as client:
        answer = client.post("/api/answers", json={"question": "What does billing-api depend on?"}).json()
    assert answer["status"] == "answered" and answer["citations"]

    tiny_db.stop()
    tiny_db.start()  # same data dir: the append-only file brings the graph back
    assert tiny_db.port is not None
    with TestClient(create_app(build_services(tiny_db.port, "tiny", None, embedder, max_calls=0),
                               frontend_dir=None)) as client:
        stored = client.get(f"/api/answers/{answer['id']}")
        assert stored.status_code == 200
        assert stored.json() == answer
        assert [a["id"] for a in client.get("/api/history").json()["answers"]] == [answer["id"]]
