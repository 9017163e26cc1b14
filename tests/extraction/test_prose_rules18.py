"""Rules of the eighteenth pass (zehn-rules-40): a task's bold title of a dozen words still names the task its owner
sub-item is about; a comment whose writer opens it with "Created ticket ..." names the ticket's reporter; a
site-absolute page path with a note after it is a reference; a bare "PR:" after a change described is that change's
fix; a plural of parties after a name ("X users") is no value naming X; an owners' value "Group (Person)" makes each
person a member of the group, and the group the owner of a system the item is keyed by; a section's number before a
heading's name ("Appendix C: Ownership") does not hide the heading's label."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.list_scopes import list_rule
from extraction.people import People
from extraction.values import stood_for, value_mentions
from tests.extraction.test_lines import read as read_rows
from tests.extraction.test_lines import triples
from tests.extraction.test_prose_rules import read

REVIEW = """---
title: "Review: cold-storage migration stalls"
source_type: "confluence"
---

# Review: cold-storage migration stalls

## Follow-up actions

1. **Move the nightly archive export onto the new storage tier and retire the legacy batch host**
   - Owner: **Mara Quist** + **Tomas Brandt**
   - Target: end of quarter
"""


def test_an_owner_sub_item_owns_a_task_whose_bold_title_runs_past_sixty_characters(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read_rows(nlp, tmp_path, REVIEW)
    owned = {(s, o) for s, r, o, _ in triples(rels) if r == "OWNS"}
    title = "Move the nightly archive export onto the new storage tier and retire the legacy batch host"
    assert {("Mara Quist", title), ("Tomas Brandt", title)} <= owned


TICKET = "HELP-310: Label printer drops every second page"


@pytest.mark.parametrize("body", [
    "2026-01-05 10:02 UTC — Mara Quist (Support): Created ticket from the partner escalation. Assigning to Li Wei.",
    "Mara Quist (Support) 2026-01-06: Opened this ticket after a call with the warehouse.",
    "2026-01-05 10:02 (Mara Quist): Filed the issue after the customer wrote in.",
])
def test_the_writer_of_a_comment_that_opens_by_raising_the_ticket_reported_it(
        nlp: Language, tmp_path: Path, body: str) -> None:
    assert ("Mara Quist", "REPORTED", TICKET, "d") in read(nlp, tmp_path, TICKET, body)


@pytest.mark.parametrize("body", [
    "Mara Quist and Li Wei (Support): Created ticket from the partner escalation.",
    "We created ticket HELP-311 for the driver problem, says Mara Quist.",
    "Created ticket from the partner escalation.",
])
def test_raising_a_ticket_with_no_single_writer_before_a_colon_names_no_reporter(
        nlp: Language, tmp_path: Path, body: str) -> None:
    assert not any(r == "REPORTED" for _, r, _, _ in read(nlp, tmp_path, TICKET, body))


RUNBOOK = """---
title: "Runbook: archive export stalls"
source_type: "confluence"
---

# Runbook: archive export stalls

Check the export queue first.

Related pages
-------------
- /wiki/storage-team/runbooks/archive-export-restart-procedure (for the restart steps)
- /wiki/storage-team/design/cold-tier-layout — background reading

