"""Traffic aimed at a system that passes through another (`extraction.routed_traffic.passing_traffic`): the one in
front takes the calls first. Read through the whole extractor, one small document each."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

NOTES = "Bakery platform notes"


@pytest.mark.parametrize(("body", "expected"), [
    ("Traffic to order-api goes through the edge-gate.", [("edge-gate", "CALLS", "order-api", "")]),
    ("Every request to menu-store passes through cache-shield.", [("cache-shield", "CALLS", "menu-store", "")]),
    ("Calls for menu-store are proxied via the cache-shield and oven-gate.",
     [("cache-shield", "CALLS", "menu-store", ""), ("oven-gate", "CALLS", "menu-store", "")]),
    ("Traffic to order-api used to go through edge-gate.", [("edge-gate", "CALLS", "order-api", "n")]),
])
def test_traffic_to_a_system_passing_through_another_is_called_by_it(
        nlp: Language, tmp_path: Path, body: str, expected: list[tuple[str, str, str, str]]) -> None:
    found = read(nlp, tmp_path, NOTES, body)
    assert set(expected) <= found


@pytest.mark.parametrize("body", ["Traffic to order-api goes up at noon, then through a quiet hour with edge-gate.",
                                  "Traffic to order-api is logged by edge-gate."])
def test_traffic_that_does_not_pass_through_a_system_relates_nothing_by_this_rule(nlp: Language, tmp_path: Path,
                                                                                 body: str) -> None:
    assert not any(rel == "CALLS" for _, rel, _, _ in read(nlp, tmp_path, NOTES, body))
