"""Agreement between the hop grader and a hand-labelled set of hops.

Usage: ``python bench/hop_grades.py [--labels FILE] [--json]``. Each line of the labels file is a JSON
object ``{sentence, subject, object, rel_type, kind, label, reason}``. Prints agreement per class and
overall, and a confusion table (rows = label, columns = grade). With ``--json`` prints
``{overall, per_class, n, confusion}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from verify.grades import GRADES, HopInput, HopKind  # noqa: E402
from verify.hop_grader import grade_hop  # noqa: E402

DEFAULT_LABELS = ROOT / "tests" / "verify" / "data" / "hop_labels.jsonl"


def load_labels(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("label") not in GRADES:
            raise ValueError(f"{path}:{number}: label must be one of {GRADES}, got {row.get('label')!r}")
        rows.append(row)
    return rows


def to_hop(row: dict[str, Any], index: int) -> HopInput:
    kind: HopKind = "metadata" if row.get("kind") == "metadata" else "sentence"
    return HopInput(subject=row["subject"], rel_type=row["rel_type"], object=row["object"],
                    evidence_id=f"ev_{index:016x}", sentence=row["sentence"], kind=kind)


def evaluate(rows: Sequence[dict[str, Any]], nlp: Any) -> dict[str, Any]:
    """Grade every row; returns ``{overall, per_class, n, confusion, mistakes}``."""
    confusion = {label: dict.fromkeys(GRADES, 0) for label in GRADES}
    mistakes: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        graded = grade_hop(to_hop(row, index), nlp)
        confusion[row["label"]][graded.grade] += 1
        if graded.grade != row["label"]:
            mistakes.append({**row, "grade": graded.grade, "reasons": list(graded.reasons)})
    n = len(rows)
    correct = sum(confusion[g][g] for g in GRADES)
    per_class = {g: (confusion[g][g] / total if (total := sum(confusion[g].values())) else None)
                 for g in GRADES}
    return {"overall": correct / n if n else 0.0, "per_class": per_class, "n": n, "confusion": confusion,
            "mistakes": mistakes}


def load_model() -> Any:
    """The production pipeline (extraction.nlp.load_nlp): the grader is measured as it runs in ZEHN."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from extraction.nlp import load_nlp

    return load_nlp()


def render(result: dict[str, Any]) -> str:
    lines = [f"hops graded: {result['n']}", f"overall agreement: {result['overall']:.3f}"]
    for grade, value in result["per_class"].items():
        shown = "n/a" if value is None else f"{value:.3f}"
        lines.append(f"  {grade:<14} {shown}")
    lines.append("confusion (rows = label, columns = grade):")
    lines.append(" " * 16 + "".join(f"{g:>15}" for g in GRADES))
    for label in GRADES:
        lines.append(f"  {label:<14}" + "".join(f"{result['confusion'][label][g]:>15}" for g in GRADES))
    for miss in result["mistakes"]:
        lines.append(f"  MISS {miss['label']} -> {miss['grade']} {miss['reasons']}: {miss['sentence']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS)
    parser.add_argument("--json", action="store_true", help="print {overall, per_class, n, confusion}")
    args = parser.parse_args(argv)
    result = evaluate(load_labels(args.labels), load_model())
    if args.json:
        keys = ("overall", "per_class", "n", "confusion")
        print(json.dumps({k: result[k] for k in keys}, indent=2))
    else:
        print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
