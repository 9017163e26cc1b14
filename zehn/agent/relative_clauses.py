"""A relative clause on a noun other than the asked one describes that noun; it asks nothing (stage 1, analyse).

"What happens to a client *that cannot use X*?" asks what happens to the client; the clause after "that" only says
which clients are meant. Its verb is no relation the question asks about (the question is not "what uses X"), and
its negation does not deny the asked act ("happens" is not negated). A relative clause on the wh-phrase itself
("which services *that call X* failed") does narrow the asked thing, and is read as before.
"""

from __future__ import annotations

from spacy.tokens import Span, Token


def describes_other(token: Token, clause: Span) -> bool:
    """The token sits in a relative clause whose noun is not the clause's wh-phrase (the wh-word, and the noun it
    determines: "which *services*")."""
    wh = clause[0]
    asked = {wh.i, wh.head.i} if wh.dep_ == "det" else {wh.i}
    node = token
    while node.head.i != node.i and clause.start <= node.i < clause.end:
        if node.dep_ == "relcl":
            return node.head.i not in asked
        node = node.head
    return False
