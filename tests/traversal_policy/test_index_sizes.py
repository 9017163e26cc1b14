"""A passage search reads its vector index's size once per graph version when its executor knows the version, before
every search when it does not; the rows are the same either way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from extraction.access import PUBLIC
from extraction.embeddings import LocalEmbedder
from extraction.pipeline import IngestReport
from traversal_policy import Found, TraversalExecutor, load_policy
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.index_sizes import IndexSizes, VersionSizes

SIZE = CATALOGUE["search_passages"].cypher["vector_passage_size"]
ASK = {"text": "who owns the geo index rollback", "k": 5}


def _search(executor: TraversalExecutor) -> tuple[list[Any], int]:
    """The rows of one passage search and how many size queries it ran."""
    outcome = executor.run("search_passages", ASK)
    assert isinstance(outcome, Found)
    return list(outcome.rows), sum(q.cypher == SIZE for q in outcome.queries)


def test_a_versioned_executor_reads_the_size_once_per_version_and_finds_the_same_rows(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    plain = TraversalExecutor(sample_graph[0], load_policy(), embedder=embedder).scoped(PUBLIC)
    rows, asked = _search(plain)
    assert asked == 1 and _search(plain) == (rows, 1)  # no version: asked before every search
    sizes = IndexSizes()
    kept = plain.scoped(PUBLIC, sizes=sizes)
    assert _search(kept) == (rows, 1) and _search(kept) == (rows, 1)  # a memo but no version: still asked
    first = kept.versioned((None, None, 7))
    assert _search(first) == (rows, 1)
    assert _search(first) == (rows, 0) and _search(kept.versioned((None, None, 7))) == (rows, 0)
    assert _search(first.at(None)) == (rows, 1)  # another reading moment: not told the version
    assert _search(kept.versioned((None, None, 8))) == (rows, 1)  # a write moved the version: asked again
    assert _search(kept.versioned((None, None, 8))) == (rows, 0)


def test_sizes_are_kept_per_graph_under_its_latest_version_for_the_most_recent_graphs_only() -> None:
    sizes = IndexSizes(graphs_kept=2)
    reads: list[int] = []

    def read(value: int) -> Callable[[], int]:
        def counted() -> int:
            reads.append(value)
            return value
        return counted

    def size(graph: str, version: int, text: str, value: int) -> int | None:
        return VersionSizes(sizes, graph, version).size(text, read(value))

    assert size("g", 1, "q", 10) == 10 and size("g", 1, "q", 99) == 10
    assert size("g", 1, "r", 15) == 15 and size("g", 1, "q", 98) == 10  # another query: kept beside the first
    assert size("g", 2, "q", 20) == 20 and size("g", 1, "q", 12) == 12  # another version: read again
    assert size("h", 1, "q", 30) == 30 and size("k", 1, "q", 40) == 40
    assert size("g", 1, "q", 11) == 11  # the oldest graph was dropped: read again
    assert reads == [10, 15, 20, 12, 30, 40, 11]
