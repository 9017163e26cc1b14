"""Is a retrieved document about what the question names? Anchors, names and constraints, checked in its text.

- **Anchors** (identifiers, acronyms, quoted terms of the question) must each occur in the document (a phrase
  that only compares values, "512-vs-1024", is no anchor: :func:`zehn.agent.text_index.comparison`). Matching
  ignores case and separators ("keep-alive" = "keep alive" = "keepalive"); a quoted phrase occurs when all of its
  words do. A document missing one is not about the question's thing ("the documents never mention X").
- **Party marks**: the lower-case words that describe a party the question does not name ("the *banking*
  prospect") are required like anchors, in any form the word matcher reads (:mod:`zehn.agent.party_marks`); so are
  the words that describe the document the question names ("the *invoice export* incident":
  :func:`zehn.agent.doc_references.document_marks`).
- **Names** (hyphenated names used as nouns) are counted, not required: they rank documents.
- **Constraints** (:mod:`verify.constraints`): a date, version, ticket key or environment the document lacks or
  contradicts makes it unable to establish the answer. A day ("March 18, 2026") is held only by that day: a
  document that names the month without the day, or other days of it, is about something else that month. A
  question about what happened that day is not held by the day named as a deadline ("ETA 2031-07-09", "due
  2031-07-09"): that is when something is to be done, not when the asked event happened.
  A value is bound to its own line, so the line is checked too (:func:`line_contradicts`): a line that names its
  own environment ("the *canary* patch rolled to 10%"), never the asked one, states a value of that other
  environment, whatever else the document says of the asked one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verify.constraints import Constraint, check, dates_in, find_constraints
from zehn.agent.compounds import compound_held
from zehn.agent.doc_references import document_marks
from zehn.agent.party_marks import party_marks, unheld_marks
from zehn.agent.question import Analysis, Ask
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.similarity import Similarity
from zehn.agent.text_index import comparison
from zehn.answers.model import Decline


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


def judge(analysis: Analysis, view: DocView, similarity: Similarity) -> DocJudgement:
    text = f"{view.info.title}\n{view.text()}"
    quoted = {a for a in analysis.anchors if " " in a}  # (the view's index is built only when a name is looked up)
    missing = tuple(a for a in analysis.anchors if not comparison(a) and not view.index.mentions(a, quoted=a in quoted))
    # The words that describe a party the question does not name ("the *banking* prospect"): a document that never
    # writes them is about another party (:mod:`zehn.agent.party_marks`).
    missing += unheld_marks(party_marks(analysis.parse), view.words, similarity)
    # So are the words that describe the document the question names ("the *invoice export* incident"): one that
    # never writes them is another document on the topic (zehn.agent.doc_references.document_marks).
    missing += unheld_marks(document_marks(analysis.parse), view.words, similarity)
    own = tuple(d for d in (view.info.created, view.info.updated) if d)
    past = analysis.asks_past
    failed = []
    for constraint in analysis.constraints:
        result = check(constraint, text, own)
        if result == "holds" and not _day_held(constraint, text, own, past):
            result = "missing"
        if result != "holds":
            failed.append((constraint, result))
    names = sum(view.index.mentions(n) for n in analysis.names)
    return DocJudgement(view, missing, tuple(failed), names)


def _day_held(constraint: Constraint, text: str, own: tuple[str, ...], past: bool = False) -> bool:
    """A constraint that names a day is held by a mention of that same day (the text's or the document's own
    dates; a date without a year matches any year); one that names a month or a year needs no more than
    :func:`verify.constraints.check` found. ``past``: the question asks about an act done (that day's event), which
    a day named as a deadline does not hold."""
    asked = constraint.value
    if constraint.kind != "date" or not _has_day(asked):
        return True
    seen = [v for v, c in dates_in(text) if not (past and _deadline(text, c.text))] + \
        [v for d in own for v, _ in dates_in(d)]
    return any(_has_day(v) and v[-5:] == asked[-5:] and
               (v[:4] == asked[:4] or not v[:4].isdigit() or not asked[:4].isdigit()) for v in seen)


# The words that name a date as a deadline, right before it: "ETA 2031-07-09", "Due: Apr 7", "target date: ...".
_DEADLINE = re.compile(r"\b(?:eta|due|deadline|target(?:ed)?(?: date)?)\W{0,3}$", re.IGNORECASE)


def _deadline(text: str, mention: str) -> bool:
    """Every mention of the date in ``text`` follows a deadline's word (one that does not is the day's own)."""
    starts = [m.start() for m in re.finditer(re.escape(mention), text)]
    return bool(starts) and all(_DEADLINE.search(text[max(0, at - 24):at]) for at in starts)


def _has_day(value: str) -> bool:
    """ "2031-07-09" and "--07-09" (no year) name a day; "2026-03" and "2026" do not."""
    return value.count("-") >= 2


def ranked(analysis: Analysis, retrieved: Retrieved, similarity: Similarity) -> list[DocJudgement] | str:
    """The documents worth reading, best first, or why there is none."""
    judged = [judge(analysis, v, similarity) for v in retrieved.documents]
    eligible = [j for j in judged if j.ok]
    if not eligible:
        return f"not established: {judged[0].why_not()}" if judged else "no passage matches the question"
    # Retrieval order, with the documents that mention a resolved subject first (on the tune half this picked the
    # right document 27 times in 29; reordering by term coverage or by names found picked fewer: 24-26).
    order = sorted(enumerate(eligible), key=lambda e: (-(e[1].view.mentions_subject), e[0]))
    return [j for _, j in order]


def nowhere(names: tuple[str, ...]) -> str:
    return "not established: no document mentions " + ", ".join(repr(n) for n in names)


def why_missing(missing: list[Ask], view: DocView, similarity: Similarity, context: tuple[str, ...]
                ) -> tuple[Decline, str]:
    """Names the asks hold that the document never mentions, else what it does not state."""
    text = view.words
    named = [t for a in missing for t in (*a.names, *a.qualities) if t not in context]
    found = similarity.matches(named, text)
    absent = [t for t in dict.fromkeys(named) if t not in found and not compound_held(t, text)]
    title = view.info.title or view.info.id
    if absent:
        return "ask_unnamed", f"not established: {title} never mentions " + ", ".join(repr(t) for t in absent)
    return "ask_unbound", f"not established: {title} does not state " + "; ".join(a.focus or a.text for a in missing)


def line_contradicts(constraints: tuple[Constraint, ...], text: str) -> Constraint | None:
    """The asked environment a line contradicts: the line names environments of its own and not the asked one."""
    named = [c for c in find_constraints(text) if c.kind == "environment"]
    return next((c for c in constraints if c.kind == "environment" and named and check(c, text) != "holds"), None)
