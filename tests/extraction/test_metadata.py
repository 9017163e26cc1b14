"""Relations from front-matter metadata lines: document entity, field mapping, exact line/value/key spans."""

from __future__ import annotations

import json

from extraction.documents import MetadataLine, SourceDocument, sha256_hex
from extraction.label_fallbacks import link_field_rule
from extraction.list_scopes import LINK_RULE
from extraction.metadata import document_entity, relations_from_metadata, type_hints


def make_document(source_type: str, title: str, fields: dict[str, str | list[str]]) -> SourceDocument:
    """A document whose front matter holds `title` and `fields` as `"key": value` lines, with exact spans."""
    lines = ["---", f'title: "{title}"', f'source_type: "{source_type}"', "source_metadata:"]
    lines += [f'  "{key}": {json.dumps(value)}' for key, value in fields.items()]
    lines += ["---", "", "# Body", "", "Nothing to see here.", ""]
    text = "\n".join(lines)
    metadata: list[MetadataLine] = []
    items = [("title", title), *fields.items()]
    for key, value in items:
        marker = f'title: "{title}"' if key == "title" else f'  "{key}": '
        start = text.index(marker)
        end = text.index("\n", start)
        values = tuple(value) if isinstance(value, list) else (value,)
        spans, pos = [], start + len(marker) - (len(title) + 1 if key == "title" else 0)
        for v in values:
            at = text.index(f'"{v}"', pos - 1) + 1
            spans.append((at, at + len(v)))
            pos = at + len(v)
        metadata.append(MetadataLine(key, values, start, end, tuple(spans)))
    return SourceDocument(
        id="doc_test", title=title, source_type=source_type, text=text, body_start=text.index("# Body"),
        path="t.md", original_path=None, authors=(), participants=(), created=None, updated=None,
        metadata_lines=tuple(metadata), content_hash=sha256_hex(text),
    )  # fmt: skip


JIRA: dict[str, str | list[str]] = {
    "key": "SUP-231", "reporter": "Hannah Cole", "assignee": "Felix Huang", "customer_company": "Meridian Cold Chain",
    "components": ["api-gateway", "rate-limiter"], "linked_issues": ["OPS-412", "SUP-231"],
    "related_github_prs": ["https://github.com/x/y/pull/1"], "labels": ["sdk"], "status": "Open",
    "project": "customer-support", "affected_models": ["quote-model-v2"],
}  # fmt: skip


def test_ticket_relations_and_directions() -> None:
    doc = make_document("jira", "429 spike after SDK upgrade", JIRA)
    mentions, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.subject.type, r.rel_type, r.object.name, r.object.type) for r in rels}
    assert got == {
        ("SUP-231", "Ticket", "ASSIGNED_TO", "Felix Huang", "Person"),
        ("Hannah Cole", "Person", "REPORTED", "SUP-231", "Ticket"),
        ("SUP-231", "Ticket", "CONCERNS", "Meridian Cold Chain", "Customer"),
        ("SUP-231", "Ticket", "HAS_COMPONENT", "api-gateway", "Component"),
        ("SUP-231", "Ticket", "HAS_COMPONENT", "rate-limiter", "Component"),
        ("SUP-231", "Ticket", "LINKED_TO", "OPS-412", "Ticket"),  # the self-link is skipped
        ("SUP-231", "Ticket", "LINKED_TO", "https://github.com/x/y/pull/1", "Ticket"),  # a PR URL names a PR
        ("SUP-231", "Ticket", "PART_OF", "customer-support", "Project"),
        ("SUP-231", "Ticket", "AFFECTS", "quote-model-v2", "Component"),
    }
    assert mentions[0] == document_entity(doc)


def test_spans_are_the_line_the_value_and_the_key() -> None:
    doc = make_document("jira", "429 spike", JIRA)
    own = document_entity(doc)
    assert own is not None and doc.text[own.start : own.end] == "SUP-231"
    _, rels = relations_from_metadata(doc)
    for r in rels:
        assert r.kind == "metadata" and not (r.negated or r.hedged or r.planned)
        line = doc.text[r.sentence_start : r.sentence_end]
        assert "\n" not in line and line.strip().startswith(f'"{r.raw_verb}"')
        assert doc.text[r.predicate_start : r.predicate_end] == r.raw_verb
        value = r.object if r.subject == own else r.subject
        assert doc.text[value.start : value.end] == value.name or value.name.startswith("https://")
        assert r.sentence_start <= value.start < value.end <= r.sentence_end


