"""What one ingest reports: counts by outcome, the files it skipped or rolled back and why, and its time.

Kept apart from the pipeline so the server's ingest routes and jobs read the report's shape without importing
the pipeline (graphrag-sdk, spaCy).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Progress = Callable[[str, int, int], None]  # (document path, index, total)
Waiting = Callable[[dict[str, object]], None]  # told once who holds the writer lease an ingest waits for


@dataclass
class IngestReport:
    documents: int = 0
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    evidence: int = 0
    skipped: int = 0
    recovered: int = 0  # documents an interrupted run had left not ready, redone
    rolled_back: int = 0  # documents that failed in step 5 and were rolled back
    versions: int = 0  # documents that got a new version on top of a committed one
    closed_evidence: int = 0  # evidence rows the new versions closed (kept, no longer current)
    errors: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents, "chunks": self.chunks, "entities": self.entities,
            "relations": self.relations, "evidence": self.evidence, "skipped": self.skipped,
            "recovered": self.recovered, "rolled_back": self.rolled_back, "versions": self.versions,
            "closed_evidence": self.closed_evidence,
            "errors": len(self.errors), "error_details": self.errors, "seconds": round(self.seconds, 3),
        }
