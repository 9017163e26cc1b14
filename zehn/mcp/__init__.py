"""ZEHN as an MCP server (the official ``mcp`` SDK): the catalogue's named queries and ``ask`` as tools, documents
and evidence as resources; over stdio (``zehn mcp``) and streamable HTTP (``/mcp`` in the app)."""

from zehn.mcp.server import build_server

__all__ = ["build_server"]
