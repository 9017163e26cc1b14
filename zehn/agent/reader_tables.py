"""What a service keeps per reader between answers, each value under the graph's version it was made at.

A reader is a graph, a scope and an ``as_of`` (:data:`ReaderKey`); its version is ``scope_version``'s (the graph's
ingest stamp, extraction/ingest_stamp.py, or in an older graph the number of readable ready documents and the latest
ingest: an ingest, an edit, a deletion or a rollback moves it). A
value kept under another version than the one asked for is not given back. The whole-corpus word index
(:mod:`zehn.agent.corpus_words`) and the kept passages (:mod:`zehn.agent.passage_cache`) keep theirs here: the
most recently stored :data:`SCOPES_KEPT` readers, the oldest dropped first.

Values are replaced, never changed in place: a value given to one answer's thread stays as it was while another
thread stores a newer one.
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

from zehn.agent.rows import ScopeVersion

ReaderKey = tuple[str, tuple[str, ...], str | None]  # graph name, scope tokens, as_of
SCOPES_KEPT = 8  # readers kept per table (a service answers for a handful of scopes at a time)

T = TypeVar("T")


class ReaderTables(Generic[T]):
    """One value per reader, each under the version it was made at."""

    def __init__(self, readers_kept: int = SCOPES_KEPT) -> None:
        self.readers_kept = readers_kept
        self._kept: dict[ReaderKey, tuple[ScopeVersion, T]] = {}
        self._lock = threading.Lock()

    def get(self, key: ReaderKey, version: ScopeVersion) -> T | None:
        """The value kept for ``key`` under ``version``; None when there is none, or it was made at another."""
        with self._lock:
            kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == version else None

    def put(self, key: ReaderKey, version: ScopeVersion, value: T) -> None:
        """Keep ``value`` for ``key`` under ``version`` (the most recent), dropping the oldest readers past the
        limit."""
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = (version, value)
            while len(self._kept) > self.readers_kept:
                self._kept.pop(next(iter(self._kept)))
