"""A change the question asks the size of that the document says was not made (part of stage 4, bind).

"How far was the cache size lowered for the drill?" presumes it was changed. Test reports, change records and
incident notes often state the opposite in a line of scope: "no cache size changes made during the drill",
"No schema changes needed", "the timeout was not changed". Such a document contradicts the question's premise: the
lines near it (the test's configuration) are no answer to how far the thing was changed.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from zehn.agent.lemmas import words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView

# Verbs that change a setting or an amount: the question asks how far, to what or by how much it moved.
_CHANGE_VERBS = frozenset({"lower", "raise", "increase", "decrease", "reduce", "change", "modify", "adjust", "bump",
                           "cut", "shorten", "lengthen", "extend", "alter", "tune", "drop", "tighten", "loosen"})
# Nouns that name a change of a thing ("TTL changes", "limit adjustment"), besides the asked verb itself.
_CHANGE_NOUNS = frozenset({"change", "adjustment", "modification", "increase", "decrease", "reduction", "bump"})
# An auxiliary that opens a yes/no question: "Was the TTL lowered?" is answered "no" by the denial.
_POLAR = frozenset({"be", "do", "have"})
_CHANGED = ("nsubjpass", "dobj", "nsubj")  # in this order: "did the team lower the TTL" changed the TTL


def changed_thing(question: Doc) -> tuple[str, str] | None:
    """The change verb the question asks about and the head lemma of what it changed ("How far was the global DNS
    TTL lowered" -> ("lower", "ttl")): its subject, its object or the noun its participle qualifies. None for a
    question without one, a negated one ("why was X not lowered"), or a yes/no question."""
    first = next((t for t in question if not t.is_punct), None)
    if first is None or (first.pos_ == "AUX" and first.lemma_.casefold() in _POLAR):
        return None
    for t in question:
        if t.pos_ != "VERB" or t.lemma_.casefold() not in _CHANGE_VERBS or any(c.dep_ == "neg" for c in t.children):
            continue
        # The parser often reads "was the TTL lowered" as a subject and "was the limit raised" as a participle.
        things = sorted((c for c in t.children if c.dep_ in _CHANGED and c.pos_ in ("NOUN", "PROPN")),
                        key=lambda c: _CHANGED.index(c.dep_))
        things += [t.head] if t.dep_ == "acl" and t.head.pos_ in ("NOUN", "PROPN") else []
        if things:
            return t.lemma_.casefold(), things[0].lemma_.casefold()
    return None


def _denies_change(token: Token, verb: str, thing: str) -> bool:
    """The token states that the thing was not changed: a change noun under "no" that the thing qualifies ("no
    global DNS TTL changes"), or a change verb negated with the thing as its subject or object ("the TTL was not
    changed")."""
    lemma = token.lemma_.casefold()
    if token.pos_ == "NOUN" and lemma in _CHANGE_NOUNS | {verb}:
        return (any(c.dep_ == "det" and c.lower_ == "no" for c in token.children) and
                any(c.dep_ in ("compound", "amod", "nmod") and c.lemma_.casefold() == thing for c in token.children))
    if token.pos_ == "VERB" and lemma in _CHANGE_VERBS | {verb}:
        return any(c.dep_ == "neg" for c in token.children) and _done_to(token, thing)
    return False


def _done_to(verb: Token, thing: str) -> bool:
    return any(c.dep_ in ("nsubjpass", "dobj") and c.lemma_.casefold() == thing for c in verb.children)


def _states_change(token: Token, verb: str, thing: str) -> bool:
    """The token states the asked change of the thing as made: the asked verb, not negated, done to it."""
    return (token.pos_ == "VERB" and token.lemma_.casefold() == verb
            and not any(c.dep_ == "neg" for c in token.children) and _done_to(token, thing))


def unchanged(analysis: Analysis, view: DocView, parses: Parses) -> str | None:
    """The thing whose change the question asks about, when a sentence of the document says it was not changed and
    none says the asked change was made; None otherwise."""
    if analysis.parse is None or any(a.negated for a in analysis.asks):
        return None
    asked = changed_thing(analysis.parse)
    if asked is None:
        return None
    verb, thing = asked
    said = [s for s in view.sentences if s.kind == "sentence" and thing in words(s.text)]
    return thing if said and change_denied(list(parses.of(said).values()), verb, thing) else None


def change_denied(mentions: list[Doc], verb: str, thing: str) -> bool:
    """One of the sentences says the thing was not changed and none says the asked change was made."""
    tokens = [t for m in mentions for t in m]
    return any(_denies_change(t, verb, thing) for t in tokens) and not any(_states_change(t, verb, thing)
                                                                          for t in tokens)
