"""Where one ingest's time goes: cProfile of a whole ingest, with the worker threads folded into the main one.

    .venv/bin/python bench/profile_ingest.py CORPUS_DIR [--out /tmp/ingest.prof] [--top 40] [--snapshot OUT.json]

The pipeline hands spaCy and the embedder to threads (``asyncio.to_thread``), which cProfile does not follow; here
``to_thread`` runs its function inline, so every call is in one profile (the overlap of two documents is lost, the
work is the same). ``--snapshot`` writes the graph's node counts by label, edge counts by type and the sorted
evidence ids, to compare two versions of the code for an identical graph.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.nlp import load_nlp
from extraction.pipeline import Ingestor
from zehn.graph_server import EmbeddedFalkorDB

T = TypeVar("T")

# Where ingest time goes, by the functions that do each part (cumulative seconds; a part's callees are inside it).
SPLIT = (
    ("embeddings: passage passes", "span_vectors.py", "embed_passages"),
    ("embeddings: chunks the passage passes did not read", "span_vectors.py", "chunk_vectors"),
    ("embeddings: chunks no pass read (SDK's own call)", "span_vectors.py", "embed_documents"),
    ("embeddings: sentences the passes did not read", "span_vectors.py", "span_vectors"),
    ("extraction (spaCy parse + rules)", "sdk_strategies.py", "_extract_sync"),
    ("spaCy parses (extraction's and the parse store's)", "spacy/language.py", "pipe"),
    ("sentence parses kept for answers (parse store)", "parse_store.py", "parses"),
    ("passage writes", "passages.py", "write_passages"),
    ("evidence writes", "evidence_writer.py", "write_evidence_rows"),
    ("version commit", "version_commit.py", "commit_version"),
)


async def _inline(func: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    return func(*args, **kwargs)


def snapshot(graph: Any) -> dict[str, Any]:
    """Counts of nodes by label and edges by type, and the evidence ids: equal snapshots, equal graphs."""
    nodes = graph.query("MATCH (n) RETURN labels(n)[0] AS l, count(n) ORDER BY l").result_set
    edges = graph.query("MATCH ()-[r]->() RETURN type(r) AS t, count(r) ORDER BY t").result_set
    ids = graph.query("MATCH (e:Evidence) RETURN e.id ORDER BY e.id").result_set
    return {"nodes": {str(k): int(v) for k, v in nodes}, "edges": {str(k): int(v) for k, v in edges},
            "evidence_ids": [str(row[0]) for row in ids]}


def split(stats: pstats.Stats) -> list[tuple[str, float, float]]:
    """(part, seconds, share of the whole ingest) for each part of :data:`SPLIT` found in the profile."""
    table: dict[tuple[str, int, str], tuple[Any, ...]] = stats.stats  # type: ignore[attr-defined]
    total = max((row[3] for (path, _, name), row in table.items() if name == "ingest" and
                 path.endswith("pipeline.py")), default=0.0)
    out = []
    for label, path_end, func in SPLIT:
        seconds = sum(row[3] for (path, _, name), row in table.items() if name == func and path.endswith(path_end))
        out.append((label, seconds, seconds / total if total else 0.0))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "ingest.prof")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--snapshot", type=Path)
    parser.add_argument("--no-profile", action="store_true", help="only ingest (for --snapshot)")
    args = parser.parse_args()

    nlp = load_nlp()
    embedder = LocalEmbedder()
    embedder.embed_query("warm up")
    list(nlp.pipe(["Warm up the parser before timing."]))
    asyncio.to_thread = _inline

    with tempfile.TemporaryDirectory() as data, EmbeddedFalkorDB(Path(data), requirepass=False) as server:
        assert server.port is not None
        ingestor = Ingestor("127.0.0.1", server.port, "bench", nlp=nlp, embedder=embedder)
        if args.no_profile:
            report = ingestor.ingest([args.corpus])
        else:
            profiler = cProfile.Profile()
            report = profiler.runcall(ingestor.ingest, [args.corpus])
            profiler.dump_stats(str(args.out))
        if args.snapshot:
            args.snapshot.write_text(json.dumps(snapshot(ingestor.graph), indent=1))
    print(f"documents {report.documents} chunks {report.chunks} evidence {report.evidence} "
          f"seconds {report.seconds:.2f} errors {len(report.errors)}")
    print(f"parse store: {ingestor.parse_cache.parsed} texts parsed, {ingestor.parse_cache.reused} repeats reused")
    if not args.no_profile:
        stats = pstats.Stats(str(args.out))
        stats.sort_stats("cumulative").print_stats(args.top)
        for label, seconds, share in split(stats):
            print(f"{label:<48} {seconds:8.2f} s {share:6.1%}")


if __name__ == "__main__":
    main()
