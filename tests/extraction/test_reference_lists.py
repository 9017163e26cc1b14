"""A references list under a lead-in that joins reference headings links the document to the pages it names."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

PAGE = """---
title: "Warm pool drain protocol"
source_type: "confluence"
---

# Warm pool drain protocol

Drain the pool before resizing it.

References and related docs:
- Retry budget guide (internal playbook) — link in related_pages.
- OPS-512 (the earlier drain outage)

Steps before a drain:
- Confirm capacity (ask the on-call lead)
"""


def test_a_joined_references_lead_in_links_the_titled_page(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, PAGE)
    found = triples(rels)
    assert ("Warm pool drain protocol", "LINKED_TO", "Retry budget guide", "document_subject") in found
    assert ("Warm pool drain protocol", "LINKED_TO", "OPS-512", "document_subject") in found


def test_a_titled_item_outside_a_references_list_links_nothing(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, PAGE)
    assert not any(r["object"].startswith("Confirm capacity") for r in rels)


NOTES = """---
title: "Pilot kickoff notes"
source_type: "hubspot"
---

# Pilot kickoff notes

We walked the pilot team through the rollout plan.

Links (shared with the pilot team):
- Draft plan: drive/shared/pilots/rollout-plan-draft.json
- Recording: calls/2031-04-02-kickoff

Access for the pilot: read/write on drive/shared/pilots/inbox-folder.
"""


def test_a_path_in_a_references_list_links_the_document_to_it(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, NOTES)
    found = triples(rels)
    assert ("Pilot kickoff notes", "LINKED_TO", "drive/shared/pilots/rollout-plan-draft.json",
            "document_subject") in found


def test_a_path_outside_a_references_list_or_with_one_slash_links_nothing(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, NOTES)
    objects = {r["object"] for r in rels}
    assert not any("inbox-folder" in o or o.startswith("calls/") for o in objects)


SHARED = """---
title: "Kiln restart checklist"
source_type: "confluence"
---

# Kiln restart checklist

Let the kiln cool before a restart.

Team references:
- Wiki: Glaze firing temperature table (cone chart + tolerances)
- Team space: Kiln controller wiring notes
- KILN-77
"""


def test_a_page_named_by_title_after_where_it_lives_is_linked(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, SHARED)
    found = triples(rels)
    assert ("Kiln restart checklist", "LINKED_TO", "Glaze firing temperature table", "document_subject") in found
    assert ("Kiln restart checklist", "LINKED_TO", "Kiln controller wiring notes", "document_subject") in found
    assert ("Kiln restart checklist", "LINKED_TO", "KILN-77", "document_subject") in found
