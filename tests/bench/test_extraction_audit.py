"""The hand audit never draws from the check half of any labelled set, the later sets included."""

from __future__ import annotations

import json
from pathlib import Path

from bench.extraction_audit import held_out_units


def _unit(doc: str, start: int, half: str) -> str:
    return json.dumps({"unit": f"u_{start:012x}", "doc": doc, "start": start, "end": start + 5, "sha": "0" * 12,
                       "kind": "sentence", "half": half, "relations": []})


def test_check_half_units_of_every_labels_file_are_held_out(tmp_path: Path) -> None:
    first = _unit("a.md", 0, "check") + "\n" + _unit("a.md", 9, "tune") + "\n"
    (tmp_path / "extraction_labels.jsonl").write_text(first)
    (tmp_path / "extraction_labels7.jsonl").write_text(_unit("b.md", 3, "check") + "\n")
    (tmp_path / "other.jsonl").write_text(_unit("c.md", 1, "check") + "\n")
    assert sorted(held_out_units(tmp_path)) == [("a.md", 0, 5), ("b.md", 3, 8)]
