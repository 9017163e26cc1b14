"""Rules of the fifteenth pass (zehn-rules-37): a GitLab merge request written "group/repo!N" is a pull request; a
pull request announced with its verb after the noun and the change after the link ("PR opened: <ref> - adds X") is
the fix; a ticket's prose "Environment:" line USES what it names; a ticket names its front-matter customer on an
environment or impact line. Documents are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples
from tests.extraction.test_prose_rules import read as read_prose

THREAD = "Checkout retries pile up after the token swap"


def test_a_merge_request_written_with_a_bang_is_linked(nlp: Language, tmp_path: Path) -> None:
    found = read_prose(nlp, tmp_path, THREAD, "Ines: see tarn/quay-ledger!412 for the earlier discussion.\n")
    assert (THREAD, "LINKED_TO", "tarn/quay-ledger!412", "d") in found


def test_a_pull_request_announced_then_described_is_the_fix(nlp: Language, tmp_path: Path) -> None:
    found = read_prose(nlp, tmp_path, THREAD, "Ines: PR opened: tarn/quay-ledger!412 - adds jitter to the refresh.\n")
    assert ("tarn/quay-ledger!412", "FIXES", THREAD, "pd") in found


def test_a_pull_request_announced_with_nothing_said_of_it_is_only_linked(nlp: Language, tmp_path: Path) -> None:
    found = read_prose(nlp, tmp_path, THREAD, "Ines: PR opened: tarn/quay-ledger!412 for the record.\n")
    assert (THREAD, "LINKED_TO", "tarn/quay-ledger!412", "d") in found
    assert not any(rel == "FIXES" for _, rel, _, _ in found)


def test_an_exclamation_after_a_plain_word_is_no_reference(nlp: Language, tmp_path: Path) -> None:
    found = read_prose(nlp, tmp_path, THREAD, "Ines: finally!2 replicas are back and the queue drains.\n")
    assert not any(rel == "LINKED_TO" for _, rel, _, _ in found)


def _ticket(body: str, customer: str = "Halvard Labs Inc.") -> str:
    return f"""---
title: "Logins fail after the certificate swap"
source_type: "jira"
key: "HELP-5120"
source_metadata:
  "customer_company": "{customer}"
---

# Logins fail after the certificate swap

## description

{body}
"""


def _found(nlp: Language, tmp_path: Path, body: str, customer: str = "Halvard Labs Inc.") -> set[tuple[str, str, str]]:
    _, rels = read(nlp, tmp_path, _ticket(body, customer))
    return {(s, r, o) for s, r, o, _ in triples(rels)}


def test_a_prose_environment_line_makes_the_ticket_use_what_it_names(nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Environment: Hosted control plane in the customer's VPC (eu-west-1), sign-in "
                                  "handled by Okta via a sidecar gate-proxy (v2.1) that issues short-lived tokens.")
    assert ("HELP-5120", "USES", "Okta") in found
    assert ("HELP-5120", "USES", "gate-proxy") in found
    assert not any(r == "USES" and o.casefold().startswith("hosted") for _, r, o in found)


def test_only_the_first_sentence_of_an_environment_line_is_the_setup(nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Environment: production in eu-west. Canary change: gate-proxy cookie rewrite "
                                  "rolled to ten percent.")
    assert not any(r == "USES" for _, r, _ in found)


def test_an_impact_line_naming_the_customer_by_its_first_word_concerns_it(nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Impact: Operators at Halvard cannot open the admin pages for a third of requests.")
    assert ("HELP-5120", "CONCERNS", "Halvard Labs Inc.") in found


def test_an_environment_item_naming_the_customer_concerns_it(nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Environment:\n- Prod tenant for Halvard Labs (org: halvard) in eu-west-1")
    assert ("HELP-5120", "CONCERNS", "Halvard Labs Inc.") in found


def test_a_customer_word_inside_an_identifier_or_outside_impact_lines_is_not_read(
        nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Environment: dedicated deployment (Halvard-prod-2).\n\n"
                                  "Halvard asked for a call on Friday.")
    assert not any(r == "CONCERNS" for _, r, _ in found)


def test_a_company_whose_first_word_is_ordinary_english_is_named_in_full_only(
        nlp: Language, tmp_path: Path) -> None:
    found = _found(nlp, tmp_path, "Impact: Some users see the old page after login.", customer="Some Corp")
    assert not any(r == "CONCERNS" for _, r, _ in found)


def test_a_customer_line_read_by_its_own_label_is_not_read_twice(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, _ticket("Environment:\n- Customer account: Halvard Labs Inc. (enterprise)"))
    assert [r["rel_type"] for r in rels].count("CONCERNS") == 1
