"""Is a retrieved document about what the question names? Anchors, names and constraints, checked in its text.

- **Anchors** (identifiers, acronyms, quoted terms of the question) must each occur in the document. Matching
  ignores case and separators ("keep-alive" = "keep alive" = "keepalive"); a quoted phrase occurs when all of its
  words do. A document missing one is not about the question's thing ("the documents never mention X").
- **Names** (hyphenated names used as nouns) are counted, not required: they rank documents.
- **Constraints** (:mod:`verify.constraints`): a date, version, ticket key or environment the document lacks or
  contradicts makes it unable to establish the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify.constraints import Constraint, check
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView


@dataclass(frozen=True)
class DocJudgement:
    view: DocView
    missing_anchors: tuple[str, ...]
    failed: tuple[tuple[Constraint, str], ...]  # (constraint, "missing" | "contradicted")
    names_found: int

    @property
    def ok(self) -> bool:
        return not self.missing_anchors and not self.failed

    def why_not(self) -> str:
        parts = []
        if self.missing_anchors:
            parts.append("never mentions " + ", ".join(repr(a) for a in self.missing_anchors))
        for constraint, result in self.failed:
            parts.append(f"{'contradicts' if result == 'contradicted' else 'does not state'} {constraint.text!r}")
        return f"{self.view.info.title or self.view.info.id} " + "; ".join(parts)


def judge(analysis: Analysis, view: DocView) -> DocJudgement:
    text = f"{view.info.title}\n{view.text()}"
    index = view.index
    quoted = {a for a in analysis.anchors if " " in a}
    missing = tuple(a for a in analysis.anchors if not index.mentions(a, quoted=a in quoted))
    own = tuple(d for d in (view.info.created, view.info.updated) if d)
    failed = []
    for constraint in analysis.constraints:
        result = check(constraint, text, own)
        if result != "holds":
            failed.append((constraint, result))
    names = sum(index.mentions(n) for n in analysis.names)
    return DocJudgement(view, missing, tuple(failed), names)
