"""Kept passages: a document read again under the same graph version costs a distances read only, and gives the rows
a whole read would; anything that does not match what is kept reads the documents whole again."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from zehn.agent import passage_cache
from zehn.agent.passage_cache import Distances, PassageCache, Read
from zehn.agent.rows import DocPassage, DocumentInfo, ScopeVersion

KEY = ("graph", ("public",), None)
V1 = (2, "2026-01-01T00:00:00", None)
V2 = (3, "2026-01-02T00:00:00", None)


def _passage(doc: str, n: int, near: tuple[float, ...]) -> DocPassage:
    return DocPassage(f"{doc}:{n}", doc, f"H{n}", "section", n * 10, n * 10 + 5, f"H{n}\nbody {n}", near)


def _info(doc: str) -> DocumentInfo:
    return DocumentInfo(doc, doc.upper(), "wiki", None, None)


class Graph:
    """Answers a whole read and a distances read of documents a, b (c is not readable), counting each."""

    def __init__(self, near: tuple[float, ...] = (0.1, 0.2)) -> None:
        self.near = near
        self.whole = 0
        self.bare = 0
        self.extra: list[tuple[str, tuple[float, ...]]] = []
        self.read_ids: list[list[str]] = []

    def read(self, ids: Sequence[str]) -> Read:
        self.whole += 1
        self.read_ids.append(list(ids))
        return [(_info(d), [_passage(d, n, self.near) for n in range(2)]) for d in ids if d in ("a", "b")]

    def distances(self, ids: Sequence[str]) -> Distances:
        self.bare += 1
        return [(f"{d}:{n}", self.near) for d in sorted(ids) if d in ("a", "b") for n in range(2)] + self.extra


def _documents(cache: PassageCache, graph: Graph, ids: list[str], version: ScopeVersion = V1,
               key: tuple[str, tuple[str, ...], None] = KEY) -> Read:
    return cache.documents(key, version, ids, graph.read, graph.distances)


def test_a_document_read_again_reads_distances_only_and_gives_the_whole_reads_rows() -> None:
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["b", "a"])
    graph.near = (0.3, 0.4)
    again = _documents(cache, graph, ["b", "a"])
    assert (graph.whole, graph.bare) == (1, 1)
    assert again == Graph((0.3, 0.4)).read(["b", "a"])


def test_a_moved_version_or_another_reader_reads_the_documents_whole() -> None:
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["a"])
    _documents(cache, graph, ["a"], version=V2)
    _documents(cache, graph, ["a"], key=("graph", ("team",), None))
    assert (graph.whole, graph.bare) == (3, 0)


def test_only_the_documents_not_kept_are_read_whole_and_the_rows_keep_the_asked_order() -> None:
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["a"])
    assert _documents(cache, graph, ["b", "a"]) == Graph().read(["b", "a"])
    assert (graph.whole, graph.bare) == (2, 1) and graph.read_ids == [["a"], ["b"]]
    assert _documents(cache, graph, ["a", "b"]) == Graph().read(["a", "b"])  # b is kept now
    assert (graph.whole, graph.bare) == (2, 2)


def test_more_passages_than_one_whole_read_returns_read_them_all_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passage_cache, "PASSAGE_READ_LIMIT", 3)  # a whole read of a and b would be cut
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["a"])
    _documents(cache, graph, ["a", "b"])
    assert graph.read_ids == [["a"], ["b"], ["a", "b"]]


def test_a_passage_not_kept_sends_the_read_back_to_the_whole_read() -> None:
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["a"])
    graph.extra = [("a:9", (0.5, 0.5))]
    _documents(cache, graph, ["a"])
    assert (graph.whole, graph.bare) == (2, 1)


def test_an_unreadable_document_is_kept_as_such_and_read_no_more() -> None:
    cache, graph = PassageCache(), Graph()
    assert _documents(cache, graph, ["c"]) == []
    assert _documents(cache, graph, ["c"]) == []
    assert (graph.whole, graph.bare) == (1, 0)  # "c" alone, kept as unreadable, needed no query
    assert _documents(cache, graph, ["a", "c"]) == Graph().read(["a"])
    assert (graph.whole, graph.bare) == (2, 0)


def test_a_kept_documents_memo_is_the_same_under_its_version_and_gone_under_another() -> None:
    cache, graph = PassageCache(), Graph()
    _documents(cache, graph, ["a", "c"])
    memo = cache.memo(KEY, V1, "a")
    assert memo is not None and cache.memo(KEY, V1, "a") is memo
    _documents(cache, graph, ["a"])  # read again (distances only): the same memo
    assert cache.memo(KEY, V1, "a") is memo
    assert cache.memo(KEY, V2, "a") is None and cache.memo(("graph", ("team",), None), V1, "a") is None
    assert cache.memo(KEY, V1, "c") is None  # unreadable: no content to work anything out from
    assert cache.memo(KEY, V1, "b") is None  # never read
