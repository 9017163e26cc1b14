"""Relations read from a document's structured front-matter lines (kind="metadata").

The document's own entity is the subject or object of most of them:

* a tracker issue (jira/linear, or any document with a `key`/`identifier` line that looks like a ticket key) is a
  Ticket named by the key; its mention span is the value span on that key line;
* any other document is a Document entity named by its title, spanned on the `title` line when there is one.

Field mapping: the shared label table `verify.vocabulary.LABELS` (the same table reads body lines and table headers;
see the direction table in extraction/vocabulary.py). For example:

    assignee            (Ticket)-[:ASSIGNED_TO]->(Person)
    reporter, creator   (Person)-[:REPORTED]->(Ticket)
    components          (Ticket)-[:HAS_COMPONENT]->(Component)
    linked_issues, related_prs, linked_artifacts ...   (Ticket|Page)-[:LINKED_TO]->(Ticket|Page)
    dependencies        (Ticket)-[:DEPENDS_ON]->(Ticket)
    customer_company    (Ticket)-[:CONCERNS]->(Customer)
    reviewers           (Person)-[:REVIEWED]->(Page)
    owner / owner_team  (Person|Team)-[:OWNS]->(Page|Ticket)
    project, repo       (Ticket|Page)-[:PART_OF]->(Project)
    affected_models ... (Ticket|Page)-[:AFFECTS]->(Component)

A key the table does not list is read by its words when they say it links (`extraction.label_fallbacks`:
`related_wiki_pages`, `linked_design_docs`, `see_also`, `blocked_by_issues`, `parent_epic`).

A value is typed by its shape first (a ticket key is a Ticket; a URL of a ticket, pull request or page is a Ticket or
a Page; a path is a Page where the label links pages), then by the label (an owner is a Person, an `owner_team` a
Team), else as a Component. Types are checked by `vocabulary.normalise`.

Evidence range = the exact metadata line; object span = the value span; predicate = the key as written in the line
(`raw_verb` = the key). The document entity's span is on its own key/title line, so for metadata relations one end
may lie outside the evidence line (the key line is cited next to it). Empty values and placeholders are skipped, and
so are paths and URLs that do not name a ticket, pull request or page.
"""

from __future__ import annotations

import re

from extraction.documents import MetadataLine, SourceDocument
from extraction.entity_rules import TICKET
from extraction.extraction_types import Mention, RelationCandidate
from extraction.label_fallbacks import link_field_rule
from extraction.values import url_mention
from extraction.vocabulary import TECHNOLOGIES, normalise
from verify.vocabulary import LABELS, LabelRule

_TICKET_KEYS = ("key", "identifier")
_TICKET_SOURCES = frozenset({"jira", "linear"})
_TICKET_VALUE = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}")
_PLACEHOLDERS = frozenset({"", "-", "none", "null", "n/a", "na", "tbd", "unassigned", "unknown", "[]"})
# Which type a value of these keys has, for typing the same names in the body (`type_hints`).
_HINT_KEYS: dict[str, str] = {
    "customer_company": "Customer", "components": "Component", "assignee": "Person", "reporter": "Person",
    "creator": "Person", "reviewers": "Person", "author": "Person", "owner": "Person", "owner_team": "Team",
    "owning_team": "Team",
}  # fmt: skip
_REPO_PR = re.compile(r"[\w.\-]+(?:/[\w.\-]+)?#\d{1,7}")
# How link fields write a reference besides a bare key: with the tool it lives in ("Jira: SUP-12", "GitHub:
# org/repo#7", "linear:ENG-4-slug"), as a key opening a slug ("SUP-12-upgrade-stuck"), or as an incident id with a
# date in it ("INC-2031-07-09-004"). The key, the reference or the path after the tool is the value.
_NOTE = re.compile(r"\s+\([^()]*\)$")
_TOOL_PREFIX = re.compile(r"^[A-Za-z][A-Za-z ]{0,20}:\s*(?!//)")
_KEY_SLUG = re.compile(r"^[A-Z][A-Z0-9]{1,9}-\d{1,7}(?=-[a-z])")
_DATED_ID = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{2,8}(?:-\d{1,8}){1,3}")
_PATH = re.compile(r"^[\w.:-]*/\S+$")
# A link field's value written as the linked document's slug, as exporters name a PR, thread or transcript by its
# words ("pr-28522-fix-prefill-kernel", "20250522-upgrade-change-approval"): an identifier of that document, as its
# path is. Three or more lowercase parts, at least one of them a word: not a tag ("p1") or a date ("2025-06-12").
_SLUG = re.compile(r"(?=[a-z0-9_-]*[a-z]{3})[a-z0-9]+(?:[-_][a-z0-9]+){2,}")


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


