"""`zehn ask` (the answering service directly, no HTTP) against the API test graph on the session server."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from zehn.cli import app


def test_ask_prints_the_answer_object_and_keeps_it(api_graph: tuple[int, str], monkeypatch: pytest.MonkeyPatch,
                                                   ) -> None:
    port, name = api_graph
    monkeypatch.setenv("FALKORDB_URL", f"redis://127.0.0.1:{port}")
    monkeypatch.delenv("ZEHN_LLM_BASE_URL", raising=False)
    result = CliRunner().invoke(app, ["ask", "Who owns geo-index?", "--json", "--graph", name])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["status"] == "answered" and answer["citations"] and answer["created_at"]
    human = CliRunner().invoke(app, ["ask", "What is the office wifi password?", "--graph", name])
    assert human.exit_code == 0 and human.stdout.startswith("[abstained]")


def test_ask_rejects_a_blank_question() -> None:
    result = CliRunner().invoke(app, ["ask", "   ", "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == "rejected"
