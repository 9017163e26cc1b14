"""Float vectors in the text the falkordb client writes into a query's parameter header, made by C-level joins.

The client writes each parameter recursively, one Python call per list item: a 384-float vector is ~400 calls, and
an ingest sends a vector with every passage and with every evidence row that has one (~2.3 million calls for the
Redwood corpus). :class:`Written` is a value the client writes as ``str(value)`` (what it does with any type it does
not know), and :func:`vector_text` is exactly what it would write for a list of floats (each float's ``str``,
comma-joined, in brackets): the same query text reaches the server, so the graph holds the same vectors.
"""

from __future__ import annotations

from collections.abc import Sequence


class Written:
    """A parameter already in the text form the falkordb client writes for it."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Written({self.text[:40]!r})"


def vector_text(value: Sequence[float]) -> str:
    """``[`` + each float's ``str``, comma-joined + ``]``: what the client writes for a list of floats."""
    return f"[{','.join(map(str, value))}]"


def written_vector(value: Sequence[float] | None) -> Written | None:
    """A float vector (None stays None, the client's ``null``) as :class:`Written`."""
    return None if value is None else Written(vector_text(value))
