"""Ingest-side commands: ingest, delete, evidence, document, stats."""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path
from typing import Annotated

import typer

from extraction.access import EVERYTHING, ScopedGraph
from extraction.document_state import DOCUMENT_STEPS, Pause
from extraction.evidence_reads import get_document, get_evidence, graph_stats, sample_evidence
from extraction.model_extraction import ExtractorFactory, WithModel
from extraction.model_llm import ModelConfig
from extraction.pipeline import Ingestor
from extraction.validity import parse_as_of
from zehn.cli.common import (
    EXIT_NOT_FOUND,
    EXIT_REJECTED,
    EXIT_ROLLED_BACK,
    DataDirOpt,
    GraphOpt,
    JsonOpt,
    emit,
    fail,
    graph_session,
    settings_from,
)
from zehn.models import local_embedder
from zehn.observability.metrics import METRICS
from zehn.people.projection import rebuild as rebuild_projection
from zehn.settings import Settings


def extractors_for(settings: Settings, as_json: bool) -> ExtractorFactory | None:
    """Model-mode extraction when a model is configured (or demanded); None: the deterministic default."""
    configured = bool(settings.llm_base_url and settings.llm_model)
    if settings.extraction == "deterministic" or (settings.extraction == "auto" and not configured):
        return None
    if not configured:
        raise fail("ZEHN_EXTRACTION=model needs ZEHN_LLM_BASE_URL and ZEHN_LLM_MODEL", EXIT_REJECTED, as_json,
                   "rejected")
    return WithModel(ModelConfig(base_url=str(settings.llm_base_url), api_key=settings.llm_api_key or "none",
                                 model=str(settings.llm_model), timeout_s=settings.llm_timeout_s))


def pause_hook(settings: Settings) -> Pause | None:
    """Test hook (ZEHN_TEST_PAUSE_AFTER_STEP): stop after that step of the first document reaching it, say so on
    stderr, and stay stopped until killed; the crash tests SIGKILL the process there."""
    step = settings.test_pause_after_step
    if not step:
        return None
    if step not in DOCUMENT_STEPS:
        raise typer.BadParameter(f"ZEHN_TEST_PAUSE_AFTER_STEP must be one of {', '.join(DOCUMENT_STEPS)}")

    def pause(reached: str, document_id: str) -> None:
        if reached == step:
            print(f"zehn: test pause after step {step!r} of document {document_id}", file=sys.stderr, flush=True)
            threading.Event().wait()  # blocks the ingest until the test kills this process

    return pause


def _waiting(holder: dict[str, object]) -> None:
    print(f"zehn: waiting for another ingest of this graph (pid {holder.get('pid')} on {holder.get('host')}) "
          "to finish", file=sys.stderr, flush=True)


