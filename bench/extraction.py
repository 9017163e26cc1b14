"""Extraction quality against the labelled set, and relations per document, for a corpus and the sample corpus.

    .venv/bin/python bench/extraction.py CORPUS_DIR [--labels bench/data/extraction_labels.jsonl]
                                         [--half tune|check|all] [--json] [--errors] [--sample-corpus DIR]
    .venv/bin/python bench/extraction.py --written tests/extraction/data/prose_units.jsonl [--half ...] [--errors]

Runs ZEHN's deterministic extractor in-process, on the same code path as ingest (the exact-slice chunker, then
``SpacyExtraction`` and its evidence collection; no graph server), over CORPUS_DIR and the bundled sample corpus.
Then:

* scores the relations read from the labelled units (rules in bench/extraction_match.py): precision and recall
  overall, per predicate family and per half, and flag agreement (negated / hedged / planned) on matched pairs;
  ``--half`` picks the units behind the headline figures (tune on ``tune``, report ``check``);
* counts prose relations (evidence is a body sentence or line) and metadata relations (a front-matter line) per
  document, and relations by rel_type, for both corpora side by side;
* checks that every relation's evidence is an exact slice of its document and its mentions lie inside it.

``--written FILE`` scores a hand-written labelled set instead (bench/extraction_written.py: one small document per
unit, written to a temporary directory that stands in for CORPUS_DIR).
``--errors`` lists false positives and misses of the tune half only (the check half is never shown).
``--json`` prints one document: precision, recall, prose_relations_per_doc, metadata_relations_per_doc,
by_family, by_source (body vs front-matter units), by_half, flags, corpus, sample_corpus, exact_slices.
Exit status 2 when the labels do not fit the corpus.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path[0] != str(ROOT):
    sys.path.insert(0, str(ROOT))  # before bench/: `extraction` is the package, not this file

from graphrag_sdk import Context  # noqa: E402
from spacy.language import Language  # noqa: E402

from bench.extraction_match import (  # noqa: E402
    HALVES,
    Evaluation,
    LabelledUnit,
    LabelsMismatch,
    Predicted,
    Tally,
    check_units,
    evaluate,
    load_labels,
    relation_line,
    unit_text,
)
from bench.extraction_written import load_written, write_documents  # noqa: E402
from extraction.chunker import ExactSliceChunking  # noqa: E402
from extraction.documents import SourceDocument  # noqa: E402
from extraction.errors import ZehnError  # noqa: E402
from extraction.evidence import DocumentEvidence  # noqa: E402
from extraction.loaders import Failed, Loaded, iter_documents  # noqa: E402
from extraction.nlp import load_nlp  # noqa: E402
from extraction.pipeline import CHUNK_CHARS  # noqa: E402
from extraction.sdk_strategies import SpacyExtraction, zehn_ontology  # noqa: E402

DEFAULT_LABELS = ROOT / "bench" / "data" / "extraction_labels.jsonl"
SAMPLE_CORPUS = ROOT / "zehn" / "sample_corpus"


@dataclass(frozen=True)
class CorpusRun:
    """Every loaded document (by its path relative to the corpus directory) with what the extractor read."""

    documents: dict[str, SourceDocument]
    evidence: dict[str, DocumentEvidence]
    failed: int


async def _read(document: SourceDocument, nlp: Language) -> DocumentEvidence:
    """What the extractor reads from one document, on ingest's code path (chunks, then ``SpacyExtraction``)."""
    chunks = await ExactSliceChunking(document, CHUNK_CHARS).chunk(document.text, Context())
    extractor = SpacyExtraction(document, nlp)
    await extractor.extract(chunks, zehn_ontology(), Context())
    if extractor.evidence is None:
        raise ZehnError(f"{document.path}: the extractor produced no evidence")
    return extractor.evidence


def run_corpus(corpus: Path, nlp: Language, wanted: Collection[str] | None = None) -> CorpusRun:
    """The corpus read by the extractor; only the documents ``wanted`` (paths relative to the corpus) when given."""
    documents: dict[str, SourceDocument] = {}
    failed = 0
    for outcome in iter_documents([corpus]):
        if isinstance(outcome, Failed):
            failed += 1
        elif isinstance(outcome, Loaded) and (wanted is None or outcome.document.path in wanted):
            documents[outcome.document.path] = outcome.document  # already relative to the corpus

    async def read_all() -> dict[str, DocumentEvidence]:
        return {name: await _read(doc, nlp) for name, doc in documents.items()}

    return CorpusRun(documents, asyncio.run(read_all()), failed)


