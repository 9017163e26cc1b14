"""Hosts and API routes in brackets, and "#N" continuing a repository's reference list (`extraction.addresses`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.addresses import bracketed_addresses, continued_references
from extraction.entities import find_mentions
from tests.extraction.test_prose_rules import read


def _named(text: str, spans: object) -> list[str]:
    return [text[s:e] for s, e in spans]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "expected"), [
    ("The kiosk-app talks to a second host (kiosk-edge.stores.example) at night.", ["kiosk-edge.stores.example"]),
    ("Timeouts on the gateway (gw.eu.lan.example:8443) doubled.", ["gw.eu.lan.example:8443"]),
    ("Errors hit the checkout routes (/v3/basket, /v3/pay).", ["/v3/basket", "/v3/pay"]),
    ("The refund endpoint (/refunds/{id}) returned 409s.", ["/refunds/{id}"]),
])
def test_an_address_in_brackets_after_what_it_names_is_read(text: str, expected: list[str]) -> None:
    assert _named(text, bracketed_addresses(text)) == expected


@pytest.mark.parametrize("text", [
    "Read the runbook (wiki.stores.example) first.",  # a page's address, not a system's
    "Write the output (report.final.json) to disk.",  # a file name
    "Copy the certs (/etc/ssl/certs) onto the box.",  # a file path after no noun of routes
    "Use the usual abbreviation (e.g. a short form) here.",
    "The kiosk-app talks to kiosk-edge.stores.example at night.",  # no brackets
    "See the dashboard (https://grafana.stores.example/d/abc).",  # a URL
])
def test_no_address_outside_brackets_after_a_noun_of_a_system_or_route(text: str) -> None:
    assert list(bracketed_addresses(text)) == []


def test_a_bare_issue_number_continues_the_repository_before_it() -> None:
    text = "Fixed upstream (ref: shelf-sync#812, #815 and #820); see also step #3."
    end = text.index("#812") + len("#812")
    assert _named(text, continued_references(text, end)) == ["#815", "#820"]


def test_mentions_keep_the_slash_of_a_route_and_the_hash_of_an_issue(nlp: Language) -> None:
    doc = nlp("Errors hit the checkout routes (/v3/basket) again; ref: shelf-sync#812, #815. Step #3 failed.")
    names = {(m.name, m.type) for m in find_mentions(doc, 0)}
    assert {("/v3/basket", "Component"), ("shelf-sync#812", "Ticket"), ("#815", "Ticket")} <= names
    assert not any(name == "#3" for name, _ in names)  # a step number is no issue


def test_a_relation_of_the_noun_before_the_brackets_is_a_relation_of_the_address(nlp: Language,
                                                                                 tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Notes: kiosk sync", "The kiosk-app uses a second host (kiosk-edge.stores.example).")
    assert ("kiosk-app", "USES", "kiosk-edge.stores.example", "") in found


def test_a_labelled_item_named_only_by_its_bracketed_route_is_that_route(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Incident: basket errors", "Affected: the checkout routes (/v3/basket).")
    assert ("Incident: basket errors", "AFFECTS", "/v3/basket", "d") in found
