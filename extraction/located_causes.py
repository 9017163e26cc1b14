"""A problem placed in one system that hit another, read in word order: "The outage in X stalled Y", "A bad config
push to X overloaded Y", "Exhausted connections in X stalled Y for two hours".

Postmortems name a cause by where it sat rather than by the system alone, and the small English model then often
takes the verb for an adjective of the object ("stalled [pick-planner]"), so the parse reader finds no clause and the
plain surface reader finds no subject (the clause opens with the problem, not with X). Read in order:

1. a noun phrase of at most five words that opens the clause (sentence start or a clause break before it) and
   names a problem, a fault or a change: one of its words is a problem, fault or change noun ("outage", "leak",
   "push", "deploy") or a state of failure ("bad", "exhausted", "broken");
2. a locating preposition ("in", "on", "of", "to", "at", "from", "inside", "within") and the system X;
3. at once a past-tense verb that the rule table reads as an impact ("stalled", "overloaded", "degraded"), and after
   at most a determiner the system(s) Y.

X AFFECTS each Y; both ends are systems named in the sentence, so the evidence stays the sentence.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.causal import CAUSAL_RELATIONS, FAULT_NOUNS, PROBLEM_WORDS, SYSTEM_TYPES, verb_lemma
from extraction.clause_flags import clause_flags
from extraction.extraction_types import Mention
from extraction.surface_parts import DETERMINERS, SurfaceTriple, make_triples, mention_list
from extraction.vocabulary import CHANGE_NOUNS, VERB_RULES, words

_KNOWN = frozenset(v for v, _ in VERB_RULES)
_LOCATING = frozenset({"in", "on", "of", "to", "at", "from", "inside", "within"})
# Words that make a noun phrase a problem or a change: its nouns, and states of failure written before a noun.
_PROBLEM = FAULT_NOUNS | PROBLEM_WORDS | CHANGE_NOUNS | words(
    "bad broken faulty exhausted saturated stuck runaway misconfigured corrupted failed failing")
_MAX_PHRASE = 5
_PHRASE_TAGS = frozenset({"DET", "ADJ", "NOUN", "PROPN", "VERB", "NUM"})


def located_causes(sent: Span, starts: dict[int, tuple[int, Mention]]) -> list[SurfaceTriple]:
    """The relations of ``sent`` of the shape "<problem> in X <verb>ed Y" (the module docstring)."""
    doc = sent.doc
    found: list[SurfaceTriple] = []
    for i, (after, cause) in starts.items():
        prep = i - 1
        if not (sent.start < prep and i < sent.end and doc[prep].lower_ in _LOCATING) or cause.type not in SYSTEM_TYPES:
            continue
        if not _problem_phrase(sent, prep) or after >= sent.end:
            continue
        verb = doc[after]
        rule = VERB_RULES.get((verb_lemma(verb, _KNOWN), None))
        if rule is None or rule[0] not in CAUSAL_RELATIONS or not verb.lower_.endswith("ed"):
            continue
        j = after + 1 + (after + 1 < sent.end and doc[after + 1].lower_ in DETERMINERS)
        hit, _ = mention_list(doc, j, sent.end, starts)
        hit = [m for m in hit if m.type in SYSTEM_TYPES and m is not cause]
        found += make_triples([cause], hit, ("AFFECTS", False), [verb], clause_flags(verb, sent, []))
    return found


def _problem_phrase(sent: Span, prep: int) -> bool:
    """The words before ``prep`` back to the clause's start are a short noun phrase naming a problem or a change."""
    doc, k = sent.doc, prep - 1
    phrase: list[Token] = []
    while k >= sent.start and len(phrase) <= _MAX_PHRASE and not doc[k].is_punct:
        phrase.append(doc[k])
        k -= 1
    if not phrase or len(phrase) > _MAX_PHRASE or any(t.pos_ not in _PHRASE_TAGS for t in phrase):
        return False
    if phrase[0].pos_ not in ("NOUN", "PROPN"):  # the word before the preposition is the phrase's head noun
        return False
    return any(t.lower_ in _PROBLEM or t.lemma_.lower() in _PROBLEM for t in phrase)
