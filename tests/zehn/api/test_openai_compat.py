"""The OpenAI-compatible endpoint with the real ``openai`` client against the app behind uvicorn, over the sample
graph with the real answering service: content is the answer text, ``zehn`` carries status, citations and grades,
streaming follows OpenAI's chunk format, errors follow OpenAI's shape."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import openai
import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import ServerThread
from tests.zehn.mcp.conftest import real_services
from zehn.api import create_app
from zehn.graph_server import EmbeddedFalkorDB

QUESTION = "Who owns geo-index?"


@pytest.fixture(scope="module")
def server(api_graph: tuple[int, str], embedder: LocalEmbedder, nlp: Language) -> Iterator[ServerThread]:
    app = create_app(real_services(api_graph[0], api_graph[1], embedder, nlp), frontend_dir=None)
    with ServerThread(app) as running:
        yield running


def client_for(server: ServerThread) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key="not-needed", max_retries=0, timeout=60)


def test_models_lists_zehn(server: ServerThread) -> None:
    assert [m.id for m in client_for(server).models.list()] == ["zehn"]


def test_a_completion_is_the_answer_with_citations_in_the_extension(server: ServerThread) -> None:
    raw = client_for(server).chat.completions.with_raw_response.create(
        model="zehn", messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": QUESTION}],
        temperature=0.2)
    completion = raw.parse()
    extension: dict[str, Any] = (completion.model_extra or {})["zehn"]
    assert completion.object == "chat.completion" and completion.model == "zehn"
    assert completion.choices[0].message.role == "assistant" and completion.choices[0].finish_reason == "stop"
    assert extension["status"] == "answered" and extension["citations"] and extension["hop_grades"]
    assert raw.headers["x-request-id"] == extension["request_id"]
    stored = httpx.get(f"{server.url}/api/answers/{extension['answer_id']}", timeout=10).json()
    assert completion.choices[0].message.content == stored["text"]
    assert stored["request_id"] == extension["request_id"]
    for citation in extension["citations"]:
        assert citation["evidence_id"] in extension["evidence_ids"]
        assert citation["evidence_id"] in completion.choices[0].message.content
        document = httpx.get(f"{server.url}/api/documents/{citation['document_id']}", timeout=10).json()
        assert document["text"][citation["start"]:citation["end"]] == citation["text"]


def test_an_unanswerable_question_abstains_with_status_in_the_extension(server: ServerThread) -> None:
    completion = client_for(server).chat.completions.create(
        model="zehn", messages=[{"role": "user", "content": [{"type": "text", "text": "What is the wifi password?"}]}])
    extension = (completion.model_extra or {})["zehn"]
    assert extension["status"] == "abstained" and extension["citations"] == []
    assert completion.choices[0].message.content


def test_streaming_sends_steps_then_the_gated_text_then_done(server: ServerThread) -> None:
    chunks = list(client_for(server).chat.completions.create(
        model="zehn", messages=[{"role": "user", "content": QUESTION}], stream=True))
    assert chunks[0].choices[0].delta.role == "assistant"
    steps = [(c.model_extra or {}).get("zehn", {}).get("event") for c in chunks]
    assert "plan" in steps and "tool_call" in steps and steps[-1] == "answer"
    assert chunks[-1].choices[0].finish_reason == "stop"
    final = (chunks[-1].model_extra or {})["zehn"]["answer"]
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    stored = httpx.get(f"{server.url}/api/answers/{final['answer_id']}", timeout=10).json()
    assert final["status"] == "answered" and text == stored["text"]
    assert all(c.object == "chat.completion.chunk" and c.id == chunks[0].id for c in chunks)


def test_the_stream_is_openai_sse_ending_in_done(server: ServerThread) -> None:
    response = httpx.post(f"{server.url}/v1/chat/completions", timeout=60, json={
        "model": "zehn", "stream": True, "messages": [{"role": "user", "content": QUESTION}]})
    data = [line[len("data: "):] for line in response.text.splitlines() if line.startswith("data: ")]
    assert response.headers["content-type"].startswith("text/event-stream")
    assert data[-1] == "[DONE]" and all(d.startswith("{") for d in data[:-1])


@pytest.mark.parametrize(("body", "error", "code"), [
    ({"model": "gpt-4o", "messages": [{"role": "user", "content": QUESTION}]}, openai.NotFoundError,
     "model_not_found"),
    ({"model": "zehn", "messages": [{"role": "system", "content": "no question"}]}, openai.BadRequestError,
     "invalid_request"),
    ({"model": "zehn", "messages": [{"role": "user", "content": "   "}]}, openai.BadRequestError, "invalid_request"),
    ({"model": "zehn", "messages": []}, openai.BadRequestError, "invalid_request"),
])
def test_bad_requests_are_openai_errors(server: ServerThread, body: dict[str, Any], error: type[Exception],
                                        code: str) -> None:
    with pytest.raises(error) as raised:
        client_for(server).chat.completions.create(**body)
    assert isinstance(raised.value, openai.APIStatusError)
    assert raised.value.body["code"] == code  # type: ignore[index]


def test_a_down_graph_is_503_in_openai_shape(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder,
                                             nlp: Language) -> None:
    assert tiny_db.port is not None
    app = create_app(real_services(tiny_db.port, "tiny", embedder, nlp), frontend_dir=None)
    with ServerThread(app) as running:
        tiny_db.stop()
        client = client_for(running)
        for stream in (False, True):
            with pytest.raises(openai.APIStatusError) as raised:
                client.chat.completions.create(model="zehn", stream=stream,
                                               messages=[{"role": "user", "content": "Who owns billing-api?"}])
            assert raised.value.status_code == 503
            assert raised.value.body["code"] == "unavailable"  # type: ignore[index]
            assert raised.value.body["type"] == "service_unavailable"  # type: ignore[index]
            if not stream:  # the answer itself comes along, so a ZEHN-aware client sees the status
                assert raised.value.response.json()["zehn"]["status"] == "unavailable"
