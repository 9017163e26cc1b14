"""MCP over stdin/stdout for ``zehn mcp``: the protocol owns stdout, so everything else (logs, model loading
chatter) goes to stderr."""

from __future__ import annotations

from mcp.server.stdio import stdio_server

from zehn.access import ANONYMOUS, Caller
from zehn.api.deps import Services
from zehn.mcp.server import build_server


async def serve_stdio(services: Services, caller: Caller = ANONYMOUS) -> None:
    """Serve until stdin closes, every message as ``caller`` (the token ``zehn mcp --token`` was given, else
    anonymous: what everyone may read)."""
    server = build_server(lambda: services, caller=lambda _ctx: caller)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())
