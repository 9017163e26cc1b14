"""What is worked out from a document's content alone (its lines, its comment blocks, a thread's scene, its
list-item words), kept with the document for as long as its content is known to be the same.

Every turn reads the documents it retrieved afresh (a :class:`zehn.agent.retrieve.DocView` lives for one turn), and
the shape readers (line readers, comment blocks, the scene of a thread) worked them out again for every question
that read the same document: on the public and facts3-9 tune halves about a tenth of an answer's own CPU time.
The document's sentences are not kept: a turn reads them itself, so every sentence it cites came from a query it
ran and shows. A document's content is the same as long as the reader's graph version is
(:mod:`zehn.agent.passage_cache` keeps its passages on that ground), so its memo lives in the passage cache's entry
for it, under that version, and goes with it (bounded by :data:`zehn.agent.passage_cache.DOCUMENTS_KEPT`). A view
whose document is not kept gets a memo of its own, for its turn only (a view was always read this way once per turn).

Only functions of the document itself may be kept here: never of the question, an ask, or the passages'
distances (those change every turn). A kept value is shared between turns and threads: never changed in place,
but for a table filled key by key (each entry a function of the document and its key alone, never changed once
there). Two threads working out the same value at once both store it; they are equal, so either is right.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V")
T = TypeVar("T")


class DocMemo:
    """One document's values worked out from its content, each by the function that works it out."""

    def __init__(self) -> None:
        self._values: dict[Callable[[Any], Any], Any] = {}  # at most one value per reader function of a document

    def of(self, make: Callable[[V], T], view: V) -> T:
        """``make(view)``, worked out once for the document (``make`` must read nothing but the document)."""
        if make in self._values:
            value: T = self._values[make]
            return value
        value = self._values[make] = make(view)
        return value
