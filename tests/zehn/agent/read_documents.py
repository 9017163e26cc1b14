"""Read documents as retrieval holds them (info plus passages with their distances), for the scoring tests."""

from __future__ import annotations

from zehn.agent.rows import DocPassage, DocumentInfo


def read_doc(doc_id: str, *distances: float) -> tuple[DocumentInfo, list[DocPassage]]:
    """A document of one passage per distance (to the question; each passage's second distance is 0.5)."""
    info = DocumentInfo(doc_id, f"title {doc_id}", "page", None, None)
    return info, [DocPassage(f"{doc_id}-p{n}", doc_id, "h", "section", n, n + 1, "text", (d, 0.5))
                  for n, d in enumerate(distances)]


def worded_doc(doc_id: str, distance: float, text: str) -> tuple[DocumentInfo, list[DocPassage]]:
    """A document of one passage holding ``text``, at ``distance`` from the question."""
    return (DocumentInfo(doc_id, f"title {doc_id}", "page", None, None),
            [DocPassage(f"{doc_id}-p0", doc_id, "h", "section", 0, len(text), text, (distance,))])
