"""A ticket handed to someone, or raised by someone, in a comment that does not name the ticket.

Tracker comments speak of their own ticket without naming it. A sentence that opens with a verb of handing work on
("Assigning to Dana Ruiz for triage.", "Handing this over to the Wallet team.", "Reassigned it to Li Wei, who owns
X.") gives the ticket ASSIGNED_TO that person or team; one that opens with a passive of raising it ("Reported by
Dana Ruiz via the support queue.", "Raised by Li Wei after two customers complained.") gives the person REPORTED
the ticket. A comment whose writer opens it by saying they raised the ticket ("2026-03-01 09:12 - Dana Ruiz (Support):
Created ticket from the escalation.", "Li Wei (Support) 2026-03-02: Opened this ticket after a call.") gives that
writer REPORTED the ticket: the writer is the one person named in the comment's head (a time stamp, the name, a
bracketed team) before its colon. The ticket is the
document's own (``via="document_subject"``).

Only in a ticket (or a page titled by its tracker key); only where the verb opens its sentence (the line, or after a
full stop, a speaker's colon or a dash: "Dana Ruiz (Support): Assigning to Li Wei."), so "the job was raised by the
scheduler" or "we will assign this to X" are not read; not in a question; and only with a person or team right
after the verb's "to" / "by".
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention, RelationCandidate
from extraction.people import People

# Handing work on: "assigning (this|it) (over) to", "handing this off to", "passing it to", "reassigned to".
_HANDOFF = re.compile(r"(?P<verb>(?:re-?)?assign(?:ing|ed)?|hand(?:ing|ed)|pass(?:ing|ed))"
                      r"(?:\s+(?:this|it|the\s+(?:ticket|issue|case|bug)))?(?:\s+(?:over|off|back|on))?\s+to\s+",
                      re.I)
# Raising it: "reported by", "raised by", "filed by", "opened by", "logged by".
_RAISED = re.compile(r"(?P<verb>reported|raised|filed|opened|logged)\s+by\s+", re.I)
# Raising it in the writer's own words: "created ticket", "opened this ticket", "filed the issue", "logged a case".
_SELF_RAISED = re.compile(r"(?P<verb>created|opened|filed|raised|logged|submitted)\s+(?:(?:this|the|a|new)\s+){0,2}"
                          r"(?:ticket|issue|case|bug)\b", re.I)
# A comment's head before the writer's words: a time stamp, a dash, the writer's name (bracketed or with a bracketed
# team after it), perhaps the stamp after the name, then a colon ("2026-03-01 09:12 UTC - Dana Ruiz (Support):",
# "2026-03-01 09:12 (Dana Ruiz):", "Dana Ruiz (Support) 2026-03-02T10:00Z:"). One name only: "A and B:" is no writer.
_STAMP = r"\d[\d:\-T./ ]*(?:UTC|GMT|Z)?\s*"
_COMMENT_HEAD = re.compile(rf"[\s>*_\-•]*(?:{_STAMP}(?:[—–-]\s*)?)?\(?"
                           rf"(?P<name>[A-Z][\w'’\-]+(?: [A-Z][\w'’.\-]*){{1,2}})\)?\s*(?:\([^()]*\)\s*)?"
                           rf"(?:{_STAMP})?:\s*[*_]*")
# What may stand right before an opening verb: the line's start (a list marker, emphasis), or the end of a
# sentence, a speaker's or label's colon, a dash.
_OPENING = re.compile(r"(?:^[\s>*_`\-+•]*|[.!:;]\s+[*_]*|\s[—–-]\s+)$")
_WHO_TYPES = frozenset({"Person", "Team"})
_ARTICLE = re.compile(r"(?:the|our)\s+", re.I)
# A document read as a page whose title opens with a tracker key ("OPS-12: Login fails") is that ticket.
_KEY_FIRST = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}\b")


def _who(text: str, at: int, end: int, mentions: list[Mention], people: People) -> Mention | None:
    """The person or team named right at ``at`` ("the" allowed before a team), or None."""
    article = _ARTICLE.match(text, at, end)
    start = article.end() if article else at
    named = next((m for m in mentions if m.start == start and m.type in _WHO_TYPES), None)
    if named is not None:
        return named
    for name in sorted(people.full_names, key=len, reverse=True):  # a person the document names, unrecognised here
        if text.startswith(name, start) and not text[start + len(name) : start + len(name) + 1].isalnum():
            return Mention(name, "Person", start, start + len(name))
    return None


def _sentence_end(text: str, start: int, line_end: int) -> int:
    m = re.compile(r"[.!?](?:\s|$)").search(text, start, line_end)
    return line_end if m is None else m.end()


def ticket_handoffs(text: str, line: tuple[int, int], own: Mention | None, mentions: list[Mention],
                    people: People) -> list[RelationCandidate]:
    """ASSIGNED_TO and REPORTED relations of the document's own ticket, stated by comments on ``line``."""
    if own is None or (own.type != "Ticket" and not _KEY_FIRST.match(own.name)):
        return []
    out: list[RelationCandidate] = []
    for pattern, rel in ((_HANDOFF, "ASSIGNED_TO"), (_RAISED, "REPORTED")):
        for m in pattern.finditer(text, *line):
            if not _OPENING.search(text[line[0] : m.start()]):
                continue  # "we will assign this to X", "the job was raised by Y": not an opening verb
            end = _sentence_end(text, m.end(), line[1])
            if text[m.end() : end].rstrip().endswith("?"):
                continue
            who = _who(text, m.end(), end, mentions, people)
            if who is None:
                continue
            subj, obj = (own, who) if rel == "ASSIGNED_TO" else (who, own)
            out.append(_relation(subj, obj, rel, m, end))
    return out + _self_raised(text, line, own, mentions, people)


def _relation(subj: Mention, obj: Mention, rel: str, m: re.Match[str], end: int,
              start: int | None = None) -> RelationCandidate:
    return RelationCandidate(
        subject=subj, object=obj, rel_type=rel, raw_verb=m.group("verb"), predicate_start=m.start("verb"),
        predicate_end=m.end("verb"), sentence_start=m.start("verb") if start is None else start, sentence_end=end,
        kind="sentence",
        negated=False, hedged=False, planned=False, via="document_subject")  # fmt: skip


def _self_raised(text: str, line: tuple[int, int], own: Mention, mentions: list[Mention],
                 people: People) -> list[RelationCandidate]:
    """The writer of a comment that opens with "Created ticket ..." REPORTED the ticket (see module)."""
    m = _SELF_RAISED.search(text, *line)
    head = None if m is None else _COMMENT_HEAD.fullmatch(text, line[0], m.start())
    if m is None or head is None:
        return []
    writer = Mention(head.group("name"), "Person", head.start("name"), head.end("name"))
    if not any((x.start, x.end) == (writer.start, writer.end) for x in mentions if x.type == "Person") and (
            writer.name not in people.full_names):
        return []  # a name the document's people or the recogniser do not know as a person's
    end = _sentence_end(text, m.end(), line[1])  # the evidence holds the comment's head: the writer is named there
    return [_relation(writer, own, "REPORTED", m, end, head.start("name"))]
