"""Two verbs that state one relation: an asked act met by an item's act of the same relation (part of stage 4).

A question and the line that answers it often name one act with two verbs: "who has to *sign off* on X" and
"- Legal: *approve* X", "who owns *putting* X *into* the checklist" and "*update* the checklist *to include* X".
Word vectors cannot tell such pairs from opposites (by the full model put~include scores under put~remove), but the
verifier's cue lexicon (:data:`verify.lexicon.CUES`) already says which verbs state which relation: "sign" and
"approve" both state an approval. A verb that moves its object *into* or *onto* something states containment, the
relation "include" and "contain" state the other way round (:data:`verify.lexicon.INVERSE_VERBS`); "remove X from
Y" states none, so it never meets "put X into Y".

Only the item's verbs count (a noun such as "module" or "approval" names a thing, not the act the item does), and
the asked act still has to be the item's act: its other words are matched as before by the caller.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from verify.lexicon import CUES, INVERSE_VERBS

CONTAINMENT = "PART_OF"
# Prepositions by which a verb moves its object into a container ("put X into Y", "load X onto Y"). Not "in" or
# "to": "rotate the keys in prod", "send X to Y" place nothing inside anything.
_INTO = frozenset({"into", "onto"})


def relations(verb: Token) -> frozenset[str]:
    """The relations an asked verb states: those whose cue lexicon lists its lemma, and containment when it takes
    an "into" / "onto" phrase with an object."""
    lemma = verb.lemma_.casefold()
    out = {rel for rel, cues in CUES.items() if lemma in cues}
    if any(c.dep_ == "prep" and c.lower_ in _INTO and any(g.dep_ == "pobj" for g in c.children)
           for c in verb.children):
        out.add(CONTAINMENT)
    return frozenset(out)


def states(asked: frozenset[str], item: Doc) -> bool:
    """Some verb of the item states one of the ``asked`` relations (containment by a containing verb only:
    "include", "contain")."""
    if not asked:
        return False
    cues = {cue for rel in asked for cue in (INVERSE_VERBS[CONTAINMENT] if rel == CONTAINMENT else CUES[rel])}
    return any(t.pos_ == "VERB" and t.lemma_.casefold() in cues for t in item)
