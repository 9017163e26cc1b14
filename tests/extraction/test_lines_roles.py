"""Group leads named by a label, and references whose nearby words do not make them a cause."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

CONTACTS = """---
title: "Launch contacts"
source_type: "confluence"
---

# Launch contacts

Billing infra lead: Miguel Sandoval (miguel@example.com)
Security Engineering lead: *Hana Kobayashi*
- SRE lead (IC support): Sean Murphy / Rita Gomes
Tech lead: Ola Nordmann
Interim lead: Ola Nordmann
Analytics lead: We also need reconciliation tests on dashboards.
"""


def test_a_group_lead_label_names_the_group_led(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, CONTACTS)
    leads = {(s, o) for s, rel, o, _ in triples(found) if rel == "LEADS"}
    assert {("Miguel Sandoval", "Billing infra"), ("Hana Kobayashi", "Security Engineering"),
            ("Sean Murphy", "SRE"), ("Rita Gomes", "SRE")} <= leads  # fmt: skip
    assert not any(o in ("Tech", "Interim", "Analytics") for _, o in leads)


POSTMORTEM = """---
title: "Postmortem: checkout errors"
source_type: "confluence"
---

# Postmortem: checkout errors

## Action items

- OPS-71: revert the stray settings change and add a lint step to the pipeline (owner: Dana Ruiz)
- OPS-72: write up the rollback policy agreed in ADR-9

## Timeline

- 10:05 We rolled back PR #88 after the error rate doubled.
- 11:30 Related code change: PR #90 (retry cleanup + unit tests) merged.
- 11:40 PR #91 was reverted after the canary failed.

Follow-ups (separate from this hotfix):
- OPS-73: finalize the circuit breaker.

Consistent with ADR-10 (rollback + retry limits).

pager-bot: alert triggered: OPS-80 (sev-2).

Firewall logs show a rewrite rule stripping the header (rule id: FW-1276).
"""


def test_a_task_key_or_a_nearby_rollback_word_is_no_cause(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, POSTMORTEM)
    caused = {s for s, rel, _, _ in triples(found) if rel == "CAUSED"}
    assert not caused & {"OPS-71", "ADR-9", "PR #90", "ADR-10", "OPS-80"}
    assert {"PR #88", "PR #91"} <= caused  # a change that had to be rolled back is the cause
    assert "OPS-73" not in {s for s, rel, _, _ in triples(found) if rel == "FIXES"}
    assert "FW-1276" not in {o for _, _, o, _ in triples(found)}  # an id of a firewall rule is no ticket


RELEASES = """---
title: "Checkout latency ticket"
source_type: "jira"
---

# Checkout latency ticket

- 09:10 The regression was confirmed; rolled out cart-api PR 3120 to every region.
- 09:40 Deployed PR 3121 to the canary.
- 10:00 PR 3122 introduced the retry storm.
- 10:20 We rolled back PR 3123.
"""


def test_a_released_change_is_linked_not_a_cause(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, RELEASES)
    by_ref: dict[str, set[str]] = {}
    for s, rel, o, _ in triples(found):
        if "PR" in s + o:
            by_ref.setdefault(o if rel == "LINKED_TO" else s, set()).add(rel)
    assert by_ref["PR 3120"] == by_ref["PR 3121"] == {"LINKED_TO"}  # put out, not undone: "rolled out" is no rollback
    # what it introduced; what had to be rolled back: the cause, and a link of the page as every named cause is
    assert by_ref["PR 3122"] == by_ref["PR 3123"] == {"CAUSED", "LINKED_TO"}


ARCHITECTURE = """---
title: "Architecture: order-router"
source_type: "confluence"
---

# Architecture: order-router

## Environment

- Data store: self-hosted Postgres (one primary, two replicas)
- Edge proxy: envoy-edge v1.7.2
- Dashboard: https://grafana.example.com/d/orders
- Edge proxy latency: 40ms
"""


def test_a_label_naming_an_infrastructure_role_states_what_the_topic_uses(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, ARCHITECTURE)
    uses = {t for t in triples(found) if t[1] == "USES"}
    assert uses == {("order-router", "USES", "Postgres", "document_subject"),
                    ("order-router", "USES", "envoy-edge", "document_subject")}
    # the dashboard is a page the document links to, not something the system uses
    assert ("Architecture: order-router", "LINKED_TO", "https://grafana.example.com/d/orders",
            "document_subject") in triples(found)


DASHED = """---
title: "Runbook: fare-sync"
source_type: "confluence"
---

# Runbook: fare-sync

**Service owner** - Dana Ruiz
**Dependencies** — ledger-sync, Postgres
**Step one** - restart the rate-cache worker
"""


def test_an_emphasised_label_with_a_dash_reads_as_a_labelled_line(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, DASHED)
    got = {(s, rel, o) for s, rel, o, _ in triples(found)}
    assert {("Dana Ruiz", "OWNS", "fare-sync"), ("fare-sync", "DEPENDS_ON", "ledger-sync"),
            ("fare-sync", "DEPENDS_ON", "Postgres")} <= got  # fmt: skip
    assert not any("rate-cache" in s + o for s, _, o in got)  # a label the table does not know states nothing


REPORTED = """---
title: "Fares rounded down"
source_type: "jira"
source_metadata:
  "key": "FARE-31"
---

# Fares rounded down

Reported by Olga Ivanova via the support queue.
Assigned to Chen Wei after triage.
Moved to Postgres last year.
"""


def test_a_line_opening_with_a_passive_role_label_names_who_did_it(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, REPORTED)
    got = {(s, rel, o) for s, rel, o, _ in triples(found)}
    assert {("Olga Ivanova", "REPORTED", "FARE-31"), ("FARE-31", "ASSIGNED_TO", "Chen Wei")} <= got
    assert not any("Postgres" in s + o for s, _, o in got)  # "Moved to" is no label of a role
