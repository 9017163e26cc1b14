"""The evaluation's JSON object and its Markdown table, ZEHN and the baseline side by side.

JSON: ``{overall, by_category, graph, baseline: {overall, by_category, graph}, paragraph_baseline: {...},
facts_vs_paragraph, stability, trials, spread, details, meta}``. ``facts_vs_paragraph`` is ZEHN's
``facts_covered`` divided by the paragraph baseline's; ``stability`` (with ``--repeat-ingest``) is the share of
questions whose status was the same on every re-ingested copy of the corpus, and the questions where it was not.
With several trials (model mode) ``overall`` holds the mean of each figure over the trials and ``spread`` its
minimum and maximum; ``by_category``, ``graph`` and ``details`` are those of the first trial.
"""

from __future__ import annotations

from typing import Any

from .metrics import by_category, grade_bench, grade_graph, summarise, summarise_graph
from .questions import BenchQuestion, GraphQuestion, Question
from .records import AnswerRecord
from .runner import EvalRun

METRICS = ("answered", "abstained", "refused", "other", "abstention_recall", "false_abstention",
           "cited_doc_precision", "gold_doc_recall", "support_recall", "facts_covered", "answered_right",
           "median_cited_words", "exclusions_cited", "fabricated_citations", "p50_ms", "p95_ms")
HIGHER_IS_BETTER = {"abstention_recall": True, "false_abstention": False, "cited_doc_precision": True,
                    "gold_doc_recall": True, "support_recall": True, "facts_covered": True, "answered_right": True,
                    "exclusions_cited": False, "fabricated_citations": False, "p50_ms": False, "p95_ms": False}


def system_report(questions: list[Question], records: list[AnswerRecord]) -> dict[str, Any]:
    by_id = {r.question_id: r for r in records}
    bench = [grade_bench(q, by_id[q.id]) for q in questions if isinstance(q, BenchQuestion)]
    graph = [grade_graph(q, by_id[q.id]) for q in questions if isinstance(q, GraphQuestion)]
    details = []
    for q in questions:
        rec = by_id[q.id]
        row: dict[str, Any] = {"id": q.id, "status": rec.status, "latency_ms": round(rec.latency_ms, 1),
                               "cited_documents": sorted(rec.cited_documents), "unresolved": list(rec.unresolved),
                               "reason": rec.extra.get("reason"), "decline": rec.extra.get("decline"),
                               "error": rec.error}
        details.append(row)
    for bg in bench:
        next(d for d in details if d["id"] == bg.question_id).update(
            {"support": None if bg.support is None else round(bg.support, 3), "gold_cited": bg.gold_cited,
             "facts_covered": None if bg.facts_covered is None else round(bg.facts_covered, 3),
             "answered_right": bg.answered_right, "cited_words": bg.cited_words,
             "excluded_cited": bg.excluded_cited, "missing_terms": list(bg.missing_terms)})
    for gg in graph:
        next(d for d in details if d["id"] == gg.question_id).update(
            {"kind": gg.kind, "answered_right": gg.answered_right, "declined_right": gg.declined_right,
             "missing_terms": list(gg.missing_terms)})
    return {"overall": summarise(bench) if bench else None, "by_category": by_category(bench) if bench else {},
            "graph": summarise_graph(graph) if graph else None, "details": details}


def _spread(overalls: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    mean: dict[str, Any] = {}
    spread: dict[str, Any] = {}
    for key in overalls[0]:
        values = [o[key] for o in overalls if isinstance(o.get(key), int | float)]
        if len(values) != len(overalls):
            mean[key] = overalls[0][key]
            continue
        mean[key] = round(sum(values) / len(values), 4)
        spread[key] = {"min": min(values), "max": max(values)}
    return mean, spread


def build_report(run: EvalRun) -> dict[str, Any]:
    out: dict[str, Any] = {"overall": None, "by_category": {}, "graph": None, "baseline": None, "meta": run.meta}
    if run.zehn_trials:
        reports = [system_report(run.questions, records) for records in run.zehn_trials]
        first = reports[0]
        out.update({"overall": first["overall"], "by_category": first["by_category"], "graph": first["graph"],
                    "details": first["details"]})
        if len(reports) > 1 and first["overall"] is not None:
            overalls = [r["overall"] for r in reports]
            out["overall"], out["spread"] = _spread(overalls)
            out["trials"] = overalls
    if run.baseline is not None:
        out["baseline"] = system_report(run.questions, run.baseline)
    if run.paragraph is not None:
        out["paragraph_baseline"] = system_report(run.questions, run.paragraph)
        ours = (out.get("overall") or {}).get("facts_covered")
        theirs = (out["paragraph_baseline"].get("overall") or {}).get("facts_covered")
        out["facts_vs_paragraph"] = round(ours / theirs, 3) if ours is not None and theirs else None
    if run.repeats:
        out["stability"] = stability(run.questions, run.repeats)
    return out


def stability(questions: list[Question], repeats: list[list[AnswerRecord]]) -> dict[str, Any]:
    """Agreement of ZEHN across re-ingested copies of the same corpus: of statuses, and (stricter) of the exact
    set of cited evidence ids (an answer citing another row of the same document is a different answer)."""
    statuses = [{r.question_id: r.status for r in records} for records in repeats]
    cited = [{r.question_id: frozenset(c.evidence_id or f"{c.document_id}:{c.start}-{c.end}" for c in r.citations)
              for r in records} for records in repeats]
    differing = [{"id": q.id, "statuses": [s[q.id] for s in statuses]} for q in questions
                 if len({s[q.id] for s in statuses}) > 1]
    agreed = len(questions) - len(differing)
    other_citations = [q.id for q in questions if len({c[q.id] for c in cited}) > 1]
    return {"repeat_ingest": len(repeats), "status_agreement": round(agreed / len(questions), 4) if questions
            else None, "disagreements": differing, "same_citations": len(questions) - len(other_citations),
            "citation_disagreements": other_citations}


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) <= 1.0 else f"{value:.0f}"
    return str(value)


