"""search_evidence and search_passages: hybrid retrieval inside FalkorDB, with deterministic candidate sets.

Each search runs up to two ranked lists per label, each one fixed Cypher text with its own record of shown work:

- full-text (the sanitised words OR-ed; higher score is better); search_passages ORs only the rarest words within a
  budget of passage matches (traversal_policy/search_words.py), so the passages FalkorDB scores stay about as many
  at 16x the corpus as at 1x;
- vector (cosine *distance*: ascending), only with a query vector (the ``embedding`` parameter, or the
  executor's :class:`Embedder`). Without one the answer says "full-text only" in its notes.

Deterministic candidate sets: the approximate (HNSW) vector index can return different neighbours from one
build of the same data to the next (its neighbours follow the order its nodes were inserted in), so a passage
list scores every passage exactly while the index holds at most :data:`EXACT_VECTOR_MAX` (its exact cost is then
about the index's): the same graph content gives the same list whatever its node ids. Beyond that, and for
evidence and chunks, each vector list over-fetches :data:`VECTOR_OVERFETCH` times what it
keeps, and keeps the nearest by (distance, id) (``LIMIT $keep`` after the ordering: only those rows travel back,
a quarter of the pool): the scores of returned nodes are exact, but which nodes come
back can still differ between builds (the index is rebuilt on every server start), and so can full-text scores
(measured on one stored graph across starts). A caller that must rank the same way every time re-ranks on exact
distances of what it reads (zehn/agent/retrieve.py). Every list and the fusion break ties by id.

Full-text lists read through a head (:func:`ranked_fulltext`): owners are checked for a bounded pool of the best
matches by (score, id), with the full text as the exact fallback, so a list's cost stays near flat as the corpus
grows (RediSearch's own scoring of every match still grows for search_evidence; ``bench/query_plans.py``
shows it).

The lists are fused with reciprocal-rank fusion (score = sum of 1 / (60 + rank)); items are keyed by kind and id.

search_evidence: a chunk cannot be cited, only its sentences, so the best :data:`CHUNKS_EXPANDED` chunks are
expanded into their Evidence sentences (one more fixed query), each placed right after its chunk with
``via_chunk`` set. search_passages: rows are passages (section blocks); nothing is expanded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from extraction import schema
from extraction.errors import ModelUnavailable, ZehnError

from .catalogue import CATALOGUE
from .outcomes import Row
from .params import DEFAULT_K, embedding_vector, fulltext_query
from .runner import Trace
from .search_words import passage_words

RRF_K = 60
CANDIDATES_PER_LIST = 3  # each list keeps k * this many before fusion
VECTOR_OVERFETCH = 4  # a vector list fetches this many times what it keeps (see the module docstring)
# Passages up to which a vector list scores every passage exactly instead of asking the approximate index: at
# 2,155 passages (Redwood, 1x) exact scoring took 1.8 ms of server time against the index's 1.7 ms (median of 12
# asks), about 0.8 us a passage, so ~3.3 ms here; at 16x (34,480) it took 97 ms against 2.5 ms.
EXACT_VECTOR_MAX = 4000
FULLTEXT_POOL = 2  # a full-text head checks the owners of this many times the rows it keeps (ranked_fulltext)
CHUNKS_EXPANDED = 6
# The indexes these searches read, as extraction/schema.py creates them.
FULLTEXT_INDEXES = tuple((label, prop, "FULLTEXT") for label, prop in schema.FULLTEXT_INDEXES
                         if label in (schema.EVIDENCE, schema.CHUNK))
VECTOR_INDEXES = tuple((label, prop, "VECTOR") for label, prop in schema.VECTOR_INDEXES
                       if label in (schema.EVIDENCE, schema.CHUNK))
PASSAGE_FULLTEXT = ((schema.PASSAGE, "text", "FULLTEXT"),)
PASSAGE_VECTOR = ((schema.PASSAGE, "embedding", "VECTOR"),)


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
            extra = {k: v for k, v in row.items() if k not in ("id", "score")}
            item = fused.setdefault(key, {"kind": key[0], "id": key[1], **extra, "score": 0.0, "ranks": {},
                                          "source_scores": {}})
            item["score"] += 1.0 / (RRF_K + rank)
            item["ranks"][list_name] = rank
            item["source_scores"][list_name] = row.get("score")
    ordered = sorted(fused.values(), key=lambda r: (-r["score"], r["kind"], r["id"]))
    return ordered[:limit]


def query_vector(text: str, given: list[float] | None, embedder: Embedder | None) -> list[float] | None:
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


def _nearest(rows: list[Row], keep: int) -> list[Row]:
    """The ``keep`` nearest of an over-fetched vector pool, by (distance, id)."""
    return sorted(rows, key=lambda r: (float(r.get("score") or 0.0), str(r["id"])))[:keep]


def ranked_fulltext(trace: Trace, name: str, texts: Mapping[str, str], key: str, params: Mapping[str, Any],
                    limit: int) -> list[Row]:
    """The first ``limit`` rows of full-text text ``key``, read through its head (``key + "_head"``) when that is
    enough: a head checks owners only for the best :data:`FULLTEXT_POOL` x ``limit`` matches, so its cost does
    not grow with the number of documents a question's words match; when fewer than ``limit`` of them are
    readable it may have missed some, and the full text runs (same rows either way: catalogue ``_head``)."""
    head = trace.rows(name, texts[f"{key}_head"], {**params, "limit": limit, "pool": limit * FULLTEXT_POOL})
    if len(head) >= limit:
        return head
    return trace.rows(name, texts[key], {**params, "limit": limit})


def _vector_text(trace: Trace, name: str, texts: Mapping[str, str], suffix: str) -> str:
    """Which vector text to run: the exact one (``_exact``) where a label has one and its index holds at most
    :data:`EXACT_VECTOR_MAX` nodes, else the index's approximate neighbours. The size is read once per graph version
    where the executor knows it (traversal_policy/index_sizes.py), else before each search."""
    exact, size = f"vector_{suffix}_exact", f"vector_{suffix}_size"
    if exact not in texts or size not in texts:
        return f"vector_{suffix}"
    indexed = trace.index_size(name, texts[size])
    return exact if indexed is not None and indexed <= EXACT_VECTOR_MAX else f"vector_{suffix}"


def _lists(trace: Trace, name: str, texts: dict[str, str], labels: dict[str, str], query: str,
           vector: list[float] | None, limit: int) -> tuple[dict[str, Sequence[Row]], dict[str, str]]:
    """Full-text and (with a vector) vector list per label; ``labels`` maps a list suffix to its row kind."""
    lists: dict[str, Sequence[Row]] = {}
    kind_of: dict[str, str] = {}
    for suffix, kind in labels.items():
        lists[f"fulltext_{suffix}"] = ranked_fulltext(trace, name, texts, f"fulltext_{suffix}", {"query": query}, limit)
        kind_of[f"fulltext_{suffix}"] = kind
        if vector is not None:
            pool = trace.rows(name, texts[_vector_text(trace, name, texts, suffix)],
                              {"vector": vector, "limit": limit * VECTOR_OVERFETCH, "keep": limit})
            lists[f"vector_{suffix}"] = _nearest(pool, limit)  # the server kept these already: a guard, not work
            kind_of[f"vector_{suffix}"] = kind
    return lists, kind_of


def _mode_note(vector: list[float] | None) -> list[str]:
    return ["mode: fulltext_only (no query vector and no embedder: vector search was not run)"] if vector is None \
        else ["mode: hybrid (full-text + vector, reciprocal-rank fusion, exact re-rank of the vector pool)"]


def _notes(text: str, query: str, vector: list[float] | None) -> list[str]:
    notes = _mode_note(vector)
    searched = query.split("|")
    if len(searched) < len(text.split()):
        notes.append(f"searched words: {', '.join(searched)}")
    return notes


def search(trace: Trace, clean: dict[str, Any], embedder: Embedder | None) -> SearchHits:
    text: str = clean["text"]
    query = fulltext_query(text)  # InputRejected when no word is left
    k: int = clean.get("k", DEFAULT_K)
    vector = query_vector(text, clean.get("embedding"), embedder)
    texts = CATALOGUE["search_evidence"].cypher
    trace.require_indexes(FULLTEXT_INDEXES + (VECTOR_INDEXES if vector is not None else ()))
    lists, kind_of = _lists(trace, "search_evidence", dict(texts), {"evidence": "evidence", "chunk": "chunk"}, query,
                            vector, k * CANDIDATES_PER_LIST)
    fused = rrf(lists, kind_of, k)
    return SearchHits(_expand_chunks(trace, fused, texts["sentences_of_chunks"]), _notes(text, query, vector))


def search_passages(trace: Trace, clean: dict[str, Any], embedder: Embedder | None) -> SearchHits:
    """Passages by full-text and vector lists; the full-text list searches the rarest words of the text within a
    budget of matches (traversal_policy/search_words.py), so its cost stays near flat as the corpus grows."""
    text: str = clean["text"]
    fulltext_query(text)  # InputRejected when no word is left, before anything runs
    k: int = clean.get("k", DEFAULT_K)
    vector = query_vector(text, clean.get("embedding"), embedder)
    trace.require_indexes(PASSAGE_FULLTEXT + (PASSAGE_VECTOR if vector is not None else ()))
    chosen = passage_words(trace, "search_passages", text)
    lists, kind_of = _lists(trace, "search_passages", dict(CATALOGUE["search_passages"].cypher),
                            {"passage": "passage"}, chosen.query, vector, k * CANDIDATES_PER_LIST)
    return SearchHits(rrf(lists, kind_of, k), _mode_note(vector) + chosen.notes())


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
