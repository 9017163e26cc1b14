"""`zehn review` (the services directly, no HTTP) against the API test graph on the session server."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from zehn.cli import app


def test_review_reads_stdin_prints_cited_markdown_and_stores_it(api_graph: tuple[int, str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    port, name = api_graph
    monkeypatch.setenv("FALKORDB_URL", f"redis://127.0.0.1:{port}")
    runner = CliRunner()
    human = runner.invoke(app, ["review", "-", "--graph", name], input="This change retunes geo-index.\n")
    assert human.exit_code == 0, human.output
    assert human.stdout.startswith("### ZEHN change review") and "`ev_" in human.stdout
    as_json = runner.invoke(app, ["review", "-", "--json", "--no-store", "--graph", name],
                            input="This change retunes geo-index.\n")
    review = json.loads(as_json.stdout)
    assert review["id"] is None and "geo-index" in {m["name"] for m in review["matches"]}


def test_review_of_an_unknown_document_exits_4(api_graph: tuple[int, str], monkeypatch: pytest.MonkeyPatch) -> None:
    port, name = api_graph
    monkeypatch.setenv("FALKORDB_URL", f"redis://127.0.0.1:{port}")
    result = CliRunner().invoke(app, ["review", "--document", "NOPE-404", "--json", "--graph", name])
    assert result.exit_code == 4 and json.loads(result.stdout)["error"] == "not_found"


def test_review_needs_exactly_one_input() -> None:
    assert CliRunner().invoke(app, ["review", "--json"]).exit_code == 2
