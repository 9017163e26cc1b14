"""Relations from front-matter metadata lines: document entity, field mapping, exact line/value/key spans."""

from __future__ import annotations

import json

from extraction.documents import MetadataLine, SourceDocument, sha256_hex
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
    "key": "SUP-5120", "reporter": "Sam Okafor", "assignee": "Julia Novak", "customer_company": "Polaris Logistics",
    "components": ["api-gateway", "rate-limiter"], "linked_issues": ["SUP-71234", "SUP-5120"],
    "related_github_prs": ["https://github.com/x/y/pull/1"], "labels": ["sdk"], "status": "Open",
}  # fmt: skip


def test_ticket_relations_and_directions() -> None:
    doc = make_document("jira", "429 spike after SDK upgrade", JIRA)
    mentions, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.subject.type, r.rel_type, r.object.name, r.object.type) for r in rels}
    assert got == {
        ("SUP-5120", "Ticket", "ASSIGNED_TO", "Julia Novak", "Person"),
        ("Sam Okafor", "Person", "REPORTED", "SUP-5120", "Ticket"),
        ("SUP-5120", "Ticket", "CONCERNS", "Polaris Logistics", "Customer"),
        ("SUP-5120", "Ticket", "HAS_COMPONENT", "api-gateway", "Component"),
        ("SUP-5120", "Ticket", "HAS_COMPONENT", "rate-limiter", "Component"),
        ("SUP-5120", "Ticket", "LINKED_TO", "SUP-71234", "Ticket"),  # the self-link is skipped
    }
    assert mentions[0] == document_entity(doc)


def test_spans_are_the_line_the_value_and_the_key() -> None:
    doc = make_document("jira", "429 spike", JIRA)
    own = document_entity(doc)
    assert own is not None and doc.text[own.start : own.end] == "SUP-5120"
    _, rels = relations_from_metadata(doc)
    for r in rels:
        assert r.kind == "metadata" and not (r.negated or r.hedged or r.planned)
        line = doc.text[r.sentence_start : r.sentence_end]
        assert "\n" not in line and line.strip().startswith(f'"{r.raw_verb}"')
        assert doc.text[r.predicate_start : r.predicate_end] == r.raw_verb
        value = r.object if r.subject == own else r.subject
        assert doc.text[value.start : value.end] == value.name
        assert r.sentence_start <= value.start < value.end <= r.sentence_end


def test_linear_dependencies() -> None:
    doc = make_document(
        "linear", "SSE framing",
        {"key": "ENG-9031", "dependencies": ["ENG-4012", "ENG-4080"], "creator": "Nina Kowalski"},
    )
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.rel_type, r.object.name) for r in rels}
    assert got == {
        ("ENG-9031", "DEPENDS_ON", "ENG-4012"),
        ("ENG-9031", "DEPENDS_ON", "ENG-4080"),
        ("Nina Kowalski", "REPORTED", "ENG-9031"),
    }


def test_reviewers_and_owners_point_at_the_document_entity() -> None:
    title = "Postmortem: latency regression"
    doc = make_document(
        "confluence",
        title,
        {
            "author": "Peter Lund",
            "owner_team": "engineering",
            "reviewers": ["Elena Petrova", "Liam O'Hara"],
            "owner": "",
        },
    )
    own = document_entity(doc)
    assert own is not None and own.type == "Page" and own.name == title
    assert doc.text[own.start : own.end] == title
    _, rels = relations_from_metadata(doc)
    got = {(r.subject.name, r.subject.type, r.rel_type, r.object.name) for r in rels}
    assert got == {
        ("Elena Petrova", "Person", "REVIEWED", title),
        ("Liam O'Hara", "Person", "REVIEWED", title),
        ("engineering", "Team", "OWNS", title),
    }


def test_no_document_entity_no_relations() -> None:
    doc = make_document("slack", "incidents", {"participants": ["maya"]})
    doc = SourceDocument(**{**doc.__dict__, "metadata_lines": doc.metadata_lines[1:]})
    assert relations_from_metadata(doc) == ([], [])


def test_type_hints() -> None:
    hints = type_hints(make_document("jira", "t", JIRA))
    assert hints["polaris logistics"] == "Customer" and hints["api-gateway"] == "Component"
    assert hints["julia novak"] == "Person" and "https://github.com/x/y/pull/1" not in hints
