"""The route of a yes/no question (part of stage 1, analyse): a relation check between two phrases ("does A depend
on B", "is A owned by B", "was A approved by B") with its relation, or a statement to confirm from the passages.
"""

from __future__ import annotations

from spacy.tokens import Doc

from extraction.vocabulary import COPULA_RULES
from zehn.agent.phrases import SUBJECTS, Routed, child, copula_rel, phrase, verb_rel


def yes_no(doc: Doc) -> Routed:
    """The two ends and the relation of a yes/no question; a statement to confirm when it names no relation."""
    verb = next((t for t in doc if t.dep_ == "ROOT"), None)
    if verb is None:
        return Routed("yes_no")
    participle = next((c for c in verb.subtree if c.tag_ in ("VBN", "VB", "VBG") and c.i != verb.i), None)
    if verb.pos_ == "AUX" and participle is not None and verb_rel(participle) is not None:
        subject = child(verb, SUBJECTS) or (participle.head if participle.dep_ == "acl" else None)
        agent = child(participle, ("pobj",), ("by",))
        obj = child(participle, ("dobj", "pobj"))
        rel = verb_rel(participle)
        if agent is not None and subject is not None:
            return Routed("yes_no", phrase(agent), phrase(subject), rel)
        if subject is not None and obj is not None:
            return Routed("yes_no", phrase(subject), phrase(obj), rel)
    rel = verb_rel(verb)
    copula = copula_rel(doc[:])
    subject = child(verb, SUBJECTS)
    if rel is not None:
        agent = child(verb, ("pobj",), ("by",)) if child(verb, ("nsubjpass",)) is not None else None
        obj = child(verb, ("dobj", "pobj", "attr"))
        if agent is not None and subject is not None:
            return Routed("yes_no", phrase(agent), phrase(subject), rel)
        if subject is not None and obj is not None:
            return Routed("yes_no", phrase(subject), phrase(obj), rel)
    if copula is not None and subject is not None:
        return Routed("yes_no", phrase(subject), phrase(copula[1]), copula[0])
    inverted = _inverted(doc)
    if inverted is not None:
        return inverted
    return Routed("yes_no", phrase(subject) if subject is not None else None)


def _inverted(doc: Doc) -> Routed | None:
    """The word order of an inverted yes/no question when the parse is unsure of the roles ("Does X use Y?",
    "Is X dependent on Y?"): the auxiliary, the subject, the relation word (a verb, or an adjective or noun with
    its preposition), the object."""
    opener = next((t for t in doc if t.pos_ == "AUX" or t.lemma_ in ("do", "be", "have")), None)
    if opener is None:
        return None
    for t in doc[opener.i + 2:]:
        prep = next((c.lower_ for c in t.children if c.dep_ == "prep"), None)
        rel = verb_rel(t) or (COPULA_RULES.get((t.lemma_.casefold(), prep or ""), (None,))[0])
        if rel is None:
            continue
        before = [x for x in doc[opener.i + 1: t.i] if x.pos_ not in ("DET", "PUNCT", "ADV")]
        after = [x for x in doc[t.i + 1:] if x.pos_ not in ("DET", "PUNCT", "ADP", "ADV")]
        if before and after:
            return Routed("yes_no", phrase(before[-1]), phrase(after[0]), rel)
    return None
