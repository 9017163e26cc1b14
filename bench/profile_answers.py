"""Where the answering time goes: cProfile over deterministic answers, as bench/answers.py asks them.

    .venv/bin/python bench/profile_answers.py --corpus DIR --questions FILE --data-dir DIR [--top 40] [--out FILE]
        [--cpu] [--graph NAME|eval] [--half tune|check|all]

Ingests the corpus into the graph bench/answers.py uses (``bench_<hash of the corpus dir>``; documents already
there are skipped), loads the models, asks the first question once to warm up, then asks every question once
under cProfile (``AnswerService.answer``, no HTTP layer). Prints the per-stage timings the answers report (medians)
and the functions with the most cumulative and own time. ``--out`` also writes the raw profile (for pstats or
snakeviz). ``--cpu`` times the profile by the answering thread's own CPU time instead of the wall clock: on a
shared, busy machine the wall clock also counts waiting for a core, and a process-wide CPU clock would charge the
background embedding thread's work to whatever the answering thread runs meanwhile. The process's CPU per answer
is printed beside the answering thread's: the difference is the embedding threads' (not profiled either way).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from zehn.api.runtime import open_services
from zehn.evaluation.questions import load_questions
from zehn.evaluation.runner import eval_graph_name
from zehn.evaluation.split import select
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, required=True, help="Graph data (kept between runs).")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--out", type=Path, default=None, help="Also write the raw profile here.")
    parser.add_argument("--cpu", action="store_true", help="Profile by the answering thread's CPU time, not wall time.")
    parser.add_argument("--graph", default=None, help="The graph to read (default bench_<hash of the corpus dir>; "
                        "'eval' for the one `zehn eval` builds).")
    parser.add_argument("--half", choices=("tune", "check", "all"), default="all")
    args = parser.parse_args()
    questions = [q.question for q in select(load_questions(args.questions), args.half)]
    graph_name = args.graph or "bench_" + hashlib.sha256(str(args.corpus.resolve()).encode()).hexdigest()[:12]
    if graph_name == "eval":
        graph_name = eval_graph_name(args.corpus)
    nlp, embedder = load_nlp(), LocalEmbedder()
    with EmbeddedFalkorDB(args.data_dir, requirepass=False) as server:
        assert server.port is not None
        url = f"redis://:{server.password}@127.0.0.1:{server.port}" if server.password else server.url
        Ingestor("127.0.0.1", server.port, graph_name, server.password, nlp=nlp, embedder=embedder).ingest(
            [args.corpus])
        settings = load_settings(data_dir=args.data_dir, graph_name=graph_name, falkordb_url=url)
        with open_services(settings, nlp=nlp, embedder=embedder) as services:
            if services.monitor is not None:
                services.monitor.wait_ready(settings.ready_wait_s)
            services.answerer.answer(questions[0])  # warm up, as bench/answers.py does
            timings: dict[str, list[float]] = {}
            profile = cProfile.Profile(time.thread_time) if args.cpu else cProfile.Profile()
            process_ms: list[float] = []
            thread_ms: list[float] = []
            for question in questions:
                process, thread = time.process_time(), time.thread_time()
                profile.enable()
                answer = services.answerer.answer(question)
                profile.disable()
                process_ms.append((time.process_time() - process) * 1000.0)
                thread_ms.append((time.thread_time() - thread) * 1000.0)
                for key, value in answer.timings.items():
                    timings.setdefault(key, []).append(value)
    print(f"{len(questions)} questions; CPU per answer (ms): process p50 {statistics.median(process_ms):.1f} "
          f"(total {sum(process_ms):.0f}), answering thread p50 {statistics.median(thread_ms):.1f} "
          f"(total {sum(thread_ms):.0f})")
    print(f"{len(questions)} questions; median per-stage timings (ms):")
    for key, values in sorted(timings.items()):
        print(f"  {key:<14} {statistics.median(values):8.1f}   total {sum(values):8.0f}")
    for sort in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(sort).print_stats(args.top)
        print(out.getvalue())
    if args.out is not None:
        profile.dump_stats(str(args.out))


if __name__ == "__main__":
    main()
