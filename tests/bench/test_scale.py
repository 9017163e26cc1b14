"""bench/scale.py's failure counts: an answer the graph stopped is counted as unavailable, never passed off as a
timed answer with no errors."""

from __future__ import annotations

from typing import Any, cast

from bench.scale import Size, row
from extraction.ingest_report import IngestReport
from zehn.evaluation.records import AnswerRecord


def _record(status: str) -> AnswerRecord:
    return AnswerRecord("q", status, "", (), 10_000.0)


def _size() -> Size:
    return Size(16, 2400, IngestReport(documents=2400, errors=[{"document": "d", "error": "x"}]), None,
                cast(Any, None))


def test_an_answer_the_graph_stopped_counts_as_unavailable_not_as_an_error() -> None:
    size = _size()
    size.count(_record("unavailable"), _record("answered"))
    size.count(_record("answered"), _record("answered"))
    assert (size.unavailable, size.errors, size.baseline_failed) == (1, 0, 0)


def test_a_raised_answer_is_an_error_and_a_failed_baseline_answer_is_counted_apart() -> None:
    size = _size()
    size.count(_record("error"), _record("unavailable"))
    size.count(_record("abstained"), _record("error"))
    assert (size.unavailable, size.errors, size.baseline_failed) == (0, 1, 2)


def test_the_row_reports_unavailable_answers_beside_errors_and_adds_the_ingest_errors() -> None:
    size = _size()
    size.count(_record("unavailable"), _record("answered"))
    size.count(_record("error"), _record("unavailable"))
    got = row(size)
    assert (got["unavailable"], got["errors"], got["baseline_failed"]) == (1, 2, 1)
