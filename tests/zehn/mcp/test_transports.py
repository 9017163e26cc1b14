"""The MCP server over its two real transports, with the SDK's own client: streamable HTTP at ``/mcp`` in the
running app, and stdio by spawning ``zehn mcp`` (as an editor would) on the session's sample graph."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import ServerThread
from tests.zehn.mcp.conftest import real_services, session
from traversal_policy import CATALOGUE
from zehn.api import create_app

REPO = Path(__file__).resolve().parents[3]


async def _exercise(client: Client) -> dict[str, Any]:
    tools = await client.list_tools()
    resolved = await client.call_tool("resolve_entity", {"name": "geo-index"})
    owners = await client.call_tool("who_owns", {"entity_id": resolved.structured_content["result"]["rows"][0]["id"]})
    bad = await client.call_tool("impact", {"entity_id": ["not", "a", "string"]})
    asked = await client.call_tool("ask", {"question": "Who owns geo-index?"})
    evidence = owners.structured_content["evidence_ids"][0]
    read = await client.read_resource(f"zehn://evidence/{evidence}")
    return {"tools": {t.name for t in tools.tools}, "owners": owners, "bad": bad, "ask": asked, "read": read}


def _check(out: dict[str, Any]) -> None:
    assert out["tools"] == {n for n, q in CATALOGUE.items() if q.tool} | {"ask", "change_review"}
    assert out["owners"].is_error is False and out["owners"].structured_content["hop_grades"]
    assert out["bad"].is_error is True and out["bad"].content[0].text.startswith("rejected:")
    assert out["ask"].is_error is False and out["ask"].structured_content["status"] == "answered"
    assert out["ask"].structured_content["citations"]
    assert out["owners"].structured_content["evidence_ids"][0] in out["read"].contents[0].text


def test_streamable_http_in_the_running_app(api_graph: tuple[int, str], embedder: LocalEmbedder,
                                            nlp: Language) -> None:
    app = create_app(real_services(api_graph[0], api_graph[1], embedder, nlp), frontend_dir=None)
    with ServerThread(app) as server:
        _check(session(f"{server.url}/mcp", _exercise))


def test_stdio_by_spawning_zehn_mcp(api_graph: tuple[int, str], tmp_path: Path) -> None:
    port, graph = api_graph
    env = {**os.environ, "PYTHONPATH": str(REPO), "FALKORDB_URL": f"redis://127.0.0.1:{port}",
           "ZEHN_DATA_DIR": str(tmp_path), "ZEHN_LOG_FORMAT": "json"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "zehn", "mcp", "--graph", graph], env=env,
                                   cwd=str(REPO))
    _check(session(params, _exercise))
