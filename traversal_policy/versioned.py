"""Values a long-lived reader keeps between answers, each under the graph version it was made at.

A graph's version is what ``scope_version`` reads (the ingest stamp, extraction/ingest_stamp.py, or in an older graph
the readable documents' count and latest ingest): an ingest, an edit, a delete or a rollback moves it, so a value
kept under another version than the one asked for is not given back. One mechanism for every such cache: a service's
vector index sizes (traversal_policy/index_sizes.py), and its whole-corpus word indexes and kept passages
(zehn/agent/reader_tables.py).

Values are replaced, never changed in place: a value given to one answer's thread stays as it was while another
thread stores a newer one. A caller that adds to a kept value stores a new one; two threads adding at once may
lose one addition, which only reads it again later.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class VersionedValues(Generic[K, V]):
    """One value per key, under the version it was made at; the most recently stored ``kept`` keys, the oldest
    dropped first."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._values: dict[K, tuple[Hashable, V]] = {}
        self._lock = threading.Lock()

    def get(self, key: K, version: Hashable) -> V | None:
        """The value kept for ``key`` under ``version``; None when there is none, or it was made at another."""
        with self._lock:
            kept = self._values.get(key)
        return kept[1] if kept is not None and kept[0] == version else None

    def put(self, key: K, version: Hashable, value: V) -> None:
        """Keep ``value`` for ``key`` under ``version`` (now the most recent key), dropping the oldest keys past
        ``kept``."""
        with self._lock:
            self._values.pop(key, None)
            self._values[key] = (version, value)
            while len(self._values) > self.kept:
                self._values.pop(next(iter(self._values)))
