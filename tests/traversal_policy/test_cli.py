"""zehn query / entities / policy, through a fresh typer app (the main app is wired elsewhere)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tests.traversal_policy.fixture_graph import FixtureInfo
from traversal_policy import load_policy
from zehn.cli.query_cmds import register
from zehn.graph_server import EmbeddedFalkorDB


@pytest.fixture
def app() -> typer.Typer:
    application = typer.Typer()
    register(application)
    return application


@pytest.fixture
def env(falkordb_server: EmbeddedFalkorDB, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.delenv("ZEHN_POLICY_FILE", raising=False)
    return {"FALKORDB_URL": f"redis://127.0.0.1:{falkordb_server.port}"}


def invoke(app: typer.Typer, args: list[str], env: dict[str, str]) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(app, args, env=env)
    return result.exit_code, json.loads(result.stdout)


def test_query_json(app: typer.Typer, env: dict[str, str], fixture_db: tuple[Any, FixtureInfo]) -> None:
    code, out = invoke(app, ["query", "depends_on", "--param", "entity_id=service:checkout", "-p", "depth=7",
                             "--json", "--graph", fixture_db[0].name], env)
    assert code == 0 and out["outcome"] == "found"
    assert {r["entity"]["id"] for r in out["rows"]} == {"service:billing", "service:ledger", "technology:postgres"}
    assert out["policy"] == {"name": "default", "hash": load_policy().hash, "evaluation_mode": False}
    assert [q["name"] for q in out["queries"]] == ["entity_status", "depends_on"]
    assert all({"name", "cypher", "params", "rows", "run_time_ms"} <= set(q) for q in out["queries"])
    assert "*1..3" in out["queries"][1]["cypher"]


def test_query_no_evidence_and_rejections(app: typer.Typer, env: dict[str, str],
                                          fixture_db: tuple[Any, FixtureInfo]) -> None:
    graph = ["--graph", fixture_db[0].name, "--json"]
    code, out = invoke(app, ["query", "dependents_of", "-p", "entity_id=service:checkout", *graph], env)
    assert code == 0 and out["outcome"] == "no_evidence" and out["rows"] == []
    code, out = invoke(app, ["query", "search_evidence", "-p", "text=   ", *graph], env)
    assert code == 2 and out["outcome"] == "rejected" and out["error_type"] == "InputRejected"
    code, out = invoke(app, ["query", "nope", *graph], env)
    assert code == 2 and "unknown query" in out["error"]


def test_query_on_a_graph_never_ingested(app: typer.Typer, env: dict[str, str]) -> None:
    code, out = invoke(app, ["query", "who_owns", "-p", "entity_id=x", "--graph", "never_ingested_cli", "--json"],
                       env)
    assert code == 1 and out["outcome"] == "failed" and out["kind"] == "not_ingested"


def test_entities(app: typer.Typer, env: dict[str, str], fixture_db: tuple[Any, FixtureInfo]) -> None:
    code, out = invoke(app, ["entities", "Atlas", "--json", "--graph", fixture_db[0].name], env)
    assert code == 0 and out["outcome"] == "ambiguous" and out["match"] == "exact"
    assert sorted(c["type"] for c in out["candidates"]) == ["Customer", "Service", "Team"]
    code, out = invoke(app, ["entities", "Orion", "--json", "--graph", fixture_db[0].name], env)
    assert out["outcome"] == "not_in_graph"
    result = CliRunner().invoke(app, ["entities", "Atlas", "--graph", fixture_db[0].name], env=env)
    assert "team:atlas" in result.stdout and "ambiguous" in result.stdout


def test_server_down_is_retriable_exit(app: typer.Typer, tmp_path: Path) -> None:
    from zehn.graph_server import free_port

    code, out = invoke(app, ["query", "who_owns", "-p", "entity_id=x", "--json"],
                       {"FALKORDB_URL": f"redis://127.0.0.1:{free_port()}"})
    assert code == 3 and out["outcome"] == "failed" and out["retriable"] is True


def test_policy(app: typer.Typer, env: dict[str, str], eval_policy_file: Path) -> None:
    code, out = invoke(app, ["policy", "--json"], env)
    assert code == 0
    assert out["name"] == "default" and out["evaluation_mode"] is False and "CALLS" not in out["walkable"]
    assert out["hash"] == load_policy().hash
    code, out = invoke(app, ["policy", "--json"], {**env, "ZEHN_POLICY_FILE": str(eval_policy_file)})
    assert out["evaluation_mode"] is True and "CALLS" in out["walkable"]
