"""`zehn mcp`: ZEHN as an MCP server on stdin/stdout, for an editor's agent.

It takes the same flags as the other commands (``--data-dir``, ``--graph``; ``FALKORDB_URL`` for an external
server), starts (or reaches) the graph and loads the models once, then serves until the client closes stdin.
stdout carries only the protocol: logs and anything printed while the models load go to stderr.

It answers as the holder of ``--token`` (or ``ZEHN_TOKEN``; checked against the data dir's token file): the agent
reads what that token may read. Without one it reads what everyone may read.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack, redirect_stdout
from typing import Annotated

import anyio
import typer

from extraction.errors import Unauthorized
from zehn.access import ANONYMOUS, TokenStore
from zehn.cli.common import DataDirOpt, GraphOpt, exit_codes, settings_from
from zehn.observability import logs

TokenOpt = Annotated[str | None, typer.Option("--token", envvar="ZEHN_TOKEN", show_default=False,
                                              help="Answer as this API token's holder (default: anonymous).")]


def mcp(data_dir: DataDirOpt = None, graph: GraphOpt = None, token: TokenOpt = None) -> None:
    """Serve the named queries and 'ask' as MCP tools over stdio (documents and evidence as resources)."""
    from zehn.api.runtime import open_services
    from zehn.mcp.stdio import serve_stdio

    settings = settings_from(data_dir, graph)
    logs.configure(settings.log_format, settings.log_level, stream=sys.stderr)
    with exit_codes(False), ExitStack() as stack:
        caller = ANONYMOUS
        if token:
            record = TokenStore(settings.data_dir).verify(token)
            if record is None:
                raise Unauthorized("the token is not valid for this data dir (see `zehn token list`)")
            caller = record.caller()
        with redirect_stdout(sys.stderr):
            services = stack.enter_context(open_services(settings))
        anyio.run(serve_stdio, services, caller)


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