def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Files or directories to ingest.")],
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Ingest documents (Markdown with or without front matter, plain text) into the evidence graph.

    Exit codes: 0 done (rejected files are listed), 2 rejected input, 3 graph unavailable (or another ingest held
    the graph too long), 5 some documents failed and were rolled back (the others are in)."""
    settings = settings_from(data_dir, graph)
    if not as_json:
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    with graph_session(settings, as_json) as (endpoint, writable):
        ingestor = Ingestor(endpoint.host, endpoint.port, settings.graph_name, endpoint.password,
                            embedder=local_embedder(settings), max_bytes=settings.max_document_bytes,
                            wait_s=settings.ingest_wait_s,
                            pause=pause_hook(settings), extractors=extractors_for(settings, as_json))
        if sys.stderr.isatty() and not as_json:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task("ingesting", total=None)

                def tick(path: str, index: int, total: int) -> None:
                    bar.update(task, total=total, completed=index, description=Path(path).name)

                report = ingestor.ingest(paths, tick, _waiting)
        else:
            report = ingestor.ingest(paths, waiting=_waiting)
        rebuild_projection(writable)  # the people projection follows every ingest
    METRICS.observe_ingest(report)
    data = report.to_dict()
    human = (f"{data['documents']} documents ingested ({data['skipped']} unchanged, {data['recovered']} unfinished "
             f"ones redone), {data['chunks']} chunks, {data['entities']} entities, {data['relations']} relations, "
             f"{data['evidence']} evidence rows, {data['errors']} errors, {data['rolled_back']} rolled back in "
             f"{data['seconds']}s")
    for err in report.errors:
        human += f"\n  skipped {err['path']}: {err['reason']}"
    emit(data, as_json, human)
    if report.rolled_back:
        raise typer.Exit(EXIT_ROLLED_BACK)


def delete(
    document_id: Annotated[str, typer.Argument(help="Document id to remove.")],
    purge: Annotated[bool, typer.Option("--purge", help="Erase it and every version (no history is kept).")] = False,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Close a document: it stops being current, stays readable as of earlier, and answers citing it turn stale."""
    settings = settings_from(data_dir, graph)
    with graph_session(settings, as_json) as (endpoint, writable):
        removed = Ingestor(endpoint.host, endpoint.port, settings.graph_name, endpoint.password,
                           wait_s=settings.ingest_wait_s).delete(document_id, purge=purge)
        rebuild_projection(writable)
    if not removed:
        raise fail(f"no current document {document_id!r}", EXIT_NOT_FOUND, as_json, "not_found")
    emit({"deleted": document_id, "purged": purge}, as_json, f"{'purged' if purge else 'deleted'} {document_id}")


def evidence(
    evidence_id: Annotated[str | None, typer.Argument(help="An evidence id (ev_ + 16 hex).")] = None,
    sample: Annotated[int | None, typer.Option("--sample", min=1, help="Print N random evidence objects.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for --sample.")] = None,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Resolve an evidence id to its document, chunk and exact character range (or sample some)."""
    if (evidence_id is None) == (sample is None):
        raise fail("give exactly one of EV_ID or --sample N", 2, as_json, "rejected")
    settings = settings_from(data_dir, graph)
    with graph_session(settings, as_json) as (_endpoint, g):
        if sample is not None:
            emit(sample_evidence(ScopedGraph(g, EVERYTHING), sample, seed), True)
            return
        assert evidence_id is not None
        found = get_evidence(ScopedGraph(g, EVERYTHING), [evidence_id])
    if not found:
        raise fail(f"no evidence {evidence_id!r}", EXIT_NOT_FOUND, as_json, "not_found")
    ev = found[0]
    emit(ev, as_json, f"{ev['id']}  {ev['document_title']} [{ev['start']}:{ev['end']}]\n  {ev['text']}")


def document(
    document_id: Annotated[str, typer.Argument(help="Document id.")],
    as_of: Annotated[str | None, typer.Option("--as-of", help="The version current then (a date).")] = None,
    version: Annotated[int | None, typer.Option("--version", min=1, help="A version number.")] = None,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Print a document (a version of it) with the text that evidence offsets refer to."""
    settings = settings_from(data_dir, graph)
    with graph_session(settings, as_json) as (_endpoint, g):
        doc = get_document(ScopedGraph(g, EVERYTHING), document_id,
                           as_of=None if as_of is None else parse_as_of(as_of), version=version)
    if doc is None:
        raise fail(f"no document {document_id!r}", EXIT_NOT_FOUND, as_json, "not_found")
    emit(doc, as_json, f"{doc['title']} ({doc['source_type']})\n\n{doc['text']}")


def stats(data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False) -> None:
    """Counts by label and relation type, and the share of RELATES edges that carry evidence."""
    settings = settings_from(data_dir, graph)
    with graph_session(settings, as_json) as (_endpoint, g):
        data = graph_stats(g)
    lines = [f"{k}: {v}" for k, v in {**data["labels"], **data["rel_types"]}.items()]
    lines.append(f"RELATES with evidence: {data['relates_with_evidence']}/{data['relates']}")
    emit(data, as_json, "\n".join(lines) if not data["empty"] else "graph is empty: nothing ingested yet")


def register(app: typer.Typer) -> None:
    for command in (ingest, delete, evidence, document, stats):
        app.command()(command)
