"""The all-sets tune bench: every set scored on its tune half only, check-half units never read or listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import extraction_tune as tune
from bench.extraction_match import Evaluation
from bench.extraction_written import half_of
from tests.bench.test_extraction import TICKET, label, rel, span


def _written_row(unit: str, text: str, subject: str, predicate: str, obj: str) -> dict[str, object]:
    return {"unit": unit, "kind": "sentence", "title": "Notes", "before": "", "text": text,
            "relations": [{"subject": subject, "predicate": predicate, "object": obj, "negated": False,
                           "hedged": False, "planned": False, "via": "text"}]}


@pytest.fixture
def sets(tmp_path: Path) -> tuple[Path, Path, Path]:
    docs, labels, written = tmp_path / "docs", tmp_path / "labels", tmp_path / "written"
    for d in (docs, labels, written):
        d.mkdir()
    (docs / "ops-7.md").write_text(TICKET, encoding="utf-8")
    body = TICKET.index("## description")
    found = label(TICKET, "The quote-api service depends on the rate-store service.",
                  [rel(span(TICKET, "quote-api", body), "DEPENDS_ON", span(TICKET, "rate-store"))])
    missed = label(TICKET, "Lunch is served at noon in the atrium.",
                   [rel(span(TICKET, "geo-index"), "REPLACES", span(TICKET, "rate-store"))])
    rows = [{**found, "half": "tune"}, missed]  # the lunch line's impossible relation stays in the check half
    (labels / "extraction_labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    ids = [f"w-{i}" for i in range(20)]
    tune_id = next(i for i in ids if half_of(i) == "tune")
    check_id = next(i for i in ids if half_of(i) == "check")
    written_rows = [_written_row(tune_id, "The pricing-worker service reads from the quote-queue service.",
                                 "pricing-worker", "CONSUMES", "quote-queue"),
                    _written_row(check_id, "Lunch is served at noon.", "Lunch", "REPLACES", "noon")]
    (written / "prose_units.jsonl").write_text("".join(json.dumps(r) + "\n" for r in written_rows),
                                               encoding="utf-8")
    return docs, labels, written


def test_each_set_is_scored_on_its_tune_half_and_check_units_never_count(sets: tuple[Path, Path, Path],
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    docs, labels, written = sets
    assert tune.main([str(docs), "--labels-dir", str(labels), "--written-dir", str(written), "--errors"]) == 0
    out = capsys.readouterr().out
    assert "extraction_labels" in out and "prose_units" in out
    # both tune units are read; the check units' impossible relations would be misses if they were scored
    assert out.count("(1/1)") >= 4
    assert "MISS" not in out and "Lunch" not in out


def test_pooled_adds_the_sets_counts() -> None:
    a, b = Evaluation(), Evaluation()
    a.overall.predictions, a.overall.matched_predictions, a.overall.gold, a.overall.found_gold = 4, 3, 5, 2
    b.overall.predictions, b.overall.matched_predictions, b.overall.gold, b.overall.found_gold = 1, 1, 1, 0
    total = tune.pooled([tune.SetScore("a", a, {}), tune.SetScore("b", b, {})])
    assert (total.matched_predictions, total.predictions, total.found_gold, total.gold) == (4, 5, 2, 6)
