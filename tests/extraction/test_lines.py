"""Relations read from document structure: labelled lines, labelled lists, tables, reviews, references, signatures."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from graphrag_sdk import Context
from spacy.language import Language

from extraction.chunker import ExactSliceChunking
from extraction.loaders import load_file
from extraction.pipeline import CHUNK_CHARS
from extraction.sdk_strategies import SpacyExtraction, zehn_ontology


def read(nlp: Language, tmp_path: Path, text: str, name: str = "doc.md") -> tuple[str, list[dict[str, Any]]]:
    """The document's text and every relation entry of its body evidence rows, as ingest writes them."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_file(path)
    chunks = asyncio.run(ExactSliceChunking(document, CHUNK_CHARS).chunk(document.text, Context()))
    extractor = SpacyExtraction(document, nlp)
    asyncio.run(extractor.extract(chunks, zehn_ontology(), Context()))
    assert extractor.evidence is not None
    rows = [row for row in extractor.evidence.evidence.values() if row.kind != "metadata"]
    for row in rows:
        assert document.text[row.start : row.end] == row.text
    return document.text, [dict(r, evidence=row.text) for row in rows for r in row.relations]


def triples(relations: list[dict[str, Any]]) -> set[tuple[str, str, str, str]]:
    return {(r["subject"], r["rel_type"], r["object"], r["via"]) for r in relations}


RUNBOOK = """---
title: "Runbook: billing-export"
source_type: "confluence"
---

# Runbook: billing-export

## Ownership

- Owner: Dana Ruiz (primary), Li Wei
- Owner team: Payments

## Dependencies

- ledger-sync (settlement events)
- Postgres

## Follow-up action items

1. Add a lag alert on the export queue. Owner team: SRE. Priority: P1.
- Owner: Tobias Reyes
"""


def test_labelled_lines_and_label_headings_bind_to_the_documents_topic(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, RUNBOOK)
    found = triples(rels)
    assert {
        ("Dana Ruiz", "OWNS", "billing-export", "document_subject"),
        ("Li Wei", "OWNS", "billing-export", "document_subject"),
        ("Payments", "OWNS", "billing-export", "document_subject"),
        ("billing-export", "DEPENDS_ON", "ledger-sync", "document_subject"),
        ("billing-export", "DEPENDS_ON", "Postgres", "document_subject"),
    } <= found
    # an owner named inside an action item owns that task, not the runbook's system
    assert not {t for t in found if t[0] in ("SRE", "Tobias Reyes")}


def test_a_document_subject_relation_keeps_one_end_in_its_line(nlp: Language, tmp_path: Path) -> None:
    text, rels = read(nlp, tmp_path, RUNBOOK)
    owned = next(r for r in rels if r["subject"] == "Dana Ruiz")
    assert owned["evidence"] == "- Owner: Dana Ruiz (primary), Li Wei"
    assert owned["subject_span"] is not None and owned["object_span"] is None
    s, e = owned["object_at"]
    assert text[s:e] == "billing-export"
    assert owned["predicate"] == "Owner"


POSTMORTEM = """---
title: "Postmortem: quote timeouts"
source_type: "confluence"
---

# Postmortem: quote timeouts

## Impact

Affected services:
- rate-engine
- checkout-api

Action items are tracked in OPS-412. The root cause (PR #318) was reverted; the hotfix PR #319 restored caching.
Why did PR #320 ship without a canary?

| Service | Owner | Depends on |
|---|---|---|
| rate-engine | Pricing team | geo-index |
| Add a canary stage | Jonas Lindqvist | |
"""


def test_lead_in_lists_references_and_tables(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, POSTMORTEM)
    page = "Postmortem: quote timeouts"
    found = {(s, rel, o) for s, rel, o, _ in triples(rels)}
    assert {
        (page, "AFFECTS", "rate-engine"), (page, "AFFECTS", "checkout-api"),
        (page, "LINKED_TO", "OPS-412"), ("PR #318", "CAUSED", page), ("PR #319", "FIXES", page),
        ("Pricing", "OWNS", "rate-engine"), ("rate-engine", "DEPENDS_ON", "geo-index"),
    } <= found  # fmt: skip
    assert not {t for t in found if "PR #320" in t}  # a question states nothing
    assert not {t for t in found if "Jonas Lindqvist" in t}  # the owner of an unnamed task row


PULL_REQUEST = """---
title: "Cache distances per leg"
source_type: "github"
authors: ["Felix Huang"]
---

# Cache distances per leg

## review_conversation

Mei Lin Tan (Pricing): Can we keep the old schema for one release?
Felix Huang: Yes, added a fallback.

Approvals:
- Ravi Iyer: Approved
- Mei Lin Tan: LGTM after the fallback.
"""


def test_review_conversation(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, PULL_REQUEST)
    found = {(s, rel, o) for s, rel, o, _ in triples(rels)}
    title = "Cache distances per leg"
    assert {("Mei Lin Tan", "REVIEWED", title), ("Ravi Iyer", "APPROVED", title),
            ("Mei Lin Tan", "APPROVED", title)} <= found  # fmt: skip
    assert not {t for t in found if t[0] == "Felix Huang"}  # the author's replies are not a review


