"""What a service keeps per reader between answers, each value under the graph's version it was made at.

A reader is a graph, a scope and an ``as_of`` (:data:`ReaderKey`); its version is ``scope_version``'s. The
whole-corpus word index (:mod:`zehn.agent.corpus_words`) and the kept passages (:mod:`zehn.agent.passage_cache`)
keep theirs here: the most recently stored :data:`SCOPES_KEPT` readers, the oldest dropped first. The mechanism
(versions, replacement, thread safety) is :class:`traversal_policy.versioned.VersionedValues`.
"""

from __future__ import annotations

from typing import TypeVar

from traversal_policy.versioned import VersionedValues

ReaderKey = tuple[str, tuple[str, ...], str | None]  # graph name, scope tokens, as_of
SCOPES_KEPT = 8  # readers kept per table (a service answers for a handful of scopes at a time)

T = TypeVar("T")


class ReaderTables(VersionedValues[ReaderKey, T]):
    """One value per reader, each under the version it was made at."""

    def __init__(self, readers_kept: int = SCOPES_KEPT) -> None:
        super().__init__(readers_kept)
