"""Fixtures: an AnswerService over the session's sample graph, and a scripted fake OpenAI-compatible server."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from traversal_policy import TraversalExecutor, load_policy
from zehn.agent import AnswerService, LLMConfig


@pytest.fixture(scope="session")
def sample_executor(sample_graph: tuple[Any, Any], embedder: LocalEmbedder) -> TraversalExecutor:
    return TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder)


@pytest.fixture(scope="session")
def service(sample_executor: TraversalExecutor, nlp: Language, sample_graph: tuple[Any, Any]) -> AnswerService:
    return AnswerService(sample_executor, nlp, sample_graph[0])


def completion(content: str | None = None, calls: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """A chat.completion body: a final message, or tool calls given as (name, raw JSON arguments)."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [{"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": args}}
                                 for i, (name, args) in enumerate(calls)]
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": [{"index": 0, "finish_reason": "tool_calls" if calls else "stop", "message": message}]}


class FakeModel:
    """Serves POST /v1/chat/completions from a script; an unscripted call answers 500 and is recorded as a failure."""

    def __init__(self) -> None:
        self.script: list[dict[str, Any] | float] = []  # a float = sleep that long, then answer 200 with a stop
        self.requests: list[dict[str, Any]] = []
        self.overflow: list[str] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                return

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                if not fake.script:
                    fake.overflow.append(f"unscripted call #{len(fake.requests)}")
                    self._send(500, {"error": {"message": "called more times than scripted"}})
                    return
                step = fake.script.pop(0)
                if isinstance(step, float):
                    time.sleep(step)
                    step = completion("late")
                self._send(200, step)

            def _send(self, code: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def config(self, **kw: Any) -> LLMConfig:
        values: dict[str, Any] = {"base_url": self.base_url, "api_key": "test", "model": "scripted-model",
                                  "timeout_s": 10.0, "max_steps": 6, "retries": 0, "backoff_s": 0.0, **kw}
        return LLMConfig(**values)


@pytest.fixture
def fake_model() -> Iterator[FakeModel]:
    fake = FakeModel()
    yield fake
    fake.server.shutdown()
    fake.server.server_close()
    assert not fake.overflow, f"the fake model was called more times than scripted: {fake.overflow}"
    assert not fake.script, f"scripted responses left unused: {len(fake.script)}"