def predictions(run: CorpusRun) -> list[Predicted]:
    out = []
    for name, found in run.evidence.items():
        for row in found.evidence.values():
            for rel in row.relations:
                ps = rel["predicate_span"]
                out.append(Predicted(
                    doc=name, evidence=(row.start, row.end),
                    predicate=None if ps is None else (row.start + ps[0], row.start + ps[1]),
                    rel_type=rel["rel_type"], subject=rel["subject"], subject_at=tuple(rel["subject_at"]),
                    object=rel["object"], object_at=tuple(rel["object_at"]),
                    negated=rel["negated"], hedged=rel["hedged"], planned=rel["planned"]))
    return out


def score_written(path: Path, nlp: Language, directory: Path) -> Evaluation:
    """A hand-written labelled set scored like the corpus labels: one document per unit written under `directory`
    (an empty folder), read by the real extractor, every unit checked against its text, all units evaluated."""
    written = load_written(path)
    write_documents(written, directory)
    run = run_corpus(directory, nlp)
    texts = {name: doc.text for name, doc in run.documents.items()}
    check_units(written.units, texts)
    return evaluate(written.units, predictions(run), texts)


def corpus_counts(run: CorpusRun) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    by_type: dict[str, Counter[str]] = {"prose": Counter(), "metadata": Counter()}
    with_prose = 0
    for found in run.evidence.values():
        prose_here = 0
        for row in found.evidence.values():
            kind = "metadata" if row.kind == "metadata" else "prose"
            kinds[kind] += len(row.relations)
            by_type[kind].update(r["rel_type"] for r in row.relations)
            prose_here += len(row.relations) if kind == "prose" else 0
        with_prose += prose_here > 0
    n = len(run.documents)
    return {
        "documents": n, "failed": run.failed, "prose_relations": kinds["prose"],
        "metadata_relations": kinds["metadata"], "documents_with_prose_relations": with_prose,
        "prose_relations_per_doc": round(kinds["prose"] / n, 3) if n else None,
        "metadata_relations_per_doc": round(kinds["metadata"] / n, 3) if n else None,
        "by_rel_type": {k: dict(sorted(v.items())) for k, v in by_type.items()},
    }


def exact_slices(run: CorpusRun) -> dict[str, Any]:
    """Every relation-bearing evidence row is text[start:end]; every mention lies in the document and, for a
    sentence, inside its evidence range. Two kinds of relation point outside their line: metadata evidence (the
    document's own entity is on another front-matter line) and a relation read ``via="document_subject"``, whose
    bound end must still lie inside the sentence and whose other end inside the document."""
    checked, bad = 0, []
    for name, found in run.evidence.items():
        text = run.documents[name].text
        for row in found.evidence.values():
            for rel in row.relations:
                checked += 1
                spans = [tuple(rel["subject_at"]), tuple(rel["object_at"])]
                inside = (row.start, row.end) if row.kind != "metadata" else (0, len(text))
                held = [inside[0] <= s < e <= inside[1] for s, e in spans]
                in_doc = all(0 <= s < e <= len(text) for s, e in spans)
                bound = all(held) or (rel.get("via") == "document_subject" and any(held) and in_doc)
                ok = text[row.start : row.end] == row.text and bound
                if not ok:
                    bad.append(f"{name} {row.id} {rel['rel_type']}")
    return {"relations_checked": checked, "failures": len(bad), "examples": bad[:5]}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _tally(t: Tally) -> dict[str, Any]:
    return {"precision": _rounded(t.precision), "recall": _rounded(t.recall),
            "matched_predictions": t.matched_predictions, "predictions": t.predictions,
            "found_gold": t.found_gold, "gold": t.gold}


def report(result: Evaluation, every_unit: Evaluation, half: str, corpus: dict[str, Any], sample: dict[str, Any],
           slices: dict[str, Any]) -> dict[str, Any]:
    """Headline figures from ``result`` (the chosen half); ``by_half`` always from ``every_unit``."""
    flags = {f: _rounded(n / result.flag_pairs if result.flag_pairs else None) for f, n in result.flag_agree.items()}
    return {
        "half": half, "units": result.units, **_tally(result.overall),
        "by_family": {f: _tally(t) for f, t in result.by_family.items()},
        "by_half": {h: _tally(t) for h, t in every_unit.by_half.items()},
        "by_source": {k: _tally(t) for k, t in result.by_source.items()},
        "flags": {"pairs": result.flag_pairs, **flags},
        "prose_relations_per_doc": corpus["prose_relations_per_doc"],
        "metadata_relations_per_doc": corpus["metadata_relations_per_doc"],
        "corpus": corpus, "sample_corpus": sample, "exact_slices": slices,
    }


