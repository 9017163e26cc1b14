"""The verb reader of `extraction.relations`: the (subject, object, rel_type) triples one verb states.

* verb + direct object / preposition ("calls", "depends on", "reads from"), mapped by `VERB_RULES`;
* passive with "by" is turned round ("is owned by", "ledger-sync, owned by Payments"); passive with another
  preposition keeps its order (`PASSIVE_PREP_RULES`: "is assigned to", "is blocked on");
* copula + noun/adjective + preposition ("is part of", "is responsible for", `COPULA_RULES`), and
  "Lena is on the Payments team" (MEMBER_OF);
* "assign X to Y"; subjects shared by conjoined verbs, open complements and relative clauses; conjoined subjects
  and objects; nouns behind a light verb or a preposition (`extraction.noun_predicates`); moving verbs
  (`extraction.causal.moved`).

Triples are tokens, not mentions: the sentence reader maps them to mentions, checks types and sets flags.
"""

from __future__ import annotations

from spacy.tokens import Token

from extraction import noun_predicates as nouns
from extraction.causal import moved, verb_lemma
from extraction.parse_walks import objects_of, prep_objects, with_conjuncts, with_listed
from extraction.traffic_phrases import handed_requests
from extraction.vocabulary import CHANGE_NOUNS, COPULA_RULES, PASSIVE_PREP_RULES, VERB_RULES

SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj")
# Adverb particles of English phrasal verbs ("fall back", "fail over", "time out"); also read by the answerer, where a
# phrasal verb meets its one-word noun ("timed out" ~ "timeout", "rolled back" ~ "rollback").
PARTICLES = frozenset({"back", "over", "out", "off", "away", "down", "up"})
Triple = tuple[Token, Token, str, bool, list[Token]]  # subject, object, rel_type, inverse, predicate tokens
# Every verb lemma some rule reads: a wrongly lemmatised form is matched against these ("routes" -> "route").
# Prepositions of a data flow that may hang off the verb's direct object rather than the verb.
_FLOW_PREPS = ("from", "to", "into", "in")
# Labels the parser gives an identifier it does not read as a noun: "tariff-api does not call X" (advmod), "depends
# on quay-api any more" (intj, or npadvmod).
_MISREAD_DEPS = frozenset({"advmod", "intj", "npadvmod"})
_CONTRAST = frozenset({"but", "yet"})  # conjunctions that set one clause against another
_KNOWN_VERBS = frozenset(v for v, _ in (*VERB_RULES, *PASSIVE_PREP_RULES)) | {"be", "assign"}


def _is_passive(verb: Token) -> bool:
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children) or (verb.dep_ == "acl" and verb.tag_ == "VBN"):
        return True  # a bare participle conjoined to a passive is passive too: "owned by X and maintained by Y"
    # the tagger may call such a participle a past tense ("is preserved and posted to X"); with no object of its
    # own it still shares the passive
    return (
        verb.dep_ == "conj"
        and (verb.tag_ == "VBN" or (verb.tag_ == "VBD" and not any(c.dep_ == "dobj" for c in verb.children)))
        and not any(c.dep_ in SUBJECT_DEPS for c in verb.children)
        and verb.head != verb
        and _is_passive(verb.head)
    )


def subjects(verb: Token) -> list[Token]:
    subs = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    if len(subs) > 1 and any(s.i < verb.i for s in subs):  # a verb has one subject (more are its conjuncts): two
        subs = [max((s for s in subs if s.i < verb.i), key=lambda s: s.i)]  # are a misparse of ", but only Y writes"
    contrasted = [c for s in subs for c in s.conjuncts if _contrasted(c, verb)]
    if contrasted:  # "X and Y use Redis, but only Y uses Z": the parser joins Y to X; only Y is the subject
        return contrasted[-1:]
    if not subs and verb.dep_ == "conj":  # "X calls Y, but ledger-svc uses Z": the identifier misread as an adverb
        subs = [c for c in verb.lefts if c.dep_ in _MISREAD_DEPS and identifier_shaped(c)][:1]
    head = verb  # a conjoined verb shares its first verb's subject: "X, which calls Y and reads from Z"
    while not subs and head.dep_ in ("conj", "xcomp") and head.head != head:
        head = head.head
        subs = [c for c in head.children if c.dep_ in SUBJECT_DEPS]
    if not subs and head.dep_ == "acl" and head.tag_ == "VBG" and _changed_thing(head.head):
        return []  # "an upgrade of X using Y": the participle says how the upgrade was done, not what X uses
    if (subs and head.dep_ == "relcl" and subs[0].lower_ in ("that", "which", "who")) or (
        not subs and head.dep_ in ("relcl", "acl")
    ):
        subs = [head.head]
        if subs[0].dep_ == "attr" and subs[0].head.lemma_ == "be":  # "X is the service that writes to Y": X
            subs = [c for c in subs[0].head.children if c.dep_ == "nsubj"] or subs
    if not subs and verb.dep_ == "ROOT":  # "The checkout-api points to X": the identifier parsed as a modifier
        subs = [c for c in verb.lefts if c.dep_ in ("amod", "compound")][-1:]
    if not subs and verb.dep_ == "ROOT":  # "tariff-api does not call X": a leading identifier parsed as an adverb
        subs = [c for c in verb.lefts if c.dep_ in _MISREAD_DEPS and identifier_shaped(c)][:1]
    return with_conjuncts(subs)