def _typed_value(document: SourceDocument, value: str, span: tuple[int, int], rule: LabelRule) -> Mention | None:
    """The value as an entity, typed by its shape, then by the label; None for placeholders and unusable paths."""
    v = value.strip()
    if v.casefold() in _PLACEHOLDERS:
        return None
    if TICKET.fullmatch(v) or _REPO_PR.fullmatch(v):  # "OPS-412", "larkspur-labs/rate-engine#318"
        return _value_mention(document, v, span, "Ticket")
    if "://" in v:
        v = _NOTE.sub("", v)  # "gdrive://.../plan.docx (stub)": the note is not part of the address
        at = document.text.find(v, span[0], span[1] + 1)
        return url_mention(v, at) if at >= 0 else None
    if not _usable(v):
        if rule.rel_type == "LINKED_TO" and _PATH.match(v.split(" (")[0]):
            return _value_mention(document, v, span, "Page")
        return None
    if rule.rel_type == "LINKED_TO":
        return _linked_value(document, v, span)  # a free-text title is not a ticket or a page we could name
    if v.casefold() in TECHNOLOGIES:  # "database": "Postgres" names the technology, as the body would
        return _value_mention(document, v, span, "Technology")
    if rule.value_type == "Person" and rule.rel_type == "OWNS" and "team" in v.casefold().split():
        return _value_mention(document, v, span, "Team")
    return _value_mention(document, v, span, rule.value_type or "Component")


def _linked_value(document: SourceDocument, value: str, span: tuple[int, int]) -> Mention | None:
    """A link field's value written with its tool's name, as a key opening a slug, or as a dated incident id."""
    raw = document.text[span[0] : span[1]]
    if raw != value:
        return None  # written with escapes: no exact slice to name
    lead = _TOOL_PREFIX.match(value)
    if lead is not None and lead.end() < len(value):
        rest = value[lead.end() :]
        at = span[0] + lead.end()
        if TICKET.fullmatch(rest) or _REPO_PR.fullmatch(rest) or _DATED_ID.fullmatch(rest):
            return Mention(name=rest, type="Ticket", start=at, end=at + len(rest))
        slug = _KEY_SLUG.match(rest)
        if slug is not None:
            return Mention(name=slug.group(0), type="Ticket", start=at, end=at + slug.end())
        if "://" not in rest and _PATH.match(rest) and " " not in rest:
            return Mention(name=rest, type="Page", start=at, end=at + len(rest))
        return None
    slug = _KEY_SLUG.match(value)
    if slug is not None or _DATED_ID.fullmatch(value):
        name = slug.group(0) if slug is not None else value
        return Mention(name=name, type="Ticket", start=span[0], end=span[0] + len(name))
    if _SLUG.fullmatch(value):
        return Mention(name=value, type="Page", start=span[0], end=span[1])
    return None


def relations_from_metadata(document: SourceDocument) -> tuple[list[Mention], list[RelationCandidate]]:
    """Mentions (the document entity and every mapped value) and relations read from the metadata lines."""
    own = document_entity(document)
    if own is None:
        return [], []
    mentions: list[Mention] = [own]
    relations: list[RelationCandidate] = []
    for line in document.metadata_lines:
        rule = LABELS.get(line.key) or link_field_rule(line.key)
        if rule is None or (rule.rel_type == "REVIEWED" and own.type != "Page"):
            continue
        if "team" in line.key and rule.value_type == "Person":
            rule = LabelRule(rule.rel_type, rule.value_is_subject, rule.about, "Team")
        p_start, p_end = _key_span(document, line)
        for value, span in zip(line.values, line.value_spans, strict=True):
            other = _typed_value(document, value, span, rule)
            if other is None or (other.name.casefold(), other.type) == (own.name.casefold(), own.type):
                continue
            rel_type = normalise(rule.rel_type, *((other.type, own.type) if rule.value_is_subject
                                                  else (own.type, other.type)))
            if rel_type is None:
                continue
            subject, obj = (other, own) if rule.value_is_subject else (own, other)
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
