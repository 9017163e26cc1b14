"""Readings of a question's word order for when its parse is unsure of the roles (part of stage 1, analyse).

A long technical question often parses badly ("which tickets is X dependent on according to its metadata" makes
the key an adjective); these readings rely on what the words are and where they stand, not on the attachments:

- :func:`copula_in_order`: a copula word and its preposition side by side ("responsible for");
- :func:`asked_doer`: a passive whose "by" is stranded or holds the wh-word ("what is X blocked by");
- :func:`stranded`: a relation word and its preposition at the end ("which issues does X depend on");
- :func:`change_effect`: "what did PR #12 do / cause?" (the effect verb last, after the reference);
- :func:`made_of`: "what is X made of / composed of", "what does X consist of" (X's parts);
- :func:`verb_object`: a verb's object, or an identifier the parse took for a predicate adjective ("which services
  call search-gw" parses "search-gw" as ``oprd``).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.vocabulary import COPULA_RULES, VERB_RULES
from traversal_policy.catalogue import DEPENDENCY_TYPES
from zehn.agent.clause_shapes import CONDITION_MARKS
from zehn.agent.phrases import Routed, child, entity_like, identifier_like, in_condition_clause, phrase, references
from zehn.agent.question import SubjectPhrase

DEPENDENCY_RELS = DEPENDENCY_TYPES
IMPACT_RELS = frozenset({"AFFECTS", "BLOCKS"})
TAIL_WORDS = 5  # the relation word's preposition stands among the question's last words
NECESSITY = frozenset({"have", "need", "require", "must"})  # "had to land before", "needed to ship before"
# Verbs that stand for any event, not for an act done to a thing: "what has to *happen* / *occur* / *hold* before
# Y", "what must *be done* first". Their wh-subject is a step or a condition, which a sentence states, never a thing
# Y depends on ("which fix has to *land* before Y", "what must *be deployed* before Y" name one).
EVENT_VERBS = frozenset({"happen", "occur", "hold", "transpire"})
# Nouns that name an incident, not a thing: what such an event affected is what the document about it states (its
# "Impact" section), not a relation of an entity the graph records.
INCIDENT_NOUNS = frozenset({"outage", "incident", "lag", "failure", "degradation", "downtime", "disruption",
                            "slowdown", "regression", "breach", "interruption", "spike", "delay", "bug"})


def incident(token: Token | None) -> bool:
    """The phrase names an incident ("the replication lag", "the March outage"), not a thing."""
    return token is not None and token.lemma_.casefold() in INCIDENT_NOUNS


def asks_event(act: Token | None) -> bool:
    """The verb stands for an event, a step or a condition, not an act on a thing: "happen", "occur", intransitive
    "hold", "be true", "take place", and "do" with the wh-word as its passive subject ("what must be done")."""
    if act is None:
        return False
    if act.lemma_.casefold() in NECESSITY:  # "needs to *be* true": a copula the carrier leaves (it is no verb)
        act = next((c for c in act.children if c.dep_ == "xcomp"), act)
    lemma, objects = act.lemma_.casefold(), [c for c in act.children if c.dep_ == "dobj"]
    if lemma in EVENT_VERBS:
        return not objects
    if lemma == "take":
        return any(o.lemma_.casefold() == "place" for o in objects)
    if lemma == "be":
        return any(c.dep_ == "acomp" and c.lemma_.casefold() == "true" for c in act.children)
    return lemma == "do" and (any(c.dep_ == "auxpass" for c in act.children) or act.tag_ == "VBN")


# Subordinators of a condition ("... *when* the cache is cold", "... *if* the key expires"): the answerer's condition
# marks less those that order two acts ("before" / "until": :func:`zehn.agent.routing._prerequisite`; "after"),
# and "while", which here sets the state the relation holds in.
CONDITIONS = (CONDITION_MARKS - {"after", "before", "until"}) | {"while"}


def under_condition(verb: Token, clause: Span) -> bool:
    """The relation is asked under a condition of its own clause ("what do the workers fall back to *when the cache
    is cold*", "what does X call *if* Y misses"): the graph holds the relation unconditioned, the sentence that
    states it under that condition answers. A condition set before the wh-word frames the whole question instead."""
    top = verb  # the relation word may be the verb's particle ("fall *back* to"): read from the clause's head
    while top.head.i != top.i and clause.start <= top.head.i < clause.end:
        top = top.head
    return any(t.dep_ in ("advcl", "pcomp") and clause.start <= t.i < clause.end and any(
        c.dep_ in ("mark", "advmod") and c.lower_ in CONDITIONS for c in t.children) for t in top.subtree)


def copula_in_order(clause: Span) -> tuple[str, Token] | None:
    """A copula word and its preposition side by side when the parse did not attach one to the other ("who is
    responsible for the follow-up to rotate X" read as a for-to clause): the relation and the first noun after."""
    for t in clause[:-1]:
        rule = None if in_condition_clause(t) else COPULA_RULES.get((t.lemma_.casefold(), t.nbor().lower_))
        if rule is not None:
            obj = next((n for n in clause.doc[t.i + 2: clause.end] if n.pos_ in ("NOUN", "PROPN")), None)
            if obj is not None:
                return rule[0], obj
    return None


def asked_doer(verb: Token) -> Token | None:
    """The passive subject when the asked thing is the doer: "by" left stranded at the end ("what is X blocked
    by") or holding the wh-word ("by what is X blocked")."""
    passive = child(verb, ("nsubjpass",)) or (child(verb, ("nsubj",)) if child(verb, ("auxpass",)) else None)
    if passive is None and verb.tag_ == "VBN" and verb.dep_ == "acl":  # "what is X blocked by" read as "X (blocked)"
        passive = verb.head
    if passive is None or not entity_like(passive):
        return None
    by = next((c for c in verb.children if c.lower_ == "by" and c.dep_ in ("agent", "prep")), None)
    if by is None:
        return None
    objects = [c for c in by.children if c.dep_ == "pobj"]
    return passive if not objects or objects[0].tag_ in ("WP", "WDT") else None


def stranded(clause: Span) -> Routed | None:
    """Word order when the parse of a long question is unsure of the roles: "which issues does X, the Y ticket,
    depend on?", "which tickets is X dependent on?" - the relation word and its preposition end the question, and
    the identifier after the auxiliary is what does the relating."""
    words_ = [t for t in clause if not t.is_punct]
    found = None
    for i in range(len(words_) - 1, max(1, len(words_) - TAIL_WORDS) - 1, -1):  # "... depend on according to X"
        word, prep = words_[i - 1], words_[i].lower_
        rule = VERB_RULES.get((word.lemma_.casefold(), prep)) or COPULA_RULES.get((word.lemma_.casefold(), prep))
        if words_[i].pos_ == "ADP" and rule is not None and rule[0] in DEPENDENCY_RELS | IMPACT_RELS and not rule[1]:
            found = word, rule
            break
    if found is None:
        return None
    word, rule = found
    aux = next((t for t in words_ if t.lemma_ in ("do", "be") and t.i < word.i), None)
    named = [t for t in clause.doc[aux.i + 1: word.i] if identifier_like(t)] if aux is not None else []
    if not named:
        return None
    key = clause.doc[named[0].i: named[0].i + 1]
    subject = SubjectPhrase(key.text, key.text, named[0].lower_, (), (named[0].lower_,), (), references(key))
    return Routed("dependency" if rule[0] in DEPENDENCY_RELS else "impact", subject, None, rule[0])


# Verbs of "what did X <verb>?" that ask for the effect of X.
EFFECT_VERBS = frozenset({"do", "cause", "trigger", "break"})


def change_effect(clause: Span) -> Routed | None:
    """"What did PR #12 do / cause?": the effect of a change named by its tracker key or pull request (impact of
    it), read by word order (do-support, the reference, the effect verb last), since parses of "cause" vary."""
    words_ = [t for t in clause if not t.is_punct]
    if len(words_) < 4 or words_[-1].lemma_.casefold() not in EFFECT_VERBS or words_[1].lemma_ != "do" or \
            words_[0].lower_ != "what":
        return None
    named = references(clause.doc[words_[2].i: words_[-1].i])
    if not named:
        return None
    return Routed("impact", SubjectPhrase(named[0], named[0], named[0].casefold(), (), (named[0].casefold(),), (),
                                          named[:1]), None, "AFFECTS")


# Verbs that with "of" ask for what a whole is built from: "made of", "composed of", "consists of", "comprised of".
_PARTS_VERBS = frozenset({"make", "compose", "consist", "comprise"})


def made_of(clause: Span) -> Routed | None:
    """"What is X made of?", "What does X consist of?": X's parts (HAS_COMPONENT), X being the clause's named thing
    (parses often make an identifier before "made" an adjective)."""
    words_ = [t for t in clause if not t.is_punct]
    said = any(t.pos_ == "VERB" and t.lemma_.casefold() in _PARTS_VERBS and t.i + 1 < len(t.doc) and
               t.nbor().lower_ == "of" for t in words_)
    named = [t for t in words_ if t.pos_ in ("NOUN", "PROPN", "ADJ", "X") and t.tag_ not in ("WP", "WDT")]
    whole = next((t for t in named if identifier_like(t)), None) or next(
        (t for t in named if entity_like(t) and t.dep_ not in ("compound", "amod")), None)
    return Routed("participation", phrase(whole), None, "HAS_COMPONENT") if said and whole is not None else None


def verb_object(verb: Token) -> Token | None:
    """The verb's direct or prepositional object, else an identifier parsed as its object predicate."""
    return child(verb, ("dobj", "pobj")) or next(
        (c for c in verb.children if c.dep_ in ("oprd", "acomp") and identifier_like(c)), None)