EMAIL = """---
title: "Quote timeouts"
source_type: "gmail"
---

# Quote timeouts

We will follow up tomorrow.

Thanks,
Grace
—
Grace Liu
Director, Logistics Platform
Meridian Cold Chain
"""


def test_signature_block(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, EMAIL)
    found = {(s, rel, o) for s, rel, o, _ in triples(rels)}
    assert found == {("Grace Liu", "MEMBER_OF", "Logistics Platform"),
                     ("Grace Liu", "MEMBER_OF", "Meridian Cold Chain")}  # fmt: skip
    for r in rels:
        assert r["subject_span"] is not None and r["object_span"] is not None


def test_lines_written_with_a_literal_newline(nlp: Language, tmp_path: Path) -> None:
    text = RUNBOOK.split("## Ownership")[0] + "Links:\\n- RCA doc: https://wiki.example.com/display/OPS/RCA-7\\n"
    _, rels = read(nlp, tmp_path, text)
    assert ("billing-export", "LINKED_TO", "https://wiki.example.com/display/OPS/RCA-7") in {
        (s, rel, o) for s, rel, o, _ in triples(rels)} or ("Runbook: billing-export", "LINKED_TO",
                                                             "https://wiki.example.com/display/OPS/RCA-7") in {
        (s, rel, o) for s, rel, o, _ in triples(rels)}


@pytest.mark.parametrize(
    "line",
    [
        "Impact: duplicate side-effects in downstream billing for two hours.",  # prose, not a list of entities
        "Hotfix: put a size check in front of ledger-sync so oversized batches are refused.",
        "Scope: requests in us-west-2 and ap-south-1",
    ],
)
def test_a_labelled_line_whose_value_is_prose_states_no_relation(nlp: Language, tmp_path: Path, line: str) -> None:
    _, rels = read(nlp, tmp_path, f'---\ntitle: "Notes"\nsource_type: "confluence"\n---\n\n# Notes\n\n{line}\n')
    assert rels == []


EXPORTED_RUNBOOK = RUNBOOK.split("## Ownership")[0] + (
    "Summary:\\n\\nThe nightly export stalled twice this week.\\n\\nOwner: Dana Ruiz\\n"
    "Dependencies:\\n- ledger-sync (settlement events)\\n- Postgres\\n")


def test_a_body_exported_on_one_line_reads_its_labelled_lines_and_lists(nlp: Language, tmp_path: Path) -> None:
    text, rels = read(nlp, tmp_path, EXPORTED_RUNBOOK)
    found = {(s, rel, o) for s, rel, o, _ in triples(rels)}
    assert ("Dana Ruiz", "OWNS", "billing-export") in found
    assert ("billing-export", "DEPENDS_ON", "ledger-sync") in found
    for r in rels:  # the evidence is the line, never the escape around it
        assert r["evidence"] in text and not r["evidence"].startswith("\\") and not r["evidence"].endswith("\\n")


def test_one_written_out_break_in_a_normal_line_does_not_make_a_line(nlp: Language, tmp_path: Path) -> None:
    text = RUNBOOK.split("## Ownership")[0] + "Notes: the parser splits fields on \\n Owner: Dana Ruiz\n"
    _, rels = read(nlp, tmp_path, text)
    assert ("Dana Ruiz", "OWNS", "billing-export") not in {(s, rel, o) for s, rel, o, _ in triples(rels)}


DOWNSTREAM = """---
title: "Runbook: shelf-ledger"
source_type: "confluence"
---

# Runbook: shelf-ledger

## Downstream
- restock-bot: reads low-stock events from shelf-ledger and opens orders in vendor-portal
- tax-export: pulls the daily totals from stock-db
- report-hub
"""


def test_an_item_that_states_its_own_wiring_is_not_read_as_the_headings_relation(nlp: Language,
                                                                                  tmp_path: Path) -> None:
    found = triples(read(nlp, tmp_path, DOWNSTREAM)[1])
    assert ("tax-export", "CONSUMES", "stock-db", "text") in found
    assert not any(s in ("tax-export", "restock-bot") and rel == "DEPENDS_ON" for s, rel, _, _ in found)


def test_a_bare_item_under_a_direction_heading_still_takes_its_relation(nlp: Language, tmp_path: Path) -> None:
    found = triples(read(nlp, tmp_path, DOWNSTREAM)[1])
    assert ("report-hub", "DEPENDS_ON", "shelf-ledger", "document_subject") in found


def test_a_labelled_value_stops_where_a_second_label_follows_its_sentence(nlp: Language, tmp_path: Path) -> None:
    text = ('---\ntitle: "Pinewood Dental"\nsource_type: "hubspot"\n---\n\n# Pinewood Dental\n\n'
            "Account: Pinewood Dental (three practices). Sponsor: Data Office + Web Platform lead.\n")
    assert not any(o == "Web Platform" for _, _, o, _ in triples(read(nlp, tmp_path, text)[1]))
