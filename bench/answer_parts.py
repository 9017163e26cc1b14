"""Where an answer's CPU goes, by part, timed without a profiler: each part's own thread time, in rounds.

    PYTHONPATH=TREE .venv/bin/python bench/answer_parts.py --corpus DIR --questions FILE --data-dir DIR
        [--graph NAME|eval] [--half tune|check|all] [--rounds 3] [--json]

cProfile (bench/profile_answers.py) charges every Python call its own overhead, so code made of many small calls
(result parsing, word matching) reads several times dearer than it is, and model calls cheaper. Here a few entry
points are wrapped with a thread-time clock instead, and the questions are asked ``--rounds`` times over one graph
(read as stored; nothing is ingested): round 1 is cold (the process's parse, word and vector caches fill), later
rounds show the steady state. Printed per round: the answering thread's CPU per answer (p50 and total), each
part's total, in the answering thread only (a part inside another is counted in both), except ``embed_each``
(the question's and asks' vectors, in the background thread), and the cyclic garbage collector's pauses by
generation. To time another tree, copy this file into it and run it there.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree (copy the file into another to time it)

from falkordb import graph as falkordb_graph
from falkordb import query_result

import traversal_policy.runner as runner
from extraction.embeddings import LocalEmbedder
from extraction.nlp import load_nlp
from zehn.agent import parses, pipeline, similarity
from zehn.api.runtime import open_services
from zehn.evaluation.questions import load_questions
from zehn.evaluation.runner import eval_graph_name
from zehn.evaluation.split import select
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings

ANY_THREAD = frozenset({"embed_each"})  # parts run in the background embedding thread


class Clock:
    """Thread time per part, and the collector's pauses (``gcN``), in the answering (main) thread."""

    def __init__(self) -> None:
        self.ms: defaultdict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()
        self._gc_started = 0.0
        gc.callbacks.append(self._gc)

    def wrap(self, part: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            if part not in ANY_THREAD and threading.current_thread() is not threading.main_thread():
                return func(*args, **kwargs)
            started = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                self.ms[part] += (time.thread_time() - started) * 1000.0
                self.calls[part] += 1
        return run

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        if phase == "start":
            self._gc_started = time.thread_time()
            return
        part = f"gc{info['generation']}"
        self.ms[part] += (time.thread_time() - self._gc_started) * 1000.0
        self.calls[part] += 1

    def take(self) -> dict[str, dict[str, float]]:
        out = {part: {"ms": round(ms, 1), "calls": self.calls[part]} for part, ms in sorted(self.ms.items())}
        self.ms.clear()
        self.calls.clear()
        return out


def instrument(clock: Clock, embedder: LocalEmbedder) -> None:
    """Wrap the parts (attributes the answering code looks up at call time)."""
    parts: list[tuple[Any, str, str]] = [
        (pipeline, "analyse", "analyse"), (pipeline, "read_parses", "stored parses"),
        (runner.Trace, "rows", "queries"), (falkordb_graph.Graph, "_build_params_header", "queries: parameter text"),
        (query_result.QueryResult, "__init__", "queries: result parsing"),
        (parses.ParseCache, "docs", "sentence parses"), (similarity.Similarity, "matches", "word matches"),
        *((embedder, name, name) for name in ("embed_each", "embed_documents", "word_vectors"))]
    for owner, name, part in parts:
        setattr(owner, name, clock.wrap(part, getattr(owner, name)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, required=True, help="Holds the graph (read as stored).")
    parser.add_argument("--graph", default="eval", help="The graph ('eval': the one `zehn eval` builds).")
    parser.add_argument("--half", choices=("tune", "check", "all"), default="all")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    questions = [q.question for q in select(load_questions(args.questions), args.half)]
    graph_name = eval_graph_name(args.corpus) if args.graph == "eval" else args.graph
    nlp, embedder = load_nlp(), LocalEmbedder()
    clock = Clock()
    instrument(clock, embedder)
    rounds: list[dict[str, Any]] = []
    with EmbeddedFalkorDB(args.data_dir, requirepass=False) as server:
        url = f"redis://:{server.password}@127.0.0.1:{server.port}" if server.password else server.url
        settings = load_settings(data_dir=args.data_dir, graph_name=graph_name, falkordb_url=url)
        with open_services(settings, nlp=nlp, embedder=embedder) as services:
            if services.monitor is not None:
                services.monitor.wait_ready(settings.ready_wait_s)
            services.answerer.answer(questions[0])  # warm up, as bench/answers.py does
            clock.take()
            for _ in range(args.rounds):
                thread_ms = []
                for question in questions:
                    started = time.thread_time()
                    services.answerer.answer(question)
                    thread_ms.append((time.thread_time() - started) * 1000.0)
                rounds.append({"thread_p50_ms": round(statistics.median(thread_ms), 1),
                               "thread_total_ms": round(sum(thread_ms), 1), "parts": clock.take()})
    if args.json:
        print(json.dumps({"questions": len(questions), "rounds": rounds}))
        return
    print(f"{len(questions)} questions; CPU ms (thread time), totals over the round unless marked")
    for n, found in enumerate(rounds, start=1):
        print(f"round {n}: answering thread p50 {found['thread_p50_ms']} per answer, total {found['thread_total_ms']}")
        for part, figures in found["parts"].items():
            print(f"  {part:<26} {figures['ms']:>8} ms  {figures['calls']:>6} calls")


if __name__ == "__main__":
    main()
