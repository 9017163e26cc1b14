"""The committed labelled set is well formed, and the unit splitter cuts structured lines out of merged runs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bench.extraction_match import load_labels
from bench.extraction_units import Unit as DrawnUnit
from bench.extraction_units import draw, half_of, labelled_ids, line_kind, parse_quotas, split_passage, unit_id
from extraction.loaders import load_file

LABELS = Path(__file__).resolve().parents[2] / "bench" / "data" / "extraction_labels.jsonl"
KEYS = {"unit", "doc", "start", "end", "sha", "kind", "half", "relations"}


def test_labelled_set_is_large_spread_and_split_by_id_hash() -> None:
    units = load_labels(LABELS)
    assert len(units) >= 300 and len({u.doc for u in units}) >= 60
    assert all(u.unit == unit_id(u.doc, u.start, u.end) and u.half == half_of(u.unit) for u in units)
    halves = Counter(u.half for u in units)
    assert min(halves.values()) >= 0.4 * len(units)
    kinds = Counter(u.kind for u in units)
    assert kinds["labelled_line"] + kinds["list_item"] + kinds["table_row"] >= 0.3 * len(units)
    assert kinds["metadata"] <= 0.1 * len(units)


def test_labelled_set_stores_offsets_and_hashes_but_no_text() -> None:
    for line in LABELS.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        assert set(row) == KEYS
        for rel in row["relations"]:
            assert set(rel) == {"subject", "predicate", "object", "negated", "hedged", "planned", "via"}


def test_line_kinds_follow_the_shape_of_the_line() -> None:
    speakers = frozenset({"dana", "dana ruiz"})
    assert line_kind("- Owner: Dana Ruiz", speakers) == "labelled_line"
    assert line_kind("**Root cause:** a bad deploy", speakers) == "labelled_line"
    assert line_kind("- checkout-api calls the ledger", speakers) == "list_item"
    assert line_kind("| ledger-sync | Payments |", speakers) == "table_row"
    assert line_kind("## Dependencies", speakers) == "heading"
    assert line_kind("Impact:", speakers) == "heading"
    assert line_kind("dana (sre): the ledger is back", speakers) == "sentence"  # a chat line is prose


def test_the_draw_is_seeded_stratified_and_capped_per_document() -> None:
    pool = [DrawnUnit(f"d{d}.md", i * 10, i * 10 + 5, kind)
            for d in range(20) for i, kind in enumerate(("sentence", "list_item", "metadata") * 4)]
    quotas = {"prose": 10, "structured": 6, "metadata": 3}
    first, again = draw(pool, 7, quotas, per_document=2), draw(list(reversed(pool)), 7, quotas, per_document=2)
    assert first == again
    assert Counter(u.kind for u in first) == {"sentence": 10, "list_item": 6, "metadata": 3}
    assert max(Counter(u.doc for u in first).values()) <= 2
    assert draw(pool, 8, quotas, per_document=2) != first


def test_a_merged_run_is_split_into_structured_lines_and_prose(tmp_path: Path) -> None:
    path = tmp_path / "runbook.md"
    path.write_text("# Runbook\n\nDependencies:\n- Owner: Dana Ruiz\n- ledger-db\nThe job retries\ntwice.\n")
    document = load_file(path)
    start = document.text.index("Dependencies")
    units = split_passage(document, start, document.text.index("twice.") + len("twice."))
    shown = [(u.kind, document.text[u.start : u.end]) for u in units]
    assert shown == [("heading", "Dependencies:"), ("labelled_line", "- Owner: Dana Ruiz"),
                     ("list_item", "- ledger-db"), ("sentence", "The job retries\ntwice.")]


LABELS2 = LABELS.with_name("extraction_labels2.jsonl")


def test_second_labelled_set_repeats_no_unit_of_the_first_and_caps_four_per_document() -> None:
    first = {u.unit for u in load_labels(LABELS)}
    second = load_labels(LABELS2)
    assert len(second) >= 150 and not first & {u.unit for u in second}
    assert all(u.unit == unit_id(u.doc, u.start, u.end) and u.half == half_of(u.unit) for u in second)
    assert max(Counter(u.doc for u in second).values()) <= 4
    kinds = Counter(u.kind for u in second)
    assert kinds["sentence"] + kinds["heading"] > 2 * (kinds["labelled_line"] + kinds["list_item"])


def test_labelled_ids_collects_every_unit_of_earlier_files(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text('{"unit": "u_a"}\n\n{"unit": "u_b"}\n', encoding="utf-8")
    assert labelled_ids([path]) == frozenset({"u_a", "u_b"})


def test_quotas_parse_per_stratum_and_refuse_an_unknown_one() -> None:
    assert parse_quotas([]) is None
    assert parse_quotas(["prose=130", "structured=50"]) == {"prose": 130, "structured": 50}
    with pytest.raises(ValueError):
        parse_quotas(["sentences=5"])


def test_every_labelled_set_keys_units_by_hash_and_repeats_no_earlier_unit() -> None:
    seen: set[str] = set()
    for path in sorted(LABELS.parent.glob("extraction_labels*.jsonl")):
        units = load_labels(path)
        assert all(u.unit == unit_id(u.doc, u.start, u.end) and u.half == half_of(u.unit) for u in units), path.name
        ids = {u.unit for u in units}
        assert len(ids) == len(units) and not seen & ids, path.name
        seen |= ids


def test_a_tune_only_set_is_wholly_tune_and_repeats_no_labelled_unit() -> None:
    labelled: set[str] = set()
    for path in LABELS.parent.glob("extraction_labels*.jsonl"):
        labelled |= {u.unit for u in load_labels(path)}
    for path in sorted(LABELS.parent.glob("extraction_tune*.jsonl")):
        units = load_labels(path)
        assert all(u.unit == unit_id(u.doc, u.start, u.end) and u.half == "tune" for u in units), path.name
        assert not labelled & {u.unit for u in units}, path.name
