"""The departure query's open work against a count made straight from the documents' own metadata.

    .venv/bin/python bench/people.py CORPUS_DIR [--data-dir DIR --graph NAME] [--json]

Direct count (no graph): every document with an ``assignee`` line is a work item named as the ingest names it
(its ticket key, else its title); it is open when its own ``status`` / ``state`` line is not DONE or CANCELLED in
the one status vocabulary (``traversal_policy.work_status``). Graph side: ``if_person_leaves(person, depth=1)``
for every assignee, items assigned in a document (``via: document``). Printed per assignee: both sets and whether
they agree; then the agreement over assignees and over items, and the query's time at depths 1, 2 and 3 measured
side by side in the same run, and the projection rebuild.

Without ``--data-dir``/``--graph`` the corpus is ingested into a fresh embedded FalkorDB in a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.documents import SourceDocument
from extraction.graph_client import open_graph as open_rw_graph
from extraction.identity import entity_id, name_key
from extraction.loaders import Loaded, iter_documents
from extraction.metadata import document_entity
from traversal_policy import Found, TraversalExecutor, load_policy, open_graph
from traversal_policy.work_status import classify, status_line
from zehn.graph_server import EmbeddedFalkorDB
from zehn.people.projection import rebuild
from zehn.people.roles import is_person_name


@dataclass(frozen=True)
class Agreement:
    assignee: str
    metadata: list[str]
    query: list[str]

    @property
    def agree(self) -> bool:
        return {name_key(i) for i in self.metadata} == {name_key(i) for i in self.query}

    @property
    def in_both(self) -> int:
        return len({name_key(i) for i in self.metadata} & {name_key(i) for i in self.query})

    def to_dict(self) -> dict[str, object]:
        return {"assignee": self.assignee, "metadata": self.metadata, "query": self.query, "agree": self.agree}


def direct_open_work(documents: list[SourceDocument]) -> dict[str, set[str]]:
    """assignee name -> names of the open items their own metadata assigns to them."""
    out: dict[str, set[str]] = {}
    for doc in documents:
        own = document_entity(doc)
        for line in doc.metadata_lines:
            if line.key != "assignee" or own is None:
                continue
            for value in line.values:
                if not is_person_name(value):
                    continue
                bucket = out.setdefault(" ".join(value.split()), set())
                status = status_line(doc.metadata_lines)
                if classify(status.values[0] if status else None).is_open:
                    bucket.add(own.name)
    return out


def graph_open_work(executor: TraversalExecutor, name: str, depth: int = 1) -> tuple[set[str], float]:
    started = time.perf_counter()
    out = executor.run("if_person_leaves", {"person_id": entity_id("Person", name), "depth": depth})
    elapsed = (time.perf_counter() - started) * 1000.0
    if not isinstance(out, Found):
        if out.outcome == "failed":
            raise SystemExit(f"query failed for {name}: {out.to_dict()['error']}")
        return set(), elapsed
    return {str(r["item"]["name"]) for r in out.rows if r["section"] == "open_work" and r["via"] == "document"}, \
        elapsed


@contextmanager
def _graph(corpus: Path, data_dir: Path | None, graph: str | None) -> Iterator[tuple[int, str, float | None]]:
    if data_dir is not None and graph is not None:
        server = EmbeddedFalkorDB(data_dir, requirepass=False)
        server.start()
        try:
            assert server.port is not None
            yield server.port, graph, None
        finally:
            server.stop()
        return
    from extraction.pipeline import Ingestor

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedFalkorDB(Path(tmp), requirepass=False)
        server.start()
        try:
            assert server.port is not None
            started = time.perf_counter()
            Ingestor("127.0.0.1", server.port, "bench_people").ingest([corpus])
            yield server.port, "bench_people", time.perf_counter() - started
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--data-dir", type=Path, help="An existing data dir holding an ingested graph.")
    parser.add_argument("--graph", help="The graph name in --data-dir.")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    documents = [o.document for o in iter_documents([args.corpus]) if isinstance(o, Loaded)]
    direct = direct_open_work(documents)
    with _graph(args.corpus, args.data_dir, args.graph) as (port, name, ingest_s):
        executor = TraversalExecutor(open_graph("127.0.0.1", port, name, timeout_ms=60_000), load_policy(),
                                     timeout_ms=60_000)
        rows: list[Agreement] = []
        timings: dict[int, list[float]] = {1: [], 2: [], 3: []}
        for person in sorted(direct, key=name_key):
            found, ms = graph_open_work(executor, person, 1)
            timings[1].append(ms)
            for depth in (2, 3):
                timings[depth].append(graph_open_work(executor, person, depth)[1])
            rows.append(Agreement(person, sorted(direct[person]), sorted(found)))
        started = time.perf_counter()
        projection = rebuild(open_rw_graph("127.0.0.1", port, name))
        rebuild_s = time.perf_counter() - started
    items_direct = sum(len(r.metadata) for r in rows)
    items_query = sum(len(r.query) for r in rows)
    items_both = sum(r.in_both for r in rows)
    summary = {
        "documents": len(documents), "assignees": len(rows), "assignees_agreeing": sum(r.agree for r in rows),
        "open_items_metadata": items_direct, "open_items_query": items_query, "open_items_in_both": items_both,
        "query_ms_mean": {d: round(sum(t) / len(t), 1) if t else None for d, t in timings.items()},
        "ingest_s": round(ingest_s, 1) if ingest_s is not None else None, "projection_rebuild_s": round(rebuild_s, 2),
        "projection": projection.__dict__,
    }
    if args.json:
        print(json.dumps({"rows": [r.to_dict() for r in rows], "summary": summary}, indent=2))
        return
    for r in rows:
        print(f"{r.assignee:<28} metadata {r.metadata} {'==' if r.agree else '!='} query {r.query}")
    print(f"\nassignees agreeing: {summary['assignees_agreeing']}/{summary['assignees']}; open items: "
          f"{items_both} in both, {items_direct} from metadata, {items_query} from the query")
    print(f"if_person_leaves mean time (ms) at depth 1/2/3: {summary['query_ms_mean']}")
    print(f"projection rebuild: {summary['projection_rebuild_s']} s ({projection.people} people, "
          f"{projection.pairs} pairs, {projection.documents} documents)")


if __name__ == "__main__":
    main()