def _changed_thing(noun: Token) -> bool:
    """A change ("the migration of X") or the thing it acts on ("an upgrade of X"): the parser hangs a participle
    that follows ("... using the installer") on one of them, though in English it tells how the change was made.
    Its understood subject is whoever made the change, never X (which the change noun would stand in for)."""
    if noun.lemma_.lower() in CHANGE_NOUNS:
        return True  # the parser may hang it on the change itself: "the migration of X using Y"
    prep = noun.head
    return (noun.dep_ == "pobj" and prep.lower_ == "of" and prep.head != prep
            and prep.head.lemma_.lower() in CHANGE_NOUNS)


def _contrasted(noun: Token, verb: Token) -> bool:
    """A conjunct set against the one before it by "but" ("..., but only Y") that stands right before ``verb``
    (adverbs aside): the subject of that verb alone, not a co-subject of the first clause."""
    if noun.i >= verb.i or not any(t.lower_ in _CONTRAST for t in noun.doc[noun.head.i + 1 : noun.left_edge.i]):
        return False
    return all(t.dep_ in ("advmod", "neg", "aux", "auxpass") for t in noun.doc[noun.i + 1 : verb.i])


def identifier_shaped(tok: Token) -> bool:
    """A hyphenated or snake_case word with letters ("rate-limit-svc", "ledger_sync"): no English adverb or
    interjection is written that way, so where the parser calls it one it is a name in a noun's place."""
    return any(ch in tok.text.strip("-_") for ch in "-_") and any(ch.isalpha() for ch in tok.text)


def misparsed_verb(tok: Token) -> bool:
    """A root tagged as a plural noun that is a rule's verb ("the checkout-api points to X": after an identifier)."""
    return (
        tok.dep_ == "ROOT"
        and tok.tag_ == "NNS"
        and verb_lemma(tok, _KNOWN_VERBS) in _KNOWN_VERBS
        and any(c.dep_ in ("amod", "compound") for c in tok.lefts)
        and any(c.dep_ in ("prep", "dobj") for c in tok.rights)
    )


def _preps(verb: Token) -> list[tuple[Token, list[Token]]]:
    out = []
    # A particle the parser hangs as an adverb keeps its preposition: "falls back to X", "fails over to X".
    adverbs = [c for c in verb.children if c.dep_ == "advmod" and c.lower_ in PARTICLES]
    for p in [*verb.children, *(p for a in adverbs for p in a.children)]:
        if p.dep_ in ("prep", "agent"):  # "built on top of X": the object of "top of" is the preposition's
            objs = objects_of(p) or _stranded_object(verb, p)
            out.append((p, [o for c in objs for o in (prep_objects(c, ("of",)) if c.lower_ == "top" else [c])]))
    return out


def _stranded_object(verb: Token, prep: Token) -> list[Token]:
    """ "does not depend on quay-api any more": a preposition left without its object when the identifier right
    after it was parsed as an interjection or adverb of the verb; that identifier is the preposition's object."""
    if prep.i + 1 >= len(prep.doc):
        return []
    nxt = prep.doc[prep.i + 1]
    return [nxt] if nxt.head.i == verb.i and nxt.dep_ in _MISREAD_DEPS and identifier_shaped(nxt) else []


