"""The API wired to the real answering service (zehn.agent.AnswerService, deterministic mode) on the sample graph."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import build_services
from tests.zehn.api.sse import parse_sse
from traversal_policy import TraversalExecutor
from zehn.agent import AnswerService
from zehn.api import create_app


@pytest.fixture
def real_client(api_graph: tuple[int, str], embedder: LocalEmbedder, nlp: Language) -> Iterator[TestClient]:
    def make(executor: TraversalExecutor, graph: Any) -> AnswerService:
        return AnswerService(executor, nlp, graph)

    services = build_services(api_graph[0], api_graph[1], make, embedder, nlp=nlp)
    with TestClient(create_app(services, frontend_dir=None)) as client:
        yield client


def test_answerable_question_is_answered_with_verbatim_citations(real_client: TestClient) -> None:
    response = real_client.post("/api/answers", json={"question": "What breaks if we change geo-index?"})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["status"] == "answered" and answer["mode"] == "deterministic"
    assert answer["citations"] and answer["paths"] and answer["queries"]
    for citation in answer["citations"]:
        doc = real_client.get(f"/api/documents/{citation['document_id']}").json()
        assert doc["text"][citation["start"]:citation["end"]] == citation["text"]
        assert real_client.get(f"/api/evidence/{citation['evidence_id']}").status_code == 200
    assert real_client.get(f"/api/answers/{answer['id']}").json() == answer
    assert real_client.get("/api/history").json()["answers"][0]["id"] == answer["id"]


def test_unanswerable_question_abstains_and_is_kept(real_client: TestClient) -> None:
    answer = real_client.post("/api/answers", json={"question": "What is the office wifi password?"}).json()
    assert answer["status"] == "abstained" and answer["citations"] == []
    assert real_client.get(f"/api/answers/{answer['id']}").json()["status"] == "abstained"


def test_ambiguous_name_lists_candidates(real_client: TestClient) -> None:
    answer = real_client.post("/api/answers", json={"question": "Who owns Atlas?"}).json()
    assert answer["status"] == "ambiguous"
    assert {c["entity_id"] for c in answer["candidates"]} >= {"team:atlas", "customer:atlas"}


def test_real_stream_order(real_client: TestClient) -> None:
    events = parse_sse(real_client.post("/api/answers/stream", json={"question": "Who owns geo-index?"}).text)
    names = [name for name, _ in events]
    assert names[0] == "plan" and names[-4:] == ["hop_grades", "draft", "verdict", "answer"]
    assert set(names[1:-4]) == {"tool_call", "tool_result"}
    assert all(names[i] == "tool_call" and names[i + 1] == "tool_result" for i in range(1, len(names) - 4, 2))
    final = events[-1][1]["answer"]
    assert final["status"] == "answered" and final["citations"]
    assert real_client.get("/api/health").json()["answer_mode"] == "deterministic"


def test_a_deterministic_stream_shows_each_tool_call_with_its_arguments_and_result(real_client: TestClient) -> None:
    events = parse_sse(real_client.post("/api/answers/stream", json={"question": "Who owns geo-index?"}).text)
    calls = [data for name, data in events if name == "tool_call"]
    results = [data for name, data in events if name == "tool_result"]
    assert {"name": "resolve_entity", "args": {"name": "geo-index"}} in calls
    walk = next(c for c in calls if c["name"] == "who_owns")
    assert walk["args"]["entity_id"]
    owners = next(r for r in results if r["name"] == "who_owns")
    assert owners["outcome"] == "found" and owners["rows"] >= 1 and owners["queries"][0]["cypher"]
    assert [c["name"] for c in calls] == [r["name"] for r in results]
