"""A pronoun that points back to a name in an earlier clause of its own sentence.

Prose often names a system once and goes on with "it" in the next clause: "Tariq owns config-store on paper, but
the Reliability team maintains it" (it = config-store), "trip-api no longer reads from seat-map; it uses booking-core
instead" (it = trip-api), "Assigning to Chen Wei since he owns fare-engine" (he = Chen Wei). English keeps the
grammatical role across such clauses, so:

1. only "it" (a system) and "he" / "she" / "him" / "her" (a person) are read; "they" names too many things;
2. the antecedent is named earlier in the same sentence, in another clause (another verb governs it);
3. a subject "it" takes the nearest earlier subject that names a system; "he" / "she" take the nearest earlier
   person, whatever its role;
4. an object "it" takes the one earlier direct object, else the one earlier system named by a preposition; two
   candidates leave it unbound (`_object_antecedent`).

Both ends then lie inside the sentence, so the relation is read from its text; a sentence with no antecedent leaves
"it" to the document's subject (`relation_patterns.bind`).
"""

from __future__ import annotations

from spacy.tokens import Token

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention

_PERSONAL = frozenset({"he", "she", "him", "her"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
_OBJECTS = frozenset({"dobj", "pobj"})


def _clause(tok: Token) -> Token:
    """The verb (or the root) that governs ``tok``'s clause."""
    head = tok.head
    while head.pos_ not in ("VERB", "AUX") and head.head != head:
        head = head.head
    return head


def antecedent(tok: Token, anchors: dict[int, Mention]) -> Mention | None:
    """The mention an "it" / "he" / "she" stands for, named earlier in the sentence (rules 1-3), or None."""
    word = tok.lower_
    if word != "it" and word not in _PERSONAL:
        return None
    own = _clause(tok)
    roles = _SUBJECTS if tok.dep_ in _SUBJECTS else _OBJECTS if tok.dep_ in _OBJECTS else None
    if roles is None:
        return None
    others: list[tuple[Token, Mention]] = []
    for earlier in reversed(tok.doc[tok.sent.start : tok.i]):
        named = anchors.get(earlier.i)
        if named is None or _clause(earlier) is own:
            continue
        if word in _PERSONAL and named.type == "Person":
            return named
        if word == "it" and named.type in SYSTEM_TYPES:
            if roles is _SUBJECTS and earlier.dep_ in roles:
                return named
            if earlier.dep_ not in _SUBJECTS and all(m is not named for _, m in others):
                others.append((earlier, named))
    return _object_antecedent(others) if word == "it" and roles is _OBJECTS else None


def _object_antecedent(others: list[tuple[Token, Mention]]) -> Mention | None:
    """Rule 4: an object "it" takes the one earlier direct object; with none, the one earlier system named outside
    any subject when it is a preposition's object. Two candidates ("migrated X to Y and maintains it") leave it
    unbound: which one is meant, the sentence does not say."""
    direct = [m for t, m in others if t.dep_ == "dobj"]
    if direct:
        return direct[0] if len(direct) == 1 else None
    return others[0][1] if len(others) == 1 and others[0][0].dep_ == "pobj" else None
