"""Who holds a ticket now, read from the hand-overs down its comment thread (part of stage 4, bind).

A tracker's assignee changes in its comments more often than in its fields: "Assigning to Ana Ruiz", "Reassigning
to Li Wei", "Handing this over to Ben Ode", or the new holder's own "Taking it." / "I'll take this one." /
"Picked it up." The latest hand-over is who holds it now; an earlier one is history.

1. The comment blocks (:func:`zehn.agent.comment_blocks.blocks`) of the best retrieved documents that name every
   identifier of the question (its ticket key), in order; a quoted line is not its block author's words. A
   document with an assignee field is left to it (the tracker's field is the current holder).
2. A body sentence that hands over (an assign / hand verb, then "to <Name>") names the new holder; one that opens
   with a taking phrase makes the block's author the holder.
3. The last one answers: ``source_backed`` (``last_handover``) when its sentence names the holder, else
   ``inferred`` (``last_handover``, ``comment_author``), with the block's header cited beside it.

Asked by "who is X assigned to (now)", "who is the assignee of X", "who is working on X".
"""

from __future__ import annotations

import re

from verify import HopGrade
from zehn.agent.bound import Bound, PathView
from zehn.agent.comment_blocks import turns
from zehn.agent.grading import hop, view
from zehn.agent.question import Analysis
from zehn.agent.question_ids import holds_all, named_identifiers
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence

DOCUMENTS_READ = 3
_NAME = r"@?(?P<name>[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+){1,2})"
# "Reassigning to A", "handing this over to A" - not "handle", "handbook".
_HANDED = re.compile(r"\b(?i:(?:re-?)?assign\w*|hand(?:ed|ing|s)?\b[^.;:]{0,12}?\b(?:over|off))\b[^.;:]{0,30}?\bto\s+"
                     + _NAME)
_TAKEN = re.compile(r"^\s*(?:(?:I'?ll|I will|I can) take (?:it|this|over)|taking (?:it|this|over)\b|"
                    r"(?:picked|picking) (?:it|this) up|I'?m on it)", re.I)
_WORKING = frozenset({"work", "handle"})  # "who is working on X": who holds it now


def asks_holder(analysis: Analysis) -> bool:
    ask = analysis.asks[0] if analysis.asks else None
    return ask is not None and ask.answer_type == "agent" and (
        analysis.rel_type == "ASSIGNED_TO" or ask.predicate in _WORKING)


def _holders(doc_view: DocView) -> list[tuple[str, Sentence, Sentence | None, bool]]:
    """(holder, sentence, header line, named in the sentence) for each hand-over, in thread order."""
    out: list[tuple[str, Sentence, Sentence | None, bool]] = []
    body = sorted((s for s in doc_view.sentences if s.kind != "metadata"), key=lambda s: s.start)
    for block in turns(doc_view):
        header = next((s for s in body if s.start <= block.start <= s.end + 3 and
                       block.author.casefold() in s.text.casefold()), None)
        for sentence in (s for s in body if block.own(s)):
            for clause in re.split(r"(?<=[.!])\s+", sentence.text):
                handed = _HANDED.search(clause)
                if handed is not None:
                    out.append((handed["name"], sentence, header, True))
                elif _TAKEN.match(clause):
                    out.append((block.author, sentence, header, block.author in sentence.text))
    return out


def bind_handover(analysis: Analysis, views: Views) -> Bound | None:
    """The ticket's holder after its last hand-over; None when no read document hands it over."""
    if not asks_holder(analysis):
        return None
    named = named_identifiers(analysis.question)
    target = analysis.subject.name if analysis.subject is not None else " ".join(named)
    for doc_view in views()[:DOCUMENTS_READ]:
        if not holds_all(doc_view, named):
            continue
        if not named and not (target and doc_view.index.mentions(target)):
            continue  # with no identifier to hold to, the document must name what was asked about
        if any(s.kind == "metadata" and "assignee" in s.text.casefold() for s in doc_view.sentences):
            return None  # the tracker's own assignee field is the current holder: the walk reads it
        found = _holders(doc_view)
        if not found:
            continue
        holder, sentence, header, in_line = found[-1]
        graded = HopGrade("source_backed" if in_line else "inferred",
                          ("last_handover",) if in_line else ("last_handover", "comment_author"), sentence.id)
        cited = list({s.id: s for s in (header, sentence) if s is not None}.values())
        rel = analysis.rel_type or "ASSIGNED_TO"
        path: PathView = view(holder, holder, (holder, target),
                              [hop(holder, rel, target, graded, sentence, "question")], [*cited])
        return Bound(paths=(path,), document=doc_view.info)
    return None
