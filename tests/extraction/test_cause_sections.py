"""Rules 19: the first sentence under a cause heading names the cause of what the document is about; an identifier
of three parts with a version part is a name even when its first word is English. Read through the whole extractor
(one small document each), so the heading and the document's own entity count."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import run_corpus
from extraction.cause_sections import cause_heading, cause_listed
from extraction.entity_rules import identifier_type
from tests.extraction.test_prose_rules import POSTMORTEM, read

CAUSED = ("relay-hub", "CAUSED", POSTMORTEM, "d")


@pytest.mark.parametrize(
    ("body", "expected"),
    [("## Root cause\nA memory leak in relay-hub v2.4.1 that shows under heavy churn.", CAUSED),  # a fragment
     ("## Root cause\n\nRace condition in relay-hub where two flushes interleave.", CAUSED),
     ("## root_cause\n\nA regression introduced in relay-hub changed the retry path.", CAUSED),
     ("## Root cause\nThe relay-hub config was deployed with a wrong default, so ledger-db rejected writes.", CAUSED),
     ("## Root cause\nThe ledger-db pool was exhausted by relay-hub jobs.", CAUSED),  # a passive: its agent
     ("Root cause\n----------\nA memory leak in relay-hub v2.4.1 that shows under heavy churn.", CAUSED),  # setext
     ("Root cause\n==========\n\nRace condition in relay-hub where two flushes interleave.", CAUSED),
     ("## Suspected root cause\nThe relay-hub drops idle connections too early.", ("relay-hub", "CAUSED", POSTMORTEM,
                                                                                   "hd"))],
)
def test_the_first_sentence_of_a_cause_section_names_the_cause(nlp: Language, tmp_path: Path, body: str,
                                                               expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, POSTMORTEM, body)


@pytest.mark.parametrize(
    "body",
    ["## Root cause\nA memory leak in the worker pool. Then relay-hub rejected requests for an hour.",  # 2nd sentence
     "## Impact\nThe relay-hub rejected requests for an hour.",  # not a cause heading
     "## Root cause\nWhy did relay-hub drop the connections?"],  # a question
)
def test_no_cause_is_read_outside_a_cause_sections_first_sentence(nlp: Language, tmp_path: Path, body: str) -> None:
    assert not {f for f in read(nlp, tmp_path, POSTMORTEM, body) if f[1] == "CAUSED" and f[0] == "relay-hub"}


def test_cause_headings_are_read_from_their_words() -> None:
    assert cause_heading("Root cause") == (True, False)
    assert cause_heading("root_cause") == (True, False)
    assert cause_heading("**Root Cause (suspected)**:") == (True, True)
    assert cause_heading("Likely cause") == (True, True)
    assert cause_heading("Contributing factors") == (False, False)


def test_versioned_identifiers_are_names_even_when_they_open_with_an_english_word() -> None:
    assert identifier_type("open-embed-512-v1") == "Component"
    assert identifier_type("fast-chat-7b") == "Component"
    assert identifier_type("follow-up") is None
    assert identifier_type("long-context") is None



def test_a_runbooks_cause_section_names_no_cause_of_the_runbook(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Runbook: login errors", "## Root cause\nThe relay-hub drops idle connections early.")
    assert not {f for f in found if f[1] == "CAUSED"}


def test_a_problem_that_started_after_a_change_is_hedged_as_caused_by_it(nlp: Language, tmp_path: Path) -> None:
    title = "Login errors for the private tenant"
    body = "The errors started after a relay-hub upgrade that the tenant's admins ran on Monday."
    assert ("relay-hub", "CAUSED", title, "hd") in read(nlp, tmp_path, title, body)
    fixed = read(nlp, tmp_path, title, "We fixed the issue after the relay-hub rollout.")  # the issue is an object
    assert not {f for f in fixed if f[1] == "CAUSED"}


@pytest.mark.parametrize(
    "lead", ["*Contributing factors*:", "## Contributing factors", "h2. Causal factors", "## Root cause"])
def test_a_failure_listed_among_causes_is_no_system_the_incident_hit(nlp: Language, tmp_path: Path,
                                                                   lead: str) -> None:
    body = (f"## Impact\n- ledger-db failed for twenty minutes.\n\n{lead}\n"
            "* relay-hub did not retry and failed on a transient network error.\n* ledger-db crashed twice.\n")
    found = read(nlp, tmp_path, POSTMORTEM, body)
    assert ("relay-hub", "AFFECTS") not in {(f[2], f[1]) for f in found}
    assert (POSTMORTEM, "AFFECTS", "ledger-db", "d") in found  # the impact list still names what was hit


def test_cause_listed_needs_an_item_under_a_cause_lead_in() -> None:
    text = "Contributing factors:\n- a\n- b\n\nImpact:\n- c\n"
    assert cause_listed(text, text.index("- b"))
    assert not cause_listed(text, text.index("- c"))
    assert not cause_listed(text, text.index("factors"))


TICKET = ("---\ntitle: \"Login redirect loses its state\"\nkey: \"OPS-77\"\n---\n\n# Login redirect loses its state\n\n"
          "## comments\n\n")


@pytest.mark.parametrize(
    ("line", "cause"),
    [("10:00 - on-call (Ravi): Bisected the ledger-sync builds and uncovered a regression in 3.1 that drops "
      "long values.", "ledger-sync"),  # a version stands for the one system named before
     ("11:00 - Eng (Ravi): We found a bug in ledger-sync that double-counts retries.", "ledger-sync"),
     ("12:00 - Eng (Ravi): Did we find a bug in ledger-sync?", None),  # a question
     ("13:00 - Eng (Ravi): Checked token-cache and ledger-sync; found a regression in 2.4.1.", None),  # which one?
     ("14:00 - Eng (Ravi): We found errors in ledger-sync logs.", None)],  # a symptom, not a defect
)
def test_a_defect_found_in_a_system_names_the_tickets_cause(nlp: Language, tmp_path: Path, line: str,
                                                            cause: str | None) -> None:
    (tmp_path / "doc.md").write_text(TICKET + line + "\n", encoding="utf-8")
    found = {(r["subject"], r["rel_type"], r["object"]) for row in run_corpus(tmp_path, nlp).evidence.values()
             for ev in row.evidence.values() for r in ev.relations}
    assert {f[0] for f in found if f[1:] == ("CAUSED", "OPS-77")} == ({cause} if cause else set())
