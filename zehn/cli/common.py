"""What every CLI command shares: settings from flags, the graph endpoint, JSON output, typed failures."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from extraction.errors import Rejected, Unavailable, ZehnError
from extraction.graph_client import open_graph
from zehn.graph_endpoint import GraphEndpoint, graph_endpoint
from zehn.settings import Settings, load_settings

DataDirOpt = Annotated[Path | None, typer.Option("--data-dir", help="Data dir (default: ZEHN_DATA_DIR or ./data).")]
GraphOpt = Annotated[str | None, typer.Option("--graph", help="Graph name (default: ZEHN_GRAPH_NAME or zehn).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]

EXIT_REJECTED = 2
EXIT_UNAVAILABLE = 3
EXIT_NOT_FOUND = 4
EXIT_ROLLED_BACK = 5


def settings_from(data_dir: Path | None, graph: str | None) -> Settings:
    return load_settings(data_dir=data_dir, graph_name=graph)


def emit(payload: Any, as_json: bool, human: str | None = None) -> None:
    if as_json or human is None:
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False, default=str))
    else:
        typer.echo(human)


def fail(message: str, code: int, as_json: bool, kind: str) -> typer.Exit:
    """Report a failure on stderr (and as JSON on stdout with --json) and return the Exit to raise."""
    if as_json:
        typer.echo(json.dumps({"error": kind, "message": message}))
    print(f"zehn: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def exit_codes(as_json: bool) -> Iterator[None]:
    """Map ZEHN's errors to distinct exit codes (3 unavailable, 2 rejected, 1 other) instead of tracebacks."""
    try:
        yield
    except Unavailable as exc:
        raise fail(str(exc), EXIT_UNAVAILABLE, as_json, "unavailable") from exc
    except Rejected as exc:
        raise fail(str(exc), EXIT_REJECTED, as_json, "rejected") from exc
    except ZehnError as exc:
        raise fail(str(exc), 1, as_json, "error") from exc


@contextmanager
def graph_session(settings: Settings, as_json: bool) -> Iterator[tuple[GraphEndpoint, Any]]:
    """Yield (endpoint, graph), with ZEHN's errors mapped to exit codes."""
    with exit_codes(as_json), graph_endpoint(settings) as endpoint:
        yield endpoint, open_graph(endpoint.host, endpoint.port, settings.graph_name, endpoint.password)
