"""Numbered action items of a postmortem or meeting: "ACTION 2 (Platform): add a retry budget - owner: Aiko Yamamoto".

An action item with a number of its own is a task the document names, so it becomes an entity: a Ticket named
after the document and its number ("Postmortem: label outage / ACTION 2"), spanned on "ACTION 2" in the line. The
owner after "owner:" and the team in parentheses OWN it. The evidence is the line; the task is named only by its
document, so the relations carry ``via="document_subject"`` (they grade ``inferred`` at best). An action item
without a number ("3. Add an alert. Owner team: SRE.") has no name of its own and yields nothing here.
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention, RelationCandidate
from extraction.people import People
from extraction.values import value_mentions

_ACTION = re.compile(r"^[ \t]*(?:[-*+]\s+)?[*_]*(?P<key>ACTION\s+\d{1,3})[*_]*\s*(?:\((?P<team>[^)\n]{2,40})\))?\s*:",
                     re.I)
_OWNER = re.compile(r"\bowners?\s*:\s*(?P<names>[^;()\n]+)", re.I)


def action_relations(text: str, line: tuple[int, int], own: Mention | None, mentions: list[Mention],
                     people: People) -> list[RelationCandidate]:
    """OWNS relations of one numbered action-item line (empty when the line is not one)."""
    m = _ACTION.match(text[line[0] : line[1]])
    if m is None or own is None:
        return []
    at = line[0]
    key = " ".join(m.group("key").upper().split())
    task = Mention(f"{own.name} / {key}", "Ticket", at + m.start("key"), at + m.end("key"))
    owners: list[Mention] = []
    owner = _OWNER.search(text, at + m.end(), line[1])
    if owner is not None:
        owners += value_mentions(text, owner.start("names"), owner.end("names"), mentions, "Person", people)
    if m.group("team"):
        team = " ".join(m.group("team").split())
        owners.append(Mention(team, "Team", at + m.start("team"), at + m.start("team") + len(team)))
    pred = owner.span() if owner is not None else (at + m.start("key"), at + m.end("key"))
    return [
        RelationCandidate(subject=o, object=task, rel_type="OWNS", raw_verb=text[pred[0] : pred[1]].split(":")[0],
                          predicate_start=pred[0], predicate_end=pred[0] + len(text[pred[0] : pred[1]].split(":")[0]),
                          sentence_start=line[0], sentence_end=line[1], kind="sentence", negated=False,
                          hedged=False, planned=True, via="document_subject")
        for o in owners if o.type in ("Person", "Team")
    ]