def test_linear_dependencies() -> None:
    doc = make_document(
        "linear", "SSE framing", {"key": "RTE-57", "dependencies": ["RTE-52", "RTE-55"], "creator": "Ingrid Solberg"}
    )
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.rel_type, r.object.name) for r in rels}
    assert got == {
        ("RTE-57", "DEPENDS_ON", "RTE-52"),
        ("RTE-57", "DEPENDS_ON", "RTE-55"),
        ("Ingrid Solberg", "REPORTED", "RTE-57"),
    }


def test_reviewers_and_owners_point_at_the_document_entity() -> None:
    title = "Postmortem: checkout slowdown"
    doc = make_document(
        "confluence",
        title,
        {
            "author": "Omar Haddad",
            "owner_team": "engineering",
            "reviewers": ["Ruth Adeyemi", "Ravi Iyer"],
            "owner": "",
        },
    )
    own = document_entity(doc)
    assert own is not None and own.type == "Page" and own.name == title
    assert doc.text[own.start : own.end] == title
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.subject.type, r.rel_type, r.object.name) for r in rels}
    assert got == {
        ("Ruth Adeyemi", "Person", "REVIEWED", title),
        ("Ravi Iyer", "Person", "REVIEWED", title),
        ("engineering", "Team", "OWNS", title),
    }


def test_no_document_entity_no_relations() -> None:
    doc = make_document("slack", "incidents", {"participants": ["nina"]})
    doc = SourceDocument(**{**doc.__dict__, "metadata_lines": doc.metadata_lines[1:]})
    assert relations_from_metadata(doc) == ([], [])


def test_type_hints() -> None:
    hints = type_hints(make_document("jira", "t", JIRA))
    assert hints["meridian cold chain"] == "Customer" and hints["api-gateway"] == "Component"
    assert hints["felix huang"] == "Person" and "https://github.com/x/y/pull/1" not in hints


def test_a_field_whose_key_says_it_links_links_each_value() -> None:
    doc = make_document("jira", "Export stuck", {
        "key": "DAT-88", "related_wiki_pages": ["https://wiki.example.com/pages/export-runbook"],
        "linked_support_cases": ["SUP-12", "SUP-13"], "see_also": ["DAT-71"], "duplicate_of": ["DAT-80"],
        "blocked_by_issues": ["DAT-90"], "parent_epic": ["DAT-1"], "labels": ["DAT-99"],
    })  # fmt: skip
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.rel_type, r.object.name) for r in rels}
    assert got == {
        ("DAT-88", "LINKED_TO", "https://wiki.example.com/pages/export-runbook"),
        ("DAT-88", "LINKED_TO", "SUP-12"), ("DAT-88", "LINKED_TO", "SUP-13"), ("DAT-88", "LINKED_TO", "DAT-71"),
        ("DAT-88", "LINKED_TO", "DAT-80"), ("DAT-90", "BLOCKS", "DAT-88"), ("DAT-88", "PART_OF", "DAT-1"),
    }  # fmt: skip  (labels are tags, not links)


def test_link_field_rule_reads_the_words_of_the_key() -> None:
    assert link_field_rule("related_design_docs") == LINK_RULE and link_field_rule("Linked threads") == LINK_RULE
    assert link_field_rule("external_links") == LINK_RULE
    rule = link_field_rule("depends_on_tickets")
    assert rule is not None and rule.rel_type == "DEPENDS_ON"
    assert link_field_rule("customer_tier") is None and link_field_rule("labels") is None


def test_a_link_value_named_with_its_tool_or_as_a_slug_names_the_reference() -> None:
    doc = make_document("confluence", "Rollout review", {"related_links": [
        "Tracker: OPS-41", "GitHub: acme/web#77", "Drive: shared/plans/rollout-plan", "Dashboard: Error budget (prod)",
        "ops:OPS-42-rollback-steps", "INC-2031-04-02-001", "gdrive://shared_drives/plans/rollout.docx (draft)",
    ]})  # fmt: skip
    _, rels = relations_from_metadata(doc)
    got = {(r.object.name, r.object.type) for r in rels}
    assert got == {("OPS-41", "Ticket"), ("acme/web#77", "Ticket"), ("shared/plans/rollout-plan", "Page"),
                   ("OPS-42", "Ticket"), ("INC-2031-04-02-001", "Ticket"),
                   ("gdrive://shared_drives/plans/rollout.docx", "Page")}  # fmt: skip
    for r in rels:
        assert doc.text[r.object.start : r.object.end] == r.object.name
