"""Relations a noun carries where English puts a light verb or a preposition in front of it (per sentence).

* a light verb whose object noun names the relation: "X has a hard dependency on Y", "X takes a dependency on Y",
  "the Storage team takes care of Y", "X keeps a connection to Y" (`verb_rules.NOUN_RULES`);
* a copula whose noun sits after a preposition: "the Risk team is on the hook for Y", "Dana is in charge of Y", or
  inside "of": "Dana is the point of contact for Y" (`verb_rules.COPULA_RULES`, as for "X is the owner of Y");
* a note that opens with a passive participle and names no subject is about the document: "Signed off by Dana."
  -> Dana APPROVED the page, "Assigned to Lee." -> the ticket ASSIGNED_TO Lee (`fragment_relations`);
* a need stated by its absence: "without Y, X cannot start", "X does not work without Y" -> X DEPENDS_ON Y (the
  negation is what states the need, so the relation is not negated; `needed_without`);
* a passive participle conjoined to one that has the agent: "X is owned and operated by the Storage team" (the
  agent of "operated" is the agent of "owned" too).

Each returns (subject token, object token, rel_type, inverse, predicate tokens), as the verb reader does; the
sentence reader maps tokens to mentions, checks types and sets flags from the verb's clause.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.extraction_types import Mention
from extraction.parse_walks import objects_of
from extraction.verb_rules import COPULA_RULES, LIGHT_VERBS, NOUN_RULES, VERB_RULES

Triple = tuple[Token, Token, str, bool, list[Token]]


def _preps(tok: Token) -> list[Token]:
    return [p for p in tok.children if p.dep_ == "prep"]


def light_verb_triples(verb: Token, lemma: str, subs: list[Token], dobjs: list[Token]) -> list[Triple]:
    """ "X has a dependency on Y": the object noun and its preposition say the relation; the verb says nothing."""
    if lemma not in LIGHT_VERBS:
        return []
    found: list[Triple] = []
    for noun in dobjs:
        for prep in _preps(noun) + _preps(verb):  # the parser hangs "on Y" on the noun or on the verb
            rule = NOUN_RULES.get((noun.lemma_.lower(), prep.lower_))
            if rule is not None:
                found += [(s, o, rule[0], rule[1], [verb, noun, prep]) for s in subs for o in objects_of(prep)]
    return found


def copula_noun_triples(verb: Token, subs: list[Token]) -> list[Triple]:
    """ "X is on the hook for Y", "X is in charge of Y", "X is the point of contact for Y"."""
    nouns = [o for p in _preps(verb) for o in objects_of(p)]
    attrs = [c for c in verb.children if c.dep_ == "attr"]
    nouns += [o for a in attrs for p in _preps(a) if p.lower_ == "of" for o in objects_of(p)]  # "point of contact"
    found: list[Triple] = []
    for noun in nouns:
        for prep in _preps(noun):
            rule = COPULA_RULES.get((noun.lemma_.lower(), prep.lower_))
            if rule is not None:
                found += [(s, o, rule[0], rule[1], [verb, noun, prep]) for s in subs for o in objects_of(prep)]
    return found


def shared_agents(verb: Token) -> list[Token]:
    """The "by" of a conjoined passive participle, for a passive verb that has none of its own ("owned and operated
    by Y")."""
    if any(c.dep_ == "agent" for c in verb.children):
        return []
    return [a for c in verb.children if c.dep_ == "conj" and c.tag_ == "VBN" for a in c.children if a.dep_ == "agent"]


def fragment_relations(sent: Span, anchors: dict[int, Mention], own: Mention | None) -> list[
        tuple[Mention, Mention, str, Token]]:
    """ "Reviewed by A and B.", "Signed off by Dana.", "Assigned to Lee.": a sentence that opens with a passive
    participle and has no subject states something about the document itself (subject, object, rel, participle)."""
    first = next((t for t in sent if not (t.is_punct or t.is_space)), None)
    if own is None or first is None or first.tag_ != "VBN" or first.dep_ != "ROOT":
        return []
    if any(c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl") for c in first.children):
        return []
    lemma = first.lemma_.lower()
    particle = next((c.lower_ for c in first.children if c.dep_ == "prt"), None)
    found: list[tuple[Mention, Mention, str, Token]] = []
    for prep in first.children:
        people = [anchors[o.i] for o in objects_of(prep) if o.i in anchors]
        rule = VERB_RULES.get((lemma, particle)) or VERB_RULES.get((lemma, None))
        if prep.dep_ == "agent" and rule is not None and not rule[1]:
            found += [(p, own, rule[0], first) for p in people]  # "Reviewed by A": A reviewed the document
        elif prep.dep_ == "prep" and prep.lower_ == "to" and lemma == "assign":
            found += [(own, p, "ASSIGNED_TO", first) for p in people]
    return found


def needed_without(verb: Token, subs: list[Token]) -> list[Triple]:
    """ "Without Y, X cannot start": a negated clause with "without Y" says X needs Y."""
    if not any(c.dep_ == "neg" for c in verb.children):
        return []
    return [(s, o, "DEPENDS_ON", False, [verb, p]) for p in _preps(verb) if p.lower_ == "without"
            for o in objects_of(p) for s in subs]
