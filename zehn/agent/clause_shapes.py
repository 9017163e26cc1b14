"""Shapes of text that bind an ask besides its words (part of stage 4, bind): a clause of condition or time on
the asked verb ("the alert fires *when* ..." answers "when does the alert fire"), and a block of labelled fields
(a ticket's "**Status:** Done" / "Fix version: 3.8.1" lines), which answers only what its labels name; and a
status that says why a thing is not so yet, for "why isn't X ..." (:func:`states_unsettled`).
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from extraction.passages import HEADING_SEP
from zehn.agent.focus import LABEL_WORDS, UNFINISHED
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.rows import DocPassage

# Subordinators of a clause that says when something happens as a condition rather than a date ("the alert fires
# *when* the queue holds more than 20,000 messages", "the file is deleted *once* the service has read every flag").
CONDITION_MARKS = frozenset({"when", "whenever", "once", "after", "before", "until", "if", "unless"})


def conditioned(parse: Doc, predicate: str) -> bool:
    """The asked verb carries a clause of condition or time: "when does X fire" is answered by the condition (read
    as a relative clause too: the parser takes "fires" in "X fires when ..." for a noun), or is the infinitive of a
    "when to <verb>" label, which names the conditions listed after it ("When to page: the queue holds ...")."""
    return bool(predicate) and predicate not in LIGHT_VERBS and any(
        t.lemma_.casefold() == predicate and (any(c.dep_ in ("advcl", "relcl") and any(
            m.dep_ in ("mark", "advmod") and m.lower_ in CONDITION_MARKS for m in c.children) for c in t.children)
            or _when_to(t)) for t in parse)


def _when_to(verb: Token) -> bool:
    """"when to <verb>" followed by what it names (a colon or a dash after it, or after the noun the label is
    written on: "'When to escalate' section:"; a particle of the verb too): the label of a list of conditions."""
    if not {"when", "to"} <= {c.lower_ for c in verb.children if c.i < verb.i}:
        return False
    for t in verb.doc[verb.i + 1:verb.i + 5]:
        if t.text in (":", "-", "—"):
            return True
        if not (t.is_quote or t.pos_ == "NOUN" or t.dep_ == "prt"):
            return False
    return False


_FIELD = re.compile(r"^[\s>*_-]*(?P<label>[A-Za-z][\w/& -]*?)[*_]*:[*_]*\s+\S")  # "**Fix version:** 3.8.1"


def field_labels(text: str) -> tuple[str, ...]:
    """The labels of a block of two or more lines, every one a labelled field ("**Status:** Done", "Fix version:
    3.8.1"): a ticket's or a page's fields, read by their labels. Empty for any other text."""
    lines = [_FIELD.match(line) for line in text.split("\n") if line.strip()]
    if len(lines) < 2 or not all(m is not None and len(m["label"].split()) <= LABEL_WORDS for m in lines):
        return ()
    return tuple(m["label"] for m in lines if m is not None)


_OVER = re.compile(r"\b(?:instead of|rather than|in place of)\b", re.IGNORECASE)


def chosen_over(sentence: str, passage_text: str) -> str:
    """The rest of the sentence's block when the sentence states a choice against an alternative ("The default is
    now 30 seconds instead of 15 seconds.", "We plan against 80% rather than a higher figure."): writers give the
    reason for a choice right after stating it, without a causal word. Empty when there is no such choice or nothing
    follows it in its block."""
    if not _OVER.search(sentence):
        return ""
    at = passage_text.find(sentence)
    rest = passage_text[at + len(sentence):] if at >= 0 else ""
    return rest.lstrip(" \t").split("\n\n", 1)[0].strip(" \n-*")


def commanded(parse: Doc | Span) -> bool:
    """The sentence is an instruction, not a reason: it opens with a base-form verb without a subject ("Restart the
    agent afterwards.", "Run `verify --layers` to find the layer.") or is a bare command ("`make clean`")."""
    opening = next((t for t in parse if not (t.is_punct or t.is_space or t.like_num or t.text in "-*+>")), None)
    if opening is None or opening.text.startswith("`"):
        return opening is not None
    verb = opening.tag_ == "VB" or (opening.dep_ == "ROOT" and any(c.dep_ == "dobj" for c in opening.children))
    return verb and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in opening.children)  # "Restart" as NNP


def headed_by(core: tuple[str, ...], passage: DocPassage, sentence: str) -> bool:
    """The sentence opens the body of a section whose own heading names the asked thing: at least two of the ask's
    core terms in that heading and every one in its heading path (the title names the system). A troubleshooting
    entry headed by its symptom explains it in its first line, without a causal word. Not the title's own text."""
    path = passage.heading.split(HEADING_SEP)
    said = {w.removesuffix("s") for w in words(passage.heading)}
    own = {w.removesuffix("s") for w in words(path[-1])}
    body = passage.body.lstrip(" \n*_-")
    opening = sentence.strip(" *_-")[:40]
    return len(path) > 1 and bool(opening) and body.startswith(opening) and \
        sum(t.removesuffix("s") in own for t in core) >= 2 and all(t.removesuffix("s") in said for t in core)


# "Not a long-term fix - ...", "No: ...": a denial, then a separator and the clause that says what holds instead
# (a line that says it has no answer, :data:`NO_ANSWER`, denies nothing).
_DENIAL_OPENING = re.compile(
    r"^[\s*_>-]*(?:not|no)\b(?![-\w])[^.:;]{0,60}?(?:\s[-\u2013\u2014]+\s|[:;]\s)", re.IGNORECASE)
# A line that says it has no answer: "not sure", "No idea, let's check the logs", "TBD", "still unknown" (not "an
# unknown certificate authority").
NO_ANSWER = re.compile(
    r"\b(?:no idea|not sure|tbd|don'?t know|no clue)\b|(?:\b(?:is|are|still|remains?)\s+|^\W*)unknown\b",
    re.IGNORECASE)


def states_unsettled(parse: Doc) -> bool:
    """The sentence says the asked thing is not so yet, and what holds it there, with no causal word: a status of
    :data:`zehn.agent.focus.UNFINISHED` with words after it ("merged behind a flag; pending the load test on
    staging"), or an opening denial, a dash or a colon, and a clause ("Not a long-term fix: it hides the contention").
    "Why isn't X done / a real fix" is answered by such a status line; "No page went out" states no reason."""
    status = next((t for t in parse if t.lower_ in UNFINISHED), None)
    if status is not None:
        return any(t.pos_ in ("NOUN", "PROPN", "VERB") for t in parse[status.i + 1:])
    opening = _DENIAL_OPENING.match(parse.text)
    return opening is not None and NO_ANSWER.search(parse.text) is None and \
        any(t.pos_ == "VERB" and t.idx >= opening.end() for t in parse)
