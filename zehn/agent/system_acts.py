"""Which system did an act: the sentence that states the asked act with a system in the asked slot (part of
stage 4, passage binding).

"Which service checked the token against the configured URL?" is answered by "Auth-gateway validates the token
against the configured URL.": the system is the doer (the subject) of a sentence that states the act. "In which
component did the default flip?" is answered by "A default in the config compiler changed ...": the system fills
the same preposition the question's wh-phrase sits in; "Where did the fix add the check?", the system a preposition of
place names ("added the check in the commit coordinator"). Engineering prose writes systems as identifiers
(``auth-gateway``, capitalised when they open a sentence), as one proper noun (a product), as noun phrases whose
head names a system ("the session store") or as a modified noun ("the config compiler"), so a typed filler that
looks only for identifiers in lower case or system heads misses them; this reader looks in the asked slot only,
which is what keeps it narrow.

The sentence must hold most of the question's other content words (:data:`MIN_HELD`, at least two), state the
asked act (the verb itself, a synonym of it, or every other asked word), not negate it, and its system must not be
one the question itself names.
"""

from __future__ import annotations

import math
import re

from spacy.tokens import Doc, Token

from verify.fillers import SYSTEM_HEADS, english_compound
from verify.parsing import Parse
from zehn.agent.act_phrases import same_act
from zehn.agent.bound import Finding
from zehn.agent.lemmas import LIGHT_VERBS, lemmas_of
from zehn.agent.parses import Parses
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.sentence_checks import negated
from zehn.agent.similarity import Similarity

MIN_HELD = 0.6  # share of the question's other content words the sentence must hold (most of them)
SUBJECT = "subject"
WHERE = "where"
# Prepositions that place an act in a system ("added the check *in* the commit coordinator"): a "where" ask's slot.
_PLACES = ("in", "at", "on", "inside", "within", "into")
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
# An identifier as written in prose, also capitalised at the start of a sentence ("Auth-gateway validates ...").
_NAME = re.compile(r"^[A-Za-z][a-z0-9]*(?:[-_][a-z0-9]+)+$")


def asked_slot(question: Doc) -> str | None:
    """Where the wh-phrase sits: ``"subject"`` ("which service checked X"), the preposition it is the object of
    ("in which component did X flip" -> ``"in"``), ``"where"`` (any preposition of place), or None (any other slot
    is not read here)."""
    words = [t for t in question if not t.is_space]
    if words and words[0].lower_ == "where":
        return WHERE  # "Where did the fix add the check?": the place a preposition of place names
    if len(words) > 2 and words[0].pos_ == "ADP" and words[1].lower_ in ("which", "what"):
        return words[0].lower_  # "In which component ...": the parse may attach the preposition anywhere
    wh = next((t for t in question if t.lower_ in ("which", "what") and t.dep_ == "det"), None)
    if wh is None:
        return None
    focus = wh.head
    if focus.dep_ in _SUBJECTS:
        return SUBJECT
    if focus.dep_ == "pobj" and focus.head.dep_ == "prep":
        return focus.head.lower_
    return None


def _system_like(token: Token) -> bool:
    """An identifier-shaped name, or a noun phrase whose head names a system or is modified by another noun."""
    if token.pos_ == "PRON":
        return False
    text = token.text
    if _NAME.match(text) and not english_compound(text.casefold()):
        return True
    if token.pos_ not in ("NOUN", "PROPN"):
        return False
    mods = [c for c in token.children if c.dep_ in ("compound", "nmod") and c.i < token.i]
    if token.pos_ == "PROPN" and not mods and token.ent_type_ != "PERSON" and not _named_person(token):
        return True  # a product named by one proper noun ("Packer builds the images")
    return bool(mods) and (token.pos_ == "NOUN" or token.lemma_.casefold() in SYSTEM_HEADS)


def _named_person(token: Token) -> bool:
    """A proper noun next to another one is most often a person's first or last name ("Ana Ruiz")."""
    doc = token.doc
    return any(0 <= i < len(doc) and doc[i].pos_ == "PROPN" for i in (token.i - 1, token.i + 1))


def _phrase(token: Token) -> str:
    parts = [c for c in token.children if c.dep_ in ("compound", "nmod", "amod") and c.i < token.i]
    start = min((c.i for c in parts), default=token.i)
    return token.doc[start:token.i + 1].text


def fillers_in(parse: Doc, slot: str) -> list[str]:
    """The system names in the asked slot of the sentence."""
    def in_slot(t: Token) -> bool:
        if slot == SUBJECT:
            return t.dep_ in _SUBJECTS and t.head.pos_ in ("VERB", "AUX")
        places = _PLACES if slot == WHERE else (slot,)
        return t.dep_ == "pobj" and t.head.dep_ == "prep" and t.head.lower_ in places
    return [_phrase(t) for t in parse if in_slot(t) and _system_like(t)]


def bind_system_act(ask: Ask, question: str, view: DocView, parses: Parses, similarity: Similarity,
                    parse_text: Parse, used: set[str]) -> Finding | None:
    """The sentence of ``view`` that states the asked act with a system in the asked slot, or None."""
    if ask.answer_type != "system" and ask.wh != "where":
        return None
    slot = asked_slot(parse_text(question))
    if slot is None:
        return None
    want = tuple(t for t in ask.core or ask.terms if t not in (ask.focus_head, ask.predicate) and t not in LIGHT_VERBS)
    need = max(2, math.ceil(MIN_HELD * len(want)))
    if len(want) < need:
        return None
    asked = question.casefold()
    act = ask.predicate if ask.predicate and ask.predicate not in LIGHT_VERBS else ""
    candidates = [s for s in view.sentences if s.kind == "sentence" and s.id not in used]
    docs = parses.of(candidates)
    best: tuple[int, int, Finding] | None = None
    for sentence in candidates:
        parse = docs[sentence.id]
        lemmas = lemmas_of(parse)
        held = similarity.matches(want, lemmas)
        if len(held) < need or negated(parse, held):
            continue
        names = [n for n in fillers_in(parse, slot) if n.casefold() not in asked]
        if not names:
            continue
        verbs = [t.lemma_.casefold() for t in parse if t.pos_ == "VERB"]
        if act and act not in lemmas and not same_act(act, verbs, similarity) and len(held) < len(want):
            continue
        finding = Finding(ask, (sentence,), "source_backed", ("bound_by:system_act",), _heading(view, sentence),
                          sentence)
        if best is None or (len(held), -sentence.start) > best[:2]:
            best = (len(held), -sentence.start, finding)
    return best[2] if best is not None else None


def _heading(view: DocView, sentence: Sentence) -> str:
    return next((p.heading for p in view.passages if p.start <= sentence.start < p.end), "")
