"""The ingest report as JSON: error details kept beside their count, seconds rounded."""

from __future__ import annotations

from extraction.ingest_report import IngestReport


def test_report_dict_counts_errors_and_keeps_their_details() -> None:
    report = IngestReport(documents=2, skipped=1, seconds=1.23456)
    report.errors.append({"path": "a.md", "reason": "not UTF-8"})
    out = report.to_dict()
    assert out["errors"] == 1 and out["error_details"] == [{"path": "a.md", "reason": "not UTF-8"}]
    assert out["documents"] == 2 and out["skipped"] == 1 and out["seconds"] == 1.235


def test_each_report_has_an_error_list_of_its_own() -> None:
    first, second = IngestReport(), IngestReport()
    first.errors.append({"path": "a.md", "reason": "too large"})
    assert second.errors == []
