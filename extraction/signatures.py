"""E-mail signature blocks: who the writer is and which team and company they belong to.

    —                                 a separator line ("—", "--") or a closing ("Thanks,", "Best,", "Regards,")
    Dana Ruiz                         the writer: a person's name on a line of its own
    Staff Engineer, Payments          a job title, a "Title, Team" line or a team line
    Larkspur Labs                     the last line: the company

gives Dana Ruiz MEMBER_OF Payments and Dana Ruiz MEMBER_OF Larkspur Labs. The evidence is the block from the name
line to the company line (an exact slice); each membership's predicate span is the line it was read from. A line
that is a job title only ("Platform Exec Sponsor") states no membership.
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention, RelationCandidate
from extraction.vocabulary import words

_SEPARATOR = re.compile(r"^\s*(?:—|–|--|-- )\s*$")
_CLOSING = re.compile(r"^\s*(?:thanks|thank you|best|best regards|regards|cheers|sincerely|warm regards)[,!.]?\s*$",
                      re.I)
_NAME = re.compile(r"^\s*(?:(?:Dr|Mr|Ms|Mrs|Prof)\.?\s+)?(?P<name>[A-Z][\w'’\-]+(?:\s+[A-Z][\w'’.\-]+){1,3})\s*$")
_ORG_LINE = re.compile(r"^\s*[A-Z][\w&'’.\-]*(?:[ ,]+(?:&|and|of|for|[A-Z][\w&'’.\-]*))*\s*$")
# Words of job titles: a line with one of them names a role, not a team ("Head of Storage, Core Services").
TITLE_WORDS = words(
    """lead manager director engineer sponsor head vp chief officer president architect analyst specialist
    owner coordinator consultant scientist designer cto ceo cfo cso ciso coo founder partner associate intern
    advocate representative executive exec administrator admin principal staff senior sr jr counsel"""
)
MAX_LINES = 3


def _is_title(part: str) -> bool:
    return bool({w.strip(".,").casefold() for w in part.split()} & TITLE_WORDS)


def _team_part(line: str) -> tuple[int, int] | None:
    """Offsets (within ``line``) of the team a title/team line names, or None for a bare job title."""
    if not _is_title(line):
        return (len(line) - len(line.lstrip()), len(line.rstrip()))
    head, sep, tail = line.rpartition(",")
    if sep and tail.strip() and not _is_title(tail):
        start = len(head) + 1 + (len(tail) - len(tail.lstrip()))
        return (start, len(line.rstrip()))
    return None


def signature_relations(text: str, lines: list[tuple[int, int]]) -> list[RelationCandidate]:
    """Memberships read from the signature blocks among ``lines`` (document offsets of consecutive lines)."""
    found: list[RelationCandidate] = []
    for n, (s, e) in enumerate(lines[:-2]):
        if not (_SEPARATOR.match(text[s:e]) or _CLOSING.match(text[s:e])):
            continue
        name_line = lines[n + 1]
        m = _NAME.match(text[slice(*name_line)])
        if m is None:
            continue
        person = Mention(m.group("name"), "Person", name_line[0] + m.start("name"), name_line[0] + m.end("name"))
        block: list[tuple[int, int]] = []
        for ls, le in lines[n + 2 : n + 2 + MAX_LINES]:
            if not _ORG_LINE.match(text[ls:le]) or len(text[ls:le].split()) > 8:
                break
            block.append((ls, le))
        if not block:
            continue
        members: list[tuple[Mention, tuple[int, int]]] = []
        for i, (ls, le) in enumerate(block):
            line = text[ls:le]
            if i == len(block) - 1 and not _is_title(line):
                start = len(line) - len(line.lstrip())
                members.append((Mention(line.strip(), "Organization", ls + start, ls + start + len(line.strip())),
                                (ls, le)))
                continue
            part = _team_part(line)
            if part is not None:
                name = " ".join(line[part[0] : part[1]].split())
                members.append((Mention(name, "Team", ls + part[0], ls + part[1]), (ls, le)))
        evidence = (name_line[0], block[-1][1])
        for group, pred in members:
            found.append(RelationCandidate(
                subject=person, object=group, rel_type="MEMBER_OF", raw_verb="signature",
                predicate_start=pred[0], predicate_end=pred[1], sentence_start=evidence[0],
                sentence_end=evidence[1], kind="sentence", negated=False, hedged=False, planned=False))  # fmt: skip
    return found
