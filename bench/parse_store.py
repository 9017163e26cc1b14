"""Answering with the parses ingest stored against parsing every sentence read, side by side in one run.

    .venv/bin/python bench/parse_store.py --corpus DIR --questions FILE --data-dir DIR [--half tune] [--json]

Ingests the corpus into the graph bench/answers.py uses (``bench_<hash of the corpus dir>``, or ``--graph``;
documents already there are skipped), then asks every question of two answer services over the same graph, models
and embedder: ``stored`` (the default pipeline: sentence parses read from the Evidence rows,
extraction/parse_store.py) and ``parsed`` (the same pipeline parsing every sentence it reads, as before the store).
Each service has its own parse cache and each question is asked once of each, the first service alternating per
question (the embedder's cache is shared, so whichever asks second finds the question's vectors). Printed per
service: this process's CPU time per answer (``time.process_time``: FalkorDB runs in its own process, and on a
shared machine wall time also counts waiting for a core), wall time and our overhead over FalkorDB's run time (wall
- the summed ``run_time_ms`` of the answer's queries), spaCy documents parsed and parses read from the graph per
answer; then how many answers differ (status or cited evidence ids) between the two, which must be none.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from zehn.agent import AnswerService
from zehn.agent.pipeline import Pipeline
from zehn.api.runtime import open_services
from zehn.evaluation.questions import load_questions
from zehn.evaluation.split import HalfChoice, select
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings

SYSTEMS = ("stored", "parsed")


class Counts:
    """spaCy documents the pipeline parsed and stored parses rebuilt, counted at the two entry points."""

    def __init__(self) -> None:
        self.parsed = 0
        self.rebuilt = 0


def _counting(nlp: Any, counts: Counts) -> None:
    import extraction.parse_store as store

    pipe, decode = type(nlp).pipe, store.decode

    def counted_pipe(self: Any, texts: Any, *args: Any, **kwargs: Any) -> Any:
        for doc in pipe(self, texts, *args, **kwargs):
            counts.parsed += 1
            yield doc

    def counted_decode(data: str, vocab: Any) -> Any:
        counts.rebuilt += 1
        return decode(data, vocab)

    type(nlp).pipe = counted_pipe
    store.decode = counted_decode


def measure(corpus: Path, questions_file: Path, data_dir: Path, half: HalfChoice, graph: str | None) -> dict[str, Any]:
    questions = [q.question for q in select(load_questions(questions_file), half)]
    graph_name = graph or "bench_" + hashlib.sha256(str(corpus.resolve()).encode()).hexdigest()[:12]
    nlp, embedder = load_nlp(), LocalEmbedder()
    counts = Counts()
    per: dict[str, dict[str, list[float]]] = {s: {"cpu_ms": [], "wall_ms": [], "overhead_ms": [], "parsed": [],
                                                  "rebuilt": []}
                                              for s in SYSTEMS}
    answers: dict[str, list[tuple[str, list[str]]]] = {s: [] for s in SYSTEMS}
    with EmbeddedFalkorDB(data_dir, requirepass=False) as server:
        assert server.port is not None
        url = f"redis://:{server.password}@127.0.0.1:{server.port}" if server.password else server.url
        Ingestor("127.0.0.1", server.port, graph_name, server.password, nlp=nlp, embedder=embedder).ingest([corpus])
        settings = load_settings(data_dir=data_dir, graph_name=graph_name, falkordb_url=url)
        with open_services(settings, nlp=nlp, embedder=embedder) as services:
            if services.monitor is not None:
                services.monitor.wait_ready(settings.ready_wait_s)
            parsing = AnswerService(services.executor, nlp, services.graph)
            parsing.pipeline = Pipeline(nlp, parsing.similarity, None, stored_parses=False)
            systems = {"stored": services.answerer, "parsed": parsing}
            for service in systems.values():
                service.answer(questions[0])  # warm up
            _counting(nlp, counts)
            for n, question in enumerate(questions):
                for name in (SYSTEMS if n % 2 == 0 else SYSTEMS[::-1]):
                    parsed, rebuilt = counts.parsed, counts.rebuilt
                    started, cpu_started = time.perf_counter(), time.process_time()
                    answer = systems[name].answer(question)
                    per[name]["cpu_ms"].append((time.process_time() - cpu_started) * 1000.0)
                    per[name]["wall_ms"].append((time.perf_counter() - started) * 1000.0)
                    db = sum(q.run_time_ms or 0.0 for q in answer.queries)
                    per[name]["overhead_ms"].append(per[name]["wall_ms"][-1] - db)
                    per[name]["parsed"].append(counts.parsed - parsed)
                    per[name]["rebuilt"].append(counts.rebuilt - rebuilt)
                    answers[name].append((answer.status, sorted(c.evidence_id for c in answer.citations)))
    differ = sum(a != b for a, b in zip(answers["stored"], answers["parsed"], strict=True))
    report: dict[str, Any] = {"questions": len(questions), "half": half, "differing_answers": differ}
    for name in SYSTEMS:
        values = per[name]
        report[name] = {"cpu_ms_p50": round(statistics.median(values["cpu_ms"]), 1),
                        "cpu_ms_mean": round(statistics.mean(values["cpu_ms"]), 1),
                        "wall_ms_p50": round(statistics.median(values["wall_ms"]), 1),
                        "overhead_ms_p50": round(statistics.median(values["overhead_ms"]), 1),
                        "parsed_per_answer": round(statistics.mean(values["parsed"]), 2),
                        "rebuilt_per_answer": round(statistics.mean(values["rebuilt"]), 2)}
    report["cpu_ratio_p50"] = round(report["stored"]["cpu_ms_p50"] / report["parsed"]["cpu_ms_p50"], 3)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, required=True, help="Graph data (kept between runs).")
    parser.add_argument("--half", choices=("tune", "check", "all"), default="tune")
    parser.add_argument("--graph", default=None, help="Graph to use (default bench_<hash>; e.g. the eval_ graph "
                                                      "`zehn eval --data-dir` made).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args.corpus, args.questions, args.data_dir, args.half, args.graph)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['questions']} questions ({report['half']} half); answers that differ: "
          f"{report['differing_answers']}")
    for name in SYSTEMS:
        r = report[name]
        print(f"  {name:<7} CPU/answer p50 {r['cpu_ms_p50']:7.1f} ms (mean {r['cpu_ms_mean']:6.1f}), wall p50 "
              f"{r['wall_ms_p50']:7.1f} ms, overhead p50 {r['overhead_ms_p50']:7.1f} ms; spaCy docs parsed/answer "
              f"{r['parsed_per_answer']:5.2f}, stored parses rebuilt/answer {r['rebuilt_per_answer']:5.2f}")
    print(f"  CPU ratio stored/parsed (p50): {report['cpu_ratio_p50']}")


if __name__ == "__main__":
    main()
