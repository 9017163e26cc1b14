"""Ingest throughput, measured side by side with spaCy alone parsing the same text in the same run.

    .venv/bin/python bench/ingest.py CORPUS_DIR [--json]

Both sides run warm (models loaded before timing). "spaCy only" parses exactly the body chunks the extractor
parses (cut at the ingest's CHUNK_CHARS), with the same pipeline; the ratio says what everything else (SDK, graph
writes, embeddings, evidence) costs on top of the parse. Target: ratio <= 1.5. On a shared machine wall time follows
the load; "cpu_ratio" compares this process's CPU seconds (every thread, torch's included; the FalkorDB server is a
process of its own and not counted) and moves far less with the load; the machine's load averages (1 minute) at the
start and the end of the run are printed with them. "parts_cpu" splits the ingest's CPU seconds by what ran them
(each part's own thread time, a part called inside another counted in the inner one only): "segment", the cheap
sentence cut of each chunk; "sentence parse", the one full parse of each sentence (extraction/sentence_parses.py);
"extraction", the rules and the document context around them; "parse store", encoding the evidence rows' parses
and parsing the texts extraction did not parse as a sentence ("store_parsed" of "store_texts"); "embeddings:
passages", the one model pass per passage; "embeddings: chunks", a pass per chunk the passages left unread;
"embeddings: sentences", a pass per evidence sentence neither read; "embeddings: words", the verbs and adjectives
not stored yet (extraction/term_store.py), with the graph read that finds them; "embeddings: SDK's own", chunk
texts the SDK asked for that no pass had read (none expected); "rest": SDK, graph writes, evidence rows.
"cpu_ratio_without_embeddings" is the ratio less every "embeddings" part.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction import document_ingest, parse_store, sentence_parses
from extraction.chunker import chunk_document
from extraction.embeddings import LocalEmbedder
from extraction.loaders import Loaded, iter_documents
from extraction.nlp import load_nlp
from extraction.pipeline import CHUNK_CHARS, Ingestor
from extraction.sdk_strategies import SpacyExtraction
from extraction.span_vectors import KnownVectors
from zehn.graph_server import EmbeddedFalkorDB

T = TypeVar("T")

# The embedding model's calls, by what they read (extraction/span_vectors.py): each function of the document's
# step 5 (extraction/document_ingest.py) with the model passes it makes.
EMBEDDING_PARTS = {"embed_passages": "embeddings: passages", "chunk_vectors": "embeddings: chunks",
                   "span_vectors": "embeddings: sentences", "missing_terms": "embeddings: words"}


class Parts:
    """CPU seconds by part: each timed call's own thread time (the ingest runs parts in worker threads), less the
    time of timed calls made inside it (those count for their own part)."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self._lock = threading.Lock()
        self._local = threading.local()

    def timed(self, part: str, func: Callable[..., T]) -> Callable[..., T]:
        def run(*args: Any, **kwargs: Any) -> T:
            stack: list[float] = self._local.__dict__.setdefault("stack", [])
            stack.append(0.0)  # the inner parts' seconds
            started = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                spent = time.thread_time() - started
                inner = stack.pop()
                if stack:
                    stack[-1] += spent
                with self._lock:
                    self.seconds[part] += spent - inner
        return run


