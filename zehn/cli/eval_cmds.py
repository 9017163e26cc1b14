"""``zehn eval``: ingest a corpus into its own graph, ask a question file of ZEHN and of the baseline, grade both;
or, with ``--graph-a A --graph-b B``, ask two already-ingested graphs the same questions (:mod:`zehn.cli.eval_compare`).

Exit codes as elsewhere: 2 rejected input (bad question file, corpus missing), 3 graph unavailable.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import redis
import typer

from extraction.access import EVERYTHING, PUBLIC, Scope, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.errors import InputRejected
from extraction.index_readiness import wait_for_indexes
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.cli.common import EXIT_REJECTED, DataDirOpt, JsonOpt, emit, fail, graph_session, settings_from
from zehn.cli.eval_compare import run_compare
from zehn.evaluation.baseline import BaselineAnswerer
from zehn.evaluation.compare import markdown as compare_markdown
from zehn.evaluation.paragraphs import ParagraphBaseline
from zehn.evaluation.questions import Question, as_read_by, load_questions
from zehn.evaluation.records import AnswerRecord
from zehn.evaluation.report import build_report, markdown
from zehn.evaluation.runner import Answerer, CitationChecker, eval_graph_name, make_zehn, run_eval, run_zehn
from zehn.evaluation.split import HalfChoice, select
from zehn.models import local_embedder

Mode = Literal["deterministic", "model"]
Systems = Literal["both", "zehn", "baseline"]
Reader = Literal["public", "all"]
# Who asks: a caller without a token (documents marked restricted or private stay unread, as for any such caller),
# or one that may read every document (an admin), e.g. for answer keys written by people who could read them all.
READERS: dict[str, Scope] = {"public": PUBLIC, "all": EVERYTHING}


def eval_command(
    questions: Annotated[Path, typer.Option("--questions", help="Question file (JSON lines; either format).")],
    corpus: Annotated[Path | None, typer.Option("--corpus", help="Directory of documents to ingest and ask about "
                                                "(not with --graph-a/--graph-b).")] = None,
    mode: Annotated[Mode, typer.Option("--mode", help="deterministic (no model) or model.")] = "deterministic",
    trials: Annotated[int, typer.Option("--trials", min=1, max=20, help="Runs of ZEHN (model mode).")] = 1,
    systems: Annotated[Systems, typer.Option("--systems", help="Which systems to run.")] = "both",
    out: Annotated[Path | None, typer.Option("--out", help="Also write the Markdown report here.")] = None,
    half: Annotated[HalfChoice, typer.Option(
        "--half", help="tune or check half of the questions (fixed split by a hash of the id), or all.")] = "all",
    repeat_ingest: Annotated[int, typer.Option(
        "--repeat-ingest", min=1, max=5,
        help="Ingest the corpus this many times into fresh graphs (each later one in another fixed-seed document "
             "order) and report ZEHN's status agreement.")] = 1,
    graph: Annotated[str | None, typer.Option("--graph", help="Graph to ingest the corpus into and evaluate "
                                              "(default: eval_ + a hash of the corpus path; never the main graph).")
                     ] = None,
    graph_a: Annotated[str | None, typer.Option("--graph-a", help="Compare: an ingested graph (read only).")] = None,
    graph_b: Annotated[str | None, typer.Option("--graph-b", help="Compare: another ingested graph (read only).")
                       ] = None,
    reader: Annotated[Reader, typer.Option(
        "--reader", help="Ask as a caller without a token (public: restricted documents unread) or as one that "
                         "may read every document (all). Both systems read as the same reader.")] = "public",
    data_dir: DataDirOpt = None, as_json: JsonOpt = False,
) -> None:
    """Evaluate ZEHN against plain-retrieval baselines (sentences, paragraphs) on a corpus and question file,
    graded by code; or compare two ingested graphs (--graph-a, --graph-b) on the same questions, side by side,
    without changing either."""
    try:
        asked = as_read_by(select(load_questions(questions), half), reader)
    except InputRejected as exc:
        raise fail(str(exc), EXIT_REJECTED, as_json, "rejected") from exc
    if not asked:
        raise fail(f"no questions in the {half} half of {questions}", EXIT_REJECTED, as_json, "rejected")
    settings = settings_from(data_dir, None)
    if graph_a is not None or graph_b is not None:
        if graph_a is None or graph_b is None or corpus is not None or graph is not None or repeat_ingest > 1 \
                or reader != "public":
            raise fail("comparing needs both --graph-a and --graph-b, and no --corpus, --graph, --repeat-ingest or "
                       "--reader (nothing is ingested; graphs are read as public)", EXIT_REJECTED, as_json,
                       "rejected")
        logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
        compared = run_compare(settings, asked, graph_a, graph_b, mode, as_json)
        compared["meta"] |= {"questions_file": str(questions), "half": half}
        _print(compared, compare_markdown(compared), out, as_json)
        return
    if corpus is None or not corpus.is_dir():
        raise fail(f"--corpus {corpus} is not a directory", EXIT_REJECTED, as_json, "rejected")
    name = graph or eval_graph_name(corpus)
    if name == settings.graph_name:
        raise fail(f"refusing to evaluate in the main graph {name!r}", EXIT_REJECTED, as_json, "rejected")
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)

    def progress(label: str, index: int, total: int) -> None:
        if index == total or index % 10 == 0:
            print(f"zehn eval: {label}: {index}/{total}", file=sys.stderr)

    with graph_session(settings, as_json) as (endpoint, _graph):
        nlp, embedder = load_nlp(), local_embedder(settings)
        ingestor = Ingestor(endpoint.host, endpoint.port, name, endpoint.password, nlp=nlp, embedder=embedder,
                            max_bytes=settings.max_document_bytes, wait_s=settings.ingest_wait_s)
        ingest = ingestor.ingest([corpus])
        read_graph = open_graph(endpoint.host, endpoint.port, name, password=endpoint.password,
                                timeout_ms=settings.query_timeout_ms)
        wait_for_indexes(read_graph, settings.ready_wait_s,
                         lambda state: print(f"zehn eval: waiting for indexes: {state.detail}", file=sys.stderr))
        scope = READERS[reader]
        as_reader = ScopedGraph(read_graph, scope)
        executor = TraversalExecutor(read_graph, load_policy(settings.policy_file), embedder=embedder,
                                     timeout_ms=settings.query_timeout_ms)
        zehn: Answerer | None = None
        if systems != "baseline":
            try:
                zehn = make_zehn(mode, executor, nlp, ingestor.graph, settings, scope)
            except InputRejected as exc:
                raise fail(str(exc), EXIT_REJECTED, as_json, "rejected") from exc
        baseline = BaselineAnswerer(as_reader, embedder, timeout_ms=settings.query_timeout_ms) \
            if systems != "zehn" else None
        paragraph = ParagraphBaseline(as_reader) if systems != "zehn" else None
        run = run_eval(asked, zehn, baseline, CitationChecker(ScopedGraph(ingestor.graph, scope)), trials=trials,
                       progress=progress, paragraph=paragraph)
        if zehn is not None and repeat_ingest > 1:
            run.repeats = [run.zehn_trials[0], *_repeats(endpoint, settings, corpus, name, repeat_ingest - 1, asked,
                                                           mode, nlp, embedder, progress, scope)]
    run.meta = {"corpus": str(corpus), "questions_file": str(questions), "half": half, "questions": len(asked),
                "mode": mode, "trials": trials, "graph": name, "reader": reader,
                "ingest": ingest.to_dict() | {"error_details": None}}
    report = build_report(run)
    _print(report, markdown(report), out, as_json)


def _print(report: dict[str, Any], text: str, out: Path | None, as_json: bool) -> None:
    if out is not None:
        out.write_text(text + "\n", encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, default=str))
    else:
        emit(report, False, text)


def _repeats(endpoint: Any, settings: Any, corpus: Path, name: str, count: int, asked: list[Question], mode: Mode,
             nlp: Any, embedder: LocalEmbedder, progress: Any, scope: Scope) -> list[list[AnswerRecord]]:
    """ZEHN's answers over ``count`` fresh ingests of the corpus (graphs ``<name>_r2`` ...), each dropped after.
    Ingest ``n`` takes the documents in an order shuffled with seed ``n``: status agreement then measures that
    answers depend on the files, not on the order they were written in (node ids, index entries, shared entities)."""
    out = []
    for n in range(2, count + 2):
        graph_name = f"{name}_r{n}"
        ingestor = Ingestor(endpoint.host, endpoint.port, graph_name, endpoint.password, nlp=nlp, embedder=embedder,
                            max_bytes=settings.max_document_bytes, wait_s=settings.ingest_wait_s)
        with contextlib.suppress(redis.ResponseError):
            ingestor.graph.delete()  # a fresh build, never the copy a previous run left
        try:
            ingestor.ingest([corpus], order_seed=n)
            read_graph = open_graph(endpoint.host, endpoint.port, graph_name, password=endpoint.password,
                                    timeout_ms=settings.query_timeout_ms)
            wait_for_indexes(read_graph, settings.ready_wait_s)
            executor = TraversalExecutor(read_graph, load_policy(settings.policy_file), embedder=embedder,
                                         timeout_ms=settings.query_timeout_ms)
            zehn = make_zehn(mode, executor, nlp, ingestor.graph, settings, scope)
            checker = CitationChecker(ScopedGraph(ingestor.graph, scope))
            out.append(run_zehn(asked, zehn, checker, f"zehn on ingest {n}", progress))
        finally:
            with contextlib.suppress(redis.ResponseError):
                ingestor.graph.delete()
    return out


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
