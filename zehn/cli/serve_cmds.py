"""`zehn serve`: start the graph (embedded by default), ingest the sample corpus into an empty graph, serve."""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

from extraction.evidence_reads import graph_stats
from extraction.pipeline import Ingestor
from zehn.cli.common import DataDirOpt, GraphOpt, graph_session, settings_from
from zehn.sample import SAMPLE_CORPUS_DIR


def serve(
    ingest_sample: Annotated[bool, typer.Option("--ingest-sample", help="Ingest the bundled sample corpus "
                                                "when the graph is empty.")] = False,
    data_dir: DataDirOpt = None, graph: GraphOpt = None,
) -> None:
    """Start ZEHN on the configured graph (until the HTTP API lands: ingest if asked, then print stats)."""
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    settings = settings_from(data_dir, graph)
    with graph_session(settings, as_json=False) as (endpoint, g):
        stats = graph_stats(g)
        if ingest_sample and stats["empty"]:
            typer.echo(f"graph {settings.graph_name!r} is empty: ingesting the sample corpus from {SAMPLE_CORPUS_DIR}")
            report = Ingestor(endpoint.host, endpoint.port, settings.graph_name, endpoint.password).ingest(
                [SAMPLE_CORPUS_DIR]
            )
            typer.echo(f"ingested {report.documents} documents, {report.evidence} evidence rows "
                       f"in {report.seconds:.1f}s ({len(report.errors)} errors)")
            stats = graph_stats(g)
        typer.echo(f"graph {settings.graph_name!r} on {endpoint.url}: {stats['labels']}")


def register(app: typer.Typer) -> None:
    app.command()(serve)
