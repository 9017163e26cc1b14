"""Body lines whose subject the line does not name: bound to the section's or document's subject, as inferred."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.entities import find_mentions
from extraction.title_topics import title_subject
from tests.extraction.test_lines import read, triples

TICKET = """---
title: "Export pipeline failing: stale prices after the schema change"
source_type: "jira"
source_metadata:
  "key": "LOG-88"
---

# Export pipeline failing: stale prices after the schema change

## description

Environment:
- CI: Jenkins (agent pool: builders-east)
- DB: Postgres (managed)
- Region: eu-north
- Key handling: internal rotation process (see runbook)

Notes
- Owner: Ines Okafor
"""

BARE_HEADING = """---
title: "Checkout outage"
source_type: "jira"
source_metadata:
  "key": "LOG-91"
---

# Checkout outage

Affected service: order-router

Environment
- CI: Jenkins
- Orchestrator: Kubernetes

Timeline
- CI: Jenkins
"""


def test_a_titles_opening_system_with_a_verb_is_the_documents_subject(nlp: Language) -> None:
    for title, expected in [("Export pipeline failing: stale prices", "Export pipeline"),
                            ("ledger-sync returns 502s after the deploy", "ledger-sync"),
                            ("Incident: session store degraded after failover", "session store")]:
        doc = nlp(title)
        subject = title_subject(doc, find_mentions(doc, 0), 0)
        assert subject is not None and subject.name == expected


def test_a_title_that_opens_with_something_else_names_no_subject(nlp: Language) -> None:
    for title in ["Store labels in doc-store", "Why ledger-sync drops events", "Runbook for ledger-sync"]:
        doc = nlp(title)
        assert title_subject(doc, find_mentions(doc, 0), 0) is None


def test_environment_lines_bind_to_the_titles_system_as_an_inference(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    found = triples(rels)
    assert ("Export pipeline", "USES", "Jenkins", "document_subject") in found
    assert ("Export pipeline", "USES", "Postgres", "document_subject") in found
    # only what the value opens with: not the parenthesised pool, not a region, not a description
    assert not {t for t in found if t[2] in ("builders-east", "eu-north")}
    assert all(r["via"] == "document_subject" for r in rels if r["subject"] == "Export pipeline")


def test_a_bare_environment_line_governs_only_the_list_under_it(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, BARE_HEADING)
    uses = [r for r in rels if r["rel_type"] == "USES"]
    assert {(r["subject"], r["object"]) for r in uses} >= {("order-router", "Jenkins"), ("order-router", "Kubernetes")}
    # the same line under "Timeline" is an event, not the environment: one USES line only
    assert sum(r["evidence"] == "- CI: Jenkins" for r in uses) == 1


INCIDENT = """---
title: "Pricing outage"
source_type: "jira"
source_metadata:
  "key": "LOG-93"
---

# Pricing outage

Impact
- checkout-api unavailable (503s for 20 minutes)
- 12% of requests to geo-index failed while the cache was cold and retries piled up

## Symptoms

- rate-engine: p99 latency above 4s
- quote-engine logs: intermittent resets
- Affects mobile dashboards and batch jobs
"""


def test_an_impact_list_names_what_the_incident_affects(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, INCIDENT)
    affects = {(r["subject"], r["object"], r["via"]) for r in rels if r["rel_type"] == "AFFECTS"}
    assert ("LOG-93", "checkout-api", "document_subject") in affects
    assert ("LOG-93", "rate-engine", "document_subject") in affects
    assert not {a for a in affects if a[1] == "geo-index"}  # an item that does not open with the system
    assert not {a for a in affects if a[1] == "quote-engine"}  # its logs are evidence, not damage
    assert not {a for a in affects if "dashboards" in a[1]}


PLAYBOOK = """---
title: "Cache prefill playbook"
source_type: "confluence"
---

# Cache prefill playbook

Playbook maintained by Sofia Brandt.
"""


def test_a_note_opening_with_a_document_noun_is_about_the_document(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, PLAYBOOK)
    assert ("Sofia Brandt", "MAINTAINS", "Cache prefill playbook", "document_subject") in triples(rels)


def test_a_bare_document_noun_is_this_page_only_if_the_page_calls_itself_one(nlp: Language, tmp_path: Path) -> None:
    thread = PLAYBOOK.replace("Cache prefill playbook", "Cache prefill thread").replace(
        "Playbook maintained by Sofia Brandt.", "Postmortem assigned to Sofia Brandt.")
    _, rels = read(nlp, tmp_path, thread)
    assert not [r for r in rels if r["object"] == "Sofia Brandt"]
