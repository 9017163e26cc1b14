"""Relations read from a document's structured front-matter lines (kind="metadata").

The document's own entity is the subject or object of most of them:

* a tracker issue (jira/linear, or any document with a `key`/`identifier` line that looks like a ticket key) is a
  Ticket named by the key; its mention span is the value span on that key line;
* any other document is a Document entity named by its title, spanned on the `title` line when there is one.

Field mapping (`FIELD_RULES`; see the direction table in extraction/vocabulary.py):

    assignee            (Ticket)-[:ASSIGNED_TO]->(Person)
    reporter, creator   (Person)-[:REPORTED]->(Ticket)
    components          (Ticket)-[:HAS_COMPONENT]->(Component)
    linked_issues, linked_jira, linked_linear   (Ticket|Document)-[:LINKED_TO]->(Ticket)
    dependencies        (Ticket)-[:DEPENDS_ON]->(Ticket)
    customer_company    (Ticket)-[:CONCERNS]->(Customer)
    reviewers           (Person)-[:REVIEWED]->(Document)
    owner / owner_team  (Person|Team)-[:OWNS]->(Document|Ticket)

Evidence range = the exact metadata line; object span = the value span; predicate = the key as written in the
line (`raw_verb` = the key). The document entity's span is on its own key/title line, so for metadata relations
one end may lie outside the evidence line (the key line is cited next to it). Empty values, placeholders and
values that are paths or URLs are skipped.
"""

from __future__ import annotations

import re

from extraction.documents import MetadataLine, SourceDocument
from extraction.extraction_types import Mention, RelationCandidate

# key -> (rel_type, the document entity is the subject?, type of the value entity)
FIELD_RULES: dict[str, tuple[str, bool, str]] = {
    "assignee": ("ASSIGNED_TO", True, "Person"),
    "reporter": ("REPORTED", False, "Person"),
    "creator": ("REPORTED", False, "Person"),
    "components": ("HAS_COMPONENT", True, "Component"),
    "linked_issues": ("LINKED_TO", True, "Ticket"),
    "linked_jira": ("LINKED_TO", True, "Ticket"),
    "linked_linear": ("LINKED_TO", True, "Ticket"),
    "dependencies": ("DEPENDS_ON", True, "Ticket"),
    "customer_company": ("CONCERNS", True, "Customer"),
    "reviewers": ("REVIEWED", False, "Person"),
    "owner": ("OWNS", False, "Person"),
    "owner_team": ("OWNS", False, "Team"),
}
_TICKET_KEYS = ("key", "identifier")
_TICKET_SOURCES = frozenset({"jira", "linear"})
_TICKET_VALUE = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}")
_PLACEHOLDERS = frozenset({"", "-", "none", "null", "n/a", "na", "tbd", "unassigned", "unknown", "[]"})
# Which type a value of these keys has, for typing the same names in the body (`type_hints`).
_HINT_KEYS: dict[str, str] = {
    "customer_company": "Customer", "components": "Component", "assignee": "Person", "reporter": "Person",
    "creator": "Person", "reviewers": "Person", "author": "Person", "owner": "Person", "owner_team": "Team",
}  # fmt: skip


def _usable(value: str) -> bool:
    v = value.strip()
    return (
        v.casefold() not in _PLACEHOLDERS
        and "://" not in v
        and not v.startswith(("/", "www."))
        and not ("/" in v and " " not in v)
    )


def _value_mention(document: SourceDocument, value: str, span: tuple[int, int], ent_type: str) -> Mention:
    start, end = span
    raw = document.text[start:end]
    if raw == value:  # written without escapes: trim the span with the name
        start += len(raw) - len(raw.lstrip())
        end -= len(raw) - len(raw.rstrip())
    return Mention(name=" ".join(value.split()), type=ent_type, start=start, end=end)


def _key_span(document: SourceDocument, line: MetadataLine) -> tuple[int, int]:
    text = document.text[line.start : line.end]
    for written in (f'"{line.key}"', f"'{line.key}'", line.key):
        at = text.find(written)
        if at >= 0:
            inner = 1 if written[0] in "\"'" else 0
            return line.start + at + inner, line.start + at + len(written) - inner
    return line.start, line.end  # a list item on its own line: the key is on the line above


def document_entity(document: SourceDocument) -> Mention | None:
    """The entity the document itself is: its Ticket (by key) or its Document (by title), or None."""
    for line in document.metadata_lines:
        if line.key in _TICKET_KEYS and len(line.values) == 1 and _usable(line.values[0]):
            value = line.values[0].strip()
            if document.source_type in _TICKET_SOURCES or _TICKET_VALUE.fullmatch(value):
                return _value_mention(document, value, line.value_spans[0], "Ticket")
    for line in document.metadata_lines:
        if line.key == "title" and len(line.values) == 1 and line.values[0].strip():
            return _value_mention(document, line.values[0].strip(), line.value_spans[0], "Page")
    return None


def type_hints(document: SourceDocument) -> dict[str, str]:
    """Casefolded metadata values -> entity type (e.g. the customer company), for `find_mentions(hints=...)`."""
    hints: dict[str, str] = {}
    for line in document.metadata_lines:
        ent_type = _HINT_KEYS.get(line.key)
        if ent_type is not None:
            hints.update((v.strip().casefold(), ent_type) for v in line.values if _usable(v))
    return hints


def relations_from_metadata(document: SourceDocument) -> tuple[list[Mention], list[RelationCandidate]]:
    """Mentions (the document entity and every mapped value) and relations read from the metadata lines."""
    own = document_entity(document)
    if own is None:
        return [], []
    mentions: list[Mention] = [own]
    relations: list[RelationCandidate] = []
    for line in document.metadata_lines:
        rule = FIELD_RULES.get(line.key)
        if rule is None:
            continue
        rel_type, own_is_subject, value_type = rule
        if rel_type == "REVIEWED" and own.type != "Page":
            continue
        p_start, p_end = _key_span(document, line)
        for value, span in zip(line.values, line.value_spans, strict=True):
            if not _usable(value):
                continue
            other = _value_mention(document, value, span, value_type)
            if (other.name.casefold(), other.type) == (own.name.casefold(), own.type):
                continue
            subject, obj = (own, other) if own_is_subject else (other, own)
            mentions.append(other)
            relations.append(
                RelationCandidate(
                    subject=subject,
                    object=obj,
                    rel_type=rel_type,
                    raw_verb=line.key,
                    predicate_start=p_start,
                    predicate_end=p_end,
                    sentence_start=line.start,
                    sentence_end=line.end,
                    kind="metadata",
                    negated=False,
                    hedged=False,
                    planned=False,
                )
            )
    return mentions, relations
