"""The fair baseline: plain retrieval over chunks, without the graph and without the citation gate.

For a question it runs the same two chunk searches ZEHN's ``search_evidence`` runs (the catalogue's fixed
``fulltext_chunk`` and ``vector_chunk`` texts, same full-text index, same embedding model and index), fuses them
with the same reciprocal-rank fusion, takes the top ``chunks`` chunks, cuts them into sentences at offsets, ranks
the sentences by cosine similarity to the question (same embedder) and answers with the top ``sentences`` of them,
verbatim, each cited as its document slice (chunk id and character range). It never abstains unless retrieval
returns nothing. No entity, relation or Evidence node is read: this is what the graph and the gate are measured
against.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from extraction.access import ScopedGraph
from extraction.errors import InputRejected, ZehnError
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.params import fulltext_query
from traversal_policy.runner import ReadOnlyGraph, Trace
from traversal_policy.search import CANDIDATES_PER_LIST, rrf

from .records import AnswerRecord, CitedSpan

_SENTENCE = re.compile(r"[^\n]+?(?:[.!?]+[\"'”’)\]]*(?=\s)|(?=\n)|$)")
MIN_SENTENCE_CHARS = 12


class SentenceEmbedder(Protocol):
    def embed_query(self, text: str) -> list[float]: ...

    def embed_documents(self, texts: list[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class Sentence:
    rank: int  # rank of its chunk after fusion
    chunk_id: str
    document_id: str
    start: int
    end: int
    text: str


def split_sentences(text: str, offset: int) -> list[tuple[int, int, str]]:
    """(start, end, text) of each sentence or line of ``text``, trimmed by moving offsets (never rewritten)."""
    out = []
    for match in _SENTENCE.finditer(text):
        start, end = match.start(), match.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end - start >= MIN_SENTENCE_CHARS:
            out.append((offset + start, offset + end, text[start:end]))
    return out


def _cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))  # both vectors are L2-normalised


class BaselineAnswerer:
    def __init__(self, graph: ReadOnlyGraph | ScopedGraph, embedder: SentenceEmbedder, *, chunks: int = 4,
                 sentences: int = 3, timeout_ms: int = 10_000) -> None:
        self.graph = graph
        self.embedder = embedder
        self.chunks = chunks
        self.sentences = sentences
        self.timeout_ms = timeout_ms

    def retrieve(self, question: str, vector: list[float], trace: Trace) -> list[dict[str, Any]]:
        texts = CATALOGUE["search_evidence"].cypher
        limit = self.chunks * CANDIDATES_PER_LIST
        lists: dict[str, Sequence[dict[str, Any]]] = {
            "fulltext_chunk": trace.rows("baseline", texts["fulltext_chunk"],
                                         {"query": fulltext_query(question), "limit": limit}),
            "vector_chunk": trace.rows("baseline", texts["vector_chunk"],
                                       {"vector": vector, "limit": limit, "keep": limit}),
        }
        return rrf(lists, {"fulltext_chunk": "chunk", "vector_chunk": "chunk"}, self.chunks)

    def rank(self, query: list[float], chunks: list[dict[str, Any]]) -> list[Sentence]:
        candidates = [Sentence(rank, str(c["id"]), str(c["document_id"]), s, e, t)
                      for rank, c in enumerate(chunks) if isinstance(c.get("text"), str)
                      for s, e, t in split_sentences(c["text"], int(c["start"]))]
        if not candidates:
            return []
        vectors = self.embedder.embed_documents([c.text for c in candidates])
        scored = sorted(zip(candidates, vectors, strict=True), key=lambda cv: (-_cosine(query, cv[1]), cv[0].rank))
        best = [c for c, _ in scored[: self.sentences]]
        return sorted(best, key=lambda c: (c.rank, c.start))

    def answer(self, question_id: str, question: str) -> AnswerRecord:
        started = time.perf_counter()
        trace = Trace(self.graph, self.timeout_ms)
        try:
            vector = self.embedder.embed_query(question)  # once: the same vector searches and ranks
            chosen = self.rank(vector, self.retrieve(question, vector, trace))
        except InputRejected as exc:  # no searchable word: nothing to retrieve
            return self._record(question_id, "abstained", "", [], started, trace, str(exc))
        except ZehnError as exc:
            return self._record(question_id, "unavailable", "", [], started, trace, str(exc))
        if not chosen:
            return self._record(question_id, "abstained", "", [], started, trace, None)
        text = "\n".join(s.text for s in chosen)
        return self._record(question_id, "answered", text, chosen, started, trace, None)

    def _record(self, question_id: str, status: str, text: str, chosen: list[Sentence], started: float,
                trace: Trace, error: str | None) -> AnswerRecord:
        citations = tuple(CitedSpan(s.document_id, s.start, s.end, s.text, chunk_id=s.chunk_id) for s in chosen)
        db_ms = sum(r.run_time_ms or 0.0 for r in trace.records)
        return AnswerRecord(question_id, status, text, citations, (time.perf_counter() - started) * 1000.0, db_ms,
                            len(trace.records), error=error)
