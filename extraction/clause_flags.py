"""Flags of a stated relation, from the words of its clause and its sentence.

`negated` (not, n't, never, no longer, "no X", an ending verb: "stopped maintaining X", "left the X team"),
`hedged` (might/could/may, maybe/probably/perhaps, seems, whether/if, a question, "suspected", a hypothesis) and
`planned` (will/shall, going to, plan/intend/aim to, upcoming, next quarter). A coordinated or subordinate clause
("..., so X never blocks Y") has its own words.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from extraction.vocabulary import (
    ENDING_VERBS,
    FUTURE_AUXILIARIES,
    HEDGE_WORDS,
    NEGATION_WORDS,
    NEXT_PERIODS,
    PLAN_VERBS,
    PLAN_WORDS,
    SENTENCE_HEDGES,
)

CLAUSE_DEPS = frozenset({"conj", "advcl", "ccomp", "relcl", "parataxis", "acl"})


def clause_flags(verb: Token, sent: Span, subjects: list[Token]) -> tuple[bool, bool, bool]:
    """(negated, hedged, planned) as the words of ``verb``'s clause and its sentence show them."""
    chain = [verb]
    # "attr": "X is not the service that writes to Y" - the copula's words are the relative clause's too
    while chain[-1].dep_ in ("xcomp", "conj", "ccomp", "advcl", "relcl", "attr") and chain[-1].head != chain[-1]:
        chain.append(chain[-1].head)
    # Words of the verb's own clause: a coordinated or subordinate clause ("..., so X never blocks Y") has its own.
    own_clause = [c for c in verb.children if c.dep_ not in CLAUSE_DEPS]
    near = [c for v in chain for c in v.children if c.dep_ not in CLAUSE_DEPS] + [
        g for c in own_clause for g in c.children
    ]
    # A word inside a date is never a flag: the month "May" is not the modal "may".
    words = {t.lower_ for t in near if t.ent_type_ != "DATE"}
    subjects_neg = any(c.lower_ == "no" for s in subjects for c in s.children)
    ended = any(v.lemma_.lower() in ENDING_VERBS for v in chain[: 2 if verb.dep_ == "xcomp" else 1])
    other_negation = bool(words & NEGATION_WORDS) or subjects_neg or any(c.dep_ == "neg" for c in near)
    negated = other_negation != ended  # "did not leave the X team", "never stopped maintaining X": two cancel
    sent_words = {t.lower_ for t in sent if t.ent_type_ != "DATE"}
    hedged = (
        bool(words & HEDGE_WORDS)
        or any(v.lemma_ in HEDGE_WORDS for v in chain[1:])
        or bool(sent_words & SENTENCE_HEDGES)
        or sent.text.rstrip().endswith("?")
    )
    planned = (
        bool(words & FUTURE_AUXILIARIES)
        or any(v.lemma_ in PLAN_VERBS for v in chain[1:])
        or bool(sent_words & PLAN_WORDS)
        or any(t.lower_ == "next" and t.head.lemma_ in NEXT_PERIODS for t in sent)
    )
    return negated, hedged, planned
