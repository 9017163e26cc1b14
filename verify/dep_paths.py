"""Dependency-tree helpers for the hop grader: the path between two mentions and the clauses that govern it.

Works on any parsed spaCy ``Doc``; only token attributes are read (``dep_``, ``head``, ``lemma_``, ``pos_``).
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

# Edges that introduce a clause with its own truth conditions (a modifier clause, a separate statement).
CLAUSE_EDGES = frozenset({"relcl", "acl", "advcl", "ccomp", "csubj", "csubjpass", "parataxis", "pcomp"})
# Edges across which the governing clause's modality passes down to the embedded clause.
INHERIT_EDGES = frozenset({"ccomp", "xcomp", "csubj", "csubjpass", "pcomp", "prep", "pobj", "acomp", "attr",
                           "oprd", "dobj", "nsubj", "nsubjpass", "agent", "advmod", "aux", "auxpass"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
_VERBAL = frozenset({"VERB", "AUX"})


@dataclass(frozen=True)
class MentionPath:
    tokens: tuple[Token, ...]  # from the subject head to the object head, both included
    lca: Token | None  # None when the heads sit in different parse trees
    inner: tuple[Token, ...]  # path tokens that belong to neither mention


def mention_span(doc: Doc, start: int, end: int) -> Span | None:
    return doc.char_span(start, end, alignment_mode="expand")


def ancestors_inclusive(token: Token) -> list[Token]:
    chain = [token]
    while chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    return chain


def path_between(subject: Span, obj: Span) -> MentionPath:
    members = {t.i for t in subject} | {t.i for t in obj}
    up_s = ancestors_inclusive(subject.root)
    up_o = ancestors_inclusive(obj.root)
    index_o = {t.i: n for n, t in enumerate(up_o)}
    for n, token in enumerate(up_s):
        if token.i in index_o:
            tokens = tuple(up_s[: n + 1]) + tuple(reversed(up_o[: index_o[token.i]]))
            inner = tuple(t for t in tokens if t.i not in members)
            return MentionPath(tokens, token, inner)
    tokens = tuple(up_s) + tuple(reversed(up_o))
    return MentionPath(tokens, None, tuple(t for t in tokens if t.i not in members))


def has_own_subject(token: Token) -> bool:
    return any(c.dep_ in SUBJECT_DEPS for c in token.children)


def crosses_clause(path: MentionPath, mentions: set[int]) -> bool:
    """True when the two mentions are arguments of different clauses.

    A clause edge is fine when it hangs off a mention itself ("checkout-api, which depends on X" or
    "the service that owns X") or when the path turns at it from above (the LCA governs both).
    Coordinated verbs each with their own subject are separate statements.
    """
    if path.lca is None:
        return True
    for token in path.inner:
        if token.i == path.lca.i:
            continue
        if token.dep_ in CLAUSE_EDGES and token.head.i not in mentions:
            return True
        if token.dep_ == "conj" and token.pos_ in _VERBAL and has_own_subject(token):
            return True
    return False


def clause_head(token: Token) -> Token:
    """The nearest verb (or the root) at or above ``token``."""
    current = token
    while current.pos_ not in _VERBAL and current.head.i != current.i:
        current = current.head
    return current


def governing_scope(path: MentionPath) -> set[int]:
    """Indices of the tokens whose modality governs the statement between the mentions.

    That is every path token, the clause head of each, and the chain above the LCA as long as the edges
    pass modality down (complement clauses, ``xcomp`` chains). Climbing stops at a relative, adverbial or
    coordinated clause: "We might add a fallback because checkout-api depends on X" does not hedge the
    dependency.
    """
    scope: set[int] = set()
    for token in path.tokens:
        scope.add(token.i)
        scope.add(clause_head(token).i)
    current = path.lca if path.lca is not None else None
    while current is not None and current.head.i != current.i and current.dep_ in INHERIT_EDGES:
        current = current.head
        scope.add(current.i)
    return scope


def role_towards(cue: Token, mention: Token, mention_tokens: set[int]) -> str | None:
    """"agent" or "patient": how ``mention`` fills ``cue`` (a verb), or None when it cannot tell."""
    chain = ancestors_inclusive(mention)
    indices = [t.i for t in chain]
    if cue.i in indices:
        position = indices.index(cue.i)
        if position == 0:
            return None
        child = chain[position - 1]
        if child.dep_ in {"nsubj", "csubj", "agent"}:
            return "agent"
        if child.dep_ in {"nsubjpass", "csubjpass", "dobj", "pobj", "prep", "dative", "attr", "oprd"}:
            return "patient"
        return None
    if cue.head.i in mention_tokens and cue.dep_ in {"relcl", "acl"}:
        relatives = [c for c in cue.children if c.lower_ in {"which", "that", "who", "whom"}]
        if cue.dep_ == "acl" and cue.tag_ == "VBN":
            return "patient"
        for rel in relatives:
            if rel.dep_ in {"nsubj", "csubj"}:
                return "agent"
            if rel.dep_ in {"nsubjpass", "dobj", "pobj"}:
                return "patient"
        return None
    if cue.dep_ in {"xcomp", "conj"} and cue.head.i != cue.i:
        return role_towards(cue.head, mention, mention_tokens)
    return None
