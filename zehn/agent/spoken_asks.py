"""Who took a task on in a meeting, read from an ask and its answer in a transcript (part of stage 4, bind).

Meetings assign work in speech, not in fields: one speaker asks a named person ("Henrique, can you take the cache
migration?", "Could you own the release notes, Ayumi?") and that person's next turn accepts ("Sure, I'll take
it.", "Yes, that's fine.") or declines ("I can't this sprint.", "I'd rather not."). The acceptance makes the
asked person the owner; a decline makes nobody the owner, and says so.

1. **The turns**: the speaker lines of the retrieved documents (a comment header with its body on the same
   line: ``[00:01:12] Name: text``, ``**Name:** text``, ``Name: text``; :func:`comment_headers.header`).
2. **The ask**: a turn holding a request to take something on (:data:`_ASK`: can / could / would / will you
   take / own / pick up / handle / drive / lead ...) that names the asked item (at least half of the subject's
   words) and addresses a person by a first name that one speaker of the document has.
3. **The answer**: the addressed person's first turn among the next :data:`REPLY_WINDOW` turns: an opening yes
   (:data:`_YES`) with no negation accepts; an opening no or a negation declines. No answer, no owner.

An acceptance is an ``inferred`` hop (``spoken_assignment``): the ask names the item, the reply the person, and
neither line alone states both. Both lines are cited. A decline stops with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verify import HopGrade
from zehn.agent.bound import Bound, PathView
from zehn.agent.comment_headers import header
from zehn.agent.doc_lines import covering, lines
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence

DOCUMENTS_READ = 8  # an ask and its answer are specific enough to read every retrieved document for them
REPLY_WINDOW = 3  # turns after the ask in which the addressed person answers
TAKING_VERBS = frozenset({"take", "own", "handle", "drive", "lead", "pick", "run"})
_ASK = re.compile(r"\b(?:can|could|would|will)\s+you\s+(?:(?:also|please|maybe)\s+)?"
                  r"(?:take|own|pick\s+up|handle|drive|lead|run|look\s+after)\b", re.I)
_YES = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok|okay|fine|happy to|will do|no problem|i'?ll take|i can take|"
                  r"i'?ll do|i'?ll own|i'?ll handle|consider it done)\b", re.I)
_NO = re.compile(r"^\W*(?:no\b|nope\b|sorry\b|not\b)|\b(?:can'?t|cannot|won'?t|rather not|not (?:this|able|now))\b",
                 re.I)


@dataclass(frozen=True)
class Turn:
    speaker: str
    text: str  # the body
    line: Sentence


def _turns(doc_view: DocView) -> list[Turn]:
    out: list[Turn] = []
    for line in lines(doc_view):
        said = None if line.is_heading else header(line.text)
        if said is None or said.body_at >= len(line.text):
            continue
        cited = covering(doc_view, line.start, line.end)
        if cited:
            out.append(Turn(said.author, line.text[said.body_at:].strip(), cited[0]))
    return out


def asks_taker(analysis: Analysis) -> bool:
    ask = analysis.asks[0] if analysis.asks else None
    return ask is not None and ask.answer_type == "agent" and (
        analysis.rel_type == "OWNS" or ask.predicate in TAKING_VERBS or (ask.core or ("",))[0] in TAKING_VERBS)


def _names_item(text: str, terms: tuple[str, ...]) -> bool:
    said = words(text)
    hits = [t for t in terms if any(w.startswith(t) or t.startswith(w) for w in said if len(w) > 2)]
    return bool(terms) and 2 * len(hits) >= len(terms)


def _addressed(text: str, speakers: list[str]) -> str | None:
    """The speaker whose first name the ask addresses (a capitalised word of the ask)."""
    said = {w.strip(",.?!:;") for w in text.split() if w[:1].isupper()}
    return next((s for s in speakers if s.split()[0] in said), None)


def bind_spoken(analysis: Analysis, views: Views) -> Bound | None:
    """The person who accepted the asked item in a transcript; a Bound with a reason when they declined; None
    when no transcript asks anyone to take it."""
    if not asks_taker(analysis):
        return None
    ask = analysis.asks[0]
    terms = analysis.subject.terms if analysis.subject else tuple(t for t in ask.core if t not in TAKING_VERBS)
    target = analysis.subject.name if analysis.subject else " ".join(terms)
    for doc_view in views()[:DOCUMENTS_READ]:
        turns = _turns(doc_view)
        speakers = list(dict.fromkeys(t.speaker for t in turns))
        for n, turn in enumerate(turns):
            if not _ASK.search(turn.text) or not _names_item(turn.text, terms):
                continue
            person = _addressed(turn.text, [s for s in speakers if s != turn.speaker])
            reply = next((t for t in turns[n + 1:n + 1 + REPLY_WINDOW] if t.speaker == person), None)
            if person is None or reply is None:
                continue
            if _NO.search(reply.text) or not _YES.match(reply.text):
                return Bound(reason=f"not established: {person} was asked and did not take it on")
            graded = HopGrade("inferred", ("spoken_assignment",), reply.line.id)
            path: PathView = view(person, person, (person, target), [
                hop(person, analysis.rel_type or "OWNS", target, graded, reply.line, "question")],
                [turn.line, reply.line])
            return Bound(paths=(path,), document=doc_view.info)
    return None
