from __future__ import annotations

import pytest

from verify.grades import HopGrade, path_grade, weakest


def test_weakest_orders_insufficient_below_inferred_below_source_backed() -> None:
    assert weakest(["source_backed", "inferred"]) == "inferred"
    assert weakest(["source_backed", "insufficient", "inferred"]) == "insufficient"
    assert weakest(["source_backed"]) == "source_backed"


def test_weakest_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        weakest([])


def test_empty_path_is_insufficient() -> None:
    assert path_grade([]).grade == "insufficient"


def test_path_grade_carries_every_evidence_id_in_order() -> None:
    hops = [HopGrade("source_backed", (), "ev_a"), HopGrade("inferred", ("cooccurrence_only",), "ev_b")]
    graded = path_grade(hops)
    assert (graded.grade, graded.evidence_ids) == ("inferred", ("ev_a", "ev_b"))
