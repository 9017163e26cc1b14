"""Labelled values that are not plain lists: a label nested in brackets, a prose value opening with its systems;
and people named in brackets after the team they stand for."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

NESTED = """---
title: "Runbook: invoice-builder"
source_type: "confluence"
---

# Runbook: invoice-builder

## Environment

- CI: Jenkins (runner group: build-runners-eu)
- Queue: Kafka (consumer group: invoice-events)

## Tasks

- invoice-builder: add a retry budget (owner: Dana Ruiz)
- Storage: object store (retention: 30 days)
"""


def test_a_label_nested_in_brackets_states_its_own_relation_about_the_line_subject(nlp: Language,
                                                                                   tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, NESTED)
    got = {(s, rel, o) for s, rel, o, _ in triples(found)}
    assert ("invoice-builder", "USES", "Jenkins") in got
    assert ("invoice-builder", "USES", "build-runners-eu") in got  # "(runner group: X)" uses X
    # a bracketed owner after a task owns the task, not the runbook's system; a retention period is no relation
    assert not any(rel == "OWNS" and o == "invoice-builder" for s, rel, o in got)
    assert not any("30 days" in o for _, _, o in got)


IMPACT = """---
title: "Postmortem: search latency"
source_type: "confluence"
---

# Postmortem: search latency

Context and scope
- Affected service: search-api
- Secondary impact: search-proxy and ledger-sync pods observed elevated tail latency due to retries.
- Other impact: dashboard-ui logs show intermittent 502s while the cache warmed up again.
- Customer impact: requests for checkout-api saw errors during the window of the incident.
"""


def test_a_prose_impact_value_names_the_systems_it_opens_with(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, IMPACT)
    hit = {o for _, rel, o, _ in triples(found) if rel == "AFFECTS"}
    assert {"search-api", "search-proxy", "ledger-sync"} <= hit
    assert "dashboard-ui" not in hit  # its logs are evidence, not damage
    assert "checkout-api" not in hit  # named later in the sentence, not the value's opening


TEAMS = """---
title: "ADR-12: Export retention"
source_type: "confluence"
---

# ADR-12: Export retention

## Owners

- Co-owners: Billing Platform team (Dana Ruiz), Data Infrastructure team (Li Wei and Ola Nordmann)

## Timeline

- 10:05 Payments team (Tobias Reyes): restarted the export workers.
- Reviewed with Tobias Reyes (Payments team) before the change.
"""


def test_people_in_brackets_after_a_team_are_its_members(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, TEAMS)
    members = {(s, o) for s, rel, o, _ in triples(found) if rel == "MEMBER_OF"}
    assert {("Dana Ruiz", "Billing Platform"), ("Li Wei", "Data Infrastructure"),
            ("Ola Nordmann", "Data Infrastructure")} <= members  # fmt: skip
    assert not any(s == "Tobias Reyes" for s, _ in members)  # a speaker tag and "Person (team)" are not read


EDGE = """---
title: "Edge notes"
source_type: "confluence"
---

# Edge notes

The media-edge proxies (Fastly) have a shorter idle timeout than the origin.

The ingress proxy (HAProxy) strips the header before the gateway sees it.

The rollout (Fastly first) went well.
"""


def test_a_well_known_product_in_brackets_after_a_system_is_what_it_runs_on(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, EDGE)
    uses = {(s, o) for s, rel, o, _ in triples(found) if rel == "USES"}
    assert uses == {("media-edge", "Fastly"), ("ingress proxy", "HAProxy")}


PLAN = """---
title: "Follow-up plan: export reliability"
source_type: "confluence"
---

# Follow-up plan: export reliability

## Workstreams

1) **Retry budget for the export worker**
   - Cap retries during failover.
   - Owner: **Dana Ruiz** (Payments) + **Li Wei**
2) **Alerting on queue lag**
   - Owner: **Ola Nordmann**, review with **Tobias Reyes**
3) Add a lag alert on the export queue and page the on-call.
   - Owner: **Tobias Reyes**
"""


def test_a_bold_titled_work_item_is_a_deliverable_its_owners_own_as_planned(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, PLAN)
    owns = {(r["subject"], r["object"], r["planned"]) for r in found if r["rel_type"] == "OWNS"}
    assert {("Dana Ruiz", "Retry budget for the export worker", True),
            ("Li Wei", "Retry budget for the export worker", True),
            ("Ola Nordmann", "Alerting on queue lag", True)} <= owns  # fmt: skip
    assert not any(s == "Tobias Reyes" for s, _, _ in owns)  # a reviewer named after "with"; an untitled task
