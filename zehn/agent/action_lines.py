"""The action items of a document, read from its lines (the shapes meeting notes, postmortems and ADRs use).

- an owner label anywhere in the line: "ACTION 2 (Edge): enforce signing (owner: A, due: D)", "- Routing: enforce the
  default (Owner: A / B)", "AI-3 (Networking) Replace the pair - owner: A", "Enable compression; owner: A";
- the owner as the subject of the task, in an action context: "ACTION: A to add a timeout", "A will draft the
  checklist", "- [ ] A: move the backups", "A to publish the numbers by Friday";
- a row of a table whose header has an owner column ("| Action | Owner | Due |");
- a handle on a checklist or action line: "- [ ] rotate the keys - @a.person";
- an "Owner: A" line right under a heading that names the task ("### Migrate the scheduler off cron"), or with the
  task after a dash ("- **Owner:** A - add dashboards for the backlog");
- the owner first in a closing parenthesis with the due date: "Add a canary gate for releases (Release Eng; due
  2026-04-01)".

An action context is a line with an action key or a checkbox, or any list line or plain line under a heading that
names follow-ups (:data:`ACTION_HEADINGS`; field-name headings such as "follow_ups" or "action_items" read as
words). A line of an action context that names no owner is an item too, with no
owner: a question about it must not be given its neighbour's owner.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from extraction.entity_rules import TEAM_WORDS
from extraction.passages import HEADING_SEP
from extraction.vocabulary import GENERIC_WORDS
from verify.labelled import label_relation, segments
from verify.parsing import Parse
from zehn.agent.bound import Finding
from zehn.agent.rows import own_heading

# Heading words of a section that lists follow-ups (general English of meeting notes and postmortems).
ACTION_HEADINGS = frozenset({"action", "actions", "follow-up", "follow-ups", "followup", "followups", "todo",
                             "todos", "to-do", "to-dos", "tasks", "next", "remediation", "remediations", "owners"})
# Words of a lead line or heading that opens a list of standing duties, one party per line ("Owners and
# their duties:", "## Roles"): each line gives its party first ("- Platform team: run the drills"). Not follow-ups:
# a duty is not a thing still to be done, so these are not in ACTION_HEADINGS.
DUTY_WORDS = frozenset({"responsibilities", "responsibility", "ownership", "owners", "roles", "duties", "raci"})
# Values that say an owner is still to be found.
NO_OWNER = frozenset({"tbd", "tbc", "tba", "-", "—", "–", "?", "n/a", "na", "none", "unassigned", "unowned", "nobody",
                      "open", "todo", "pending", ""})
_HANDLE = re.compile(r"(?:^|\s|\()@(?P<handle>[A-Za-z][\w.\-]*[A-Za-z0-9])")
_CHECKBOX = re.compile(r"^\s*(?:[-*+]\s+)?\[[ xX]?\]\s+")
# An action key: numbered ("ACTION 2 (Edge):", "AI-3 (Networking)", "Follow-up 1.") or with a colon ("ACTION:").
_KEYS = (re.compile(r"^[*_]*(?:action(?: item)?|ai|todo|follow[- ]?up)[\s#-]*\d{1,3}[*_]*\s*(?:\([^)\n]{1,40}\))?"
                    r"\s*(?:[:.—–]|\s-)?\s*", re.I),
         re.compile(r"^[*_]*(?:action(?: item)?|todo|to-do|follow[- ]?up)[*_]*\s*(?:\([^)\n]{1,40}\))?\s*:\s*", re.I))
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
OWNER_ONLY = re.compile(r"^\s*(?:[-*+]\s+)?[*_]*(?:owners?|dri|assignee)[*_]*\s*[:—–]", re.I)
# An owner label inside the line, after a separator: "- owner: A", "; owner: A", "(owner: A, due: D)".
_INLINE_OWNER = re.compile(r"(?:^|[\s;,(\[—–-])(?:owners?|dri|assignee|assigned to)\s*[:=—–]\s*"
                           r"(?P<value>[^;()\[\]\n]+?)\s*(?=[;)\]]|,?\s*due\b|$)", re.I)
# A word of a name may join two capitalised parts, as team names do ("DevOps", "FinOps").
_WORD = r"[A-Z][a-z'’\-]+(?:[A-Z][a-z'’\-]+)*"
_NAME = (rf"(?:{_WORD}(?:\s(?:(?:de|van|von|da|del|der|di|la|le|al|bin)\s)?{_WORD}){{0,3}}|@[\w.\-]+|"
         rf"[A-Z]{{2,6}}(?:\s{_WORD})?)")  # or a team's acronym ("SRE", "QA Automation")
# An owner label first, then the task after a dash: "- **Owner:** A - add dashboards for the backlog".
_OWNER_FIRST = re.compile(rf"^\s*(?:[-*+]\s+)?(?:\[[ xX]?\]\s+)?[*_]*(?:owners?|dri|assignee)[*_]*\s*[:—–]\s*[*_]*\s*"
                          rf"(?P<owner>{_NAME}(?:\s*(?:,|/|&|and)\s*{_NAME})*)\s+[-—–]\s+(?P<what>\w.+)$", re.I)
_TAKES = r"(?:to|will|shall|is to|needs to|is going to|agreed to|offered to|owns|takes)"
_SUBJECT = re.compile(rf"^(?P<name>{_NAME})(?:\s*\([^)\n]{{1,30}}\))?\s+{_TAKES}\s+(?P<what>\w.*)$")
# A chat handle as the task's subject ("- dana to close the incident"): lowercase, so only a listed handle.
_HANDLE_SUBJECT = re.compile(rf"^@?(?P<name>[a-z][a-z0-9._\-]{{1,30}})\s+{_TAKES}\s+(?P<what>\w.*)$")
_NAMED = re.compile(rf"^(?P<name>{_NAME})\s*[:—–]\s+(?P<what>\w.*)$")
# A chat handle labelling its task in a follow-up list ("- nadia: raise the pool size (P1)"): lowercase, so only a
# handle the document's metadata lists is read as a name (a "note:" line is a label).
_HANDLE_NAMED = re.compile(r"^@?(?P<name>[a-z][a-z0-9._\-]{1,30})\s*:\s+(?P<what>\w.*)$")
# A lead line that opens a follow-up list inside a message ("assigning follow-ups:", "Action items & owners:"):
# the follow-up words of ACTION_HEADINGS, less "next", which opens any sequence ("next we checked:").
LEAD_WORDS = ACTION_HEADINGS - {"next"}
# A party that labels its duty: "Platform/Infra team: rotate the keys", "Data-governance/legal: approve exceptions",
# "Eng-SRE: keep the dashboards up" (slash-joined and hyphenated names; the duty is an act in lower case).
_PARTY = re.compile(r"^(?P<name>[A-Z][\w'’&-]*(?:\s*/\s*[\w'’&-]+|\s[A-Z][\w'’&-]*)*(?:\s(?:team|squad|group|guild))?)"
                    r"\s*:\s+(?P<what>[a-z]\w*\b.*)$")
# The owner first in a closing parenthesis, then the due date: "(Team A; due 2026-04-01)", "(A, due Friday)".
_DUE_PAREN = re.compile(rf"\((?P<owner>{_NAME}(?:\s*(?:,|/|&|and)\s*{_NAME})*)\s*[;,]\s*due\b[^()\n]*\)\s*\.?\s*$")
# A closing status that says a line is not done yet: "(scheduled)", "[planned]", "- pending".
_PLANNED_STATUS = re.compile(r"[(\[](?:scheduled|planned|pending|proposed|not started|to ?do)[)\]]", re.I)
_VALUE_SPLIT = re.compile(r"\s*(?:,|/|&|\band\b)\s*")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")
# Where a later sentence of one line starts: "Expand the prompt sets. Owner team: ML. Priority: P0."
_NEXT_SENTENCE = re.compile(r"(?<=[^\d\s][.!?])\s+(?=[A-Z*_])")  # not after a list number ("1. Add")


# How a line gives its item's owner.
OwnerShape = Literal["label", "subject", "table", "handle", "heading", "due_paren", "none"]


@dataclass(frozen=True)
class LineItem:
    what: str  # the item's own words: the line without its key, checkbox and owner parts
    owners: tuple[str, ...]
    how: OwnerShape


def to_do(finding: Finding) -> bool:
    """A finding read from a follow-up list (its section names follow-ups) or from a line whose closing status says
    it is not done yet ("... after validation (scheduled)")."""
    last = own_heading(finding.heading)
    return action_heading(last) or any(_PLANNED_STATUS.search(s.text) for s in finding.answer)


# Verbs that ask for what is still to be done ("which checks are *planned*", "what is *scheduled* next").
PLAN_VERBS = frozenset({"plan", "schedule", "propose", "intend"})


def planned_in_section(verb: str, heading: str) -> bool:
    """The asked verb is one of planning and the line sits in a follow-up section ("## Next steps", "Action items"),
    or in a part of one ("## Corrective actions" / "### Planned"): every line there is a thing planned, without
    saying so in its own words ("2) Monitor weekly: ...")."""
    parts = heading.split(HEADING_SEP)  # (the parent, not when it is the path's first: the document's title)
    return verb in PLAN_VERBS and (action_heading(parts[-1]) or (len(parts) > 2 and action_heading(parts[-2])))


def _words(text: str) -> list[str]:
    """The words of a heading or lead line, less Markdown emphasis and punctuation around them."""
    return [w.strip(".:()*_").casefold() for w in re.split(r"[\s_]+", text)]


def action_heading(heading: str) -> bool:
    said = _words(heading)
    return bool((set(said) | {"-".join(said)}) & ACTION_HEADINGS)


def _people(value: str) -> tuple[str, ...]:
    found = [v.strip(" *_`.\"'").lstrip("@") for v in _VALUE_SPLIT.split(re.sub(r"\s*\([^)]*\)", "", value))]
    return tuple(v for v in found if v.casefold() not in NO_OWNER and v[:1].isalpha() and ":" not in v and
                 len(v.split()) <= 5)


def _strip(text: str) -> tuple[str, bool]:
    """The line without its checkbox, bullet and action key, and whether it had a checkbox or a key."""
    bare = _CHECKBOX.sub("", text)
    keyed = bare != text
    bare = _BULLET.sub("", bare.strip())
    for key in _KEYS:
        m = key.match(bare)
        if m is not None:
            bare, keyed = bare[m.end():], True
            break
    return bare.strip(" *_"), keyed


def later_sentences(text: str) -> list[tuple[int, str]]:
    """(offset, text) of each sentence of a line after its first: "Add X. Owner team: Y. Priority: P1." ->
    "Owner team: Y.", "Priority: P1." (a label that opens one is read like a line's own)."""
    starts = [m.end() for m in _NEXT_SENTENCE.finditer(text)]
    return [(a, text[a:b].rstrip()) for a, b in zip(starts, [*starts[1:], len(text)], strict=False)]


def _labelled(text: str) -> tuple[str, tuple[str, ...]] | None:
    for seg in segments(text):
        if label_relation(seg.label) == "OWNS":
            owners = _people(", ".join(seg.values))
            cut = text.rfind("(", 0, seg.start + 1)
            return text[: cut if cut >= 0 and seg.start - cut <= 2 else seg.start], owners
    for start, sentence in later_sentences(text):  # the owner label opens a later sentence
        opening = next(iter(segments(sentence)), None)
        if opening is not None and opening.start == 0 and label_relation(opening.label) == "OWNS":
            return text[:start], _people(", ".join(opening.values))
    inline = next(reversed(list(_INLINE_OWNER.finditer(text))), None)  # the last: the owner follows the task
    if inline is not None:
        return text[: inline.start()], _people(inline.group("value"))
    return None


def action_lead(lead: str) -> bool:
    """A line ending in a colon that opens a list of follow-ups ("ryan: assigning follow-ups:")."""
    said = _words(lead)
    return lead.rstrip(" *_").endswith(":") and bool((set(said) | {"-".join(said)}) & LEAD_WORDS)


def read_line(text: str, heading: str, person: Callable[[str], bool], lead: str = "",
              listed: frozenset[str] = frozenset()) -> LineItem | None:
    """The action item a line states, or None when the line is not one. ``person`` says whether a single word
    before "to" / "will" is a name (a parse decides; "Migrate to X" is a verb). ``lead``: the line that opens the
    line's list; a list of duties ("Duties of each team:") gives each line's party as its owner, a list
    of follow-ups (:func:`action_lead`) is an action context. ``listed``: the chat handles the document's
    metadata lists, read as names before a colon."""
    if OWNER_ONLY.match(text):
        first = _OWNER_FIRST.match(text)  # else read with its heading by the caller
        return LineItem(_clean(first.group("what")), _people(first.group("owner")), "label") if first else None
    bare, keyed = _strip(text)
    context = keyed or action_heading(heading) or (bool(_BULLET.match(text)) and action_lead(lead))
    labelled = _labelled(bare)
    if labelled is not None:
        what, owners = labelled
        return LineItem(_clean(what), owners, "label" if owners else "none")
    if _BULLET.match(text) and {*_words(lead), *_words(own_heading(heading))} & DUTY_WORDS:
        party = _PARTY.match(bare)
        if party is not None and label_relation(party.group("name")) is None and \
                party.group("name").casefold() not in GENERIC_WORDS:  # "- Note: see below" names no party
            return LineItem(_clean(party.group("what")), (party.group("name"),), "subject")
    if not context:
        return None
    handle = _HANDLE_NAMED.match(bare) or _HANDLE_SUBJECT.match(bare)
    if handle is not None and handle.group("name") in listed:
        return LineItem(_clean(handle.group("what")), (handle.group("name"),), "subject")
    for pattern in (_SUBJECT, _NAMED):
        m = pattern.match(bare)
        if m is not None and _is_name(m.group("name"), person) and label_relation(m.group("name")) is None:
            return LineItem(_clean(m.group("what")), (m.group("name").lstrip("@"),), "subject")
    due = _DUE_PAREN.search(bare)
    if due is not None and _people(due.group("owner")):
        return LineItem(_clean(bare[: due.start()]), _people(due.group("owner")), "due_paren")
    handles = tuple(m.group("handle") for m in _HANDLE.finditer(bare))
    if handles:
        return LineItem(_clean(_HANDLE.sub(" ", bare)), handles, "handle")
    if keyed or _BULLET.match(text) or _CHECKBOX.match(text):
        return LineItem(_clean(bare), (), "none")
    return None


def person_test(nlp: Parse) -> Callable[[str], bool]:
    """Whether a word opening a line is a person's name (the subject of "X to do Y")."""
    def person(word: str) -> bool:
        return any(t.pos_ == "PROPN" or t.ent_type_ == "PERSON" for t in nlp(f"{word} will do it.")[:1])
    return person


def _is_name(name: str, person: Callable[[str], bool]) -> bool:
    """A person's name, a handle, or a team's ("SRE", "Engineering": a team word or an acronym of capitals)."""
    return name.startswith("@") or len(name.split()) >= 2 or person(name) or name.isupper() or \
        name.casefold() in TEAM_WORDS


def _clean(what: str) -> str:
    return re.sub(r"\s+(?:by|before|until|due)\s+\w+\s*\.?$", "", what.strip(" -—–:;,*_.")).strip()


_TASK_HEADS = frozenset({"action", "task", "item", "what", "description", "follow-up", "todo", "step"})
# Role columns of responsibility matrices (RACI, DACI) that no owner label names: a question may ask for one.
_ROLE_HEADS = frozenset({"responsible", "consulted", "informed", "driver", "contributor", "contributors"})


def table_items(rows: list[str], asked: frozenset[str] = frozenset()) -> list[tuple[int, LineItem]]:
    """(row index, item) for each data row of a table (``rows[0]`` its header) whose header has an owner column.
    A role column the question names by its header word ("who is *responsible* for X" in a RACI table) is the
    owner column then, so another role's name never answers for it."""
    cells = [[c.strip(" *_`") for c in row.strip().strip("|").split("|")] for row in rows]
    head = [c.casefold() for c in cells[0]]
    owner_cols = [i for i, c in enumerate(head) if label_relation(c) == "OWNS" or c in ("owner", "owners", "dri")]
    if not owner_cols:
        return []
    # Only a role's column: "who owns the item due Friday" names the Due column, which holds no owner.
    named = [i for i, c in enumerate(head) if c in asked and (c in _ROLE_HEADS or label_relation(c) is not None)]
    owner_cols = named or owner_cols
    task_cols = [i for i, c in enumerate(head) if i not in owner_cols and set(c.split()) & _TASK_HEADS]
    out: list[tuple[int, LineItem]] = []
    for n, row in enumerate(cells[1:], start=1):
        if _TABLE_SEP.match(rows[n]) or len(row) < len(head):
            continue
        owners = tuple(o for i in owner_cols for o in _people(row[i]))
        cols = task_cols or [i for i in range(len(row)) if i not in owner_cols and re.search(r"[A-Za-z]{3}", row[i])]
        what = " ".join(row[i] for i in cols)
        out.append((n, LineItem(what, owners, "table" if owners else "none")))
    return out