def _verdict(key: str, ours: Any, theirs: Any) -> str:
    if key not in HIGHER_IS_BETTER or not isinstance(ours, int | float) or not isinstance(theirs, int | float):
        return ""
    if ours == theirs:
        return "same"
    better = (ours > theirs) == HIGHER_IS_BETTER[key]
    return "ZEHN better" if better else "**baseline better**"


def markdown(report: dict[str, Any]) -> str:
    lines = ["# ZEHN evaluation", ""]
    meta = report.get("meta") or {}
    if meta:
        lines += [f"- {k}: `{v}`" for k, v in meta.items() if not isinstance(v, dict | list)] + [""]
    ours = report.get("overall") or {}
    base = (report.get("baseline") or {}).get("overall") or {}
    para = (report.get("paragraph_baseline") or {}).get("overall") or {}
    if ours or base:
        lines += ["## Benchmark questions (overall)", "",
                  "| figure | ZEHN | sentence baseline | paragraph baseline | |", "|---|---|---|---|---|"]
        lines += [f"| {k} | {_cell(ours.get(k))} | {_cell(base.get(k))} | {_cell(para.get(k))} | "
                  f"{_verdict(k, ours.get(k), base.get(k))} |" for k in METRICS]
        lines.append("")
    if report.get("facts_vs_paragraph") is not None:
        lines += [f"Facts covered, ZEHN ÷ paragraph baseline: {report['facts_vs_paragraph']:.2f}", ""]
    if report.get("stability"):
        stab = report["stability"]
        lines += [f"Status agreement over {stab['repeat_ingest']} ingests: {_cell(stab['status_agreement'])} "
                  f"({len(stab['disagreements'])} question(s) differ); the same cited evidence ids: "
                  f"{stab['same_citations']} of {stab['same_citations'] + len(stab['citation_disagreements'])}",
                  ""]
    cats = sorted(set(report.get("by_category") or {}) | set((report.get("baseline") or {}).get("by_category") or {}))
    if cats:
        keys = ("questions", "answered", "abstention_recall", "false_abstention", "cited_doc_precision",
                "gold_doc_recall", "support_recall")
        lines += ["## By category (ZEHN / baseline)", "", "| category | " + " | ".join(keys) + " |",
                  "|---" * (len(keys) + 1) + "|"]
        for cat in cats:
            z = (report.get("by_category") or {}).get(cat, {})
            b = ((report.get("baseline") or {}).get("by_category") or {}).get(cat, {})
            lines.append(f"| {cat} | " + " | ".join(f"{_cell(z.get(k))} / {_cell(b.get(k))}" for k in keys) + " |")
        lines.append("")
    graph, bgraph = report.get("graph") or {}, (report.get("baseline") or {}).get("graph") or {}
    if graph or bgraph:
        lines += ["## Graph questions (ZEHN / baseline)", "",
                  "| kind | questions | answered right | declined right | declined (status only) |",
                  "|---|---|---|---|---|"]
        kinds = {**(bgraph.get("by_kind") or {}), **(graph.get("by_kind") or {})}
        for kind in [*sorted(kinds), "overall"]:
            z = graph.get("by_kind", {}).get(kind) if kind != "overall" else graph.get("overall")
            b = bgraph.get("by_kind", {}).get(kind) if kind != "overall" else bgraph.get("overall")
            z, b = z or {}, b or {}
            lines.append(f"| {kind} | {z.get('questions', b.get('questions'))} | "
                         f"{_cell(z.get('answered_right'))} / {_cell(b.get('answered_right'))} | "
                         f"{_cell(z.get('declined_right'))} / {_cell(b.get('declined_right'))} | "
                         f"{_cell(z.get('declined_by_status'))} / {_cell(b.get('declined_by_status'))} |")
        lines.append("")
    if "spread" in report:
        lines += ["## Spread over trials (min–max)", ""]
        lines += [f"- {k}: {_cell(v['min'])} – {_cell(v['max'])}" for k, v in report["spread"].items()] + [""]
    return "\n".join(lines)
