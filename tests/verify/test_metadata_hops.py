from __future__ import annotations

import pytest

from verify.grades import HopInput
from verify.metadata_hops import grade_metadata_hop, parse_line


def meta(line: str, subject: str, rel: str, obj: str) -> HopInput:
    return HopInput(subject, rel, obj, "ev_00000000000000cc", line, kind="metadata")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('  "assignee": "Carlos Mendes"', ("assignee", ("Carlos Mendes",))),
        ('  "components": ["api-gateway", "auth"],', ("components", ("api-gateway", "auth"))),
        ("owner_team: Payments", ("owner_team", ("Payments",))),
        ("no colon here", None),
    ],
)
def test_parse_line(line: str, expected: tuple[str, tuple[str, ...]] | None) -> None:
    assert parse_line(line) == expected


@pytest.mark.parametrize(
    ("line", "subject", "rel", "obj"),
    [
        ('  "assignee": "Carlos Mendes"', "SUP-808181", "ASSIGNED_TO", "Carlos Mendes"),
        ('  "reporter": "Nina Kowalski"', "Nina Kowalski", "REPORTED", "SUP-808181"),
        ('  "components": ["api-gateway", "rate-limiter"]', "SUP-808181", "HAS_COMPONENT", "rate-limiter"),
        ('  "linked_issues": ["SUP-71234"]', "SUP-808181", "LINKED_TO", "SUP-71234"),
        ('  "dependencies": ["PLAT-118"]', "PLAT-140", "DEPENDS_ON", "PLAT-118"),
        ('  "customer_company": "Bluewave Analytics"', "SUP-808181", "CONCERNS", "Bluewave Analytics"),
        ('  "reviewers": ["Julia Novak"]', "Julia Novak", "REVIEWED", "ADR-0042"),
        ('  "owner": "Rachel Stein"', "Rachel Stein", "OWNS", "NorthPeak Health"),
        ('  "owner_team": "Payments"', "Payments", "OWNS", "ledger-sync"),
    ],
)
def test_field_that_maps_to_the_rel_type_is_source_backed(line: str, subject: str, rel: str, obj: str) -> None:
    graded = grade_metadata_hop(meta(line, subject, rel, obj))
    assert graded.grade == "source_backed"
    assert graded.reasons[0].startswith("metadata_field:")


def test_field_for_another_relation_is_inferred() -> None:
    graded = grade_metadata_hop(meta('  "reporter": "Nina Kowalski"', "SUP-1", "ASSIGNED_TO", "Nina Kowalski"))
    assert graded.grade == "inferred"
    assert graded.reasons == ("metadata_field:reporter", "different_predicate:reported")


def test_unmapped_field_is_inferred() -> None:
    graded = grade_metadata_hop(meta('  "labels": ["streaming"]', "SUP-1", "HAS_COMPONENT", "streaming"))
    assert graded.grade == "inferred"


@pytest.mark.parametrize("obj", ["Nina Kowalski", "Miguel Alvare", "Miguel"])
def test_value_not_in_the_line_is_insufficient(obj: str) -> None:
    graded = grade_metadata_hop(meta('  "assignee": "Carlos Mendes"', "SUP-1", "ASSIGNED_TO", obj))
    assert graded.grade == "insufficient"
    assert graded.reasons[0] == "binding_failed:object_not_in_line"
