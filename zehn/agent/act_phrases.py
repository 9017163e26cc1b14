"""Does a sentence state the asked act in other words? Acts compared as verb phrases by the full model.

A bare verb is an ambiguous word ("spot" is also a place, "point" a dot), so its context-free vector meets the
verbs it means only by chance: spot ~ detect 0.35, under :data:`zehn.agent.similarity.SYNONYM_MATCH`, while unrelated
acts score as much. Written as an infinitive ("to spot", "to detect") the model reads it as an act, and a phrasal
verb keeps its particle ("to roll back", "to set off"), which changes the act: the comparison is of the act as
English writes it, not of its letters. Each act phrase is embedded once per process (the texts' cache), those a
comparison meets for the first time in one batch (:meth:`Similarity.phrases`).

:data:`ACT_MATCH` was set from general English verb pairs (tests/zehn/agent/test_act_phrases.py), never from a
question set, midway between the two groups: in the infinitive frame synonyms scored 0.597-0.95 (ship/release
0.597, cut/reduce 0.60, spot/detect 0.68, halt/stop 0.69, begin/start 0.91), unrelated acts 0.28-0.561 (point
to/add 0.43, set off/roll back 0.48, ship/deploy 0.54, start/stop 0.561). Antonyms of one scale are not told apart
(raise/lower 0.65): the sentence's value, not its verb, says which way.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from spacy.tokens import Doc, Token

from extraction.verb_reader import PARTICLES
from verify.parsing import Parse
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity

ACT_MATCH = 0.58


def act_phrase(verb: Token) -> str:
    """The verb's lemma with its particles ("rolled it back" -> "roll back")."""
    parts = [c.lower_ for c in verb.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.lower_ in PARTICLES)]
    return " ".join([verb.lemma_.casefold(), *parts])


def act_phrases(parse: Doc) -> list[str]:
    """Every act the sentence states: its verbs as phrases, in order, distinct."""
    return list(dict.fromkeys(act_phrase(t) for t in parse if t.pos_ == "VERB"))


def asked_act(ask: Ask, parse_text: Parse) -> str:
    """The ask's verb as a phrase, read from its clause ("what set off X" -> "set off"); its lemma when the clause
    does not hold it as a verb."""
    verb = next((t for t in parse_text(ask.text) if t.lemma_.casefold() == ask.predicate and t.pos_ == "VERB"), None)
    return act_phrase(verb) if verb is not None else ask.predicate


def acts_alike(act: str, acts: Iterable[str], similarity: Similarity) -> bool:
    """Some act of ``acts`` means nearly the same as ``act`` (:data:`ACT_MATCH`, each as "to <act>")."""
    pool = [a for a in dict.fromkeys(acts) if a and a != act]
    if not act or not pool:
        return False
    vectors = similarity.phrases([f"to {a}" for a in (act, *pool)])
    if not vectors:
        return False
    asked = vectors[0]
    return max(float(np.dot(asked, v)) for v in vectors[1:]) >= ACT_MATCH


def same_act(act: str, verbs: Iterable[str], similarity: Similarity) -> bool:
    """Some verb of ``verbs`` states ``act``: a near synonym as a bare word (:meth:`Similarity.synonym`) or as an
    infinitive (:func:`acts_alike`). Every stage that asks whether a sentence does the asked act asks this."""
    pool = list(verbs)
    return similarity.synonym(act, pool) or acts_alike(act, pool, similarity)


def states_act(ask: Ask, parse: Doc, similarity: Similarity, parse_text: Parse) -> bool:
    """The sentence states the asked act with a verb of its own ("detected" for "what spotted X")."""
    return acts_alike(asked_act(ask, parse_text), act_phrases(parse), similarity)
