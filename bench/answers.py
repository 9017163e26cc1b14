"""Answer latency through the HTTP API, side by side with the baseline answerer, in one run.

    .venv/bin/python bench/answers.py --corpus DIR --questions FILE [--data-dir DIR] [--json]

The API runs in-process (``zehn.api.app.create_app`` over ``zehn.api.runtime.open_services``, FastAPI's test
client, no socket) on an embedded FalkorDB in a temp dir (or ``--data-dir`` to keep the ingest between runs), in
its own graph ``bench_<hash of the corpus dir>``. Models are loaded and one question is asked before timing.

Printed per system: p50/p95 wall time per question. For the API also: the summed FalkorDB ``run_time_ms`` of the
queries behind each answer (from the answer's shown work) and the API's overhead over it (wall - db); ratios
api/baseline and api/db are medians of per-question ratios' numerators and denominators (p50 / p50); the last
line prints the overhead (p50 of wall - db per question) beside its goal and as a multiple of the FalkorDB p50.
"API CPU time" is this process's CPU time per answer: on a shared, busy machine wall time also counts waiting for
a core, CPU time does not. Where the overhead goes: ``bench/profile_answers.py``.

``--base DIR`` (a worktree of another commit, with its own ``.venv``) times this checkout against it instead, on the
same graph, question by question alternately, and lists every question whose answer differs
(bench/answers_ab.py); ``--graph`` reads a graph another command built (``zehn eval``'s ``eval_<hash>``) and
``--half`` picks the questions (default: all; the plain run too).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fastapi.testclient import TestClient

from extraction.embeddings import LocalEmbedder
from extraction.index_readiness import wait_for_indexes
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from traversal_policy import open_graph
from zehn.api.app import create_app
from zehn.api.runtime import open_services
from zehn.evaluation.baseline import BaselineAnswerer
from zehn.evaluation.metrics import percentile
from zehn.evaluation.questions import load_questions
from zehn.evaluation.runner import eval_graph_name
from zehn.evaluation.split import HalfChoice, select
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings

OVERHEAD_GOAL_MS = 20.0  # issue 11: at most this much of our own time per answer over FalkorDB's (p50)


def _p(values: list[float], q: float) -> float | None:
    value = percentile(values, q)
    return None if value is None else round(value, 1)


def _graph_name(corpus: Path) -> str:
    return "bench_" + hashlib.sha256(str(corpus.resolve()).encode()).hexdigest()[:12]


def measure(corpus: Path, questions_file: Path, data_dir: Path, half: HalfChoice = "all") -> dict[str, Any]:
    questions = [q.question for q in select(load_questions(questions_file), half)]
    graph_name = _graph_name(corpus)
    nlp, embedder = load_nlp(), LocalEmbedder()
    api_ms: list[float] = []
    cpu_ms: list[float] = []  # this process's CPU time per answer (FalkorDB runs in its own process)
    db_ms: list[float] = []
    base_ms: list[float] = []
    statuses: dict[str, int] = {}
    with EmbeddedFalkorDB(data_dir, requirepass=False) as server:
        assert server.port is not None
        # A --data-dir that `zehn serve` or `zehn eval` made holds a password the server was started with.
        url = f"redis://:{server.password}@127.0.0.1:{server.port}" if server.password else server.url
        ingest = Ingestor("127.0.0.1", server.port, graph_name, server.password, nlp=nlp,
                          embedder=embedder).ingest([corpus])
        settings = load_settings(data_dir=data_dir, graph_name=graph_name, falkordb_url=url)
        with open_services(settings, nlp=nlp, embedder=embedder) as services:
            if services.monitor is not None:
                services.monitor.wait_ready(settings.ready_wait_s)  # never time answers from half-built indexes
            baseline = BaselineAnswerer(services.executor.graph, embedder)
            # Host 127.0.0.1: the guard trusts loopback names only (TestClient sends "testserver" by default).
            with TestClient(create_app(services, frontend_dir=None), base_url="http://127.0.0.1") as client:
                warm = client.post("/api/answers", json={"question": questions[0]})  # warm up both paths
                if warm.status_code != 200:  # a refused request is not a fast answer: never time it
                    raise SystemExit(f"the API refused the warm-up question ({warm.status_code}): {warm.text}")
                baseline.answer("warm", questions[0])
                for question in questions:
                    started, cpu_started = time.perf_counter(), time.process_time()
                    response = client.post("/api/answers", json={"question": question})
                    api_ms.append((time.perf_counter() - started) * 1000.0)
                    cpu_ms.append((time.process_time() - cpu_started) * 1000.0)
                    if response.status_code != 200:
                        raise SystemExit(f"the API refused {question!r} ({response.status_code}): {response.text}")
                    body = response.json()
                    statuses[str(body.get("status"))] = statuses.get(str(body.get("status")), 0) + 1
                    db_ms.append(sum(q.get("run_time_ms") or 0.0 for q in body.get("queries", [])))
                    base_ms.append(baseline.answer("q", question).latency_ms)
    overhead = [a - d for a, d in zip(api_ms, db_ms, strict=True)]
    api50, base50, db50, over50 = _p(api_ms, 50), _p(base_ms, 50), _p(db_ms, 50), _p(overhead, 50)
    return {
        "questions": len(questions), "documents": ingest.documents + ingest.skipped, "statuses": statuses,
        "api": {"p50_ms": api50, "p95_ms": _p(api_ms, 95)},
        "baseline": {"p50_ms": base50, "p95_ms": _p(base_ms, 95)},
        "api_db": {"p50_ms": db50, "p95_ms": _p(db_ms, 95)},
        "api_overhead": {"p50_ms": over50, "p95_ms": _p(overhead, 95)},
        "api_cpu": {"p50_ms": _p(cpu_ms, 50), "p95_ms": _p(cpu_ms, 95)},
        "ratio_api_to_baseline_p50": round(api50 / base50, 2) if api50 and base50 else None,
        "ratio_api_to_db_p50": round(api50 / db50, 2) if api50 and db50 else None,
        "ratio_overhead_to_db_p50": round(over50 / db50, 2) if over50 is not None and db50 else None,
        "overhead_goal_ms": OVERHEAD_GOAL_MS,
    }


def against_base(args: argparse.Namespace, data_dir: Path) -> dict[str, Any]:
    """bench/answers_ab.py's run on one embedded FalkorDB over ``data_dir`` (the corpus ingested first)."""
    from bench import answers_ab

    asked = [(q.id, q.question) for q in select(load_questions(args.questions), args.half)]
    graph_name = args.graph or _graph_name(args.corpus)
    with EmbeddedFalkorDB(data_dir, requirepass=False) as server:
        assert server.port is not None
        url = f"redis://:{server.password}@127.0.0.1:{server.port}" if server.password else server.url
        if args.graph is None:  # a graph another command built (--graph) is read as it is
            Ingestor("127.0.0.1", server.port, graph_name, server.password, nlp=load_nlp(),
                     embedder=LocalEmbedder()).ingest([args.corpus])
        base_graph = args.base_graph or graph_name
        for name in dict.fromkeys((graph_name, base_graph)):  # never time half-built indexes
            wait_for_indexes(open_graph("127.0.0.1", server.port, name, password=server.password),
                             load_settings(data_dir=data_dir).ready_wait_s)
        with tempfile.TemporaryDirectory() as work:
            return answers_ab.run(args.base.resolve(), url, graph_name, Path(work), asked, args.rounds, base_graph)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, default=None, help="Keep the graph here (default: a temp dir).")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--base", type=Path, default=None, help="Time this checkout against this worktree.")
    parser.add_argument("--graph", default=None, help="With --base: the graph to read (default bench_<hash>; "
                        "'eval' for zehn eval's).")
    parser.add_argument("--half", choices=("tune", "check", "all"), default="all", help="The questions asked.")
    parser.add_argument("--rounds", type=int, default=1, help="With --base: times each question is asked.")
    parser.add_argument("--base-graph", default=None, help="With --base: the graph the base reads (default --graph's; "
                        "an ingest of the base's own beside this checkout's, in the same data dir).")
    args = parser.parse_args()
    if args.graph == "eval":
        args.graph = eval_graph_name(args.corpus)
    if args.base is not None:
        from bench import answers_ab

        if args.data_dir is None:
            with tempfile.TemporaryDirectory() as tmp:
                compared = against_base(args, Path(tmp))
        else:
            compared = against_base(args, args.data_dir)
        print(json.dumps(compared)) if args.json else answers_ab.show(compared, args.base)
        return
    if args.data_dir is None:
        with tempfile.TemporaryDirectory() as tmp:
            result = measure(args.corpus, args.questions, Path(tmp), args.half)
    else:
        result = measure(args.corpus, args.questions, args.data_dir, args.half)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['questions']} questions over {result['documents']} documents; statuses {result['statuses']}")
    print(f"{'':<22} {'p50 ms':>9} {'p95 ms':>9}")
    for key, label in (("api", "POST /api/answers"), ("baseline", "baseline answerer"),
                       ("api_db", "  FalkorDB run time"), ("api_overhead", "  API overhead"),
                       ("api_cpu", "  API CPU time")):
        print(f"{label:<22} {result[key]['p50_ms']!s:>9} {result[key]['p95_ms']!s:>9}")
    print(f"ratio API/baseline (p50): {result['ratio_api_to_baseline_p50']}   "
          f"ratio API/FalkorDB (p50): {result['ratio_api_to_db_p50']}")
    print(f"ZEHN's own overhead (p50): {result['api_overhead']['p50_ms']} ms over {result['api_db']['p50_ms']} ms of "
          f"FalkorDB run time = {result['ratio_overhead_to_db_p50']}x it (goal <= {OVERHEAD_GOAL_MS} ms)")


if __name__ == "__main__":
    main()
