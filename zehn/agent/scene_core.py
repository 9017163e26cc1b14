"""The core of an ask that names only a kind of statement (part of stage 1, :mod:`zehn.agent.analyse`).

"What caution was raised before turning off X", "what concern came up during the migration of Y": the focus noun
and the verb say only what kind of statement is asked, and :func:`zehn.agent.analyse._core` leaves out the clause
that sets the scene ("before ...", "during ..."). With nothing else in its core such an ask names no one thing, and
no sentence can be bound to it; the things the scene names (X, Y) say which statement is asked, so they join the
core. Only the scene's nouns and names: its verb ("turning off") is said in many ways.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from zehn.agent.lemmas import content_terms

_NAMING = frozenset({"NOUN", "PROPN"})


def _shaped(token: Token) -> bool:
    """A name written as an identifier, whatever its tag ("the *quota-guard* limiter")."""
    return any(c in token.text for c in "-_./") and token.head.pos_ in _NAMING


def with_scene(core: tuple[str, ...], head: str, predicate: str, clause: Span,
               skip: frozenset[int] | set[int] = frozenset(), doer: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """``core``, and the nouns and names of the clause when the core holds nothing besides the focus head, the
    verb and the verb's ``doer`` ("what did the team insist on": who acted is no thing acted on) (``skip``: tokens
    of the other things the clause asks). ``clause`` may start before the ask: the words before a question's first
    wh-word set its scene ("While X kept failing, what workarounds were used?")."""
    if set(core) - {head, predicate, ""} - doer:
        return core
    named = content_terms(t for t in clause if t.i not in skip and (t.pos_ in _NAMING or t.tag_.startswith("NN") or
                                                                    _shaped(t)))
    return tuple(dict.fromkeys((*core, *named)))
