"""Step 4 of an ingest: which loaded documents need work, by comparing each with what the graph holds.

An unchanged, ready document is skipped; one an interrupted run left not ready is rolled back to its last committed
version (or purged if it has none) and looked at again; a document read from a new path only has its path updated.
Two files claiming one id would overwrite each other: the first is kept, the second reported.
"""

from __future__ import annotations

from collections.abc import Sequence

from extraction import document_state, version_store
from extraction.document_state import StoredState
from extraction.documents import SourceDocument
from extraction.evidence_writer import Graph
from extraction.ingest_report import IngestReport

# The states that send a document to step 5 (a deleted one comes back as a new version of itself).
TO_INGEST: tuple[StoredState, ...] = ("new", "changed", "deleted")


def documents_to_ingest(graph: Graph, documents: Sequence[SourceDocument], extractor_version: str,
                        report: IngestReport) -> dict[str, tuple[SourceDocument, StoredState]]:
    """The documents step 5 ingests, by id in load order, each with its state; counts ``report.recovered`` and
    ``report.skipped`` and reports duplicate ids in ``report.errors``."""
    todo: dict[str, tuple[SourceDocument, StoredState]] = {}
    seen: dict[str, str] = {}
    for doc in documents:
        if doc.id in seen:  # two files claiming one id would overwrite each other: keep the first
            report.errors.append({"path": doc.path, "reason": f"duplicate document id {doc.id!r} "
                                                              f"(already read from {seen[doc.id]})"})
            continue
        seen[doc.id] = doc.path
        state = document_state.stored_state(graph, doc, extractor_version)
        if state == "incomplete":  # nothing half written survives: back to the last committed version
            version_store.rollback(graph, doc.id)
            report.recovered += 1
            state = document_state.stored_state(graph, doc, extractor_version)
        if state == "moved":
            document_state.move(graph, doc)
        if state in TO_INGEST:
            todo[doc.id] = (doc, state)
    report.skipped = len(seen) - len(todo)
    return todo