def _cell(value: float | None, hit: int, total: int) -> str:
    return f"{'n/a' if value is None else f'{value:.3f}':>6} ({hit}/{total})"


def render(out: dict[str, Any], corpus_name: str) -> str:
    lines = [f"labelled units: {out['units']} (half: {out['half']})", f"{'':<12} {'precision':>18} {'recall':>18}"]
    rows = [("overall", out), *out["by_family"].items(), *((f"{k} units", t) for k, t in out["by_source"].items()),
            *((f"half {h}", t) for h, t in out["by_half"].items())]
    for name, t in rows:
        lines.append(f"{name:<12} {_cell(t['precision'], t['matched_predictions'], t['predictions']):>18} "
                     f"{_cell(t['recall'], t['found_gold'], t['gold']):>18}")
    fl = out["flags"]
    lines.append(f"flag agreement on {fl['pairs']} matched pairs: negated {fl['negated']}, hedged {fl['hedged']}, "
                 f"planned {fl['planned']}, all three {fl['all']}")
    c, s = out["corpus"], out["sample_corpus"]
    lines.append(f"\n{'':<32} {corpus_name[-24:]:>24} {'sample corpus':>14}")
    for key in ("documents", "prose_relations_per_doc", "metadata_relations_per_doc", "prose_relations",
                "metadata_relations", "documents_with_prose_relations"):
        lines.append(f"{key:<32} {c[key]!s:>24} {s[key]!s:>14}")
    for kind in ("prose", "metadata"):
        types = sorted(set(c["by_rel_type"][kind]) | set(s["by_rel_type"][kind]))
        for t in types:
            lines.append(f"{kind + ' ' + t:<32} {c['by_rel_type'][kind].get(t, 0):>24} "
                         f"{s['by_rel_type'][kind].get(t, 0):>14}")
    for name, sl in out["exact_slices"].items():
        lines.append(f"exact slices ({name}): {sl['relations_checked'] - sl['failures']}/{sl['relations_checked']} ok"
                     + (f"; e.g. {sl['examples']}" if sl["failures"] else ""))
    return "\n".join(lines)


def render_errors(result: Evaluation, texts: dict[str, str]) -> str:
    lines = ["tune-half errors (the check half is never listed):"]
    for unit, pred in result.false_positives:
        if unit.half == "tune":
            lines.append(f"  FP {unit.unit} {pred.subject} -{pred.rel_type}-> {pred.object}: "
                         f"{unit_text(texts[unit.doc], unit)}")
    for unit, gold in result.misses:
        if unit.half == "tune":
            text = texts[unit.doc]
            lines.append(f"  MISS {unit.unit} {relation_line(text, gold)}: {unit_text(text, unit)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path, nargs="?")
    parser.add_argument("--written", type=Path, help="a hand-written labelled set (bench/extraction_written.py)")
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--half", choices=(*HALVES, "all"), default="all")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--errors", action="store_true", help="list tune-half false positives and misses")
    parser.add_argument("--sample-corpus", type=Path, default=SAMPLE_CORPUS)
    args = parser.parse_args(argv)
    if (args.corpus is None) == (args.written is None):
        parser.error("give CORPUS_DIR or --written FILE")
    if args.written is not None:
        written = load_written(args.written)
        with tempfile.TemporaryDirectory() as tmp:
            write_documents(written, Path(tmp))
            return _score(args, written.units, Path(tmp))
    return _score(args, load_labels(args.labels), args.corpus)


def _score(args: argparse.Namespace, units: list[LabelledUnit], corpus: Path) -> int:
    nlp = load_nlp()
    run = run_corpus(corpus, nlp)
    texts = {name: doc.text for name, doc in run.documents.items()}
    try:
        check_units(units, texts)
    except LabelsMismatch as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sample = run_corpus(args.sample_corpus, nlp)
    predicted = predictions(run)
    every_unit = evaluate(units, predicted, texts)
    result = evaluate([u for u in units if args.half in ("all", u.half)], predicted, texts)
    out = report(result, every_unit, args.half, corpus_counts(run), corpus_counts(sample),
                 {"corpus": exact_slices(run), "sample_corpus": exact_slices(sample)})
    name = "/".join((args.written or corpus).resolve().parts[-2:])
    print(json.dumps(out, indent=2) if args.json else render(out, name))
    if args.errors and not args.json:
        print(render_errors(every_unit, texts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
