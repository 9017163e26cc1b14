"""What every structured-line reader shares (`extraction.lines`, `extraction.table_rows`): the document's text and
mentions, the relations read so far, and how one relation is typed and written with its line as evidence.

A relation whose subject is not written on its line comes from what the line's section or document is about; it
carries ``via="document_subject"`` (`relate`).
"""

from __future__ import annotations

import re

from extraction.doc_context import DocumentContext
from extraction.extraction_types import Mention, RelationCandidate
from extraction.line_shapes import ABOUT_HEADINGS, ROLE_RELATIONS, SYSTEM_VALUE_TYPES, TASK_HEADINGS
from extraction.list_scopes import Scope
from extraction.ownership_prose import typed_relation
from extraction.values import stood_for, value_mentions
from verify.vocabulary import LabelRule, label_key

# What may follow the system an owners' item is keyed by: nothing, or a second area joined by "and" ("and alerts").
_JOINED_KEY = re.compile(r"(?:\s+(?:and|&)\s+[a-z][\w\- ]*)?")


class LineEmitter:
    """The state one chunk's line readers write to, and the readings of an owners' list item (`keyed_role`,
    `members`); `extraction.lines` adds the list and lead-in state."""

    def __init__(self, text: str, mentions: list[Mention], ctx: DocumentContext) -> None:
        self.text, self.mentions, self.ctx = text, mentions, ctx
        self.parent: Mention | None = None  # the entity the current top-level list item starts with
        self.out: list[RelationCandidate] = []
        self.used: set[tuple[int, int]] = set()

    def emit(self, subj: Mention, obj: Mention, rel: str, pred: tuple[int, int], line: tuple[int, int],
             via: str, hedged: bool = False) -> None:
        typed = typed_relation(subj, obj, rel)  # belonging read as ownership, as in sentences
        if typed is None:
            return  # forbidden by the types, or one name read with two types ("Acme" customer and organisation)
        subj, obj, rel_type = typed
        if rel_type not in ROLE_RELATIONS:  # a task a row or line assigns is still a ticket the document names
            self.used.update({(subj.start, subj.end), (obj.start, obj.end)})
        self.out.append(RelationCandidate(
            subject=subj, object=obj, rel_type=rel_type, raw_verb=" ".join(self.text[slice(*pred)].split()),
            predicate_start=pred[0], predicate_end=pred[1], sentence_start=line[0], sentence_end=line[1],
            kind="sentence", negated=False, hedged=hedged, planned=False, via=via))  # fmt: skip

    def relate(self, rule: LabelRule, values: list[Mention], about: Mention | None, pred: tuple[int, int],
               line: tuple[int, int]) -> None:
        if about is None:
            return
        inside = line[0] <= about.start and about.end <= line[1]
        for value in values:
            subj, obj = (value, about) if rule.value_is_subject else (about, value)
            self.emit(subj, obj, rule.rel_type, pred, line, "text" if inside else "document_subject", rule.hedged)

    def members(self, rule: LabelRule, value: tuple[int, int], keyed: Mention | None, values: list[Mention],
                pred: tuple[int, int], line: tuple[int, int]) -> None:
        """An owners' value written "Group (Person, Person)" (`extraction.values.stood_for`): each person is a member
        of the group. Where the item is keyed by the system it is about (`keyed_role`), the group also holds the
        role for it, though the recogniser took the group for a system or missed it. Elsewhere the holder's object
        is the section's topic, read from a title or heading: a group only the bracket shows to be one is not
        related to it (the topic read may be a part of what is owned: "the X client wrapper" read as X)."""
        if rule.rel_type not in ROLE_RELATIONS or not rule.value_is_subject:
            return
        for group, people in stood_for(self.text, *value, self.mentions, self.ctx.people):
            if keyed is not None and not any(v.start == group.start and v.type == "Team" for v in values):
                self.relate(rule, [group], keyed, pred, line)
            for person in people:
                self.emit(person, group, "MEMBER_OF", pred, line, "text")

    def values(self, start: int, end: int, rule: LabelRule, label: str) -> list[Mention]:
        value_type = "Team" if "team" in label_key(label) else rule.value_type
        return value_mentions(self.text, start, end, self.mentions, value_type, self.ctx.people)

    def line_subject(self, rule: LabelRule, line: tuple[int, int], lead: str) -> Mention | None:
        """What a labelled line is about. A sub-item ("   - Owner: X" under an action item) is about its parent
        item: the entity the parent starts with, or nothing nameable. An owner line that would fall back to the
        document itself is skipped under an action-items heading (those owners own an unnamed task)."""
        if rule.about == "document":
            return self.ctx.own
        if lead[: len(lead) - len(lead.lstrip(" \t"))]:
            return self.parent
        about = self.ctx.about("topic", line[0])
        heading = self.ctx.heading_at(line[0])
        if rule.rel_type in ROLE_RELATIONS and heading and not any(w in heading for w in ABOUT_HEADINGS) and (
                about is self.ctx.own or any(w in heading for w in TASK_HEADINGS)):
            return None
        return about

    def keyed_role(self, scope: Scope, start: int, colon: int, line: tuple[int, int]) -> bool:
        """An item of an owners' list keyed by the system it is about ("- pay-gw: Payments team" under "## Owners"),
        or by that system and an area joined to it ("- pay-gw and its alerts: ..."): the people or teams after the
        colon hold the role for that system, not for the section's topic."""
        if scope.rule.rel_type not in ROLE_RELATIONS or not scope.rule.value_is_subject:
            return False
        keyed = [x for x in self.mentions if start <= x.start and x.end <= colon and x.type in SYSTEM_VALUE_TYPES]
        key = self.text[start:colon].strip(" *_`")
        if len(keyed) != 1 or not _JOINED_KEY.fullmatch(key.removeprefix(keyed[0].name)) or not key.startswith(
                keyed[0].name):
            return False
        end = min((i for i in (self.text.find(s, colon, line[1]) for s in (" (", " — ", "; ")) if i > 0),
                  default=line[1])
        holders = [h for h in value_mentions(self.text, colon + 2, end, self.mentions, scope.rule.value_type,
                                             self.ctx.people) if h.type in ("Person", "Team")]
        self.relate(scope.rule, holders, keyed[0], scope.label, line)
        self.members(scope.rule, (colon + 2, line[1]), keyed[0], holders, scope.label, line)
        return True

    def own_flow(self, start: int, end: int, topic: Mention | None) -> bool:
        """The words after an item's name name a system or store other than the section's topic: the item states
        its own wiring ("reads events from Y and writes to Z"), which the sentence rules read."""
        named = [x for x in self.mentions if start <= x.start < end and x.type in SYSTEM_VALUE_TYPES]
        return any(topic is None or x.name.casefold() != topic.name.casefold() for x in named)
