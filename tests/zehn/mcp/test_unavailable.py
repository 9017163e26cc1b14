"""A graph server that went down is an error result saying "unavailable" from every door of the MCP server, never
an empty success. The graph is a tiny one on its own embedded FalkorDB, so stopping it disturbs nobody."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.mcp.conftest import real_services, session
from zehn.graph_server import EmbeddedFalkorDB
from zehn.mcp import build_server


def test_a_down_graph_is_an_unavailable_error_result(tiny_db: EmbeddedFalkorDB, embedder: LocalEmbedder,
                                                     nlp: Language) -> None:
    assert tiny_db.port is not None
    services = real_services(tiny_db.port, "tiny", embedder, nlp)
    server = build_server(lambda: services)
    up = session(server, lambda c: c.call_tool("resolve_entity", {"name": "billing-api"}))
    assert up.is_error is False and up.structured_content["outcome"] == "found"
    tiny_db.stop()

    async def body(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {
            "resolve_entity": await client.call_tool("resolve_entity", {"name": "billing-api"}),
            "who_owns": await client.call_tool("who_owns", {"entity_id": "service:billing-api"}),
            "search_evidence": await client.call_tool("search_evidence", {"text": "invoices"}),
            "ask": await client.call_tool("ask", {"question": "Who owns billing-api?"}),
        }
        for uri in ("zehn://evidence/ev_0000000000000000", "zehn://documents/billing"):
            with pytest.raises(MCPError) as failed:
                await client.read_resource(uri)
            out[uri] = failed.value
        with pytest.raises(MCPError) as listing:
            await client.list_resources()
        out["list"] = listing.value
        return out

    results = session(server, body)
    for name in ("resolve_entity", "who_owns", "search_evidence", "ask"):
        assert results[name].is_error is True, name
        assert results[name].content[0].text.lower().startswith(("unavailable:", "[unavailable]")), \
            (name, results[name].content[0].text)
    assert results["ask"].structured_content["status"] == "unavailable"
    assert results["ask"].structured_content["citations"] == []
    for key in ("zehn://evidence/ev_0000000000000000", "zehn://documents/billing", "list"):
        assert results[key].message.startswith("unavailable:"), key
