"""search_passages' vector list at corpus sizes up to ``EXACT_VECTOR_MAX``: every passage scored exactly, so the
list depends on the passages alone, never on the order the approximate index inserted them in."""

from __future__ import annotations

from typing import Any

import pytest

from extraction.access import PUBLIC, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.pipeline import IngestReport
from traversal_policy import Found, TraversalExecutor, load_policy
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.runner import Trace
from traversal_policy.search import _vector_text

TEXTS = CATALOGUE["search_passages"].cypher
# Every passage's distance, nearest first, ties by id: what the exact text must return (no owner check: the
# sample corpus's passages are all public and ready).
EVERY = ("MATCH (p:Passage) RETURN p.id AS id, vec.cosineDistance(p.embedding, vecf32($vector)) AS score "
         "ORDER BY score ASC, id")


def test_a_small_corpus_is_scored_exactly_and_the_search_says_so(sample_graph: tuple[Any, IngestReport],
                                                                 embedder: LocalEmbedder) -> None:
    executor = TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder)
    outcome = executor.run("search_passages", {"text": "who owns the geo index rollback", "k": 5})
    assert isinstance(outcome, Found)
    assert any(q.cypher == TEXTS["vector_passage_exact"] for q in outcome.queries)
    assert not any(q.cypher == TEXTS["vector_passage"] for q in outcome.queries)


@pytest.mark.parametrize("text", ["who owns the geo index", "tile cache rollback", "billing export"])
def test_the_exact_list_is_the_nearest_passages_by_distance_then_id(text: str, sample_graph: tuple[Any, IngestReport],
                                                                   embedder: LocalEmbedder) -> None:
    graph = ScopedGraph(sample_graph[0], PUBLIC)
    vector = embedder.embed_query(text)
    every = [(r[0], r[1]) for r in graph.ro_query(EVERY, {"vector": vector}).result_set]
    assert len(every) > 6
    trace = Trace(graph, 5000)
    assert _vector_text(trace, "search_passages", TEXTS, "passage") == "vector_passage_exact"
    rows = trace.rows("search_passages", TEXTS["vector_passage_exact"], {"vector": vector, "limit": 12, "keep": 6})
    assert [(r["id"], r["score"]) for r in rows] == every[:6]
    # the index's own scores are the same numbers: the two lists are interchangeable where both find a passage
    approx = trace.rows("search_passages", TEXTS["vector_passage"], {"vector": vector, "limit": 12, "keep": 6})
    scores = dict(every)
    assert approx and all(r["score"] == scores[r["id"]] for r in approx)
