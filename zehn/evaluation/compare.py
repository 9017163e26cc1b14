"""Two named graphs (two extraction variants, say ``zehn`` and ``exp1``) asked the same questions, side by side.

Both graphs must already be ingested; the comparison only reads them. Every graph handle given to the answering
service and the citation checker is a :class:`ReadOnly` one (``ro_query`` and ``name``, nothing that could write),
and answers are not stored in history, so neither graph changes. The report holds each graph's figures (the same
graders as ``zehn eval``) and the questions whose outcome differs between the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from extraction.errors import QueryRejected

from .questions import Question
from .records import AnswerRecord
from .report import HIGHER_IS_BETTER, METRICS, _cell, system_report
from .runner import Answerer, CitationChecker, Progress, run_zehn


class ReadOnly:
    """A graph through which nothing can be written: ``query`` refuses loudly, ``ro_query`` reads (and the server's
    GRAPH.RO_QUERY refuses writes as well)."""

    def __init__(self, graph: Any) -> None:
        self._graph = graph

    @property
    def name(self) -> str:
        return str(self._graph.name)

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any:
        return self._graph.ro_query(q, params, timeout=timeout)

    def query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> Any:
        raise QueryRejected(f"graph {self.name!r} is open read-only for a comparison: nothing may write to it")


@dataclass(frozen=True)
class Side:
    name: str
    answerer: Answerer
    checker: CitationChecker
    stats: dict[str, Any]


def _differences(questions: list[Question], a: list[AnswerRecord], b: list[AnswerRecord]) -> list[dict[str, Any]]:
    by_a, by_b = {r.question_id: r for r in a}, {r.question_id: r for r in b}
    out = []
    for q in questions:
        ra, rb = by_a[q.id], by_b[q.id]
        if (ra.status, ra.cited_documents) != (rb.status, rb.cited_documents):
            out.append({"id": q.id, "question": q.question, "a": {"status": ra.status,
                        "cited_documents": sorted(ra.cited_documents)},
                        "b": {"status": rb.status, "cited_documents": sorted(rb.cited_documents)}})
    return out


def compare(questions: list[Question], a: Side, b: Side, progress: Progress | None = None) -> dict[str, Any]:
    runs = {side.name: run_zehn(questions, side.answerer, side.checker, f"graph {side.name}", progress)
            for side in (a, b)}
    sides = []
    for side in (a, b):
        report = system_report(questions, runs[side.name])
        sides.append({"name": side.name, "stats": side.stats, **report})
    return {"graph_a": sides[0], "graph_b": sides[1],
            "differences": _differences(questions, runs[a.name], runs[b.name]), "questions": len(questions)}


GRAPH_FIGURES = ("answered_right", "declined_right")
HIGHER = {**HIGHER_IS_BETTER, **dict.fromkeys(GRAPH_FIGURES, True)}


def _better(key: str, va: Any, vb: Any) -> str:
    if key not in HIGHER or not isinstance(va, int | float) or not isinstance(vb, int | float):
        return ""
    if va == vb:
        return "same"
    return "A better" if (va > vb) == HIGHER[key] else "B better"


def markdown(report: dict[str, Any]) -> str:
    a, b = report["graph_a"], report["graph_b"]
    lines = [f"# ZEHN: graph {a['name']} (A) vs {b['name']} (B)", "", f"- questions: {report['questions']}"]
    for side in (a, b):
        labels = side["stats"].get("labels") or {}
        lines.append(f"- {side['name']}: {labels.get('Document', 0)} documents, {labels.get('Evidence', 0)} evidence "
                     f"rows, {side['stats'].get('relates', 0)} relations")
    for title, key, figures in (("Benchmark questions", "overall", METRICS),
                                ("Graph questions", "graph", GRAPH_FIGURES)):
        fa, fb = a.get(key) or {}, b.get(key) or {}
        if key == "graph":
            fa, fb = fa.get("overall") or {}, fb.get("overall") or {}
        if fa or fb:
            lines += ["", f"## {title}", "", "| figure | A | B | |", "|---|---|---|---|"]
            lines += [f"| {k} | {_cell(fa.get(k))} | {_cell(fb.get(k))} | {_better(k, fa.get(k), fb.get(k))} |"
                      for k in figures]
    lines += ["", f"## Questions answered differently ({len(report['differences'])})", ""]
    lines += [f"- {d['id']}: A {d['a']['status']} {d['a']['cited_documents']} / B {d['b']['status']} "
              f"{d['b']['cited_documents']}" for d in report["differences"]] or ["- none"]
    return "\n".join(lines)