class Counted:
    """A call ``(nlp?, texts)`` -> dict by text, counting the texts it answered."""

    def __init__(self, func: Callable[..., dict[str, Any]]) -> None:
        self.func, self.texts = func, 0

    def __call__(self, *args: Any) -> dict[str, Any]:
        out = self.func(*args)
        self.texts += len(out)
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    nlp = load_nlp()
    embedder = LocalEmbedder()
    embedder.embed_query("warm up")
    list(nlp.pipe(["Warm up the parser before timing."]))

    load_before = os.getloadavg()[0]  # 6 engineers share 2 cores: say how busy the machine was
    documents = [o.document for o in iter_documents([args.corpus]) if isinstance(o, Loaded)]
    texts = [c.text for d in documents for c in chunk_document(d, CHUNK_CHARS) if c.kind == "body"]
    started, cpu_started = time.perf_counter(), time.process_time()
    for _ in nlp.pipe(texts):
        pass
    spacy_seconds = time.perf_counter() - started
    spacy_cpu = time.process_time() - cpu_started

    with tempfile.TemporaryDirectory() as data, EmbeddedFalkorDB(Path(data), requirepass=False) as server:
        assert server.port is not None
        ingestor = Ingestor("127.0.0.1", server.port, "bench", nlp=nlp, embedder=embedder)
        parts = Parts()
        extract = SpacyExtraction._extract_sync
        setattr(SpacyExtraction, "_extract_sync", parts.timed("extraction", extract))  # noqa: B010 (a method)
        for name, part in EMBEDDING_PARTS.items():
            setattr(document_ingest, name, parts.timed(part, getattr(document_ingest, name)))
        sdk_embeds = KnownVectors.embed_documents
        setattr(KnownVectors, "embed_documents", parts.timed("embeddings: SDK's own", sdk_embeds))  # noqa: B010
        cache = ingestor.parse_cache  # the process's, which the extraction parses its sentences through
        setattr(cache, "docs", parts.timed("sentence parse", cache.docs))  # noqa: B010 (a method)
        setattr(sentence_parses, "segment", parts.timed("segment", sentence_parses.segment))  # noqa: B010
        store = Counted(cache.parses)
        setattr(cache, "parses", parts.timed("parse store", store))  # noqa: B010 (a method)
        setattr(parse_store, "parse_texts", missed := Counted(parse_store.parse_texts))  # noqa: B010
        cpu_started = time.process_time()
        report = ingestor.ingest([args.corpus])
        ingest_cpu = time.process_time() - cpu_started
        vectors = ingestor.graph.query("MATCH (e:Evidence) WHERE e.embedding IS NOT NULL RETURN count(e)")
        setattr(SpacyExtraction, "_extract_sync", extract)  # noqa: B010 (a method)
        setattr(KnownVectors, "embed_documents", sdk_embeds)  # noqa: B010 (a method)
        setattr(parse_store, "parse_texts", missed.func)  # noqa: B010

    load_after = os.getloadavg()[0]
    by_part = {**{part: round(seconds, 2) for part, seconds in parts.seconds.items()},
               "rest": round(ingest_cpu - sum(parts.seconds.values()), 2)}
    without = ingest_cpu - sum(seconds for part, seconds in parts.seconds.items() if part.startswith("embeddings"))
    result = {
        "documents": report.documents,
        "chunks": report.chunks,
        "evidence": report.evidence,
        "evidence_vectors": int(vectors.result_set[0][0]),  # the rows search_evidence's vector list can find
        "seconds": round(report.seconds, 2),
        "docs_per_s": round(report.documents / report.seconds, 2) if report.seconds else None,
        "spacy_seconds": round(spacy_seconds, 2),
        "ratio": round(report.seconds / spacy_seconds, 2) if spacy_seconds else None,
        "cpu_seconds": round(ingest_cpu, 2),
        "spacy_cpu_seconds": round(spacy_cpu, 2),
        "cpu_ratio": round(ingest_cpu / spacy_cpu, 2) if spacy_cpu else None,
        "parts_cpu": by_part,
        # What the ingest costs on top of the parse before the embedding model's passes: the rules, the SDK, the
        # graph writes (the model is the rest).
        "cpu_ratio_without_embeddings": round(without / spacy_cpu, 2) if spacy_cpu else None,
        "store_texts": store.texts,
        "store_parsed": missed.texts,
        "errors": len(report.errors),
        "load_avg": [round(load_before, 2), round(load_after, 2)],
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'documents':>12} {'chunks':>8} {'evidence':>9} {'seconds':>8} {'docs/s':>7} {'spaCy s':>8} {'ratio':>6} "
          f"{'cpu s':>7} {'spaCy cpu':>9} {'cpu ratio':>9} {'load':>11}")
    print(f"{result['documents']:>12} {result['chunks']:>8} {result['evidence']:>9} {result['seconds']:>8} "
          f"{result['docs_per_s']:>7} {result['spacy_seconds']:>8} {result['ratio']:>6} "
          f"{result['cpu_seconds']:>7} {result['spacy_cpu_seconds']:>9} {result['cpu_ratio']:>9} "
          f"{f'{load_before:.1f}-{load_after:.1f}':>11}")
    print(f"cpu ratio without the embedding model's passes: {result['cpu_ratio_without_embeddings']}; evidence rows "
          f"with a vector: {result['evidence_vectors']}")
    print("cpu by part: " + ", ".join(f"{part} {seconds} s" for part, seconds in by_part.items()) +
          f"; parse store texts {store.texts}, of which parsed there {missed.texts}")


if __name__ == "__main__":
    main()
