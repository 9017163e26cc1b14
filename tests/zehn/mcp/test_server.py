"""The MCP server with the SDK's own client, in-process, over the sample graph: the tools are exactly the
catalogue plus ``ask``; every tool runs and names its evidence ids; bad arguments are error results; resources
resolve documents and evidence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.zehn.mcp.conftest import session
from traversal_policy import CATALOGUE
from zehn.api import Services
from zehn.mcp import build_server
from zehn.mcp.server import RESOURCE_NOT_FOUND

GRADES = {"source_backed", "inferred", "insufficient"}


def test_tools_are_the_catalogue_plus_ask_with_schemas_from_the_catalogue(services: Services) -> None:
    listed = session(build_server(lambda: services), lambda c: c.list_tools()).tools
    # every catalogue query offered as a tool (not the bulk reads ZEHN runs for itself, NamedQuery.tool)
    assert {t.name for t in listed} == {n for n, q in CATALOGUE.items() if q.tool} | {"ask", "change_review"}
    for tool in listed:
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        if tool.name == "ask":
            assert schema["required"] == ["question"]
            continue
        if tool.name == "change_review":
            assert {"text", "document_id", "depth", "as_of"} == set(schema["properties"])
            continue
        params = [p for p in CATALOGUE[tool.name].params if p.kind not in ("embedding", "embeddings")]
        assert set(schema["properties"]) == {p.name for p in params}
        assert set(schema["required"]) == {p.name for p in params if p.required}
        assert tool.description == CATALOGUE[tool.name].description
        assert tool.annotations is not None and tool.annotations.read_only_hint is True


def _entity(client_result: Any) -> str:
    rows = client_result.structured_content["result"]["rows"]
    return str(rows[0]["id"])


def test_every_tool_runs_and_carries_its_evidence_ids_and_grades(services: Services) -> None:
    async def body(client: Client) -> dict[str, Any]:
        results: dict[str, Any] = {}
        component = _entity(await client.call_tool("resolve_entity", {"name": "geo-index"}))
        owned = await client.call_tool("who_owns", {"entity_id": component})
        edge = owned.structured_content["result"]["rows"][0]["path"]["edges"][0]
        arguments: dict[str, dict[str, Any]] = {
            "resolve_entity": {"name": "geo-index"},
            "entity_profile": {"entity_id": component},
            "who_owns": {"entity_id": component},
            "depends_on": {"entity_id": component, "depth": 2},
            "dependents_of": {"entity_id": component, "depth": 2},
            "impact": {"entity_id": component, "depth": 3},
            "paths_between": {"a": edge["source"], "b": edge["target"]},
            "evidence_for": {"source": edge["source"], "rel_type": edge["rel_type"], "target": edge["target"]},
            "documents_mentioning": {"entity_id": component},
            "search_evidence": {"text": "geo-index owner", "k": 5},
            "search_passages": {"text": "geo-index owner", "k": 5},
            "document_passages": {"document_ids": ["lark_confluence_geo-index-runbook"]},
            "document_sentences": {"document_id": "lark_confluence_geo-index-runbook"},
            "passages_mentioning": {"text": "geo-index"},
            "passages_mentioning_each": {"texts": ["geo-index", "tile cache"]},
            "if_person_leaves": {"person_id": "person:luca-ferraro", "depth": 2},
            "ask": {"question": "Who owns geo-index?"},
            "change_review": {"text": "This change retunes the tile cache of geo-index."},
        }
        assert set(arguments) == {t.name for t in (await client.list_tools()).tools}, "a new tool needs a call here"
        for name, args in arguments.items():
            results[name] = await client.call_tool(name, args)
        for ev in results["who_owns"].structured_content["evidence_ids"][:3]:
            read = await client.read_resource(f"zehn://evidence/{ev}")
            results[f"read:{ev}"] = read
        return results

    results = session(build_server(lambda: services), body)
    tools = [name for name, query in CATALOGUE.items() if query.tool]
    for name in [*tools, "ask"]:
        assert results[name].is_error is False, (name, results[name].content)
        assert results[name].content and results[name].content[0].text
    for name in tools:
        if name in {"resolve_entity", "documents_mentioning", "search_passages", "document_passages",
                    "passages_mentioning", "passages_mentioning_each"}:
            continue  # entities, documents and passages: these queries return no sentences
        out = results[name].structured_content
        if out["outcome"] == "found":
            assert out["evidence_ids"], name
            assert all(e.startswith("ev_") and len(e) == 19 for e in out["evidence_ids"]), name
    owners = results["who_owns"].structured_content
    assert owners["hop_grading"] == "graded" and owners["hop_grades"]
    assert {hop["grade"] for path in owners["hop_grades"] for hop in path["hops"]} <= GRADES
    assert {hop["evidence_id"] for path in owners["hop_grades"] for hop in path["hops"]} <= \
        set(owners["evidence_ids"])
    assert owners["queries"] and owners["policy"]["name"]
    reads = [v for k, v in results.items() if k.startswith("read:")]
    assert reads and all('"document_id"' in r.contents[0].text for r in reads)

    answer = results["ask"].structured_content
    assert answer["status"] == "answered" and answer["citations"]
    assert answer["evidence_ids"] == list(dict.fromkeys(c["evidence_id"] for c in answer["citations"]))
    assert set(answer["evidence_ids"]) <= set(answer["retrieved_evidence_ids"])
    assert answer["hop_grades"] and answer["request_id"]
    assert answer["text"] in results["ask"].content[0].text

    review = results["change_review"].structured_content
    assert results["change_review"].is_error is False and review["id"] is None  # read-only: not stored
    assert "geo-index" in {m["name"] for m in review["matches"]}
    assert results["change_review"].content[0].text.startswith("### ZEHN change review")


@pytest.mark.parametrize(("tool", "arguments", "expected"), [
    ("depends_on", {"entity_id": 5}, "rejected:"),
    ("depends_on", {"entity_id": "component:x", "nope": 1}, "rejected:"),
    ("depends_on", {}, "rejected:"),
    ("depends_on", {"entity_id": "component:x", "depth": "deep"}, "rejected:"),
    ("search_evidence", {"text": "   "}, "rejected:"),
    ("ask", {}, "rejected:"),
    ("ask", {"question": "  "}, "rejected:"),
    ("ask", {"question": "Who?", "extra": True}, "rejected:"),
    ("drop_everything", {}, "rejected: unknown tool"),
])
def test_a_bad_argument_is_an_error_result_not_a_crash(services: Services, tool: str, arguments: dict[str, Any],
                                                       expected: str) -> None:
    async def body(client: Client) -> tuple[Any, Any]:
        bad = await client.call_tool(tool, arguments)
        after = await client.call_tool("resolve_entity", {"name": "geo-index"})  # the session still works
        return bad, after

    bad, after = session(build_server(lambda: services), body)
    assert bad.is_error is True
    assert bad.content[0].text.startswith(expected), bad.content[0].text
    assert after.is_error is False


def test_no_evidence_is_a_result_that_says_so_not_an_error(services: Services) -> None:
    result = session(build_server(lambda: services),
                     lambda c: c.call_tool("who_owns", {"entity_id": "service:no-such-thing"}))
    assert result.is_error is False
    out = result.structured_content
    assert out["outcome"] == "no_evidence" and out["result"]["reason"] == "unknown_entity"
    assert out["evidence_ids"] == []


def test_resources_list_documents_and_read_documents_and_evidence(services: Services) -> None:
    async def body(client: Client) -> tuple[Any, Any, Any, MCPError]:
        listed = await client.list_resources()
        templates = await client.list_resource_templates()
        document = await client.read_resource(listed.resources[0].uri)
        with pytest.raises(MCPError) as missing:
            await client.read_resource("zehn://evidence/ev_0000000000000000")
        return listed, templates, document, missing.value

    listed, templates, document, missing = session(build_server(lambda: services), body)
    assert len(listed.resources) == 34
    assert {t.uri_template for t in templates.resource_templates} == {
        "zehn://documents/{document_id}", "zehn://evidence/{evidence_id}"}
    assert '"text"' in document.contents[0].text and document.contents[0].mime_type == "application/json"
    assert missing.code == RESOURCE_NOT_FOUND


def test_the_package_imports_first_in_a_fresh_interpreter() -> None:
    """zehn.mcp builds on zehn.api and the app mounts zehn.mcp: importing either first must work."""
    root = Path(__file__).resolve().parents[3]
    for module in ("zehn.mcp", "zehn.api", "zehn.cli"):
        done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=root, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(root)}, timeout=120, check=False)
        assert done.returncode == 0, (module, done.stderr[-2000:])
