"""Which named queries grow with the corpus: per query text, FalkorDB's plan and the records it produces, at two
(or more) graph sizes side by side. Load-independent (record counts and operators), unlike timings.

    .venv/bin/python bench/query_plans.py --data-dir DIR --questions FILE [--graphs scale1,scale16] [--limit N]

``DIR`` is a ``bench/scale.py --data-dir`` directory whose graphs are already ingested (copy it first: the
server writes to it). Every question is answered by the deterministic answerer on each graph; every read the
answer made is recorded (text and parameters), then re-run once under ``GRAPH.PROFILE``. Per query text (named
``query.variant`` from the catalogue) it prints: how often it ran, the records all operators produced (summed over
the runs), the records of the scans and index reads alone, and the scan operators in its plans; then, for each
larger graph, the ratio of those record counts to the first graph's. A text whose records grow with the corpus
scans; one anchored on an index lookup stays flat.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import EVIDENCE_BY_IDS
from extraction.index_readiness import wait_for_indexes
from extraction.nlp import load_nlp
from extraction.parse_store import READ_PARSES
from traversal_policy import TraversalExecutor, load_policy, open_graph
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.runner import INDEX_CHECK
from traversal_policy.search_words import COUNT_TEXTS
from zehn.evaluation.questions import load_questions
from zehn.evaluation.runner import ask, make_zehn
from zehn.graph_server import EmbeddedFalkorDB

_RECORDS = re.compile(r"^\s*(.+?)\s*\|\s*Records produced:\s*(\d+)", re.MULTILINE)
_SCANS = ("Scan", "Index", "ProcedureCall")  # operators that read the graph rather than expand from a node


def text_names() -> dict[str, str]:
    """Every fixed text ZEHN runs, by ``query.variant``."""
    names = {INDEX_CHECK: "index_check", EVIDENCE_BY_IDS: "evidence_reads.evidence_by_ids",
             READ_PARSES: "parse_store.read_parses"}
    names |= dict.fromkeys(COUNT_TEXTS, "search_passages.word_counts")
    for query in CATALOGUE.values():
        for key, text in query.cypher.items():
            names.setdefault(text, "entity_status" if key == "status" else f"{query.name}.{key}")
    return names


class Recording:
    """A falkordb ``Graph`` that remembers every read (text and parameters) and passes everything through."""

    def __init__(self, graph: Any) -> None:
        self._graph = graph
        self.reads: list[tuple[str, dict[str, Any]]] = []

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._graph, attr)

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any:
        self.reads.append((q, dict(params or {})))
        return self._graph.ro_query(q, params, timeout=timeout)


@dataclass
class Usage:
    runs: int = 0
    records: int = 0
    scan_records: int = 0
    run_ms: list[float] = field(default_factory=list)
    scans: set[str] = field(default_factory=set)


def profile(graph: Any, reads: list[tuple[str, dict[str, Any]]], names: dict[str, str]) -> dict[str, Usage]:
    usage: dict[str, Usage] = defaultdict(Usage)
    for text, params in reads:
        name = names.get(text, "other:" + " ".join(text.split())[:50])
        lines = graph.execute_command("GRAPH.PROFILE", graph.name, _with_params(text, params), "--compact")
        u = usage[name]
        u.runs += 1
        u.run_ms.append(float(graph.ro_query(text, params).run_time_ms))
        for op, count in _RECORDS.findall("\n".join(_decode(line) for line in lines)):
            u.records += int(count)
            op_name = op.split("|")[0].strip()
            if any(s in op_name for s in _SCANS):
                u.scan_records += int(count)
                u.scans.add(op_name.split(" ")[0] if op_name.startswith("ProcedureCall") else op_name)
    return usage


def _decode(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _with_params(text: str, params: dict[str, Any]) -> str:
    """``CYPHER k=v ...`` header as falkordb-py builds it (values as Cypher literals)."""
    from falkordb.helpers import stringify_param_value  # the client's own literal writer

    return "CYPHER " + " ".join(f"{k}={stringify_param_value(v)}" for k, v in params.items()) + " " + text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--graphs", default="scale1,scale16")
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions (0: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    questions = [q.question for q in load_questions(args.questions)]
    questions = questions[:args.limit] if args.limit else questions
    nlp, embedder = load_nlp(), LocalEmbedder()
    names = text_names()
    table: dict[str, dict[str, Usage]] = {}
    with EmbeddedFalkorDB(args.data_dir / "data", requirepass=False) as server:
        assert server.port is not None
        for graph_name in args.graphs.split(","):
            graph = open_graph("127.0.0.1", server.port, graph_name)
            wait_for_indexes(graph)
            rec = Recording(graph)
            zehn = make_zehn("deterministic", TraversalExecutor(rec, load_policy(), embedder=embedder), nlp, rec,
                             None)
            for question in questions:
                ask(zehn, "q", question)
            table[graph_name] = profile(graph, rec.reads, names)
            print(f"{graph_name}: {len(rec.reads)} reads profiled", file=sys.stderr)
    report(table, args.json)


def report(table: dict[str, dict[str, Usage]], as_json: bool) -> None:
    graphs = list(table)
    first = table[graphs[0]]
    keys = sorted({k for usage in table.values() for k in usage}, key=lambda k: -max(
        table[g].get(k, Usage()).records for g in graphs))
    if as_json:
        print(json.dumps({g: {k: {"runs": u.runs, "records": u.records, "scan_records": u.scan_records,
                                  "run_ms_sum": round(sum(u.run_ms), 1), "scans": sorted(u.scans)}
                              for k, u in table[g].items()} for g in graphs}))
        return
    head = "".join(f" {g + ' runs':>12} {'records':>10} {'scan rec':>10} {'ms sum':>8}" for g in graphs)
    print(f"{'query':<40}{head} {'x rec':>7}  scans")
    for key in keys:
        cells = ""
        for g in graphs:
            u = table[g].get(key, Usage())
            cells += f" {u.runs:>12} {u.records:>10} {u.scan_records:>10} {sum(u.run_ms):>8.1f}"
        last = table[graphs[-1]].get(key, Usage())
        base = first.get(key, Usage())
        ratio = f"{last.records / base.records:.1f}" if base.records else "-"
        print(f"{key[:40]:<40}{cells} {ratio:>7}  {', '.join(sorted(last.scans | base.scans))}")


if __name__ == "__main__":
    main()
