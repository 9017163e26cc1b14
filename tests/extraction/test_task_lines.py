"""Roles written beside a name, task lines keyed by a ticket, code-host references and labels with a state word."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

TICKET = """---
title: "Exports stall after the nightly resize"
source_type: "jira"
source_metadata:
  "key": "OPS-77"
---

# Exports stall after the nightly resize

## comments

2031-04-02 09:10 UTC — Ingrid Solberg (Assignee)
Looking into the scheduler side first.

2031-04-02 11:40 UTC — Ingrid Solberg: Related PRs created: export-worker#311 and infra/deploy-tools#58 add a
queue depth guard; ui-shell#9 will follow.

## customer

- Customer account: Halvorsen Freight (enterprise)

## follow_up_tasks

OPS-81: Add a drain hook to the export scheduler (assigned: Tomas Varga)
- OPS-82: page on queue depth above 5k (owner: Ingrid Solberg)
"""


def test_a_role_tag_after_a_name_gives_that_role_on_the_document(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    assert ("OPS-77", "ASSIGNED_TO", "Ingrid Solberg", "document_subject") in triples(rels)


def test_code_host_references_are_tickets_the_document_links_to(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    found = {(r["subject"], r["rel_type"], r["object"]) for r in rels}
    for ref in ("export-worker#311", "infra/deploy-tools#58", "ui-shell#9"):
        assert ("OPS-77", "LINKED_TO", ref) in found


def test_a_customer_account_line_names_the_customer_the_ticket_concerns(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    assert ("OPS-77", "CONCERNS", "Halvorsen Freight", "document_subject") in triples(rels)


def test_a_task_keyed_by_a_ticket_gives_its_assignee_and_its_owner(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    found = {(r["subject"], r["rel_type"], r["object"], r["planned"]) for r in rels}
    assert ("OPS-81", "ASSIGNED_TO", "Tomas Varga", False) in found
    assert ("Ingrid Solberg", "OWNS", "OPS-82") in {(s, r, o) for s, r, o, _ in found}
    assert ("OPS-77", "LINKED_TO", "OPS-81") in {(s, r, o) for s, r, o, _ in found}


def test_a_hash_in_prose_or_a_channel_is_no_reference(nlp: Language, tmp_path: Path) -> None:
    text = TICKET.replace("## customer",
                          "Posted in #ops-alerts; see step #3, retry#2 and color #ff0000.\n\n## customer")
    _, rels = read(nlp, tmp_path, text)
    objects = {r["object"] for r in rels}
    assert not objects & {"step #3", "#3", "retry#2", "#ff0000", "#ops-alerts", "ops-alerts"}
    assert not any(o.endswith(("#3", "#ff0000")) for o in objects)


def test_a_tag_that_names_no_document_role_gives_nothing(nlp: Language, tmp_path: Path) -> None:
    text = TICKET.replace("Ingrid Solberg (Assignee)", "Ingrid Solberg (Platform)")
    _, rels = read(nlp, tmp_path, text)
    assert not any(r["rel_type"] == "ASSIGNED_TO" and r["object"] == "Ingrid Solberg" for r in rels)


POSTMORTEM = """---
title: "Postmortem: export backlog"
source_type: "confluence"
---

# Postmortem: export backlog

Hotfix PR: https://github.com/acme-example/exporter/pull/812 rolled out at 14:05.

## Action items

| Priority | Action item | Owner | Due |
|---|---|---|---|
| P1 | Ship the **queue depth guard** for every export worker | Ingrid Solberg | 2031-05-01 |
| P2 | Review paging thresholds | Tomas Varga | 2031-05-03 |
"""


def test_a_pull_request_url_in_prose_is_a_reference_read_by_its_cue(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, POSTMORTEM)
    found = {(r["subject"], r["rel_type"], r["object"]) for r in rels}
    assert ("https://github.com/acme-example/exporter/pull/812", "FIXES", "Postmortem: export backlog") in found


def test_an_action_row_owns_the_deliverable_its_task_names_in_bold(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, POSTMORTEM)
    found = {(r["subject"], r["rel_type"], r["object"], r["planned"]) for r in rels}
    assert ("Ingrid Solberg", "OWNS", "queue depth guard", True) in found
    assert not any(r["subject"] == "Tomas Varga" and r["rel_type"] == "OWNS" for r in rels)  # no named deliverable


def test_a_url_ends_at_a_full_stop_and_at_a_written_out_line_break(nlp: Language, tmp_path: Path) -> None:
    text = TICKET.replace("## customer", "Patch drafted and review request filed: "
                          "https://github.com/acme-example/exporter/pull/813.\n\n"
                          "Links: https://wiki.example.com/x/Runbook\\n- Hotfix PR: https://github.com/acme-example/"
                          "exporter/pull/814\n\n## customer")
    _, rels = read(nlp, tmp_path, text)
    found = {(r["subject"], r["rel_type"], r["object"]) for r in rels}
    assert ("OPS-77", "LINKED_TO", "https://github.com/acme-example/exporter/pull/813") in found
    assert ("OPS-77", "LINKED_TO", "https://wiki.example.com/x/Runbook") in found  # the next line's cue is not its own
    assert not any(r["object"].endswith(("813.", "\\n")) or r["subject"].endswith("\\n") for r in rels)


HANDOFF = """---
title: "Queue backlog after the resize"
source_type: "slack"
participants: ["ines", "tomas", "halvard"]
---

# Queue backlog after the resize

ines (platform): Next steps:
- Drain checklist + capacity notes -> @tomas (end of day)
- Scheduler retry review → @halvard (tomorrow)
- export-api -> queue-worker (the path the backlog takes)
- Alert tuning -> @stranger (someone not in the thread)
"""


def test_an_arrow_to_a_person_hands_them_the_unkeyed_work(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, HANDOFF)
    owns = {(r["subject"], r["object"], r["planned"]) for r in rels if r["rel_type"] == "OWNS"}
    assert ("tomas", "Drain checklist + capacity notes", True) in owns
    assert ("halvard", "Scheduler retry review", True) in owns


def test_an_arrow_between_systems_or_to_an_unknown_handle_hands_nothing(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, HANDOFF)
    owns = {(r["subject"], r["object"]) for r in rels if r["rel_type"] == "OWNS"}
    assert not any(s in ("queue-worker", "stranger") or o == "Alert tuning" for s, o in owns)
