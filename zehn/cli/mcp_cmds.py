"""`zehn mcp`: ZEHN as an MCP server on stdin/stdout, for an editor's agent.

It takes the same flags as the other commands (``--data-dir``, ``--graph``; ``FALKORDB_URL`` for an external
server), starts (or reaches) the graph and loads the models once, then serves until the client closes stdin.
stdout carries only the protocol: logs and anything printed while the models load go to stderr.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack, redirect_stdout

import anyio
import typer

from zehn.cli.common import DataDirOpt, GraphOpt, exit_codes, settings_from
from zehn.observability import logs


def mcp(data_dir: DataDirOpt = None, graph: GraphOpt = None) -> None:
    """Serve the named queries and 'ask' as MCP tools over stdio (documents and evidence as resources)."""
    from zehn.api.runtime import open_services
    from zehn.mcp.stdio import serve_stdio

    settings = settings_from(data_dir, graph)
    logs.configure(settings.log_format, settings.log_level, stream=sys.stderr)
    with exit_codes(False), ExitStack() as stack:
        with redirect_stdout(sys.stderr):
            services = stack.enter_context(open_services(settings))
        anyio.run(serve_stdio, services)


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
