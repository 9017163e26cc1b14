"""How many nodes a vector index holds, learned once per graph version instead of before every search.

A passage search scores every passage exactly while its index holds at most ``EXACT_VECTOR_MAX`` nodes
(traversal_policy/search.py), so it needs the index's size: one more round trip per search when asked each time.
The size moves only with a write, and every write a reader can see moves the graph's version (``scope_version``: the
ingest stamp, extraction/ingest_stamp.py). A service's turn reads that version before it searches
(zehn/agent/dispatch.py) and gives it to its executor (:meth:`TraversalExecutor.versioned`), whose searches then ask
the size once per (graph, version) through the service's :class:`IndexSizes`; a version not seen before (after an
ingest, an edit, a delete or a rollback) asks again, so no size outlives the write that changed it. An executor
without a version asks before every search, as it did.

An ingesting document's passages are written hidden, between the stamp's two moves (``begin`` and the commit): a size
learned in between is kept under the version of ``begin``, which the commit leaves behind.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass

SizeKey = tuple[str, Hashable]  # graph name, the graph's version as the reader read it
VERSIONS_KEPT = 8  # (graph, version) pairs kept: a service reads a handful of graphs and scopes at a time


class IndexSizes:
    """Index sizes by (graph, version) and size query, the most recently stored :data:`VERSIONS_KEPT` pairs."""

    def __init__(self, versions_kept: int = VERSIONS_KEPT) -> None:
        self.versions_kept = versions_kept
        self._kept: dict[SizeKey, dict[str, int | None]] = {}
        self._lock = threading.Lock()
        self.reads = 0  # sizes read from the graph (a test reads it)

    def size(self, key: SizeKey, text: str, read: Callable[[], int | None]) -> int | None:
        """What ``read`` (the size query ``text``) gives, read once under ``key``; read outside the lock."""
        with self._lock:
            table = self._kept.get(key)
            if table is not None and text in table:
                return table[text]
        size = read()
        with self._lock:
            self.reads += 1
            table = self._kept.pop(key, {})
            self._kept[key] = {**table, text: size}  # replaced, never changed in place
            while len(self._kept) > self.versions_kept:
                self._kept.pop(next(iter(self._kept)))
        return size


@dataclass(frozen=True)
class VersionSizes:
    """An :class:`IndexSizes` as one executor reads it: under its graph and version."""

    memo: IndexSizes
    key: SizeKey

    def size(self, text: str, read: Callable[[], int | None]) -> int | None:
        return self.memo.size(self.key, text, read)
