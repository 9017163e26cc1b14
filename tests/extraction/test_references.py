"""A key named in prose is a link only when it names another ticket or page: not an item numbered in this
document's own list, not the identifier of a rule or flag, and a fix word that describes a write-up ("mitigation
steps") does not make the key a fix. Sentences are read through the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import run_corpus
from tests.extraction.test_prose_rules import read

TICKET = "LAR-812: Export timeouts"


def _links(found: set[tuple[str, str, str, str]]) -> set[str]:
    return {obj for _, rel, obj, _ in found if rel == "LINKED_TO"}


@pytest.mark.parametrize("line", ["- QA-2: Add a load test for the export path (owner: Lena Park)",
                                  "R-4: Exports must finish within ten minutes."])
def test_an_item_numbered_in_the_document_is_no_linked_ticket(nlp: Language, tmp_path: Path, line: str) -> None:
    assert _links(read(nlp, tmp_path, TICKET, line)) == set()


def test_an_item_numbered_in_the_document_keeps_its_owner(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, TICKET, "- QA-2: Add a load test for the export path (owner: Lena Park)")
    assert ("Lena Park", "OWNS", "QA-2", "") in found


def test_a_tracker_key_labelling_its_item_is_still_linked(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, TICKET, "- OPS-990: Add a load test for the export path (owner: Lena Park)")
    assert _links(found) == {"OPS-990"}


@pytest.mark.parametrize("noun", ["rule", "flag"])
def test_an_identifier_of_a_rule_or_flag_is_no_ticket(nlp: Language, tmp_path: Path, noun: str) -> None:
    body = f"- Turn off the header rewrite {noun} (NET-4411) on the egress firewall."
    assert _links(read(nlp, tmp_path, TICKET, body)) == set()


def test_a_key_in_parentheses_after_a_change_is_still_a_fix(nlp: Language, tmp_path: Path) -> None:
    assert ("OPS-77", "FIXES", TICKET, "d") in read(nlp, tmp_path, TICKET, "The fix (OPS-77) went out on Monday.")


def test_a_fix_word_describing_a_write_up_makes_no_fix(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, TICKET, "- 2026-01-04: This page was written from the OPS-1234 mitigation steps.")
    assert not any(rel == "FIXES" for _, rel, _, _ in found)
    assert _links(found) == {"OPS-1234"}


def test_a_tickets_fix_is_also_linked_to_the_ticket(nlp: Language, tmp_path: Path) -> None:
    text = ('---\ntitle: "Export timeouts"\nsource_type: "jira"\nkey: "LAR-812"\n---\n\n# Export timeouts\n\n'
            "## resolution\nFixed in PR #912, rolled out on Monday.\n")
    (tmp_path / "doc.md").write_text(text, encoding="utf-8")
    found = {(r["subject"], r["rel_type"], r["object"]) for e in run_corpus(tmp_path, nlp).evidence.values()
             for row in e.evidence.values() if row.kind != "metadata" for r in row.relations}
    assert found == {("PR #912", "FIXES", "LAR-812"), ("LAR-812", "LINKED_TO", "PR #912")}


def test_a_pages_fix_is_linked_from_the_page_too(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Postmortem: export timeouts on 3 May", "Fixed in PR #912, rolled out on Monday.")
    assert ("PR #912", "FIXES", "Postmortem: export timeouts on 3 May", "d") in found
    assert _links(found) == {"PR #912"}


def _doc_relations(nlp: Language, tmp_path: Path, text: str) -> set[tuple[str, str, str]]:
    (tmp_path / "doc.md").write_text(text, encoding="utf-8")
    return {(r["subject"], r["rel_type"], r["object"]) for e in run_corpus(tmp_path, nlp).evidence.values()
            for row in e.evidence.values() if row.kind != "metadata" for r in row.relations}


def test_a_chat_channels_patch_pr_is_its_fix_and_its_link(nlp: Language, tmp_path: Path) -> None:
    text = ('---\ntitle: "ops-room"\nsource_type: "slack"\n---\n\n# ops-room\n\n'
            "## messages\nkim: patch PR: https://git.example.org/acme/relay/pull/57 adds the retry cap.\n")
    found = _doc_relations(nlp, tmp_path, text)
    url = "https://git.example.org/acme/relay/pull/57"
    assert {(url, "FIXES", "ops-room"), ("ops-room", "LINKED_TO", url)} <= found


def test_a_pages_cause_pr_is_linked_from_the_page(nlp: Language, tmp_path: Path) -> None:
    text = ('---\ntitle: "Postmortem: queue stall"\nsource_type: "confluence"\n---\n\n# Postmortem: queue stall\n\n'
            "## Root cause\nThe stall was a regression from PR #318 in the scheduler.\n")
    found = _doc_relations(nlp, tmp_path, text)
    assert ("Postmortem: queue stall", "LINKED_TO", "PR #318") in found
