"""Who took a task on in a meeting, read from an ask and its answer in a transcript (part of stage 4, bind).

Meetings assign work in speech, not in fields: one speaker asks a named person ("Henrique, can you take the cache
migration?", "Could you own the release notes, Ayumi?") and that person's next turn accepts ("Sure, I'll take
it.", "Yes, that's fine.") or declines ("I can't this sprint.", "I'd rather not."). The acceptance makes the
asked person the owner; a decline makes nobody the owner, and says so.

1. **The turns**: the speaker lines of the retrieved documents (a comment header with its body on the same
   line: ``[00:01:12] Name: text``, ``**Name:** text``, ``Name: text``; :func:`comment_headers.header`).
2. **The ask**: a turn holding a request to take something on (:data:`_ASK`: can / could / would / will you
   take / own / pick up / handle / drive / lead ..., the verb right after "you"; not "take a look at") that names
   the asked item (every content word of the subject, whole) and addresses, by name at the start or end of the
   asking sentence, a person whose first name one speaker of the document has.
3. **The answer**: the addressed person's first turn among the next :data:`REPLY_WINDOW` turns: an opening yes
   (:data:`_YES`) accepts; an opening refusal (:data:`_NO`) declines; any other reply decides nothing. No
   answer, no owner.

Read only after the graph walk and the other readers found nothing (:mod:`zehn.agent.bind_shapes`): a meeting ask
is weaker evidence than a page's owner line.

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
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence

DOCUMENTS_READ = 8  # an ask and its answer are specific enough to read every retrieved document for them
REPLY_WINDOW = 3  # turns after the ask in which the addressed person answers
TAKING_VERBS = frozenset({"take", "own", "handle", "drive", "lead", "pick", "run"})
# The taking verb right after "you" ("can you take X"), not an errand ("can you take a look / a stab at X").
_ASK = re.compile(r"\b(?:can|could|would|will)\s+you\s+(?:take|own|pick\s+up|handle|drive|lead|run|look\s+after)\b"
                  r"(?!\s+a\s+(?:quick\s+|closer\s+)?(?:look|stab|peek|glance)\b)", re.I)
_YES = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok|okay|fine|happy to|will do|no problem|i'?ll take|i can take|"
                  r"i can do|i'?ll do|i'?ll own|i'?ll handle|consider it done)\b", re.I)
# Only an opening refusal declines: "won't" later in a yes is about timing ("Sure, won't be before Friday").
_NO = re.compile(r"^\W*(?:no\b|nope\b|sorry\b|not\b|(?:i\s+)?(?:can'?t|cannot|won'?t)\b|i'?d\s+rather\s+not\b|"
                 r"i\s+would\s+rather\s+not\b)", re.I)
_SENTENCE = re.compile(r"(?<=[.?!])\s+")
_WORD = re.compile(r"[\w'’-]+(?:\.[\w'’-]+)*")  # "5.2" is one word
# "Ben, can you ..." / "... the release notes, Ben?": the addressee is named at a sentence's start or end.
_VOCATIVE = re.compile(r"^\W*(?P<start>[A-Z][\w'’-]*)\s*,|,\s*(?P<end>[A-Z][\w'’-]*)\W*$")


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
    """Every content word of the asked item, each a whole word of the ask (or its plural)."""
    said = set(_WORD.findall(text.casefold()))
    return bool(terms) and all(t in said or f"{t}s" in said or f"{t}es" in said for t in terms)


def _addressed(text: str, speakers: list[str]) -> str | None:
    """The speaker the ask addresses: the first name in vocative position of the sentence holding the ask."""
    for sentence in _SENTENCE.split(text):
        if not _ASK.search(sentence):
            continue
        called = _VOCATIVE.search(sentence.strip())
        name = called and (called["start"] or called["end"])
        if name:
            return next((s for s in speakers if s.split()[0] == name), None)
    return None


def _answer(reply: str) -> bool | None:
    """True for an opening yes ("No problem" too), False for an opening refusal, None for anything else (no
    decision)."""
    if _YES.match(reply):
        return True
    return False if _NO.match(reply) else None


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
            answer = _answer(reply.text)
            if answer is None:
                continue
            if not answer:
                return Bound(reason=f"not established: {person} was asked and did not take it on", decline="ruled_out")
            graded = HopGrade("inferred", ("spoken_assignment",), reply.line.id)
            path: PathView = view(person, person, (person, target), [
                hop(person, analysis.rel_type or "OWNS", target, graded, reply.line, "question")],
                [turn.line, reply.line])
            return Bound(paths=(path,), document=doc_view.info)
    return None
