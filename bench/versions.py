"""The cost of versions, and change-review latency, measured in one run on one corpus.

    .venv/bin/python bench/versions.py CORPUS_DIR [--changed 20] [--reviews 20] [--json]

1. The corpus is copied to a scratch folder and ingested once.
2. Re-ingest of a changed document, both ways, on the same graph, alternating which goes first per document:
   "versioned" (today's path: archive, keep closed rows, stamp, link successors) and "purge" (the path it replaced:
   erase the document, then ingest it as new: ``delete(purge=True)`` + ingest). Each edit rewrites one body line
   (so offsets after it shift, the common case). The ratio is versioned seconds / purge seconds.
3. Change reviews of pull requests and tickets of the corpus (source types github, jira, linear): by document id,
   and the same document's text pasted; latency p50 / p95 / max.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import get_document, graph_stats
from extraction.graph_client import open_graph as open_rw_graph
from extraction.index_readiness import wait_for_indexes
from extraction.loaders import Loaded, iter_documents
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from traversal_policy import TraversalExecutor, load_policy, open_graph
from zehn.agent import AnswerService
from zehn.api.deps import Services
from zehn.graph_server import EmbeddedFalkorDB
from zehn.history import AnswerStore
from zehn.review.service import ChangeReviewer
from zehn.settings import load_settings

REVIEWABLE = ("github", "jira", "linear")


def _edit(path: Path, body_start: int, round_: int) -> None:
    """Rewrite the middle body line: a changed sentence, and every offset after it moves."""
    text = path.read_text(encoding="utf-8")
    lines = text[body_start:].split("\n")
    body = [i for i, line in enumerate(lines) if len(line.split()) >= 4]
    if not body:
        lines.append(f"Revision {round_} adds this closing line.")
    else:
        i = body[len(body) // 2]
        lines[i] = f"Revision {round_}: {lines[i]} (reviewed again)"
    path.write_text(text[:body_start] + "\n".join(lines), encoding="utf-8")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--changed", type=int, default=20, help="documents re-ingested each way")
    parser.add_argument("--reviews", type=int, default=20, help="pull requests / tickets reviewed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    nlp, embedder = load_nlp(), LocalEmbedder()
    embedder.embed_query("warm up")
    with tempfile.TemporaryDirectory() as scratch, EmbeddedFalkorDB(Path(scratch) / "db") as server:
        assert server.port is not None
        docs = Path(scratch) / "docs"
        shutil.copytree(args.corpus, docs)
        ingestor = Ingestor("127.0.0.1", server.port, "bench", nlp=nlp, embedder=embedder)
        first = ingestor.ingest([docs])
        loaded = sorted((o.document for o in iter_documents([docs]) if isinstance(o, Loaded)),
                        key=lambda d: hashlib.sha256(d.id.encode()).hexdigest())
        seconds = {"versioned": 0.0, "purge": 0.0}
        closed = 0
        for n, doc in enumerate(loaded[:args.changed]):
            path = docs / doc.path
            order = ("versioned", "purge") if n % 2 == 0 else ("purge", "versioned")
            for round_, way in enumerate(order, start=1):
                _edit(path, doc.body_start, round_)
                started = time.perf_counter()
                if way == "purge":
                    ingestor.delete(doc.id, purge=True)
                report = ingestor.ingest([path])
                seconds[way] += time.perf_counter() - started
                closed += report.closed_evidence if way == "versioned" else 0
        stats = graph_stats(ingestor.graph)

        graph = open_rw_graph("127.0.0.1", server.port, "bench")
        wait_for_indexes(graph)
        policy = load_policy()
        executor = TraversalExecutor(open_graph("127.0.0.1", server.port, "bench"), policy, embedder=embedder)
        services = Services(settings=load_settings(graph_name="bench"), policy=policy, graph=graph,
                            executor=executor, answerer=AnswerService(executor, nlp, graph),
                            history=AnswerStore(graph), nlp=nlp)
        reviewer = ChangeReviewer(services)
        picked = [d for d in loaded if d.source_type in REVIEWABLE][:args.reviews]
        latency: dict[str, list[float]] = {"document": [], "text": []}
        matched: list[int] = []
        for doc in picked:
            current = get_document(graph, doc.id)
            assert current is not None
            for kind in ("document", "text"):
                started = time.perf_counter()
                review = (reviewer.review(document=doc.id) if kind == "document"
                          else reviewer.review(str(current["text"])[doc.body_start:]))
                latency[kind].append((time.perf_counter() - started) * 1000.0)
                matched.append(len(review.matches))

    result: dict[str, Any] = {
        "documents": first.documents, "first_ingest_s": round(first.seconds, 1), "changed": min(args.changed,
                                                                                                 len(loaded)),
        "versioned_s": round(seconds["versioned"], 2), "purge_s": round(seconds["purge"], 2),
        "ratio": round(seconds["versioned"] / seconds["purge"], 2) if seconds["purge"] else None,
        "closed_evidence": closed, "evidence_rows": stats["labels"].get("Evidence"),
        "reviews": len(picked), "matches_mean": round(statistics.mean(matched), 1) if matched else 0,
        **{f"review_{k}_ms_{q}": _pct(v, p) for k, v in latency.items() for q, p in (("p50", 0.5), ("p95", 0.95))},
        **{f"review_{k}_ms_max": round(max(v), 1) if v else 0.0 for k, v in latency.items()},
    }
    if args.json:
        print(json.dumps(result))
        return
    width = max(len(k) for k in result)
    for key, value in result.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
