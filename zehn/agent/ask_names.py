"""The names an ask's core holds (part of stage 1, analyse): the identifiers a source must hold to answer it."""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.verb_reader import PARTICLES
from zehn.agent.anchors import TIME_WORD

_CONTRAST = frozenset({"vs", "versus"})  # "A vs B": two things compared, each said where it is


def names(clause: Span, core: tuple[str, ...], doer: set[int]) -> tuple[str, ...]:
    """Core terms written as identifiers and used as nouns ("zephyr-ledger", "v2_api"), not adjectives
    ("short-term", "server-side"), nor the doer of the asked action, nor a noun English makes of a verb and its
    particle ("follow-up", "roll-out", "sign-off": a document says "next steps" or "rolled out" as well)."""
    out = []
    for t in (t for t in clause if t.i not in doer):
        lemma = t.lemma_.casefold()
        shaped = any(c in t.text for c in "-_./#") or (any(c.isdigit() for c in t.text) and
                                                       any(c.isalpha() for c in t.text))
        if lemma in core and shaped and t.pos_ not in ("ADJ", "ADV", "VERB") and t.dep_ not in ("amod", "advmod") \
                and not TIME_WORD.search(t.text) and not _contrasted(t) and not _phrasal_noun(lemma):
            out.append(lemma)
    return tuple(dict.fromkeys(out))


def _phrasal_noun(lemma: str) -> bool:
    """A word and a particle joined by a hyphen ("follow-up", "hand-off", "roll-back"): an English noun."""
    head, _, particle = lemma.partition("-")
    return head.isalpha() and particle in PARTICLES


def _contrasted(token: Token) -> bool:
    """One side of a contrast ("default *vs* emergency scopes"): each side is stated in a place of its own, so no
    passage need hold both."""
    doc = token.doc
    return any(0 <= i < len(doc) and doc[i].lower_.rstrip(".") in _CONTRAST for i in (token.i - 1, token.i + 1))
