"""Request ids, the access log and /metrics on the running API: one id from the X-Request-ID header through the
log line to the answer object and back in the response header; latency by route template; answers by status;
graph availability probed at each scrape."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import build_services
from tests.zehn.api.sse import parse_sse
from zehn.api import Services, create_app
from zehn.graph_server import EmbeddedFalkorDB
from zehn.observability import logs
from zehn.observability.metrics import METRICS

QUESTION = {"question": "What does the geo-index depend on?"}


def sample(name: str, labels: dict[str, str]) -> float:
    return METRICS.registry.get_sample_value(name, labels) or 0.0


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    logs.configure("json", "INFO", stream=stream)
    yield stream
    for handler in [h for h in root.handlers if h.get_name() == "zehn"]:
        root.removeHandler(handler)
    root.setLevel(level)


def test_the_request_id_goes_from_header_to_log_to_answer(make_services: Callable[..., Services],
                                                          log_lines: io.StringIO) -> None:
    with TestClient(create_app(make_services(max_calls=3), frontend_dir=None)) as client:
        given = client.post("/api/answers", json=QUESTION, headers={"X-Request-ID": "req-given-1"})
        generated = client.post("/api/answers", json=QUESTION)
        streamed = client.post("/api/answers/stream", json=QUESTION, headers={"X-Request-ID": "req-stream-1"})
        stored = client.get(f"/api/answers/{given.json()['id']}").json()
    assert given.headers["X-Request-ID"] == given.json()["request_id"] == stored["request_id"] == "req-given-1"
    assert generated.headers["X-Request-ID"] == generated.json()["request_id"]
    assert len(generated.json()["request_id"]) == 32
    final = parse_sse(streamed.text)[-1]
    assert final[0] == "answer" and final[1]["answer"]["request_id"] == "req-stream-1"  # crossed into the thread
    access = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    hit = [r for r in access if r["logger"] == "zehn.http" and r["request_id"] == "req-given-1"]
    assert hit and hit[0]["route"] == "/api/answers" and hit[0]["status"] == 200 and hit[0]["duration_ms"] > 0


def test_metrics_count_requests_by_route_template_and_answers_by_status(
        make_services: Callable[..., Services]) -> None:
    services = make_services(max_calls=1)
    evidence_route = {"method": "GET", "route": "/api/evidence/{evidence_id}", "status": "404"}
    before_route = sample("zehn_http_request_duration_seconds_count", evidence_route)
    before_answers = {s: sample("zehn_answers_total", {"status": s}) for s in ("answered", "abstained")}
    with TestClient(create_app(services, frontend_dir=None)) as client:
        assert client.get("/api/evidence/ev_00000000000000aa").status_code == 404
        status = client.post("/api/answers", json=QUESTION).json()["status"]
        scraped = client.get("/metrics")
    assert scraped.status_code == 200 and scraped.headers["content-type"].startswith("text/plain")
    assert sample("zehn_http_request_duration_seconds_count", evidence_route) == before_route + 1
    assert sample("zehn_answers_total", {"status": status}) == before_answers[status] + 1
    assert sample("zehn_graph_up", {"graph": services.settings.graph_name}) == 1
    assert "ev_00000000000000aa" not in scraped.text  # ids never become label values


def test_graph_up_is_zero_when_the_server_is_down(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder) -> None:
    assert tiny_db.port is not None
    with TestClient(create_app(build_services(tiny_db.port, "tiny", None, embedder, max_calls=0),
                               frontend_dir=None)) as client:
        client.get("/metrics")
        assert sample("zehn_graph_up", {"graph": "tiny"}) == 1
        tiny_db.stop()
        assert client.get("/metrics").status_code == 200  # the scrape itself still works
    assert sample("zehn_graph_up", {"graph": "tiny"}) == 0
