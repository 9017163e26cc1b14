"""How ingest and answer cost grow with the corpus: 1x, 4x, 16x a corpus, measured in one run.

    .venv/bin/python bench/scale.py --corpus DIR --questions FILE [--sizes 1,4,16] [--data-dir DIR [--reuse]] [--json]

Copy 0 is the corpus itself. Copy i >= 1 is every document again under a new id (``<id>_r<i>``) with its
entities renamed so the graph really grows instead of merging: every capitalised word (``Haddad``), every
all-capitals ticket key (``OPS-412``) and every hyphenated lower-case name (``rate-engine``) gets the copy's
suffix (``Haddadqb``, ``OPS-412qb``, ``rate-engine-qb``). Sizes and structure of the text stay the same.

Every size is ingested into its own graph of one embedded FalkorDB in a temp dir (ingest time per document), then
the question set (asked about copy 0's names) is put to every size in turn, question by question, so the machine's
load falls on all sizes alike: p50 wall time and p50 CPU time of the deterministic ZEHN answerer, and the
baseline's p50, each with its ratio to the first size; and the answers that failed: ``errors`` (ZEHN raised, or
the ingest failed), ``unavailable`` (the graph stopped a ZEHN answer: a query past the server's timeout) and
``baseline_failed``. Goal: ZEHN p50 at 16x within 1.2x of 1x, with no failed answer.
Time: ingest runs at about 1-1.5 s per Redwood document on 2 cores, so 16x (2400 documents) takes about an hour;
``--sizes 1,4`` takes about 20 minutes. To compare two versions of the query side on the same graphs, ingest once
with ``--data-dir``, then run each version with ``--data-dir DIR --reuse`` (answers only, graphs read as stored).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.index_readiness import wait_for_indexes
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor, IngestReport
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.evaluation.baseline import BaselineAnswerer
from zehn.evaluation.metrics import FAILED, percentile
from zehn.evaluation.questions import load_questions
from zehn.evaluation.records import AnswerRecord
from zehn.evaluation.runner import ask, make_zehn
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import load_settings

_ID_LINE = re.compile(r'^(id:\s*"?)([^"\n]+)("?)', re.MULTILINE)
_NAMES = re.compile(r"\b[A-Z][a-z]{2,}\b|\b[A-Z]{2,}-\d+\b|\b[a-z]+(?:-[a-z]+)+\b")


def suffix(copy: int) -> str:
    letters = ""
    n = copy
    while n:
        n, r = divmod(n, 26)
        letters += "abcdefghijklmnopqrstuvwxyz"[r]
    return "q" + letters


def replicate(text: str, copy: int) -> str:
    if copy == 0:
        return text
    tag = suffix(copy)
    head, sep, body = text.partition("\n---\n") if text.startswith("---") else ("", "", text)

    def rename(m: re.Match[str]) -> str:
        word = m.group(0)
        return f"{word}-{tag}" if "-" in word and word.islower() else f"{word}{tag}"

    if sep:
        id_match = _ID_LINE.search(head)
        head = _NAMES.sub(rename, head)
        if id_match:  # the id is replaced, not renamed word by word
            head = _ID_LINE.sub(lambda m: f"{m.group(1)}{id_match.group(2)}_r{copy}{m.group(3)}", head, count=1)
    return head + sep + _NAMES.sub(rename, body)


def build(corpus: Path, times: int, out: Path) -> int:
    files = sorted(p for p in corpus.rglob("*") if p.suffix in {".md", ".txt"})
    for copy in range(times):
        for path in files:
            text = path.read_text(encoding="utf-8")
            (out / f"{path.stem}_r{copy}{path.suffix}").write_text(replicate(text, copy), encoding="utf-8")
    return len(files) * times


@dataclass
class Size:
    """One size's graph, ingested, with its two answerers and the timings collected for it."""

    times: int
    files: int
    report: Any
    zehn: Any
    baseline: BaselineAnswerer
    zehn_ms: list[float] = field(default_factory=list)
    zehn_cpu_ms: list[float] = field(default_factory=list)
    zehn_db_ms: list[float] = field(default_factory=list)
    base_ms: list[float] = field(default_factory=list)
    errors: int = 0  # ZEHN answers that raised (status "error"); the ingest's errors are added in row()
    unavailable: int = 0  # ZEHN answers the graph stopped (status "unavailable", e.g. a query past its timeout)
    baseline_failed: int = 0  # the baseline's answers of either status

    def count(self, zehn: AnswerRecord, baseline: AnswerRecord) -> None:
        """Count the answers that failed. An answer the graph stopped comes back as a record with its wall time,
        like one answered: uncounted, a size whose queries time out looks merely slow, with no errors."""
        self.errors += zehn.status == "error"
        self.unavailable += zehn.status == "unavailable"
        self.baseline_failed += baseline.status in FAILED


