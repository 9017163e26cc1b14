"""Who a document's front matter names, in which role, cited by line; bots, addresses and placeholders skipped."""

from __future__ import annotations

from zehn.people.roles import document_facts, is_person_name, person_id

FRONT = '''---
id: "doc_1"
title: "Ticket"
authors: ["Odile Brandt"]
participants: ["Odile Brandt", "deploy-bot", "ops@example.com", "Henrik Dahl"]
source_metadata:
  "assignee": "Odile Brandt"
  "reviewers": ["Yusuf Demir", "n/a"]
  "components": ["Invoice-Renderer"]
  "labels": ["VAT"]
---
'''


def test_people_roles_and_citations_come_from_the_lines() -> None:
    line_start = FRONT.index('  "assignee"')
    facts = document_facts({"id": "doc_1", "title": "Ticket", "source_type": "jira", "updated": "2026-01-01",
                            "front_matter": FRONT,
                            "evidence": [{"id": "ev_0000000000000001", "start": line_start,
                                          "end": FRONT.index("\n", line_start)}]})
    roles = {(p.person_id, p.role) for p in facts.people}
    assert roles == {("person:odile-brandt", "author"), ("person:odile-brandt", "participant"),
                     ("person:henrik-dahl", "participant"), ("person:odile-brandt", "assignee"),
                     ("person:yusuf-demir", "reviewer")}
    assignee = next(p for p in facts.people if p.role == "assignee")
    assert assignee.citation == "ev_0000000000000001"
    author = next(p for p in facts.people if p.role == "author")
    assert author.citation == f"doc_1[{author.line.start}:{author.line.end}]"
    assert FRONT[author.line.start:author.line.end] == author.line.text
    assert facts.components == ("invoice-renderer",) and facts.topics == ("vat",)
    assert facts.people_ids() == ["person:odile-brandt", "person:henrik-dahl", "person:yusuf-demir"]


def test_names_that_are_not_people() -> None:
    assert not any(is_person_name(v) for v in ("ops-bot", "alertbot", "Nightly Bot", "a@b.c", "n/a", "  ", "#7"))
    assert all(is_person_name(v) for v in ("Talbot Reyes", "Odile Brandt", "kai"))
    assert person_id("Odile  Brandt") == "person:odile-brandt"
