"""Rules of the nineteenth pass (zehn-rules-41): traffic meant for one system that passes another on its way ("requests
to X go through Y") is a call of X by Y, read from the words where the parse loses the clause; a tool's own link
scheme and a build or incident host name a page (tests/extraction/test_values.py); an environment item opening with
an indexed instance name is used by the ticket (tests/extraction/test_ticket_environment.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

NOTES = "Notes: edge routing"


@pytest.mark.parametrize("body", [
    "Traffic to quote-api goes through the edge-relay.",
    "Every request to quote-api passes through edge-relay.",
    "All calls to quote-api flow through the edge-relay.",
    "Traffic to quote-api is routed through the edge-relay.",
])
def test_traffic_to_a_system_that_passes_another_is_a_call_by_the_one_it_passes(
        nlp: Language, tmp_path: Path, body: str) -> None:
    assert ("edge-relay", "CALLS", "quote-api", "") in read(nlp, tmp_path, NOTES, body)


def test_each_system_the_traffic_is_meant_for_is_called_and_the_clause_keeps_its_hedge(
        nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Requests to quote-api and fare-api might go through the edge-relay next year.")
    assert {("edge-relay", "CALLS", "quote-api", "hp"), ("edge-relay", "CALLS", "fare-api", "hp")} <= found


def test_traffic_that_goes_to_a_system_without_passing_another_is_no_call(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Requests to quote-api went up after the release of edge-relay.")
    assert not any(r == "CALLS" for _, r, _, _ in found)