def ingest_size(corpus: Path, times: int, root: Path, port: int, nlp: Any, embedder: LocalEmbedder,
                reuse: bool = False) -> Size:
    """Ingest one size (documents already ingested under the same rules are skipped); with ``reuse``, nothing is
    ingested and the graph is read as stored (the report then holds only its document count)."""
    docs_dir = root / f"docs{times}"
    docs_dir.mkdir(exist_ok=True)
    files = len(list(docs_dir.iterdir())) if reuse else build(corpus, times, docs_dir)
    name = f"scale{times}"
    ingestor = Ingestor("127.0.0.1", port, name, nlp=nlp, embedder=embedder)
    graph = open_graph("127.0.0.1", port, name)
    if reuse:
        stored = graph.ro_query("MATCH (d:Document) RETURN count(d)").result_set[0][0]
        report = IngestReport(documents=int(stored))
    else:
        report = ingestor.ingest([docs_dir])
    wait_for_indexes(graph)  # never time answers from half-built indexes
    settings = load_settings(data_dir=root / "data")
    zehn = make_zehn("deterministic", TraversalExecutor(graph, load_policy(), embedder=embedder), nlp,
                     ingestor.graph, settings)
    print(f"size {times}x {'as stored' if reuse else 'ingested'}: {report.documents} documents in "
          f"{report.seconds:.0f} s", file=sys.stderr)
    return Size(times, files, report, zehn, BaselineAnswerer(graph, embedder))


def time_answers(sizes: list[Size], questions: list[str]) -> None:
    """Each question is asked of every size in turn (round-robin), so a change in the machine's load falls on
    all sizes alike; the order flips from one question to the next, because the process-wide parse and embedding
    caches favour whichever size reads the copy-0 text second. CPU time is this process's (the FalkorDB server is
    a process of its own)."""
    for n, question in enumerate(questions):
        for size in sizes if n % 2 == 0 else sizes[::-1]:
            cpu = time.process_time()
            record = ask(size.zehn, "q", question)
            size.zehn_cpu_ms.append((time.process_time() - cpu) * 1000.0)
            size.zehn_ms.append(record.latency_ms)
            size.zehn_db_ms.append(record.db_ms)
            base = size.baseline.answer("q", question)
            size.base_ms.append(base.latency_ms)
            size.count(record, base)


def row(size: Size) -> dict[str, Any]:
    report = size.report
    per_doc = report.seconds / report.documents if report.documents else None

    def p50(values: list[float]) -> float | None:
        value = percentile(values, 50)
        return None if value is None else round(value, 1)

    return {"size": size.times, "documents": report.documents, "files": size.files, "chunks": report.chunks,
            "evidence": report.evidence, "ingest_s": round(report.seconds, 1),
            "ingest_ms_per_doc": None if per_doc is None else round(per_doc * 1000.0, 1),
            "zehn_p50_ms": p50(size.zehn_ms), "zehn_cpu_p50_ms": p50(size.zehn_cpu_ms),
            "zehn_db_p50_ms": p50(size.zehn_db_ms),
            "baseline_p50_ms": p50(size.base_ms), "errors": len(report.errors) + size.errors,
            "unavailable": size.unavailable, "baseline_failed": size.baseline_failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--sizes", default="1,4,16", help="Comma-separated multiples of the corpus.")
    parser.add_argument("--data-dir", type=Path, help="Keep the copies and the graphs here (default: a temp dir); "
                        "a second run over the same dir skips the documents already ingested and only times answers.")
    parser.add_argument("--reuse", action="store_true", help="Time answers on the graphs of --data-dir as stored, "
                        "ingesting nothing (even graphs ingested under older extraction rules: only the query side "
                        "is then compared, e.g. main against a branch).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.reuse and not args.data_dir:
        parser.error("--reuse needs --data-dir")
    multiples = [int(s) for s in args.sizes.split(",") if s.strip()]
    questions = [q.question for q in load_questions(args.questions)]
    nlp, embedder = load_nlp(), LocalEmbedder()
    embedder.embed_query("warm up")
    with tempfile.TemporaryDirectory() as tmp:
        root = args.data_dir or Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        with EmbeddedFalkorDB(root / "data", requirepass=False) as server:
            assert server.port is not None
            sizes = [ingest_size(args.corpus, times, root, server.port, nlp, embedder, args.reuse)
                     for times in multiples]
            for size in sizes:  # one warm-up answer each: first parses and caches are not what is measured
                ask(size.zehn, "warm", questions[0])
            time_answers(sizes, questions)
            rows = [row(size) for size in sizes]
    base = rows[0]
    for r in rows:
        for key in ("ingest_ms_per_doc", "zehn_p50_ms", "zehn_cpu_p50_ms", "zehn_db_p50_ms", "baseline_p50_ms"):
            r[f"{key}_ratio"] = round(r[key] / base[key], 2) if r[key] and base[key] else None
    if args.json:
        print(json.dumps({"sizes": rows}))
        return
    print(f"{'size':>5} {'docs':>6} {'ingest s':>9} {'ms/doc':>8} {'x':>5} {'ZEHN p50':>9} {'x':>5} "
          f"{'CPU p50':>8} {'x':>5} {'DB p50':>7} {'x':>5} {'base p50':>9} {'x':>5} {'errors':>6} {'unavail':>7} "
          f"{'base fail':>9}")
    for r in rows:
        print(f"{r['size']:>4}x {r['documents']:>6} {r['ingest_s']:>9} {r['ingest_ms_per_doc']!s:>8} "
              f"{r['ingest_ms_per_doc_ratio']!s:>5} {r['zehn_p50_ms']!s:>9} {r['zehn_p50_ms_ratio']!s:>5} "
              f"{r['zehn_cpu_p50_ms']!s:>8} {r['zehn_cpu_p50_ms_ratio']!s:>5} "
              f"{r['zehn_db_p50_ms']!s:>7} {r['zehn_db_p50_ms_ratio']!s:>5} "
              f"{r['baseline_p50_ms']!s:>9} {r['baseline_p50_ms_ratio']!s:>5} {r['errors']!s:>6} "
              f"{r['unavailable']!s:>7} {r['baseline_failed']!s:>9}")


if __name__ == "__main__":
    main()