Contact
-------
Ask in the storage channel.
"""


def test_a_site_absolute_page_path_with_a_note_under_related_pages_is_linked(nlp: Language, tmp_path: Path) -> None:
    _, rels = read_rows(nlp, tmp_path, RUNBOOK)
    linked = {o for _, r, o, _ in triples(rels) if r == "LINKED_TO"}
    assert "/wiki/storage-team/runbooks/archive-export-restart-procedure" in linked
    assert "/wiki/storage-team/design/cold-tier-layout" in linked


def test_a_reference_list_item_names_its_own_predicate_not_the_far_heading(nlp: Language, tmp_path: Path) -> None:
    _, rels = read_rows(nlp, tmp_path, RUNBOOK)
    link = next(r for r in rels if r["rel_type"] == "LINKED_TO" and "restart-procedure" in r["object"])
    assert link["predicate_span"] is not None  # inside the line: the unit holding the path, not its note, has it


CHAT = "ops-bridge"
PULL = "https://git.example.com/store/exporter/pull/88"


@pytest.mark.parametrize("body", [
    f"kim (storage): patch queued: cap the export retries + add jitter. PR: {PULL} (wip).",
    f"kim (storage): Created PR to cap the export retries. Linked PR: {PULL}.",
    f"kim (storage): Pushed a draft retry change to cap the export loop (PR: {PULL}).",
])
def test_a_bare_pr_link_after_a_described_change_is_its_planned_fix(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, CHAT, body)
    assert (PULL, "FIXES", CHAT, "pd") in found


def test_a_bare_pr_link_with_no_change_described_is_only_linked(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, CHAT, f"kim (storage): looked at the export logs again. PR: {PULL}.")
    assert (CHAT, "LINKED_TO", PULL, "d") in found
    assert not any(r == "FIXES" for _, r, _, _ in found)


def _mention(text: str, name: str, kind: str) -> Mention:
    at = text.index(name)
    return Mention(name, kind, at, at + len(name))


def test_a_plural_of_parties_after_a_name_is_no_value_naming_it() -> None:
    value = "Orvane Logistics (timeouts), Telmark users, Brisco accounts"
    named = [_mention(value, n, "Customer") for n in ("Orvane Logistics", "Telmark", "Brisco")]
    found = value_mentions(value, 0, len(value), named, "Customer", People())
    assert [m.name for m in found] == ["Orvane Logistics"]


@pytest.mark.parametrize(("value", "expected"), [
    ("Data Platform (Mara Quist) + Storage/Backups (Tomas Brandt)",
     [("Data Platform", ["Mara Quist"]), ("Storage/Backups", ["Tomas Brandt"])]),
    ("SRE (Ana Lima, Jon Berg)", [("SRE", ["Ana Lima", "Jon Berg"])]),
    ("Archive team (Ana Lima and Jon Berg)", [("Archive team", ["Ana Lima", "Jon Berg"])]),
    ("Mara Quist (Policy engine)", []),
    ("Mara Quist (Support lead) + Tomas Brandt (Product Owner)", []),
    ("SRE On-Call (edge/networking)", []),
    ("Data Platform (primary), Storage", []),
])
def test_a_group_with_the_people_who_stand_for_it_in_brackets(value: str,
                                                               expected: list[tuple[str, list[str]]]) -> None:
    found = stood_for(value, 0, len(value), [], People())
    assert [(g.name, [p.name for p in people]) for g, people in found] == expected


DESIGN = """---
title: "Design: archive tiering"
source_type: "confluence"
---

# Design: archive tiering

The archive-sync job moves cold rows to the new tier.

## Appendix C: Ownership
- archive-sync and its alerts: Data Platform (Mara Quist) + Storage/Backups (Tomas Brandt)
- Release hygiene and paging: SRE (Ana Lima, Jon Berg)
"""


def test_an_owners_appendix_keyed_by_a_system_gives_owners_and_members(nlp: Language, tmp_path: Path) -> None:
    _, rels = read_rows(nlp, tmp_path, DESIGN)
    found = {(s, r, o) for s, r, o, _ in triples(rels)}
    assert {("Data Platform", "OWNS", "archive-sync"), ("Storage/Backups", "OWNS", "archive-sync"),
            ("Mara Quist", "MEMBER_OF", "Data Platform"), ("Tomas Brandt", "MEMBER_OF", "Storage/Backups")} <= found


def test_an_owners_item_keyed_by_an_area_gives_members_only(nlp: Language, tmp_path: Path) -> None:
    _, rels = read_rows(nlp, tmp_path, DESIGN)
    found = {(s, r, o) for s, r, o, _ in triples(rels)}
    assert {("Ana Lima", "MEMBER_OF", "SRE"), ("Jon Berg", "MEMBER_OF", "SRE")} <= found
    assert not any(s == "SRE" and r == "OWNS" for s, r, _ in found)


@pytest.mark.parametrize(("heading", "rel_type"), [
    ("Appendix C: Ownership", "OWNS"), ("B) Affected components", "AFFECTS"), ("4. Dependencies", "DEPENDS_ON"),
    ("Section 2 - Related pages", "LINKED_TO"),
])
def test_a_sections_number_before_its_name_keeps_the_headings_label(heading: str, rel_type: str) -> None:
    rule = list_rule(heading)
    assert rule is not None and rule.rel_type == rel_type


def test_a_heading_that_is_only_a_number_and_words_of_no_label_governs_nothing() -> None:
    assert list_rule("Appendix D: Glossary") is None


def test_the_reporters_evidence_holds_the_comment_head_that_names_the_writer(nlp: Language, tmp_path: Path) -> None:
    doc = f"""---
title: "{TICKET}"
source_type: "jira"
key: "HELP-310"
---

# {TICKET}

## comments

2026-01-05 10:02 UTC — Mara Quist (Support): Created ticket from the partner escalation. Assigning to Li Wei.
"""
    _, rels = read_rows(nlp, tmp_path, doc)
    reported = [r for r in rels if r["rel_type"] == "REPORTED"]
    assert reported and all(r["evidence"].startswith("Mara Quist (Support): Created ticket") for r in reported)
