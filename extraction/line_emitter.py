"""What every structured-line reader shares (`extraction.lines`, `extraction.table_rows`): the document's text and
mentions, the relations read so far, and how one relation is typed and written with its line as evidence.

A relation whose subject is not written on its line comes from what the line's section or document is about; it
carries ``via="document_subject"`` (`relate`).
"""

from __future__ import annotations

from extraction.doc_context import DocumentContext
from extraction.extraction_types import Mention, RelationCandidate
from extraction.line_shapes import ABOUT_HEADINGS, ROLE_RELATIONS, TASK_HEADINGS
from extraction.ownership_prose import typed_relation
from extraction.values import value_mentions
from verify.vocabulary import LabelRule, label_key


class LineEmitter:
    """The state one chunk's line readers write to; `extraction.lines` adds the list and lead-in state."""

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
