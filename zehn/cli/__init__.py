"""The ``zehn`` command line: one typer app, each group of commands registered from its own module."""

from __future__ import annotations

import signal
from types import FrameType
from typing import NoReturn

import typer

from zehn.cli import (
    ask_cmds,
    eval_cmds,
    ingest_cmds,
    mcp_cmds,
    people_cmds,
    query_cmds,
    review_cmds,
    serve_cmds,
    token_cmds,
    verify_cmds,
)

app = typer.Typer(
    name="zehn",
    help="Answers about company knowledge that cite the sentence they came from, or say 'I don't know'.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
for module in (ingest_cmds, query_cmds, verify_cmds, serve_cmds, eval_cmds, ask_cmds, mcp_cmds, people_cmds,
               review_cmds, token_cmds):
    module.register(app)


def _unwind_on_sigterm(signum: int, _frame: FrameType | None) -> NoReturn:
    """A plain ``kill`` unwinds the command like Ctrl-C does, so an open graph endpoint stops the embedded server
    (or hands it over to the processes still using it) instead of leaving it running with nobody attached."""
    raise SystemExit(128 + signum)


def main() -> None:
    signal.signal(signal.SIGTERM, _unwind_on_sigterm)  # `zehn serve` replaces it with uvicorn's own while serving
    app()
