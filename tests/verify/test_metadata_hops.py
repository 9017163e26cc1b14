from __future__ import annotations

import pytest

from verify.grades import HopInput, Via
from verify.metadata_hops import grade_labelled_hop, grade_metadata_hop, parse_line


def meta(line: str, subject: str, rel: str, obj: str) -> HopInput:
    return HopInput(subject, rel, obj, "ev_00000000000000cc", line, kind="metadata")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('  "assignee": "Felix Huang"', ("assignee", ("Felix Huang",))),
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
        ('  "assignee": "Felix Huang"', "SUP-231", "ASSIGNED_TO", "Felix Huang"),
        ('  "reporter": "Hannah Cole"', "Hannah Cole", "REPORTED", "SUP-231"),
        ('  "components": ["api-gateway", "rate-limiter"]', "SUP-231", "HAS_COMPONENT", "rate-limiter"),
        ('  "linked_issues": ["OPS-412"]', "SUP-231", "LINKED_TO", "OPS-412"),
        ('  "dependencies": ["PLAT-118"]', "PLAT-140", "DEPENDS_ON", "PLAT-118"),
        ('  "customer_company": "Meridian Cold Chain"', "SUP-231", "CONCERNS", "Meridian Cold Chain"),
        ('  "reviewers": ["Mei Lin Tan"]', "Mei Lin Tan", "REVIEWED", "ADR-0042"),
        ('  "owner": "Kwame Mensah"', "Kwame Mensah", "OWNS", "Atlas"),
        ('  "owner_team": "Payments"', "Payments", "OWNS", "ledger-sync"),
    ],
)
def test_field_that_maps_to_the_rel_type_is_source_backed(line: str, subject: str, rel: str, obj: str) -> None:
    graded = grade_metadata_hop(meta(line, subject, rel, obj))
    assert graded.grade == "source_backed"
    assert graded.reasons[0].startswith("metadata_field:")


def test_field_for_another_relation_is_inferred() -> None:
    graded = grade_metadata_hop(meta('  "reporter": "Hannah Cole"', "SUP-1", "ASSIGNED_TO", "Hannah Cole"))
    assert graded.grade == "inferred"
    assert graded.reasons == ("metadata_field:reporter", "different_predicate:reported")


def test_unmapped_field_is_inferred() -> None:
    graded = grade_metadata_hop(meta('  "labels": ["streaming"]', "SUP-1", "HAS_COMPONENT", "streaming"))
    assert graded.grade == "inferred"


@pytest.mark.parametrize("obj", ["Hannah Cole", "Felix Hua", "Felix"])
def test_value_not_in_the_line_is_insufficient(obj: str) -> None:
    graded = grade_metadata_hop(meta('  "assignee": "Felix Huang"', "SUP-1", "ASSIGNED_TO", obj))
    assert graded.grade == "insufficient"
    assert graded.reasons[0] == "binding_failed:object_not_in_line"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("- Owner: Dana Ruiz (primary), Li Wei", ("owner", ("Dana Ruiz", "Li Wei"))),
        ("**Affected service(s):** rate-engine / checkout-api", ("affected_services", ("rate-engine", "checkout-api"))),
        ("1. Owners: Mina Rao and Li Wei.", ("owners", ("Mina Rao", "Li Wei"))),
    ],
)
def test_parse_body_labelled_lines(line: str, expected: tuple[str, tuple[str, ...]]) -> None:
    assert parse_line(line) == expected


def body(line: str, subject: str, rel: str, obj: str, via: Via = "text") -> HopInput:
    return HopInput(subject, rel, obj, "ev_00000000000000dd", line, via=via)


def test_a_body_label_line_naming_both_ends_is_source_backed() -> None:
    graded = grade_labelled_hop(body("billing-export owner: Dana Ruiz", "Dana Ruiz", "OWNS", "billing-export"),
                                front_matter=False)
    assert graded.grade == "source_backed" and graded.reasons == ("label:billing_export_owner",)


def test_a_body_label_line_bound_to_the_documents_subject_is_inferred() -> None:
    hop = body("- Owner: Dana Ruiz (primary), Li Wei", "Li Wei", "OWNS", "billing-export", via="document_subject")
    graded = grade_labelled_hop(hop, front_matter=False)
    assert graded.grade == "inferred" and "document_subject" in graded.reasons
