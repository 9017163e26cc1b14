"""The extraction bench end to end: the real extractor over a corpus written here, scored against a tiny label file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench import extraction as bench
from bench.extraction_units import text_sha, unit_id

TICKET = """---
id: "fx_ops_7"
source_type: "jira"
title: "Quote latency after the cache move"
source_metadata:
  "key": "OPS-7"
  "assignee": "Dana Ruiz"
---

# Quote latency after the cache move

## description

The quote-api service depends on the rate-store service.
Lunch is served at noon in the atrium.
The quote-api service calls the geo-index service.
"""
NOTE = "# Notes\n\nThe pricing-worker service reads from the quote-queue service.\n"


def span(text: str, needle: str, after: int = 0) -> list[int]:
    start = text.index(needle, after)
    return [start, start + len(needle)]


def label(text: str, line: str, relations: list[dict[str, object]]) -> dict[str, object]:
    start, end = span(text, line)
    return {"unit": unit_id("ops-7.md", start, end), "doc": "ops-7.md", "start": start, "end": end,
            "sha": text_sha(line), "kind": "metadata" if line.startswith(" ") else "sentence", "half": "check",
            "relations": relations}


def rel(subject: list[int], predicate: str, obj: list[int]) -> dict[str, object]:
    return {"subject": [subject], "predicate": predicate, "object": [obj], "negated": False, "hedged": False,
            "planned": False, "via": "text"}


@pytest.fixture
def corpus(tmp_path: Path) -> tuple[Path, Path, Path]:
    docs, sample = tmp_path / "docs", tmp_path / "sample"
    docs.mkdir()
    sample.mkdir()
    (docs / "ops-7.md").write_text(TICKET, encoding="utf-8")
    (sample / "note.md").write_text(NOTE, encoding="utf-8")
    body = TICKET.index("## description")
    rows = [
        label(TICKET, "The quote-api service depends on the rate-store service.",
              [rel(span(TICKET, "quote-api", body), "DEPENDS_ON", span(TICKET, "rate-store"))]),
        # A relation no extractor can read from this line: always a miss.
        label(TICKET, "Lunch is served at noon in the atrium.",
              [rel(span(TICKET, "geo-index"), "REPLACES", span(TICKET, "rate-store"))]),
        label(TICKET, "The quote-api service calls the geo-index service.", []),  # labelled empty on purpose
        label(TICKET, '  "assignee": "Dana Ruiz"',
              [rel(span(TICKET, "OPS-7"), "ASSIGNED_TO", span(TICKET, "Dana Ruiz"))]),
    ]
    labels = tmp_path / "labels.jsonl"
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return docs, sample, labels


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert bench.main([*argv, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_scores_counts_and_slices_on_a_corpus_written_here(corpus: tuple[Path, Path, Path],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    docs, sample, labels = corpus
    out = run_json(capsys, str(docs), "--labels", str(labels), "--sample-corpus", str(sample))
    assert {"precision", "recall", "prose_relations_per_doc", "metadata_relations_per_doc", "by_family",
            "by_half", "flags", "sample_corpus", "exact_slices"} <= set(out)
    assert (out["found_gold"], out["gold"]) == (2, 3)  # the dependency and the assignee; never the lunch line
    assert out["precision"] is not None and out["precision"] < 1  # the CALLS from the empty unit counts against it
    assert out["by_family"]["people"]["recall"] == 1.0
    assert out["prose_relations_per_doc"] >= 2 and out["metadata_relations_per_doc"] >= 1
    assert out["sample_corpus"]["documents"] == 1 and out["sample_corpus"]["prose_relations"] >= 1
    assert all(s["failures"] == 0 and s["relations_checked"] for s in out["exact_slices"].values())


def test_a_chosen_half_sets_the_headline_and_by_half_still_shows_both(corpus: tuple[Path, Path, Path],
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    docs, sample, labels = corpus  # every unit above is in the check half
    out = run_json(capsys, str(docs), "--labels", str(labels), "--sample-corpus", str(sample), "--half", "tune")
    assert out["units"] == 0 and out["recall"] is None
    assert out["by_half"]["check"]["gold"] == 3


def test_a_changed_corpus_is_refused(corpus: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    docs, sample, labels = corpus
    (docs / "ops-7.md").write_text(TICKET.replace("Lunch", "Dinner"), encoding="utf-8")
    assert bench.main([str(docs), "--labels", str(labels), "--sample-corpus", str(sample)]) == 2
    assert "no longer match" in capsys.readouterr().err
