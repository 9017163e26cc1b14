"""search_evidence: hybrid retrieval over Evidence sentences and Chunks, inside FalkorDB.

Up to four ranked lists, each one fixed Cypher text with its own record of shown work:

- full-text on ``Evidence.text`` and ``Chunk.text`` (the sanitised words OR-ed; higher score is better);
- vector on ``Evidence.embedding`` and ``Chunk.embedding`` (cosine *distance*: ascending), only with a query
  vector (the ``embedding`` parameter, or the executor's :class:`Embedder`). Without one the answer says
  "full-text only" in its notes.

The lists are fused with reciprocal-rank fusion (score = sum of 1 / (60 + rank)); items are keyed by kind and id,
so a sentence and its chunk stay separate rows (the sentence is what gets cited).

A chunk cannot be cited, only its sentences: the best :data:`CHUNKS_EXPANDED` chunks are expanded into their
Evidence sentences (one more fixed query), each placed right after its chunk with ``via_chunk`` set. Vector search
over chunks thereby reaches sentences that share no word with the question.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from extraction import schema
from extraction.errors import ModelUnavailable, ZehnError

from .catalogue import CATALOGUE
from .outcomes import Row
from .params import DEFAULT_K, embedding_vector, fulltext_query
from .runner import Trace

RRF_K = 60
CANDIDATES_PER_LIST = 3  # each list fetches k * this many before fusion
CHUNKS_EXPANDED = 6
# The indexes this search reads, as extraction/schema.py creates them.
FULLTEXT_INDEXES = tuple((label, prop, "FULLTEXT") for label, prop in schema.FULLTEXT_INDEXES
                         if label in (schema.EVIDENCE, schema.CHUNK))
VECTOR_INDEXES = tuple((label, prop, "VECTOR") for label, prop in schema.VECTOR_INDEXES)


class Embedder(Protocol):
    """Computes the query vector (same model and dimension as the ingest's embeddings)."""

    def embed_query(self, text: str) -> list[float]: ...


@dataclass(frozen=True)
class SearchHits:
    rows: list[Row]
    notes: list[str]


def rrf(lists: dict[str, Sequence[Row]], kind_of: dict[str, str], limit: int) -> list[Row]:
    """Reciprocal-rank fusion of ranked lists; ties are broken by kind and id so the order is deterministic."""
    fused: dict[tuple[str, str], Row] = {}
    for list_name, rows in lists.items():
        for rank, row in enumerate(rows, start=1):
            key = (kind_of[list_name], str(row["id"]))
            item = fused.setdefault(key, {"kind": key[0], "id": key[1], "text": row.get("text"),
                                          "document_id": row.get("document_id"), "start": row.get("start"),
                                          "end": row.get("end"), "score": 0.0, "ranks": {}, "source_scores": {}})
            item["score"] += 1.0 / (RRF_K + rank)
            item["ranks"][list_name] = rank
            item["source_scores"][list_name] = row.get("score")
    ordered = sorted(fused.values(), key=lambda r: (-r["score"], r["kind"], r["id"]))
    return ordered[:limit]


def _query_vector(text: str, given: list[float] | None, embedder: Embedder | None) -> list[float] | None:
    if given is not None:
        return given
    if embedder is None:
        return None
    try:
        raw: Any = embedder.embed_query(text)
    except ZehnError:
        raise
    except Exception as exc:  # an embedder is third-party code: its failure is "model unavailable"
        raise ModelUnavailable(f"the embedder failed: {exc}") from exc
    return embedding_vector(raw)


def search(trace: Trace, clean: dict[str, Any], embedder: Embedder | None) -> SearchHits:
    text: str = clean["text"]
    query = fulltext_query(text)  # InputRejected when no word is left
    k: int = clean.get("k", DEFAULT_K)
    limit = k * CANDIDATES_PER_LIST
    vector = _query_vector(text, clean.get("embedding"), embedder)
    texts = CATALOGUE["search_evidence"].cypher
    trace.require_indexes(FULLTEXT_INDEXES + (VECTOR_INDEXES if vector is not None else ()))
    lists: dict[str, Sequence[Row]] = {}
    kind_of: dict[str, str] = {}
    for label in ("evidence", "chunk"):
        name = f"fulltext_{label}"
        lists[name] = trace.rows("search_evidence", texts[name], {"query": query, "limit": limit})
        kind_of[name] = label
        if vector is not None:
            name = f"vector_{label}"
            lists[name] = trace.rows("search_evidence", texts[name], {"vector": vector, "limit": limit})
            kind_of[name] = label
    if vector is None:
        notes = ["mode: fulltext_only (no query vector and no embedder: vector search was not run)"]
    else:
        notes = ["mode: hybrid (full-text + vector, reciprocal-rank fusion)"]
    searched = query.split("|")
    if len(searched) < len(text.split()):
        notes.append(f"searched words: {', '.join(searched)}")
    fused = rrf(lists, kind_of, k)
    return SearchHits(_expand_chunks(trace, fused, texts["sentences_of_chunks"]), notes)


def _expand_chunks(trace: Trace, fused: list[Row], cypher: str) -> list[Row]:
    chunk_ids = [str(r["id"]) for r in fused if r["kind"] == "chunk"][:CHUNKS_EXPANDED]
    if not chunk_ids:
        return fused
    by_chunk: dict[str, list[Row]] = {}
    for row in trace.rows("search_evidence", cypher, {"chunk_ids": chunk_ids}):
        by_chunk.setdefault(str(row["chunk_id"]), []).append(row)
    seen = {str(r["id"]) for r in fused if r["kind"] == "evidence"}
    out: list[Row] = []
    for row in fused:
        out.append(row)
        for sentence in by_chunk.get(str(row["id"]), []) if row["kind"] == "chunk" else []:
            if str(sentence["id"]) in seen:
                continue
            seen.add(str(sentence["id"]))
            out.append({"kind": "evidence", "id": sentence["id"], "text": sentence["text"],
                        "document_id": sentence["document_id"], "start": sentence["start"], "end": sentence["end"],
                        "score": row["score"], "ranks": {}, "source_scores": {}, "via_chunk": row["id"]})
    return out
