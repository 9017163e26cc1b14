"""The cause a write-up states under its own cause heading: the section's first sentence names what failed.

Incident reviews, tickets and RCAs give the cause a section of its own ("## Root cause", "## root_cause",
"## Suspected root cause") and open it with the cause as the sentence's subject, without a verb of causing:

* "A file-descriptor leak in X that manifests during ..." (a fault placed in a system; a fragment is common);
* "A regression introduced in X changed ..." / "A bug introduced by X ..." (a fault said to come from a system);
* "X's retry wrapper treated 409s as retryable" / "The X config was deployed with ..." (a part of a system);
* "The pool is exhausted by X jobs" (a passive: its agent is the cause).

The named system CAUSED what the document is about (its own ticket or write-up; ``via="document_subject"``).
Only the section's first sentence: the sentences after it tell the chain of effects ("The leak causes ...",
"S3 rejects the requests ..."), whose subjects are effects, not the cause. A heading that supposes the cause
("Suspected ...", "Likely ...", "... hypothesis") marks the relation hedged.

Two more places a write-up states causes without a verb of causing:

* a responder's note of a defect found in a system, anywhere in a ticket or write-up (`found_defects`): "Looked into
  X; uncovered a regression in 3.0", "we found a bug in X" -> X CAUSED the document's subject (a defect in a
  bare version is in the one system the sentence names before the verb);
* a list under a cause heading or a "Contributing factors:" lead-in (`cause_listed`): what its items say failed is
  a cause, so the impact reader does not take "X failed on a transient error" there as a system the incident hit.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES, located
from extraction.extraction_types import Mention
from extraction.line_breaks import line_before, line_start
from extraction.parse_walks import prep_objects, with_conjuncts
from extraction.vocabulary import CAUSE_LIST_LABELS, DEFECT_NOUNS, FINDING_VERBS

if TYPE_CHECKING:
    from extraction.doc_context import DocumentContext

# Section names that announce a cause, after casefolding, "_"/"-" read as spaces and a trailing ":" dropped:
# the names incident reviews, tickets and RCA templates give the section.
CAUSE_HEADINGS = frozenset({"root cause", "root causes", "cause", "causes", "rca", "root cause analysis",
                            "primary cause", "probable cause", "likely cause", "suspected cause",
                            "suspected root cause", "probable root cause", "likely root cause", "what caused it",
                            "root cause hypothesis", "cause of the incident", "cause of the outage"})
# Heading words that suppose the cause rather than state it.
_SUPPOSING = frozenset({"suspected", "probable", "likely", "hypothesis", "possible", "potential"})
# Dependents of a noun that name the system it belongs to: "the X config", "X's wrapper".
_OF_SYSTEM = frozenset({"compound", "poss", "nmod", "amod"})  # the parser tags "x-proxy" in "x-proxy v1" as amod
# Prepositions after a participle that place a fault's origin in a system: "introduced in X", "caused by X".
_ORIGIN_PREPS = frozenset({"in", "by", "into", "from"})
_PLACING = frozenset({"in", "on", "inside", "within"})  # "a leak in X", "a race on X"
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_RELATIVES = frozenset({"that", "which", "who", "where"})  # "a leak in X that manifests ...": not the cause
_HEADING_MARKS = re.compile(r"[#*_`:\s-]+")
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*+•]|\d{1,3}[.)])\s+\S")
_VERSION = re.compile(r"v?\d+(?:\.(?:\d+|x))+", re.I)  # "v2.2.x", "1.14.3"
_WIKI_HEADING = re.compile(r"^\s*h[1-6]\.\s+")  # "h2. Contributing factors" (wiki markup)
_BRACKETS = re.compile(r"\([^)]*\)")


def cause_heading(text: str) -> tuple[bool, bool]:
    """(is a cause heading, supposes the cause) for a heading's text: "Root cause (suspected)" -> (True, True)."""
    plain = _HEADING_MARKS.sub(" ", text.casefold()).strip()
    supposed = bool(_SUPPOSING & set(re.findall(r"[a-z]+", plain)))
    name = _HEADING_MARKS.sub(" ", _BRACKETS.sub(" ", plain)).strip()
    return name in CAUSE_HEADINGS, supposed


def cause_listed(text: str, at: int) -> bool:
    """The line holding offset ``at`` is an item of a list of causes: the first line above the list that is not an
    item is a cause heading or lead-in ("## Root cause", "*Contributing factors*:"). What such an item says failed
    is a cause of the incident, not a system it hit."""
    start = line_start(text, at)
    if not _ITEM_LINE.match(text, start):
        return False
    while (above := line_before(text, start)) is not None:
        line, start = text[slice(*above)], above[0]
        if line.strip() and not _ITEM_LINE.match(line):
            label = _WIKI_HEADING.sub("", line)
            if len(label.split()) > 6:
                return False
            plain = _HEADING_MARKS.sub(" ", _BRACKETS.sub(" ", label.casefold())).strip()
            return cause_heading(label)[0] or plain in CAUSE_LIST_LABELS
    return False


