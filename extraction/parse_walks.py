"""Walks over a dependency parse that every sentence reader needs: conjoined words and prepositional objects.

One place for "the objects of these prepositions, with the words conjoined to them" ("talks to X and Y", "spillover
to X and Y", "ownership of X and Y"), so the readers agree on what a list after a preposition holds.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from spacy.tokens import Token


def _opens_clause(noun: Token) -> bool:
    """A conjoined noun right before a finite verb is that verb's subject, the parser's misreading of two clauses
    joined by "and" ("when X contains a path and the proxy performs encoding"): no conjunct of the first object."""
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    first = noun
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head
    # "X and Y use Redis": conjoined subjects of the verb after them
    return after is not None and after.tag_ in ("VBZ", "VBD", "VBP", "MD") and first is not noun and (
        after.i not in (noun.head.i, first.head.i))


def with_conjuncts(tokens: Iterable[Token]) -> list[Token]:
    """Each token followed by the words conjoined after it ("X, Y and Z" -> X, Y, Z; Y adds nothing again)."""
    return [x for t in tokens for x in (t, *(c for c in t.conjuncts if c.i > t.i and not _opens_clause(c)))]


def with_listed(tokens: Iterable[Token]) -> list[Token]:
    """The tokens with their conjuncts, and the list after a colon that spells a plain noun out: "owns the following
    services: [A], [B] and [C]" (the parser makes A an apposition of "services")."""
    out = with_conjuncts(tokens)
    listed = [a for t in out for a in t.children
              if a.dep_ == "appos" and a.left_edge.i > 0 and a.doc[a.left_edge.i - 1].text == ":"]
    return out + with_conjuncts(listed)


def objects_of(prep: Token) -> list[Token]:
    """What one preposition governs, with conjuncts and a list after a colon: "to [X] and [Y]"; a repeated
    preposition joins its objects too: "the owner of [X] and of [Y]"."""
    again = [c for c in prep.children if c.dep_ == "conj" and c.lower_ == prep.lower_]
    return with_listed(o for p in (prep, *again) for o in p.children if o.dep_ == "pobj")


def prep_objects(head: Token, preps: Collection[str] | None = None,
                 deps: Collection[str] = ("prep",)) -> list[Token]:
    """The objects of ``head``'s prepositions (only those spelled as in ``preps``, when given), with conjuncts."""
    return [o for p in head.children if p.dep_ in deps and (preps is None or p.lower_ in preps) for o in objects_of(p)]
