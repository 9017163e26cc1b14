"""CLI commands over the traversal policy: ``zehn query``, ``zehn entities``, ``zehn policy``.

``register(app)`` adds them to the main typer app. Exit codes: 0 found / no evidence / resolved-or-not,
1 a non-retriable failure, 2 rejected input (blank, unknown query, bad parameter), 3 a retriable failure
(server down, timeout).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from extraction.access import EVERYTHING
from extraction.errors import Rejected, ZehnError
from extraction.validity import parse_as_of
from traversal_policy import CATALOGUE, Policy, QueryFailed, TraversalExecutor, load_policy, open_graph
from zehn.graph_endpoint import graph_endpoint
from zehn.settings import Settings, load_settings

DataDir = Annotated[Path | None, typer.Option("--data-dir", help="Where the embedded FalkorDB keeps its files.")]
GraphName = Annotated[str | None, typer.Option("--graph", help="Named graph to query.")]
AsJson = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


def _emit(payload: dict[str, Any], as_json: bool, lines: list[str]) -> None:
    if as_json:
        typer.echo(json.dumps(payload, ensure_ascii=False, default=str))
    else:
        typer.echo("\n".join(lines))


def _exit_code(payload: dict[str, Any]) -> int:
    if payload.get("outcome") == "rejected":
        return 2
    if payload.get("outcome") == "failed":
        return 3 if payload.get("retriable") else 1
    return 0


def _error_payload(exc: ZehnError) -> dict[str, Any]:
    outcome = "rejected" if isinstance(exc, Rejected) else "failed"
    return {"outcome": outcome, "rows": [], "error": str(exc), "error_type": type(exc).__name__,
            "retriable": exc.retriable, "queries": []}


def _settings(data_dir: Path | None, graph: str | None) -> Settings:
    return load_settings(data_dir=data_dir, graph_name=graph)


def _policy(settings: Settings) -> Policy:
    return load_policy(settings.policy_file)


def parse_params(pairs: list[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"--param takes key=value, got {pair!r}")
        params[key.strip()] = value
    return params


def _run_against_graph(settings: Settings, action: Any, as_of: str | None = None) -> dict[str, Any]:
    try:
        policy = _policy(settings)
        moment = None if as_of is None else parse_as_of(as_of)
        with graph_endpoint(settings) as endpoint:
            graph = open_graph(endpoint.host, endpoint.port, settings.graph_name, password=endpoint.password,
                               timeout_ms=settings.query_timeout_ms)
            executor = TraversalExecutor(graph, policy, timeout_ms=settings.query_timeout_ms, scope=EVERYTHING,
                                         as_of=moment)
            result: dict[str, Any] = action(executor)
            return result
    except ZehnError as exc:
        return _error_payload(exc)


def query_cmd(
    name: Annotated[str, typer.Argument(help=f"One of: {', '.join(sorted(CATALOGUE))}")],
    param: Annotated[list[str] | None, typer.Option("--param", "-p", help="key=value (repeatable)")] = None,
    as_json: AsJson = False,
    data_dir: DataDir = None,
    graph: GraphName = None,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Read the graph as it stood then: a date "
                                              "(2026-03-05) or an ISO date-time; default now.")] = None,
) -> None:
    """Run one named query from the catalogue."""
    params = parse_params(param or [])
    payload = _run_against_graph(_settings(data_dir, graph), lambda ex: ex.run(name, params).to_dict(), as_of)
    if isinstance(payload.get("queries"), list):
        payload["queries"] = [{k: q.get(k) for k in ("name", "cypher", "params", "rows", "run_time_ms", "wall_ms",
                                                     "error")} for q in payload["queries"]]
    lines = [f"{payload['outcome']}: {payload.get('message') or payload.get('error') or ''}".rstrip(": ")]
    lines += [json.dumps(row, ensure_ascii=False, default=str) for row in payload.get("rows", [])]
    lines += [f"  [{q['name']}] {q['rows']} rows, {q['run_time_ms']} ms (server)" for q in payload["queries"]]
    _emit(payload, as_json, lines)
    raise typer.Exit(_exit_code(payload))


def entities_cmd(
    text: Annotated[str, typer.Argument(help="An entity name as a person would type it.")],
    as_json: AsJson = False,
    data_dir: DataDir = None,
    graph: GraphName = None,
) -> None:
    """Resolve a name to an entity: resolved, ambiguous (all candidates), unknown, or not in graph."""

    def resolve(executor: TraversalExecutor) -> dict[str, Any]:
        outcome = executor.resolve(text)
        data = outcome.to_dict()
        if isinstance(outcome, QueryFailed):
            data["candidates"] = []
        return data

    payload = _run_against_graph(_settings(data_dir, graph), resolve)
    lines = [f"{payload['outcome']}: {payload.get('error', '')}".rstrip(": ")]
    lines += [f"  {c['id']}  {c['name']} ({c['type']}), {c['doc_count']} documents: "
              f"{', '.join(c['sample_sources'])}" for c in payload.get("candidates", [])]
    _emit(payload, as_json, lines)
    raise typer.Exit(_exit_code(payload))


def policy_cmd(
    as_json: AsJson = False,
    data_dir: DataDir = None,
    graph: GraphName = None,
) -> None:
    """Show the traversal policy in force: name, content hash, walkable predicates, evaluation mode."""
    try:
        payload: dict[str, Any] = _policy(_settings(data_dir, graph)).to_dict()
    except ZehnError as exc:
        payload = _error_payload(exc)
        _emit(payload, as_json, [f"{payload['outcome']}: {payload['error']}"])
        raise typer.Exit(_exit_code(payload)) from None
    mode = "EVALUATION MODE" if payload["evaluation_mode"] else "production"
    _emit(payload, as_json, [f"policy {payload['name']} ({mode}) sha256 {payload['hash']}",
                             f"walkable: {', '.join(payload['walkable'])}"])


def register(app: typer.Typer) -> None:
    app.command("query")(query_cmd)
    app.command("entities")(entities_cmd)
    app.command("policy")(policy_cmd)
