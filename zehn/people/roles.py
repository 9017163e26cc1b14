"""Who a document names, and in which role: read from its own front-matter lines (each one cited).

One table (:data:`ROLE_KEYS`) maps the fields trackers, code hosts, chat and meeting tools use for people to a
role. Values that are not a person's name are skipped: addresses and links, placeholders, and accounts that are
bots by name (``*-bot``, ``* bot``). A person's id is the entity id the ingest gives a Person of that name
(``person:<slug>``), so the projection joins the entity graph by id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from extraction.identity import entity_id, name_key
from traversal_policy.cited_lines import CitedLine, cited_lines

Role = Literal["author", "participant", "organizer", "assignee", "reporter", "reviewer", "owner", "sender",
               "recipient"]
ROLE_KEYS: dict[str, Role] = {
    "authors": "author", "author": "author", "creator": "reporter", "reporter": "reporter",
    "participants": "participant", "attendees": "participant", "members": "participant",
    "organizer": "organizer", "host": "organizer",
    "assignee": "assignee", "assignees": "assignee",
    "reviewers": "reviewer", "reviewer": "reviewer", "approvers": "reviewer",
    "owner": "owner", "owners": "owner",
    "from": "sender", "to": "recipient", "cc": "recipient",
}  # fmt: skip
WRITER_ROLES: frozenset[Role] = frozenset({"author", "sender"})
COMPONENT_KEYS = ("components", "component")
TOPIC_KEYS = ("labels", "tags", "topics")
_NOT_A_NAME = re.compile(r"@|://|^[/#]")
_BOT = re.compile(r"(?i:(?:^|[-_ .])bot)$|^[a-z]+bot$")  # "ci-bot", "Nightly Bot", "alertbot"
_PLACEHOLDERS = frozenset({"", "-", "none", "null", "n/a", "na", "tbd", "unassigned", "unknown", "nobody"})


def person_id(name: str) -> str:
    return entity_id("Person", name)


def is_person_name(value: str) -> bool:
    clean = value.strip()
    return (clean.casefold() not in _PLACEHOLDERS and not _NOT_A_NAME.search(clean) and not _BOT.search(clean)
            and any(ch.isalpha() for ch in clean))


@dataclass(frozen=True)
class DocumentPerson:
    """One person named on one document's metadata line, in one role."""

    person_id: str
    name: str
    role: Role
    line: CitedLine

    @property
    def citation(self) -> str:
        """The line's evidence id, or ``document_id[start:end]`` when the ingest kept no row for it."""
        return self.line.evidence_id or f"{self.line.document_id}[{self.line.start}:{self.line.end}]"


@dataclass(frozen=True)
class DocumentFacts:
    """What one document's front matter says about people, components and topics."""

    id: str
    title: str
    source_type: str
    updated: str | None
    people: tuple[DocumentPerson, ...]
    components: tuple[str, ...]  # casefolded names
    topics: tuple[str, ...]  # casefolded labels

    def people_ids(self) -> list[str]:
        return list(dict.fromkeys(p.person_id for p in self.people))


def document_facts(row: Mapping[str, Any]) -> DocumentFacts:
    """From a row with ``id, title, source_type, updated, front_matter`` (or ``text``) and ``evidence``."""
    text = str(row.get("front_matter") or row.get("text") or "")
    lines = cited_lines(str(row["id"]), text, row.get("evidence") or [])
    people: list[DocumentPerson] = []
    seen: set[tuple[str, str]] = set()
    for line in lines:
        role = ROLE_KEYS.get(line.key)
        if role is None:
            continue
        for value in line.values:
            if not is_person_name(value):
                continue
            name = " ".join(value.split())
            pid = person_id(name)
            if (pid, role) not in seen:
                seen.add((pid, role))
                people.append(DocumentPerson(pid, name, role, line))
    return DocumentFacts(
        id=str(row["id"]), title=str(row.get("title") or row["id"]), source_type=str(row.get("source_type") or ""),
        updated=str(row["updated"]) if row.get("updated") else None, people=tuple(people),
        components=_values(lines, COMPONENT_KEYS), topics=_values(lines, TOPIC_KEYS))


def _values(lines: Sequence[CitedLine], keys: Iterable[str]) -> tuple[str, ...]:
    wanted = set(keys)
    return tuple(dict.fromkeys(name_key(v) for ln in lines if ln.key in wanted for v in ln.values if v.strip()))