def verb_triples(verb: Token) -> list[Triple]:
    """The triples ``verb`` states; a relative pronoun it takes as object stands for the noun its clause modifies:
    "X, which the Routing team owns" (the team OWNS X), "the topic that Y writes to" (Y writes to the topic)."""
    if verb.dep_ != "relcl":
        return _triples(verb)
    named = next((c for c in verb.head.children if c.dep_ == "appos"), verb.head)  # "the service that ..., X"
    return [(s, named if _relative(o) else o, rel, inv, pred) for s, o, rel, inv, pred in _triples(verb)]


def _relative(tok: Token) -> bool:
    return tok.lower_ in ("which", "that", "whom") and tok.dep_ in ("dobj", "pobj")


def _left_in_a_state(verb: Token, lemma: str, dobjs: list[Token]) -> bool:
    """ "left the X team in charge of Y", "left X to the Y team": a team left doing something (or handed on) is no
    membership ended; only a bare "left the X team" is."""
    if lemma != "leave":
        return False
    for tok in (verb, *dobjs):
        for c in tok.children:
            if c.dep_ in ("xcomp", "ccomp", "oprd", "acomp") or (c.dep_ in ("prep", "dative") and c.lower_ == "to"):
                return True
            if c.dep_ == "prep" and c.lower_ == "in" and any(o.lower_ == "charge" for o in c.children):
                return True
    return False


def _identifier_adverb(verb: Token, child: Token) -> bool:
    """ "jointly own taxonomy-svc", "calls flag-svc on every view": a hyphenated or snake_case identifier right of
    its verb that the parser hung as an adverb is the verb's object (no English adverb is written that way)."""
    return (child.dep_ == "advmod" and child.i > verb.i and not any(c.dep_ in ("dobj", "oprd") for c in verb.children)
            and identifier_shaped(child))


def _triples(verb: Token) -> list[Triple]:
    lemma = verb_lemma(verb, _KNOWN_VERBS)
    subs = subjects(verb)
    if _is_passive(verb):
        moving = moved(verb, lemma)  # "X was moved onto Y", "X was migrated to Y"
        return moving if moving is not None else _passive_triples(verb, lemma, subs)
    found: list[Triple] = []
    dobjs = with_listed([c for c in verb.children if c.dep_ in ("dobj", "oprd") or _identifier_adverb(verb, c)])
    if lemma == "assign":
        for prep, objs in _preps(verb):
            if prep.lower_ == "to":
                found += [(d, o, "ASSIGNED_TO", False, [verb, prep]) for d in dobjs for o in objs]
        return found
    moving = moved(verb, lemma)
    if moving is not None:
        return moving  # "we migrated X to Y": X uses Y, not whoever moved it
    found += _active_triples(verb, lemma, subs, dobjs)
    if lemma == "be":
        found += _copula_triples(verb, subs)
    if handed_requests(lemma, dobjs):  # "hands requests to X": a call, not data produced
        found = [(s, o, "CALLS" if rel == "PRODUCES" else rel, inv, pred) for s, o, rel, inv, pred in found]
    return found


def _passive_triples(verb: Token, lemma: str, subs: list[Token]) -> list[Triple]:
    """ "X is called by Y", "X is maintained by A together with B", "tokens are read from X by Y"."""
    found: list[Triple] = []
    shared = [(a, objects_of(a)) for a in nouns.shared_agents(verb)]
    agent = next((p for p, _ in _preps(verb) + shared if p.lower_ == "by"), None)
    for prep, objs in _preps(verb) + shared:
        if agent is not None and prep.lower_ == "with" and any(c.lower_ == "together" for c in prep.children):
            prep = agent  # "maintained by X together with Y": Y is an agent too
        if (lemma, prep.lower_) in PASSIVE_PREP_RULES:
            rel, inv = PASSIVE_PREP_RULES[(lemma, prep.lower_)]
            found += [(s, o, rel, inv, [verb, prep]) for s in subs for o in objs]
            if prep.lower_ == "by" and VERB_RULES.get((lemma, None), (rel, inv))[0] != rel:
                # "X is run by Kubernetes" (X uses it) or "by the Fleet team" (the team operates X, as the
                # active "the Fleet team runs X" says): both readings, the ends' types keep the one that fits
                active, active_inv = VERB_RULES[(lemma, None)]
                found += [(o, s, active, active_inv, [verb, prep]) for s in subs for o in objs]
        elif prep.lower_ == "by":  # "X is called by Y"; a stranded preposition: "X is relied on by Y"
            stranded = [c for c in verb.children if c.dep_ in ("prep", "prt") and c.i < prep.i
                        and (lemma, c.lower_) in VERB_RULES and not any(g.dep_ == "pobj" for g in c.children)]
            key = (lemma, stranded[0].lower_) if stranded else (lemma, None)
            if key in VERB_RULES:
                rel, inv = VERB_RULES[key]
                found += [(o, s, rel, inv, [verb, *stranded, prep]) for s in subs for o in objs]  # as active
        if agent is not None and prep.lower_ != "by" and (lemma, prep.lower_) in VERB_RULES:
            # the agent does what the verb says to the preposition's object: "tokens are read from X by Y",
            # "reports are generated by Y and stored in X" (Y reads from X, Y stores in X)
            rel, inv = VERB_RULES[(lemma, prep.lower_)]
            found += [(a, o, rel, inv, [verb, prep]) for a in objects_of(agent) for o in objs]
    return found


