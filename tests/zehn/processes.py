"""Helpers for tests that run real ``zehn`` processes: start one, wait for a line it prints, compare graph counts."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from queue import Empty, Queue
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def zehn(args: list[str], env: dict[str, str] | None = None, **kwargs: Any) -> subprocess.Popen[str]:
    """``zehn ARGS`` as a child process of the test, importing this checkout's code."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen([sys.executable, "-c", "from zehn.cli import main; main()", *args], env=full_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


class Lines:
    """Every stderr line of a process, read in a thread, so a test can wait for one with a deadline."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.queue: Queue[str] = Queue()
        self.seen: list[str] = []
        assert proc.stderr is not None
        stream = proc.stderr
        threading.Thread(target=lambda: [self.queue.put(line) for line in stream], daemon=True).start()

    def wait_for(self, needle: str, deadline_s: float) -> str:
        import time

        end = time.monotonic() + deadline_s
        while time.monotonic() < end:
            try:
                line = self.queue.get(timeout=max(0.01, end - time.monotonic()))
            except Empty:
                break
            self.seen.append(line)
            if needle in line:
                return line
        raise AssertionError(f"{needle!r} not printed within {deadline_s}s; got:\n{''.join(self.seen[-30:])}")


COUNT_QUERIES = {
    "labels": "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*)",
    "edges": "MATCH ()-[r]->() RETURN type(r), count(r)",
    "rel_types": "MATCH ()-[r:RELATES]->() RETURN r.rel_type, count(r)",
    "support": "MATCH ()-[r:RELATES]->() RETURN 'evidence ids', sum(size(r.evidence_ids))",
    "status": "MATCH (d:Document) RETURN coalesce(d.status, 'none'), count(d)",
    "orphans": "MATCH (e:Evidence) OPTIONAL MATCH (d:Document {id: e.document_id}) WITH e, d WHERE d IS NULL "
               "RETURN 'orphan evidence', count(e)",
    "orphan_chunks": "MATCH (c:Chunk) WHERE NOT ()-[:PART_OF]->(c) RETURN 'orphan chunks', count(c)",
}


DERIVED = ("Answer", "Question", "ANSWERED_BY", "CITES",  # answers asked of the graph
           "Collaborator", "COLLABORATED_WITH", "PeopleProjection")  # the people projection, rebuilt after ingests


def graph_counts(graph: Any) -> dict[str, dict[str, int]]:
    """Everything a clean ingest and a recovered one must agree on (answers, questions and the people projection,
    which is derived from the documents after an ingest, are left out)."""
    out = {name: {str(k): int(v or 0) for k, v in graph.ro_query(q).result_set} for name, q in COUNT_QUERIES.items()}
    for kind in ("labels", "edges"):
        for derived in DERIVED:
            out[kind].pop(derived, None)
    return out
