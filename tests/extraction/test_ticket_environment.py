"""A support ticket's environment list: what the customer's setup runs on is used by the ticket's own case when the
ticket names no system of its own; a colon inside brackets starts no label."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

TICKET = """---
title: "Exports time out after the nightly upgrade"
source_type: "jira"
key: "HELP-4410"
---

# Exports time out after the nightly upgrade

Environment:
- Hosted tenant running prod in two regions.
- Cloud: AWS
- Data store: self-hosted Postgres (one primary, two replicas)
- Prod environment for Halvard Labs (org: halvard-labs) in eu-west-1
"""


def test_an_environment_line_of_a_ticket_without_a_system_makes_the_ticket_use_it(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    found = {(s, r, o) for s, r, o, _ in triples(rels)}
    assert ("HELP-4410", "USES", "AWS") in found
    assert ("HELP-4410", "USES", "Postgres") in found


def test_a_colon_inside_brackets_is_no_label_of_the_line(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    assert not any(r["object"] == "halvard-labs" for r in rels)


INSTANCES = """---
title: "Streams stall on the reserved pool"
source_type: "jira"
key: "HELP-5120"
---

# Streams stall on the reserved pool

Environment
- Dedicated pool: acme-batch-ded-01
- Dedicated: lookup-dedicated-2 (us-east)
- Prod cluster: prod-eu-west-2
- Region: us-east-1
- Runtime: 1.21.0-canary.3
- First seen: 2024-06-03 14:40 UTC
"""


def test_an_environment_item_opening_with_an_indexed_instance_name_makes_the_ticket_use_it(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, INSTANCES)
    used = {o for s, r, o, _ in triples(rels) if r == "USES" and s == "HELP-5120"}
    assert {"acme-batch-ded-01", "lookup-dedicated-2"} <= used


def test_a_region_a_version_or_a_date_in_an_environment_item_is_no_instance(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, INSTANCES)
    used = {o for s, r, o, _ in triples(rels) if r == "USES"}
    assert not used & {"prod-eu-west-2", "us-east-1", "1.21.0-canary.3", "2024-06-03"}


LISTS = """---
title: "Replies cut off for a reserved tenant"
source_type: "jira"
key: "HELP-6230"
---

# Replies cut off for a reserved tenant

Environment:
- Models seen: orca-chat-2 (primary), kite-small-9b (fallback).
- Serving parts: edge-gate (tls termination), batch-queue (nightly jobs), frame-store
- Cache host: memo-cluster-prod-4 (managed), memo-key-prefix v3
"""


def test_a_plural_environment_label_lists_one_used_thing_per_comma_separated_part(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, LISTS)
    used = {o for s, r, o, _ in triples(rels) if r == "USES" and s == "HELP-6230"}
    assert {"orca-chat-2", "kite-small-9b", "edge-gate", "batch-queue", "frame-store"} <= used


def test_a_singular_environment_label_names_one_thing_and_notes_after_it(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, LISTS)
    used = {o for s, r, o, _ in triples(rels) if r == "USES"}
    assert "memo-cluster-prod-4" in used
    assert "memo-key-prefix" not in used