def _active_triples(verb: Token, lemma: str, subs: list[Token], dobjs: list[Token]) -> list[Triple]:
    """The verb's own rule, its light-verb and "without" readings, and its particles' and prepositions' rules."""
    found: list[Triple] = []
    if (lemma, None) in VERB_RULES and not _left_in_a_state(verb, lemma, dobjs):
        rel, inv = VERB_RULES[(lemma, None)]
        # "X caused Y to time out", "X needs Y to start": the parser may make Y the subject of the infinitive
        made = [] if dobjs else [c for x in verb.children if x.dep_ in ("ccomp", "xcomp") and any(
            a.lower_ == "to" and a.dep_ == "aux" for a in x.children) for c in x.children if c.dep_ == "nsubj"]
        found += [(s, d, rel, inv, [verb]) for s in subs for d in dobjs + made]
    found += nouns.light_verb_triples(verb, lemma, subs, dobjs) + nouns.needed_without(verb, subs)
    particles = [c for c in verb.children if c.dep_ == "prt"]
    # "consumes signals from X", "persists checkpoints to X": the preposition may hang off the direct object.
    object_preps = [(p, objs) for d in dobjs for p, objs in _preps(d) if p.lower_ in _FLOW_PREPS]
    # "stores snapshots that hold deltas in X": the parser may hang the verb's preposition on a relative
    # clause of its object; it is the verb's when the clause's own verb takes no such preposition.
    object_preps += [(p, objs) for d in dobjs for c in d.children if c.dep_ == "relcl"
                     for p, objs in _preps(c) if p.lower_ in _FLOW_PREPS
                     and (verb_lemma(c, _KNOWN_VERBS), p.lower_) not in VERB_RULES]
    # a phrasal verb's particle stands where a preposition would: "could take down X" (VERB_RULES' (verb, particle))
    found += [(s, d, *VERB_RULES[(lemma, p.lower_)], [verb, p]) for p in particles if (lemma, p.lower_) in VERB_RULES
              for s in subs for d in dobjs]
    for prep, objs in _preps(verb) + object_preps:
        key = (lemma, prep.lower_)
        if key in VERB_RULES:
            rel, inv = VERB_RULES[key]
            found += [(s, o, rel, inv, [verb, *particles, prep]) for s in subs for o in objs]
    return found


def _copula_triples(verb: Token, subs: list[Token]) -> list[Triple]:
    """ "X is on the hook for Y", "X is responsible for Y" (COPULA_RULES), "X is on the Y team" (membership)."""
    found = list(nouns.copula_noun_triples(verb, subs))
    for comp in verb.children:
        if comp.dep_ not in ("attr", "acomp"):
            continue
        for prep, objs in _preps(comp):
            if (comp.lemma_.lower(), prep.lower_) in COPULA_RULES:
                rel, inv = COPULA_RULES[(comp.lemma_.lower(), prep.lower_)]
                found += [(s, o, rel, inv, [verb, comp, prep]) for s in subs for o in objs]
    for prep, objs in _preps(verb):
        if prep.lower_ in ("on", "in"):
            found += [(s, o, "MEMBER_OF", False, [verb, prep]) for s in subs for o in objs]
    return found
