"""`zehn serve`: the HTTP API (and the built web UI) on settings.host:port.

Logs are JSON lines on stderr by default (``ZEHN_LOG_FORMAT=text`` for plain lines), each with its request id.
The app's lifespan starts the graph (embedded FalkorDB unless FALKORDB_URL is set), loads spaCy and the embedder
once, ingests the bundled sample corpus when ``--ingest-sample`` is given and the graph is empty, and builds the
answering service; shutdown stops the embedded server cleanly.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from extraction.errors import ZehnError
from zehn.api.deps import Services
from zehn.cli.common import DataDirOpt, GraphOpt
from zehn.observability import logs
from zehn.settings import Settings, load_settings

log = logging.getLogger("zehn.serve")


def serve(
    ingest_sample: Annotated[bool, typer.Option("--ingest-sample", help="Ingest the bundled sample corpus "
                                                "when the graph is empty.")] = False,
    host: Annotated[str | None, typer.Option("--host", help="Bind address (default: ZEHN_HOST or 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option("--port", min=1, max=65535,
                                             help="Port (default: ZEHN_PORT or 8000).")] = None,
    data_dir: DataDirOpt = None, graph: GraphOpt = None,
) -> None:
    """Serve the HTTP API (OpenAPI docs at /docs) and the web UI when it is built."""
    import uvicorn

    from zehn.api import create_app
    from zehn.api.runtime import open_services

    settings: Settings = load_settings(data_dir=data_dir, graph_name=graph, host=host, port=port)
    logs.configure(settings.log_format, settings.log_level, stream=sys.stderr)

    @contextmanager
    def provide() -> Iterator[Services]:
        try:
            with open_services(settings, ingest_sample=ingest_sample) as services:
                log.info("ZEHN is serving on http://%s:%d (API docs at /docs)", settings.host, settings.port)
                yield services
        except ZehnError as exc:
            log.error("zehn: %s", exc)
            raise

    # our logging config (JSON lines with request ids) and our access log (zehn.http) instead of uvicorn's
    uvicorn.run(create_app(provide, settings=settings), host=settings.host, port=settings.port, log_config=None,
                access_log=False)


def register(app: typer.Typer) -> None:
    app.command()(serve)
