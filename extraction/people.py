"""The people a document itself names in its metadata, and where the body mentions them.

A name in the document's own metadata (authors, participants, and every front-matter field whose label takes a
person: assignee, reporter, reviewers, owner ...) is a Person wherever the body writes it in full, even where the
small NER model misses it. Chat exports list lowercase handles as participants ("maya", "kevin (sre)"): a handle
written in the body as a speaker prefix, an ``@handle`` or a plain lowercase word is a Person when it names exactly
one participant, by handle or by first name; a handle that fits two people is left alone (an ambiguity, not a
guess). Bots ("incident-bot", "ops_bot") are not people.

Mentions keep the text as written (``maya`` stays ``maya``): the verifier binds an edge by the name it carries, so
a name is only ever merged with spellings it can still find in the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from extraction.documents import SourceDocument
from verify.vocabulary import LABELS

# Front-matter keys that list people without stating a relation of the vocabulary (authorship, attendance); the
# answerer reads chat speakers from the same keys (zehn.agent.speakers).
PEOPLE_KEYS = frozenset({"author", "authors", "participants", "participants_internal", "participants_external",
                          "collaborators", "attendees", "mailbox_owner", "se_assigned", "csm_assigned"})
_TEAM_TAG = re.compile(r"^(?P<handle>[\w.\-]+)\s*\((?P<team>[^)]{1,40})\)$")
HANDLE = re.compile(r"^[a-z][a-z0-9._\-]{1,30}$")  # a lowercase chat handle
_BOT = re.compile(r"(?:^|[\-_.])bot$|^bot[\-_.]")


@dataclass(frozen=True)
class People:
    """Names of the document's people: full names (as written), and lowercase handles resolved uniquely."""

    full_names: frozenset[str] = frozenset()
    handles: frozenset[str] = frozenset()  # lowercase participant handles that name one participant
    first_names: frozenset[str] = frozenset()  # "Liam" when exactly one participant is called Liam
    teams: dict[str, str] = field(default_factory=dict)  # handle -> team tag ("kevin (sre)" -> "sre")


def _names(document: SourceDocument) -> list[str]:
    found = [*document.authors, *document.participants]
    for line in document.metadata_lines:
        rule = LABELS.get(line.key)
        if line.key in PEOPLE_KEYS or (rule is not None and rule.value_type == "Person"):
            found.extend(line.values)
    return [" ".join(n.split()) for n in found if n and n.strip()]


def people_of(document: SourceDocument) -> People:
    """The people named by the document's metadata."""
    full: set[str] = set()
    handles: dict[str, list[str]] = {}
    teams: dict[str, str] = {}
    for name in _names(document):
        tagged = _TEAM_TAG.match(name)
        if tagged:
            name = tagged.group("handle")
            teams[name.casefold()] = tagged.group("team")
        if _BOT.search(name.casefold()) or "@" in name or "/" in name:
            continue
        if HANDLE.match(name):
            handles.setdefault(name, []).append(name)
        elif " " in name and name[:1].isupper():
            full.add(name)
            handles.setdefault(name.split()[0].casefold(), []).append(name)
    unique = {h for h, owners in handles.items() if len(set(owners)) == 1}
    own_handles = frozenset(h for h in unique if handles[h][0] == h)
    firsts = frozenset(handles[h][0].split()[0] for h in unique if handles[h][0] != h)
    return People(frozenset(full), own_handles, firsts, teams)


def _word_at(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "_-./") and not (after.isalnum() or after in "_-/@" or
                                                                 text[end:end + 2] in (".c", ".i"))


def find_people(text: str, people: People) -> list[tuple[int, int]]:
    """(start, end) of every full name and every resolved handle written in ``text``."""
    found: list[tuple[int, int]] = []
    for name in sorted(people.full_names, key=len, reverse=True):
        for m in re.finditer(re.escape(name), text):
            if _word_at(text, m.start(), m.end()):
                found.append((m.start(), m.end()))
    for first in people.first_names:
        for m in re.finditer(re.escape(first), text):
            if _word_at(text, m.start(), m.end()) and not text[m.end():m.end() + 1].isupper():
                found.append((m.start(), m.end()))
    for handle in people.handles:
        for m in re.finditer(rf"@?{re.escape(handle)}", text):
            start = m.start() + (1 if m.group(0).startswith("@") else 0)
            if _word_at(text, start, m.end()):
                found.append((start, m.end()))
    return found
