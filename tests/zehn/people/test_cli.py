"""`zehn people ...` against the people graph on the session server: JSON shapes and exit codes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from zehn.cli import app


@pytest.fixture
def graph_name(people_graph: tuple[int, str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("FALKORDB_URL", f"redis://127.0.0.1:{people_graph[0]}")
    return people_graph[1]


def test_leaves_prints_the_departure_as_json(graph_name: str) -> None:
    result = CliRunner().invoke(app, ["people", "leaves", "Odile Brandt", "--depth", "2", "--json",
                                      "--graph", graph_name])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["outcome"] == "found" and [w["item"]["name"] for w in body["open_work"]] == ["QF-101", "QF-103"]
    assert body["customers"] and body["sole_expert_components"] and body["successors"] == []
    human = CliRunner().invoke(app, ["people", "leaves", "Ines", "--graph", graph_name])
    assert human.exit_code == 0 and human.stdout.startswith("ambiguous") and "person:ines-moreau" in human.stdout


def test_experts_key_and_a_missing_card(graph_name: str) -> None:
    experts = CliRunner().invoke(app, ["people", "experts", "VAT rounding", "--json", "--graph", graph_name])
    assert experts.exit_code == 0 and json.loads(experts.stdout)["experts"]
    key = CliRunner().invoke(app, ["people", "key", "--json", "--graph", graph_name])
    assert key.exit_code == 0 and json.loads(key.stdout)["people"][0]["name"] == "Odile Brandt"
    missing = CliRunner().invoke(app, ["people", "card", "person:nobody-here", "--json", "--graph", graph_name])
    assert missing.exit_code == 4 and json.loads(missing.stdout)["error"] == "not_found"


def test_a_blank_name_is_rejected(graph_name: str) -> None:
    result = CliRunner().invoke(app, ["people", "leaves", "   ", "--json", "--graph", graph_name])
    assert result.exit_code == 2 and json.loads(result.stdout)["error"] == "rejected"
