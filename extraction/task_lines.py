"""Who does what, written beside a name rather than as a "Label: value" line (read by `extraction.lines`).

Two shapes of trackers, comment threads and follow-up lists:

1. a role tag after a person's name: "Dana Ruiz (Assignee) acknowledged", "— Li Wei (reporter)". The tag is a
   label of the vocabulary about the document (assignee, reporter, approver, decider), so the person holds that
   role on the document: ``via="document_subject"``. Review tags are left to the review lines.
2. a task line that opens with a ticket key and names who does it: "- OPS-12: add an alert (owner: Dana Ruiz)",
   "OPS-12: add a hook to X (assigned: Li Wei)", "- OPS-12 -> @dana". The ticket is the task's name: its owner
   OWNS it (planned: a follow-up not yet done) and its assignee is ASSIGNED_TO it (the assignment holds now).
3. a list item that hands a named piece of work to a person by an arrow, with no key: "- Capacity plan draft ->
   @oskar (Friday)". The words before the arrow name the deliverable; the person OWNS it (planned). Only a person on
   the right (an @handle or a name the document uses for a person): "- api -> worker" is a flow, not a hand-off.

The evidence is the line; the person is written on it, the document only for the first shape.
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention, RelationCandidate
from extraction.people import People
from extraction.values import value_mentions
from verify.vocabulary import label_rule

# "Name (Assignee)": a capitalised name of two or three words, then a one- or two-word tag in parentheses.
_TAGGED = re.compile(r"(?P<name>[A-Z][\w'’-]+(?: [A-Z][\w'’.-]+){1,2})\s*\((?P<tag>[A-Za-z][A-Za-z -]{2,20})\)")
# Roles a tag can give about the document; reviews are read by `extraction.review_lines` from their own shape.
_TAG_RELATIONS = frozenset({"ASSIGNED_TO", "REPORTED", "APPROVED", "DECIDED"})
# A task line: an optional list marker, a ticket key, a colon or an arrow, then the task.
_KEYED = re.compile(r"^[ \t]*(?:[-*+]\s+|\d{1,3}[.)]\s+)?[*_`]*(?P<key>[A-Z][A-Z0-9]{1,9}-\d{1,7})[*_`]*\s*(?::|->|→)")
# Who does it: "(owner: X)", "owner: X", "(assigned: X)", "assignee: X", or an arrow to them ("-> @dana").
_DOER = re.compile(r"\b(?P<role>owners?|assigned(?: to)?|assignees?)\s*:\s*(?P<names>[^;()\n]+)|(?:->|→)\s*"
                   r"(?P<arrow>@?[A-Za-z][\w.'’-]*(?: [A-Z][\w'’-]+)?)", re.I)


# An unkeyed hand-off item: a list marker, the work (a capital, at most eight words, no colon or arrow), an arrow.
_HANDOFF = re.compile(r"^[ \t]*(?:[-*+•]\s+|\d{1,3}[.)]\s+)[*_`]*(?P<work>[A-Z][^:\n>→]*?)[*_`]*\s*(?:->|→)\s*"
                      r"(?P<who>@?[A-Za-z][\w.'’-]*(?: [A-Z][\w'’-]+)?)")
_HANDOFF_WORDS = 8


def _relation(subj: Mention, obj: Mention, rel: str, pred: tuple[int, int], line: tuple[int, int], planned: bool,
              via: str) -> RelationCandidate:
    return RelationCandidate(subject=subj, object=obj, rel_type=rel, raw_verb=rel.lower(), predicate_start=pred[0],
                             predicate_end=pred[1], sentence_start=line[0], sentence_end=line[1], kind="sentence",
                             negated=False, hedged=False, planned=planned, via=via)


def tagged_roles(text: str, line: tuple[int, int], own: Mention | None, mentions: list[Mention]
                 ) -> list[RelationCandidate]:
    """Rule 1: a person's role on the document, from a tag after their name."""
    out: list[RelationCandidate] = []
    if own is None:
        return out
    for m in _TAGGED.finditer(text, *line):
        rule = label_rule(m.group("tag"))
        if rule is None or rule.rel_type not in _TAG_RELATIONS:
            continue
        person = next((p for p in mentions if (p.start, p.end) == m.span("name") and p.type == "Person"), None)
        person = person or Mention(m.group("name"), "Person", *m.span("name"))
        subj, obj = (person, own) if rule.value_is_subject else (own, person)
        out.append(_relation(subj, obj, rule.rel_type, m.span("tag"), line, False, "document_subject"))
    return out


def keyed_task(text: str, line: tuple[int, int], mentions: list[Mention], people: People) -> list[RelationCandidate]:
    """Rule 2: the owner or assignee of a task line named by its ticket key."""
    m = _KEYED.match(text[line[0] : line[1]])
    if m is None:
        return []
    key = (line[0] + m.start("key"), line[0] + m.end("key"))
    task = next((t for t in mentions if (t.start, t.end) == key and t.type == "Ticket"), None)
    doer = _DOER.search(text, line[0] + m.end(), line[1])
    if task is None or doer is None:
        return []
    if doer.group("arrow"):
        handle = doer.group("arrow")
        if handle.lstrip("@").casefold() not in people.handles and handle not in people.full_names:
            return []
        start = doer.start("arrow") + (1 if handle.startswith("@") else 0)
        names = [Mention(handle.lstrip("@"), "Person", start, doer.end("arrow"))]
        role = "owner"
    else:
        names = value_mentions(text, doer.start("names"), doer.end("names"), mentions, "Person", people)
        role = doer.group("role").casefold()
    pred = doer.span("role") if doer.group("role") else (doer.start(), doer.start("arrow"))
    people_named = [n for n in names if n.type in ("Person", "Team")]
    if role.startswith("assign"):
        return [_relation(task, n, "ASSIGNED_TO", pred, line, False, "text") for n in people_named]
    return [_relation(n, task, "OWNS", pred, line, True, "text") for n in people_named]


def handed_off(text: str, line: tuple[int, int], people: People) -> list[RelationCandidate]:
    """Rule 3: the person a list item hands its unkeyed piece of work to by an arrow."""
    m = _HANDOFF.match(text[line[0] : line[1]])
    if m is None or len(m.group("work").split()) > _HANDOFF_WORDS or _KEYED.match(text[line[0] : line[1]]):
        return []
    who = m.group("who")
    if who not in people.full_names and not (who.startswith("@") and who[1:].casefold() in people.handles):
        return []  # a person the document names, not a system or a stranger
    work = Mention(m.group("work"), "Project", line[0] + m.start("work"), line[0] + m.end("work"))
    start = line[0] + m.start("who") + (1 if who.startswith("@") else 0)
    person = Mention(who.lstrip("@"), "Person", start, line[0] + m.end("who"))
    return [_relation(person, work, "OWNS", (line[0] + m.end("work"), line[0] + m.start("who")), line, True, "text")]
