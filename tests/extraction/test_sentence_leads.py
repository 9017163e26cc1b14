"""A lead-in written as a sentence ("The X is consumed by:") gives the list under it the sentence's relation."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

RUNBOOK = """---
title: "Runbook: parcel-api"
source_type: "confluence"
---

# Runbook: parcel-api

## Wiring

The label-store is consumed by:

- print-queue
- label-preview

The parcel-api depends on the following services:

- rate-card
- Postgres

**The `label-store` is read by these jobs:**

- `nightly-audit`

The parcel-api will no longer be used by:

- legacy-portal
"""

POSTMORTEM = """---
title: "Postmortem: label printing outage"
source_type: "confluence"
---

# Postmortem: label printing outage

The following services were degraded:

- print-queue
- label-preview
"""


def test_a_passive_lead_in_makes_each_item_consume_the_named_system(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, RUNBOOK)
    found = triples(rels)
    assert ("print-queue", "CONSUMES", "label-store", "document_subject") in found
    assert ("label-preview", "CONSUMES", "label-store", "document_subject") in found


def test_an_active_lead_in_with_the_following_makes_the_subject_depend_on_each_item(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, RUNBOOK)
    found = triples(rels)
    assert ("parcel-api", "DEPENDS_ON", "rate-card", "document_subject") in found
    assert ("parcel-api", "DEPENDS_ON", "Postgres", "document_subject") in found


def test_a_negated_or_future_lead_in_relates_nothing_to_its_list(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, RUNBOOK)
    assert not any("legacy-portal" in (r["subject"], r["object"]) for r in rels)


def test_an_impact_sentence_over_a_list_makes_the_incident_affect_each_item(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, POSTMORTEM)
    found = {(s, r, o) for s, r, o, _ in triples(rels)}
    assert ("Postmortem: label printing outage", "AFFECTS", "print-queue") in found
    assert ("Postmortem: label printing outage", "AFFECTS", "label-preview") in found


def test_a_lead_in_with_code_marks_and_emphasis_still_reads_its_subject(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, RUNBOOK)
    assert ("nightly-audit", "CONSUMES", "label-store", "document_subject") in triples(rels)


def test_a_lead_in_naming_no_system_relates_nothing(nlp: Language, tmp_path: Path) -> None:
    page = RUNBOOK.replace("The label-store is consumed by:", "Several other teams depend on:")
    _, rels = read(nlp, tmp_path, page)
    assert not any("print-queue" in (r["subject"], r["object"]) for r in rels)
