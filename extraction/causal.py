"""Incident and change prose: where a problem sits, what it hit, and verbs the tagger lemmatises wrongly.

Incident write-ups rarely make a system the grammatical subject or object of a causal verb; they name a problem
*in* the system and an effect *on* another one:

* located problems: "a memory leak in label-printer degraded order-router" -> label-printer AFFECTS order-router;
  "the token-cache led to errors on auth-gateway" -> token-cache AFFECTS auth-gateway (the effect is an event in
  a system, so the system is affected, not "caused");
* "due to" / "because of": "checkout-api timed out because of pricing-db" -> pricing-db AFFECTS checkout-api;
* moving verbs with an object: "we migrated cart-service to session-store" -> cart-service USES session-store
  (the thing moved is the user, not whoever moved it); "from X to Y" and "rolled back X to Y" -> Y REPLACES X;
* verb forms: the small English model lemmatises some third-person forms wrongly ("routes" -> "rout"); the
  written form's regular stems are tried against the rule table before giving up.
"""

from __future__ import annotations

from collections.abc import Collection

from spacy.tokens import Span, Token

from extraction.extraction_types import Mention

# Relations whose ends may be named through a problem or an effect located in a system (general causal English).
CAUSAL_RELATIONS = frozenset({"AFFECTS", "CAUSED"})
# Prepositions that place a problem or an effect in a system: "a leak in X", "errors on X", "an outage of X".
_LOCATING = frozenset({"in", "on", "of", "inside", "within", "at", "across"})
# Verbs that move a thing onto another one: "migrate X to Y", "move X onto Y", "point X at Y", "switch X to Y".
MOVING_VERBS = frozenset({"migrate", "move", "switch", "point", "repoint", "port", "cut", "shift", "pin"})
MOVE_TARGETS = frozenset({"to", "onto", "at"})
# Verbs that put an older thing back in place of a newer one: "roll back X to Y", "revert X to Y" (Y replaces X).
_UNDOING_TO = frozenset({"roll", "revert", "downgrade", "rollback"})
# Compound prepositions of cause: "due to X", "because of X", "owing to X", "as a result of X".
_BECAUSE = {"due": "to", "because": "of", "owing": "to", "thanks": "to"}
SYSTEM_TYPES = frozenset({"Service", "Component", "Technology"})

Triple = tuple[Mention, Mention, str, list[Token]]


def verb_lemma(verb: Token, known: Collection[str]) -> str:
    """The verb's lemma, or a regular stem of its written form that the rule table knows ("routes" -> "route")."""
    lemma = verb.lemma_.lower()
    if lemma in known:
        return lemma
    word = verb.lower_
    stems = [word]
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    if word.endswith("es"):
        stems += [word[:-1], word[:-2]]
    elif word.endswith("s"):
        stems.append(word[:-1])
    if word.endswith("ed"):
        stems += [word[:-1], word[:-2]]
    if word.endswith("ing"):
        stems += [word[:-3], word[:-3] + "e"]
    return next((s for s in stems if s in known), lemma)


def located(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The system a problem or effect noun is placed in: "a leak [in X]", "errors [on X]" (a common noun only)."""
    if tok.i in anchors or tok.pos_ not in ("NOUN", "PROPN") or tok.ent_type_:
        return None
    for prep in tok.children:
        if prep.dep_ == "prep" and prep.lower_ in _LOCATING:
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.i in anchors), None)
            if obj is not None and anchors[obj.i].type in SYSTEM_TYPES:
                return anchors[obj.i]
    return None


def moved(verb: Token, lemma: str) -> list[tuple[Token, Token, str, bool, list[Token]]] | None:
    """ "migrate X to Y", "point X at Y": X USES Y, whoever did the moving; "migrate from X to Y": Y REPLACES X;
    "roll back / revert X to Y": Y REPLACES X. None when ``verb`` moves nothing (other rules then read it)."""
    undoing = lemma in _UNDOING_TO and (lemma != "roll" or any(c.lower_ == "back" for c in verb.children))
    if lemma not in MOVING_VERBS and not undoing:
        return None
    things = [c for c in verb.children if c.dep_ == "dobj"]
    preps = [p for h in (verb, *things) for p in h.children if p.dep_ == "prep"]
    sources = [o for p in preps if p.lower_ == "from" for o in p.children if o.dep_ == "pobj"]
    preps += [p for o in sources for p in o.children if p.dep_ == "prep"]
    targets = [(o, p) for p in preps if p.lower_ in MOVE_TARGETS for o in p.children if o.dep_ == "pobj"]
    targets += [(c, p) for o, p in targets for c in o.conjuncts]
    if not targets or not (things or sources):
        return None
    if undoing:
        return [(t, d, "REPLACES", False, [verb, p]) for d in things for t, p in targets]
    return ([(t, f, "REPLACES", False, [verb, p]) for f in sources for t, p in targets]
            + [(d, t, "USES", False, [verb, p]) for d in things for t, p in targets])


def because_triples(sent: Span, anchors: dict[int, Mention]) -> list[Triple]:
    """ "Y failed due to X", "Y timed out because of a bug in X": X AFFECTS Y (Y the subject of the clause)."""
    found: list[Triple] = []
    for tok in sent:
        second = _BECAUSE.get(tok.lower_)
        if second is None or tok.i + 1 >= sent.end or tok.nbor(1).lower_ != second:
            continue
        verb = tok.head
        causes = [c for h in (tok.nbor(1), tok) for c in h.children if c.dep_ == "pobj"]  # parsers differ
        cause = next((anchors.get(c.i) or located(c, anchors) for c in causes), None)
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        effect = next((anchors.get(s.i) or located(s, anchors) for s in subjects), None)
        if cause is not None and effect is not None and verb.pos_ in ("VERB", "AUX"):
            found.append((cause, effect, "AFFECTS", [tok, tok.nbor(1)]))
    return found
