"""A seeded random sample of the prose relations the extractor reads from a corpus, for judging precision by hand.

    .venv/bin/python bench/extraction_audit.py CORPUS_DIR [--seed 40] [-n 40] [--rel-type AFFECTS]

Prints each sampled relation with its evidence sentence (body evidence only; front-matter relations are left out).
Evidence that overlaps a ``check``-half unit of any labelled set (``bench/data/extraction_labels*.jsonl``) is never
drawn, so an audit made while tuning does not read the units the honest figures are reported on. Judge each line:
does the sentence state this relation, in this direction, between these two entities?
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path[0] != str(ROOT):
    sys.path.insert(0, str(ROOT))

from bench.extraction import DEFAULT_LABELS, run_corpus  # noqa: E402
from bench.extraction_match import load_labels  # noqa: E402
from extraction.nlp import load_nlp  # noqa: E402

_FLAGS = (("N", "negated"), ("H", "hedged"), ("P", "planned"))


def held_out_units(labels_dir: Path = DEFAULT_LABELS.parent) -> list[tuple[str, int, int]]:
    """(doc, start, end) of every check-half unit of every labelled set: later sets are held out like the first."""
    return [(u.doc, u.start, u.end) for path in sorted(labels_dir.glob("extraction_labels*.jsonl"))
            for u in load_labels(path) if u.half == "check"]


def sample(corpus: Path, seed: int, n: int, rel_type: str | None) -> tuple[int, list[tuple[str, str, dict[str, Any]]]]:
    """(how many prose relations could be drawn, the first ``n`` of them shuffled with ``seed``)."""
    held_out = held_out_units()
    run = run_corpus(corpus, load_nlp())
    rows: list[tuple[str, str, dict[str, Any]]] = []
    for name, found in sorted(run.evidence.items()):
        for row in sorted(found.evidence.values(), key=lambda r: r.start):
            if row.kind == "metadata" or any(d == name and s < row.end and row.start < e for d, s, e in held_out):
                continue
            rows += [(name, row.text, rel) for rel in row.relations if rel_type in (None, rel["rel_type"])]
    random.Random(seed).shuffle(rows)
    return len(rows), rows[:n]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("-n", type=int, default=40)
    parser.add_argument("--rel-type", default=None)
    args = parser.parse_args(argv)
    total, drawn = sample(args.corpus, args.seed, args.n, args.rel_type)
    print(f"{total} prose relations outside check-half units; {len(drawn)} drawn with seed {args.seed}")
    for i, (name, text, rel) in enumerate(drawn):
        flags = "".join(letter for letter, key in _FLAGS if rel[key])
        print(f"[{i}] {name}: {rel['subject']} -{rel['rel_type']}-> {rel['object']} {flags} via={rel.get('via')}")
        print(f"    {' '.join(text.split())[:300]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
