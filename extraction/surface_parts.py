"""The pieces the surface readers share (`extraction.surface_relations`, `extraction.team_clauses`): the triple they
read, where each mention starts among the tokens, a list of mentions joined by "and" and commas, and the triples a
rule makes of subjects and objects."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Token

from extraction.extraction_types import Mention

# What may stand between a clause break and its subject: determiners and possessives of a noun phrase.
DETERMINERS = frozenset({"the", "our", "their", "this", "that", "its", "a", "an", "both"})
JOINERS = frozenset({"and", ",", "or", "&"})


@dataclass(frozen=True)
class SurfaceTriple:
    """One relation read in word order: ``predicate`` holds the verb (and preposition) tokens."""

    subject: Mention
    object: Mention
    rel_type: str
    predicate: list[Token]
    flags: tuple[bool, bool, bool]  # negated, hedged, planned


def mention_tokens(doc: Doc, offset: int, mentions: list[Mention]) -> dict[int, tuple[int, Mention]]:
    """First token index of each mention -> (end token index, mention)."""
    found: dict[int, tuple[int, Mention]] = {}
    for m in mentions:
        span = doc.char_span(m.start - offset, m.end - offset, alignment_mode="expand")
        if span is not None and len(span):
            found.setdefault(span.start, (span.end, m))
    return found


def mention_list(doc: Doc, i: int, end: int, starts: dict[int, tuple[int, Mention]],
                  repeat: str | None = None) -> tuple[list[Mention], int]:
    """Mentions from token ``i`` joined by "and" / "," / "or": "A, B and C". Returns them and the next token.
    ``repeat``: a preposition a writer may say again before each ("consumed by A and by B")."""
    found: list[Mention] = []
    while i < end and i in starts:
        i, mention = starts[i]
        found.append(mention)
        j = i
        while j < end and j - i < 2 and j not in starts and doc[j].lower_ in JOINERS:
            j += 1
        if repeat and j > i and j < end and doc[j].lower_ == repeat:
            j += 1
        if j > i and j < end and j not in starts and doc[j].lower_ in DETERMINERS:
            j += 1  # "A and the B"
        if j == i or j not in starts:
            break
        i = j
    return found, i


def make_triples(
    subjects: list[Mention],
    objects: list[Mention],
    rule: tuple[str, bool],
    pred: list[Token],
    flags: tuple[bool, bool, bool],
) -> list[SurfaceTriple]:
    rel, inverse = rule
    return [
        SurfaceTriple(o, s, rel, pred, flags) if inverse else SurfaceTriple(s, o, rel, pred, flags)
        for s in subjects
        for o in objects
    ]
