"""Every labelled set's tune half in one pass: the corpus label sets and the written sets, side by side.

    .venv/bin/python bench/extraction_tune.py CORPUS_DIR [--labels-dir bench/data]
                                              [--written-dir tests/extraction/data] [--errors]

``bench/extraction.py`` scores one label file per run and parses the whole corpus each time (about a minute per
set, eighteen runs for the nine corpus sets and the nine written ones). This tool parses only the documents that
tune-half units live in, once, and scores every ``extraction_labels*.jsonl`` and ``prose_units*.jsonl`` set on its
tune half with the same rules (bench/extraction_match.py), so the figures equal ``bench/extraction.py ... --half
tune``. Check-half units are never loaded past their half field: no figure, no error line, no document read for
them. ``--errors`` lists the pooled false positives and misses, each tagged with its set and unit kind, grouped by
kind (sentence, list item, labelled line, ...), so errors can be sorted by the construction behind them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if sys.path[0] != str(ROOT):
    sys.path.insert(0, str(ROOT))

from spacy.language import Language  # noqa: E402

from bench.extraction import CorpusRun, predictions, run_corpus  # noqa: E402
from bench.extraction_match import (  # noqa: E402
    Evaluation,
    LabelledUnit,
    Tally,
    check_units,
    evaluate,
    load_labels,
    relation_line,
    unit_text,
)
from bench.extraction_written import load_written, write_documents  # noqa: E402
from extraction.nlp import load_nlp  # noqa: E402

LABELS_DIR = ROOT / "bench" / "data"
WRITTEN_DIR = ROOT / "tests" / "extraction" / "data"


@dataclass(frozen=True)
class SetScore:
    """One set's tune-half evaluation, with the document texts its error lines quote."""

    name: str
    result: Evaluation
    texts: dict[str, str]


def _score(name: str, units: list[LabelledUnit], run: CorpusRun) -> SetScore:
    texts = {doc: d.text for doc, d in run.documents.items()}
    check_units(units, texts)
    return SetScore(name, evaluate(units, predictions(run), texts), texts)


def corpus_sets(corpus: Path, labels_dir: Path, nlp: Language) -> list[SetScore]:
    """Every corpus label set's tune half, the documents they need read once."""
    sets = {p.stem: [u for u in load_labels(p) if u.half == "tune"]
            for p in sorted(labels_dir.glob("extraction_labels*.jsonl"))}
    run = run_corpus(corpus, nlp, {u.doc for units in sets.values() for u in units})
    return [_score(name, units, run) for name, units in sets.items()]


def written_sets(written_dir: Path, nlp: Language) -> list[SetScore]:
    """Every written set's tune half (each unit its own small document, as bench/extraction_written.py writes it)."""
    out = []
    for path in sorted(written_dir.glob("prose_units*.jsonl")):
        written = load_written(path)
        with tempfile.TemporaryDirectory() as tmp:
            write_documents(written, Path(tmp))
            run = run_corpus(Path(tmp), nlp)
        out.append(_score(path.stem, [u for u in written.units if u.half == "tune"], run))
    return out


def _line(name: str, t: Tally) -> str:
    p = "n/a" if t.precision is None else f"{t.precision:.3f}"
    r = "n/a" if t.recall is None else f"{t.recall:.3f}"
    return f"{name:<22} {p:>6} ({t.matched_predictions}/{t.predictions}) {r:>6} ({t.found_gold}/{t.gold})"


def pooled(scores: Sequence[SetScore]) -> Tally:
    total = Tally()
    for s in scores:
        t = s.result.overall
        total.matched_predictions += t.matched_predictions
        total.predictions += t.predictions
        total.found_gold += t.found_gold
        total.gold += t.gold
    return total


def render(groups: Sequence[tuple[str, Sequence[SetScore]]]) -> str:
    lines = [f"{'tune half':<22} {'precision':>16} {'recall':>16}"]
    for title, scores in groups:
        lines += [_line(s.name, s.result.overall) for s in scores]
        lines.append(_line(f"pooled {title}", pooled(scores)))
    return "\n".join(lines)


def error_lines(scores: Sequence[SetScore]) -> list[str]:
    """Pooled false positives and misses, grouped by unit kind, each with its set, unit and text."""
    rows: list[tuple[str, str]] = []
    for s in scores:
        for unit, pred in s.result.false_positives:
            rows.append((unit.kind, f"FP   {s.name} {unit.unit} {pred.subject} -{pred.rel_type}-> {pred.object}: "
                                    f"{unit_text(s.texts[unit.doc], unit)}"))
        for unit, gold in s.result.misses:
            text = s.texts[unit.doc]
            rows.append((unit.kind, f"MISS {s.name} {unit.unit} {relation_line(text, gold)}: {unit_text(text, unit)}"))
    return [f"[{kind}] {line}" for kind, line in sorted(rows, key=lambda r: r[0])]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--labels-dir", type=Path, default=LABELS_DIR)
    parser.add_argument("--written-dir", type=Path, default=WRITTEN_DIR)
    parser.add_argument("--errors", action="store_true", help="list pooled tune-half false positives and misses")
    args = parser.parse_args(argv)
    nlp = load_nlp()
    groups = [("corpus", corpus_sets(args.corpus, args.labels_dir, nlp)),
              ("written", written_sets(args.written_dir, nlp))]
    print(render(groups))
    if args.errors:
        print("\n".join(error_lines([s for _, scores in groups for s in scores])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