def _section_start(ctx: DocumentContext, start: int, end: int) -> tuple[int, bool] | None:
    """Where the cause section's first sentence begins and whether the section supposes, when the sentence
    [start, end) opens a cause section: it starts right after the heading, or the parser ran the heading line into
    it ("## Root cause\\nA leak in X ...")."""
    i = bisect_right([h.start for h in ctx.headings], end - 1) - 1
    if i < 0:
        return None
    heading = ctx.headings[i]
    if heading.body_start <= start:
        if ctx.document.text[heading.body_start : start].strip():
            return None
        body = start
    elif heading.start >= start and heading.body_start < end:
        body = heading.body_start
    else:
        return None
    cause, supposed = cause_heading(heading.text)
    return (body, supposed) if cause else None


def _system(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system a subject noun names: itself, the system its fault sits in, or the system it belongs to."""
    named = anchors.get(tok.i)
    if named is not None:
        return named if named.type in SYSTEM_TYPES else None
    if tok.pos_ not in ("NOUN", "PROPN"):
        return None
    places = prep_objects(tok, _PLACING)  # "a leak in X", "a leak in [X] v1.8.2" (the name modifies a version)
    placed = [p for p in places if p.i in anchors] + [c for p in places for c in p.children
                                                      if c.dep_ in _OF_SYSTEM and c.i in anchors]
    where = next((anchors[p.i] for p in placed if anchors[p.i].type in SYSTEM_TYPES), None) or located(tok, anchors)
    if where is not None:
        return where
    owners = [c for c in tok.children if c.dep_ in _OF_SYSTEM and c.i in anchors]
    origins = [o for a in tok.children if a.dep_ == "acl" for o in prep_objects(a, _ORIGIN_PREPS)]
    origins += [c for o in origins for c in o.children if c.dep_ in _OF_SYSTEM]
    named_all = [anchors[t.i] for t in (*owners, *origins) if t.i in anchors]
    return next((m for m in named_all if m.type in SYSTEM_TYPES), None)


def _cause_tokens(tokens: list[Token]) -> list[Token]:
    """The words naming the cause in the sentence's ``tokens`` (the heading left out): a fragment's head noun, else
    the first clause's subject ("The X config was deployed ..., so S3 rejected ..." -> config), or its passive's
    agent ("The pool is exhausted by X jobs" -> jobs)."""
    inside = {t.i for t in tokens}
    heads = [t for t in tokens if (t.head.i not in inside or t.head == t) and not (t.is_space or t.is_punct)]
    subject = next((t for t in tokens if t.dep_ in _SUBJECTS and t.lower_ not in _RELATIVES), None)
    fragment = heads[0] if heads and heads[0].pos_ in ("NOUN", "PROPN") else None
    if fragment is not None and (subject is None or fragment.i < subject.i):
        return with_conjuncts([fragment])  # "A leak in X that ...", "Race condition in X where ..."
    if subject is None:
        return []
    agents = prep_objects(subject.head, None, ("agent",))
    return agents or with_conjuncts([subject])


def section_causes(sent: Span, anchors: dict[int, Mention], ctx: DocumentContext | None,
                   offset: int) -> list[tuple[Mention, Token, bool]]:
    """(cause, the word that states it, supposed) for the first sentence of a cause section (``sent`` is parsed
    from a chunk at document offset ``offset``)."""
    words_of = [t for t in sent if not t.is_space]
    if ctx is None or ctx.own is None or not words_of or sent.text.rstrip().endswith("?"):
        return []
    opens = _section_start(ctx, offset + words_of[0].idx, offset + words_of[-1].idx + len(words_of[-1]))
    if opens is None:
        return []
    body, supposed = opens
    tokens = [t for t in sent if offset + t.idx >= body]
    found: list[tuple[Mention, Token, bool]] = []
    for tok in _cause_tokens(tokens):
        cause = _system(tok, anchors)
        word = tok.head if tok.dep_ in _SUBJECTS else tok
        if cause is not None and cause.name != ctx.own.name and all(c is not cause for c, _, _ in found):
            found.append((cause, word, supposed))
    return found


def found_defects(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Token]]:
    """(system, verb of finding) for "uncovered a regression in X", "found a bug in X's parser": the defect's seat
    (`causal.located`, or "in X" on the verb), or, for a defect in a bare version ("in v2.2.x"), the one system the
    sentence names before the verb ("Looked into X; found a regression in v2.2.x")."""
    found: list[tuple[Mention, Token]] = []
    if sent.text.rstrip().endswith("?"):
        return found
    for verb in sent:
        defects = [c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() in DEFECT_NOUNS]
        if verb.pos_ != "VERB" or verb.lemma_.lower() not in FINDING_VERBS or not defects:
            continue
        seats = [o for h in (*defects, verb) for o in prep_objects(h, ("in",))]
        named = [anchors[o.i] for o in seats if o.i in anchors and anchors[o.i].type in SYSTEM_TYPES]
        cause = next(iter(named), None) or next((s for d in defects if (s := located(d, anchors))), None)
        if cause is None and any(_VERSION.fullmatch(o.text) for o in seats):
            before = [anchors[t.i] for t in sent if t.i < verb.i and t.i in anchors
                      and anchors[t.i].type in SYSTEM_TYPES]
            cause = before[0] if len({m.name.casefold() for m in before}) == 1 else None
        if cause is not None and all(c is not cause for c, _ in found):
            found.append((cause, verb))
    return found
