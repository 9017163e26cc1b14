"""POST /api/answers, the SSE stream, stored answers and history, over the sample graph (real FalkorDB)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from tests.zehn.api.fakes import FakeAnswerer
from tests.zehn.api.sse import parse_sse
from zehn.api import Services, create_app

ANSWERABLE = "What does rate-engine depend on?"
UNANSWERABLE = "zzyzx qwertyuiopasdf"


def test_answer_is_cited_verbatim_and_persisted(client: TestClient) -> None:
    response = client.post("/api/answers", json={"question": ANSWERABLE})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["status"] == "answered"
    assert answer["citations"] and answer["queries"] and answer["policy"]["name"]
    for citation in answer["citations"]:
        doc = client.get(f"/api/documents/{citation['document_id']}").json()
        assert doc["text"][citation["start"]:citation["end"]] == citation["text"]
    stored = client.get(f"/api/answers/{answer['id']}")
    assert stored.status_code == 200
    assert stored.json() == answer
    assert answer["created_at"]
    history = client.get("/api/history").json()
    assert history["answers"][0]["id"] == answer["id"]
    assert history["answers"][0]["citations"] == len({c["evidence_id"] for c in answer["citations"]})


def test_abstention_is_persisted_too(client: TestClient) -> None:
    answer = client.post("/api/answers", json={"question": UNANSWERABLE}).json()
    assert answer["status"] == "abstained"
    assert answer["citations"] == []
    assert client.get(f"/api/answers/{answer['id']}").json()["status"] == "abstained"


def test_history_is_newest_first_with_limit(client: TestClient) -> None:
    ids = [client.post("/api/answers", json={"question": q}).json()["id"] for q in (UNANSWERABLE, ANSWERABLE)]
    history = client.get("/api/history", params={"limit": 2}).json()
    assert history["limit"] == 2
    assert [a["id"] for a in history["answers"]] == ids[::-1]
    assert client.get("/api/history", params={"limit": 0}).status_code == 422


@pytest.mark.parametrize("body", [{"question": ""}, {"question": "   \n\t"}, {}, {"question": 7},
                                  {"question": "x" * 5000}])
def test_invalid_question_is_422_and_never_reaches_the_answerer(
    make_services: Callable[..., Services], body: dict[str, object],
) -> None:
    services = make_services(max_calls=0)
    with TestClient(create_app(services, frontend_dir=None)) as client:
        for path in ("/api/answers", "/api/answers/stream"):
            response = client.post(path, json=body)
            assert response.status_code == 422, response.text
            error = response.json()
            assert error["status"] == "rejected" and error["message"]
            assert "Traceback" not in response.text
    assert isinstance(services.answerer, FakeAnswerer) and services.answerer.calls == 0


def test_unknown_answer_id_is_404(client: TestClient) -> None:
    response = client.get("/api/answers/ans_does_not_exist")
    assert response.status_code == 404
    assert response.json()["status"] == "not_found"


def test_stream_sends_the_steps_in_order_then_the_stored_answer(client: TestClient) -> None:
    with client.stream("POST", "/api/answers/stream", json={"question": ANSWERABLE}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        body = "".join(response.iter_text())
    events = parse_sse(body)
    names = [name for name, _ in events]
    assert names[0] == "plan"
    assert names[-4:] == ["hop_grades", "draft", "verdict", "answer"]
    middle = names[1:-4]
    assert middle and set(middle) <= {"tool_call", "tool_result"} and middle[0] == "tool_call"
    tool_result = next(data for name, data in events if name == "tool_result")
    assert tool_result["queries"] and tool_result["queries"][0]["cypher"]
    final = events[-1][1]["answer"]
    assert final["status"] == "answered" and final["created_at"]
    assert client.get(f"/api/answers/{final['id']}").json() == final


def test_stream_reports_a_failure_as_an_error_event(make_services: Callable[..., Services]) -> None:
    services = make_services(max_calls=0)  # the first call fails loudly inside the worker thread
    with TestClient(create_app(services, frontend_dir=None)) as client:
        body = client.post("/api/answers/stream", json={"question": ANSWERABLE}).text
    events = parse_sse(body)
    assert [name for name, _ in events] == ["error"]
    assert events[0][1]["status"] == "error" and "Traceback" not in body
