"""Acts stated by a modal instead of their verb: a proposal by "should" ("we should add a retry budget"), a
requirement by "must", "has to", "needs to" or "is required" ("every key must carry an owner").

A question asks with the act's verb ("what guardrails were *proposed*", "what does the importer *require*"); a chat
or a spec states the act by the modal on another verb, so the asked verb is nowhere in the sentence. The word lists
are the verifier's (:data:`verify.lexicon.MODAL_ACTS`): English, no document's wording.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from verify.lexicon import MODAL_ACTS, NECESSITY_VERBS, REQUIREMENT_MODALS

_LETS = ("let's", "lets", "let us")  # "let's add a guardrail": a proposal in the first person
_NEEDING = NECESSITY_VERBS - {"have"}  # verbs that state a need with the thing needed as their object


def modal_states(predicate: str, parse: Doc) -> bool:
    """The sentence states the asked act (a proposal or a requirement) by a modal on a verb of its own."""
    modals = MODAL_ACTS.get(predicate)
    if modals is None:
        return False
    if modals is not REQUIREMENT_MODALS and parse.text.lstrip(" -*>").casefold().startswith(_LETS):
        return True
    return any(_modal(t, modals) for t in parse)


def _modal(token: Token, modals: frozenset[str]) -> bool:
    if token.tag_ == "MD" and token.lower_ in modals and token.head.pos_ in ("VERB", "AUX") and \
            not any(c.dep_ == "neg" for c in token.head.children):
        return True
    # "has to / needs to rotate", "is required": necessity by a verb (only for a requirement)
    if modals is not REQUIREMENT_MODALS or token.lemma_.casefold() not in NECESSITY_VERBS:
        return False
    to_verb = any(c.dep_ == "xcomp" and any(g.lower_ == "to" for g in c.children) for c in token.children)
    passive = token.lemma_.casefold() == "require" and any(c.dep_ == "auxpass" for c in token.children)
    # "We need a signed decision first", "the review requires an audit note": the thing needed as the object ("have"
    # with an object states possession, not a need)
    needed = token.lemma_.casefold() in _NEEDING and token.pos_ == "VERB" and any(c.dep_ == "dobj"
                                                                                  for c in token.children)
    return to_verb or passive or needed
