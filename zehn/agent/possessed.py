"""Whose value is asked when the asked thing is written with a possessor (stage 1, analyse; read in stage 4).

"At what error rate does *the exporter's circuit breaker* open?" asks a value of the circuit breaker; "the
exporter's" only says whose. The possessor is often what the whole document is about (its title names it), so its
words are in nearly every line of that document, and a value stated there of another thing (a rollback trigger's
error rate) would look like the asked one. The possessed noun, the subject of the asked act, must be named by the
line that states the value.
"""

from __future__ import annotations

from spacy.tokens import Span

from zehn.agent.phrases import SUBJECTS


def possessed_subject(clause: Span) -> tuple[str, ...]:
    """The head lemma of the clause's subject when a possessor qualifies it ("the X's *breaker*"), else ()."""
    for token in clause:
        head = token.head
        if token.dep_ == "poss" and token.pos_ in ("NOUN", "PROPN") and head.dep_ in SUBJECTS and \
                head.pos_ in ("NOUN", "PROPN") and clause.start <= head.i < clause.end:
            return (head.lemma_.casefold(),)
    return ()
