"""What the bind-and-grade stage hands to compose: findings per ask, graded paths, a yes/no verdict.

A :class:`Finding` is one ask answered from one passage: the sentences to cite (verbatim, in document order) and
how they were bound. A :class:`PathView` is one graph path (or one hop bound at question time) with the grade of
each hop. Nothing here is text to show; compose words it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from zehn.agent.question import Ask
from zehn.agent.rows import DocumentInfo, Sentence
from zehn.answers.model import Decline, Grade, GradedPath, Hop

Verdict = Literal["yes", "no", "not_established"]


@dataclass(frozen=True)
class Finding:
    ask: Ask
    answer: tuple[Sentence, ...]  # the lines that answer (the bound one, and lines alike), in document order
    grade: Grade
    reasons: tuple[str, ...]
    heading: str  # the section the sentences come from
    bound: Sentence  # the sentence the ask was bound to
    context: tuple[Sentence, ...] = ()  # neighbours in the same section that frame a named answer
    document: DocumentInfo | None = None  # set when another document than the answer's own states this ask

    @property
    def sentences(self) -> tuple[Sentence, ...]:
        """Everything cited for the ask, in document order."""
        return tuple(sorted({s.id: s for s in (*self.answer, *self.context)}.values(), key=lambda s: s.start))


@dataclass(frozen=True)
class PathView:
    """One path as the drafter needs it: entity at the far end, names per hop, graded hops with their items."""

    entity_id: str
    entity_name: str
    names: tuple[str, ...]
    hops: tuple[Hop, ...]
    items: tuple[Sentence | None, ...]
    graded: GradedPath


@dataclass(frozen=True)
class Bound:
    """The outcome of binding: what answers, what does not, and why (``reason`` when nothing does)."""

    findings: tuple[Finding, ...] = ()
    missing: tuple[Ask, ...] = ()
    paths: tuple[PathView, ...] = ()
    document: DocumentInfo | None = None
    verdict: Verdict | None = None  # yes/no questions only
    reason: str = ""
    decline: Decline | None = None  # which gate decided that nothing answers (with ``reason``)
    setting: tuple[Sentence, ...] = ()  # where the document states the situation the question describes
    detail: tuple[Sentence, ...] = ()  # the answering document's other lines that restate the answer (detail.py)
    # missing asks whose asked words a quoted line-mate holds (completion.py): the line may state them, no rule read it
    # as their answer, so they are neither answered nor said to be absent from the documents
    named: tuple[Ask, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def empty(self) -> bool:
        return not self.findings and not any(p.graded.grade != "insufficient" for p in self.paths) and \
            self.verdict is None
