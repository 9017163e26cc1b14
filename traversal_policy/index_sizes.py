"""How many nodes a vector index holds, learned once per graph version instead of before every search.

A passage search scores every passage exactly while its index holds at most ``EXACT_VECTOR_MAX`` nodes
(traversal_policy/search.py), so it needs the index's size: one more round trip per search when asked each time.
The size moves only with a write, and every write a reader can see moves the graph's version (``scope_version``: the
ingest stamp, extraction/ingest_stamp.py). A service's turn reads that version before it searches
(zehn/agent/dispatch.py) and gives it to its executor (:meth:`TraversalExecutor.versioned`), whose searches then ask
the size once per graph and version through the service's :class:`IndexSizes` (a
:class:`~traversal_policy.versioned.VersionedValues`: one table of sizes per graph, under the version it was read
at); a version not seen before (after an ingest, an edit, a delete or a rollback) asks again, so no size outlives the
write that changed it. An executor without a version asks before every search, as it did.

An ingesting document's passages are written hidden, between the stamp's two moves (``begin`` and the commit): a size
learned in between is kept under the version of ``begin``, which the commit leaves behind.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from .versioned import VersionedValues

GRAPHS_KEPT = 8  # graphs whose sizes are kept: a service reads a handful


class IndexSizes(VersionedValues[str, Mapping[str, int | None]]):
    """Per graph name, the sizes its size queries gave (by query text), under the graph version they were read at."""

    def __init__(self, graphs_kept: int = GRAPHS_KEPT) -> None:
        super().__init__(graphs_kept)


@dataclass(frozen=True)
class VersionSizes:
    """An :class:`IndexSizes` as one executor reads it: under its graph and version."""

    memo: IndexSizes
    graph: str
    version: Hashable

    def size(self, text: str, read: Callable[[], int | None]) -> int | None:
        """What ``read`` (the size query ``text``) gives, read once under this graph and version."""
        table = self.memo.get(self.graph, self.version) or {}
        if text in table:
            return table[text]
        size = read()
        # a new table, not the kept one changed: another answer may be reading that one
        self.memo.put(self.graph, self.version, {**(self.memo.get(self.graph, self.version) or {}), text: size})
        return size
