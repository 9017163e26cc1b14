"""``zehn eval --graph-a A --graph-b B``: two already-ingested graphs on one server, asked the same questions.

Nothing is ingested and nothing is written: both graphs are opened read-only (:mod:`zehn.evaluation.compare`).
A graph that does not exist is rejected (exit 2) rather than evaluated as empty.
"""

from __future__ import annotations

import sys
from typing import Any

from extraction.errors import InputRejected
from extraction.evidence_reads import graph_exists, graph_stats
from extraction.nlp import load_nlp
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.cli.common import EXIT_REJECTED, fail, graph_session
from zehn.evaluation.compare import ReadOnly, Side, compare
from zehn.evaluation.questions import Question
from zehn.evaluation.runner import CitationChecker, make_zehn
from zehn.models import local_embedder
from zehn.settings import Settings


def progress(label: str, index: int, total: int) -> None:
    if index == total or index % 10 == 0:
        print(f"zehn eval: {label}: {index}/{total}", file=sys.stderr)


def run_compare(settings: Settings, questions: list[Question], graph_a: str, graph_b: str, mode: str,
                as_json: bool) -> dict[str, Any]:
    if graph_a == graph_b:
        raise fail("--graph-a and --graph-b name the same graph", EXIT_REJECTED, as_json, "rejected")
    policy = load_policy(settings.policy_file)
    with graph_session(settings, as_json) as (endpoint, _graph):
        graphs = [ReadOnly(open_graph(endpoint.host, endpoint.port, name, password=endpoint.password,
                                      timeout_ms=settings.query_timeout_ms)) for name in (graph_a, graph_b)]
        for graph in graphs:  # before loading any model: a missing graph is the caller's mistake, said at once
            if not graph_exists(graph):
                raise fail(f"graph {graph.name!r} does not exist on {endpoint.url}: ingest into it first "
                           f"(zehn ingest DIR --graph {graph.name})", EXIT_REJECTED, as_json, "rejected")
        nlp, embedder = load_nlp(), local_embedder(settings)
        sides = []
        for graph in graphs:
            executor = TraversalExecutor(graph, policy, embedder=embedder, timeout_ms=settings.query_timeout_ms)
            try:
                answerer = make_zehn(mode, executor, nlp, graph, settings)
            except InputRejected as exc:
                raise fail(str(exc), EXIT_REJECTED, as_json, "rejected") from exc
            sides.append(Side(graph.name, answerer, CitationChecker(graph), graph_stats(graph)))
        report = compare(questions, sides[0], sides[1], progress)
    report["meta"] = {"mode": mode, "graph_a": graph_a, "graph_b": graph_b, "server": endpoint.url}
    return report
