"""The status vocabulary: tool and workflow words map to open / done / cancelled; anything else is unknown."""

from __future__ import annotations

import pytest

from extraction.documents import MetadataLine
from traversal_policy.work_status import WorkStatus, classify, normalise, status_line


@pytest.mark.parametrize(("value", "expected"), [
    ("In Progress", WorkStatus.OPEN), ("in_progress", WorkStatus.OPEN), ("Waiting on Customer", WorkStatus.OPEN),
    ("Backlog", WorkStatus.OPEN), ("To Do", WorkStatus.OPEN), ("open", WorkStatus.OPEN), ("draft", WorkStatus.OPEN),
    ("Done", WorkStatus.DONE), ("Resolved", WorkStatus.DONE), ("CLOSED", WorkStatus.DONE), ("merged", WorkStatus.DONE),
    ("Won't Fix", WorkStatus.CANCELLED), ("Won’t Fix", WorkStatus.CANCELLED), ("duplicate", WorkStatus.CANCELLED),
    ("Canceled", WorkStatus.CANCELLED),
    ("Frobnicated", WorkStatus.UNKNOWN), (None, WorkStatus.UNKNOWN),
])  # fmt: skip
def test_workflow_words_map_to_one_class(value: str | None, expected: WorkStatus) -> None:
    assert classify(value) is expected


def test_unknown_and_open_are_still_someones_work_done_and_cancelled_are_not() -> None:
    assert WorkStatus.OPEN.is_open and WorkStatus.UNKNOWN.is_open
    assert not WorkStatus.DONE.is_open and not WorkStatus.CANCELLED.is_open


def test_normalise_folds_case_separators_and_punctuation() -> None:
    assert normalise("  In-Review!! ") == "in review"
    assert normalise("WAITING_FOR_CUSTOMER") == "waiting for customer"


def test_status_line_is_the_first_single_valued_status_or_state_line() -> None:
    lines = [MetadataLine("ci_status", ("pass",), 0, 5, ((0, 4),)),
             MetadataLine("labels", ("a", "b"), 6, 9, ((6, 7), (8, 9))),
             MetadataLine("state", ("merged",), 10, 20, ((12, 18),))]
    found = status_line(lines)
    assert found is not None and found.values == ("merged",)
    assert status_line(lines[:2]) is None
