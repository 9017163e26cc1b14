"""Regression guard: agreement of the hop grader with the committed hand-labelled sets."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hop_grades_bench", ROOT / "bench" / "hop_grades.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_main_label_set_is_large_and_balanced() -> None:
    rows = [json.loads(line) for line in (DATA / "hop_labels.jsonl").read_text().splitlines() if line.strip()]
    assert len(rows) >= 100
    counts = Counter(r["label"] for r in rows)
    assert all(counts[g] >= 25 for g in ("source_backed", "inferred", "insufficient"))
    for row in rows:
        assert set(row) == {"sentence", "subject", "object", "rel_type", "kind", "label", "reason"}


@pytest.mark.parametrize("name", ["hop_labels.jsonl", "hop_labels_holdout.jsonl"])
def test_grader_agrees_with_labels_at_least_90_percent(nlp: Any, name: str) -> None:
    bench = load_bench()
    result = bench.evaluate(bench.load_labels(DATA / name), nlp)
    assert result["overall"] >= 0.9, bench.render(result)


def test_bench_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    assert bench.main(["--labels", str(DATA / "hop_labels_holdout.jsonl"), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == {"overall", "per_class", "n", "confusion"}
    assert set(payload["per_class"]) == {"source_backed", "inferred", "insufficient"}
