"""Noun-led readings of an incident write-up: the impact aimed at a system and the cause it names.

* an impact noun aimed at a system: "spillover to X", "a knock-on effect on X throughput", "no impact on Y",
  "a degradation of X" (:func:`impact_nouns`);
* the write-up's own cause: "The root cause was a leak in X", "The issue was traced to X", "The problem is in X"
  -> X CAUSED the incident (:func:`root_causes`).

Split from :mod:`extraction.impact_prose` (the verb-led readings of what was hit), whose supposition checks
(a question, an inverted or ordinary condition) these readings share; the caller checks the document kind.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES, located, problem_word
from extraction.extraction_types import Mention
from extraction.impact_prose import INCIDENT_NOUNS, conditional, supposed
from extraction.parse_walks import prep_objects
from extraction.vocabulary import words

# Nouns by which a write-up names its cause ("the root cause was ...") and the problem it traces ("the issue was
# traced to X"); verbs that trace a problem to its source.
_CAUSE_NOUNS = words("cause culprit trigger")
_TRACED = INCIDENT_NOUNS | words("issue problem")  # or any problem word: "the errors were traced to X"
_TRACING = words("trace attribute pin narrow")
# Nouns of an impact aimed at a system: "spillover to X", "a knock-on effect on X", "disruption to X".
IMPACT_NOUNS = words("impact impacts effect effects spillover disruption disruptions degradation fallout damage")
_IMPACT_PREPS = frozenset({"on", "to", "for", "into", "across", "upon"})
# Nouns of harm done whose "of" names what was harmed ("a degradation of X", "disruption of Y"); the "of" of
# "impact of X" or "effect of X" names what did the harm, so it stays out.
_HARMED_OF = words("degradation disruption disruptions damage")


def impact_nouns(sent: Span, anchors: dict[int, Mention], arguments: dict[int, Mention]) -> list[
        tuple[Mention, Token, bool]]:
    """(system hit, impact noun, negated by "no") for "spillover to X", "knock-on effect on X throughput"."""
    found: list[tuple[Mention, Token, bool]] = []
    if supposed(sent):
        return found
    for noun in sent:
        if noun.lemma_.lower() not in IMPACT_NOUNS or noun.pos_ != "NOUN" or conditional(noun.head):
            continue
        holders = [noun, noun.head] if noun.dep_ == "attr" else [noun]  # "there was spillover [to X]"
        negated = any(c.lower_ == "no" for c in noun.children)
        preps = _IMPACT_PREPS | {"of"} if noun.lemma_.lower() in _HARMED_OF else _IMPACT_PREPS
        for obj in [o for h in holders for o in prep_objects(h, preps)]:
            named = [anchors[c.i] for c in obj.children if c.dep_ in ("compound", "amod") and c.i in anchors]
            hit = anchors.get(obj.i) or arguments.get(obj.i) or next(iter(named), None)  # "on [X] throughput"
            if hit is not None and hit.type in SYSTEM_TYPES:
                found.append((hit, noun, negated))
    return found


def root_causes(sent: Span, anchors: dict[int, Mention]) -> list[tuple[Mention, Token]]:
    """(system, verb) where the write-up names the system as its incident's cause: "The root cause was a memory leak
    in X", "The trigger was X", "The issue has been traced to X"."""
    if supposed(sent):
        return []
    found: list[tuple[Mention, Token]] = []
    for verb in sent:
        lemma = verb.lemma_.lower()
        if lemma == "be" and any(c.dep_ == "nsubj" and c.lemma_.lower() in _CAUSE_NOUNS for c in verb.children):
            named = [c for c in verb.children if c.dep_ in ("attr", "acomp")]
        elif lemma in _TRACING and any(c.dep_ == "nsubjpass" and (c.lemma_.lower() in _TRACED or problem_word(c))
                                       for c in verb.children):
            named = prep_objects(verb, ("to",))
        elif lemma == "be" and any(c.dep_ == "nsubj" and c.lemma_.lower() in _TRACED - INCIDENT_NOUNS
                                   for c in verb.children):
            named = prep_objects(verb, ("in", "with"))  # "The problem is in X", "the issue was with X"
        else:
            continue
        for tok in named:
            cause = anchors.get(tok.i) or located(tok, anchors)
            if cause is not None and cause.type in SYSTEM_TYPES and not conditional(verb):
                found.append((cause, verb))
    return found
