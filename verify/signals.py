"""Negation, ended-state, hedge and plan signals that govern the statement between two mentions.

Each finder returns the signal words it saw (lowercase), in sentence order; an empty tuple means none.
A signal counts only when it attaches to the governing scope (see :func:`verify.dep_paths.governing_scope`),
so "checkout-api depends on rate-engine, which has no retries" is not a negated dependency.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from verify import lexicon as lx

_CLAUSE_LEVEL_DEPS = frozenset({"neg", "aux", "auxpass", "mark", "advmod", "acomp", "attr", "npadvmod",
                                "nsubj", "expl", "parataxis", "intj", "prep"})


def _lemma(token: Token) -> str:
    return token.lemma_.lower()


def _attached(token: Token, scope: set[int]) -> bool:
    return token.head.i in scope and token.dep_ in _CLAUSE_LEVEL_DEPS


def _negation_word(token: Token, path: set[int], scope: set[int]) -> str | None:
    word = token.lower_
    direct = token.head.i in path and token.dep_ in {"det", "neg", "advmod", "preconj"}
    governs = token.head.i in scope or (token.head.dep_ == "advmod" and token.head.head.i in scope)
    if (token.dep_ == "neg" and governs) or (word in lx.NEGATION_WORDS and
                                                          (token.i in path or direct)):
        return word
    if word in {"never", "nobody", "nothing", "neither"} and _attached(token, scope):
        return word
    if token.i in scope and _lemma(token) in lx.NEGATING_VERBS and token.pos_ == "VERB" and any(
            c.i in path and c.dep_ in {"xcomp", "dobj", "ccomp", "pcomp"} for c in token.children):
        return _lemma(token)
    return None


def negation(doc: Doc, path: set[int], scope: set[int]) -> tuple[str, ...]:
    return tuple(w for w in (_negation_word(t, path, scope) for t in doc) if w is not None)


def _ended_word(token: Token, scope: set[int]) -> str | None:
    """A state the sentence says is over: "used to <verb>", "formerly" / "previously", or a past-tense statement
    bounded by "until" ("was owned by A until March")."""
    # "X used to call Y" (past tense, no auxiliary), not the passive of purpose "Redis is used to cache sessions".
    if token.lower_ == "used" and token.i in scope and token.tag_ == "VBD" and not any(
            c.dep_ in ("aux", "auxpass") for c in token.children) and any(
            c.dep_ == "xcomp" and any(a.lower_ == "to" for a in c.children) for c in token.children):
        return "used to"
    if token.lower_ in lx.ENDED_ADVERBS and _attached(token, scope):
        return token.lower_
    if token.lower_ == "until" and token.dep_ == "prep" and token.head.i in scope and (
            token.head.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD"
                                            for c in token.head.children)):
        return "until"
    return None


def ended(doc: Doc, scope: set[int]) -> tuple[str, ...]:
    return tuple(w for w in (_ended_word(t, scope) for t in doc) if w is not None)


def _conditional_clause(token: Token, scope: set[int]) -> str | None:
    """'if' / 'unless' introducing the scope itself or an adverbial clause attached to it."""
    word = token.lower_
    if word not in lx.CONDITION_MARKERS or token.dep_ not in {"mark", "advmod", "prep", "dep"}:
        return None
    head = token.head
    if head.i in scope:
        return word
    if head.dep_ == "advcl" and head.head.i in scope:
        return word
    return None


def _hedge_word(token: Token, scope: set[int]) -> str | None:
    word, lemma = token.lower_, _lemma(token)
    conditional = _conditional_clause(token, scope)
    if conditional is not None:
        return conditional
    if token.dep_ == "aux" and token.head.i in scope and word in lx.HEDGE_MODALS:
        return word
    near = token.i in scope or _attached(token, scope)
    if near and (word in lx.HEDGE_ADVERBS or lemma in lx.HEDGE_ADJECTIVES or lemma in lx.HEDGE_NOUNS):
        return lemma
    if token.i in scope and token.pos_ in {"VERB", "AUX"} and lemma in lx.HEDGE_VERBS:
        return lemma
    return None


def hedges(doc: Doc, scope: set[int]) -> tuple[str, ...]:
    found = ["?"] if doc.text.rstrip(" \"'”’)").endswith("?") else []
    found += [w for w in (_hedge_word(t, scope) for t in doc) if w is not None]
    return tuple(found)


def _next_unit(token: Token) -> bool:
    return token.lower_ == "next" and token.head.lower_ in lx.PLAN_NEXT_UNITS


def _to_do_form(token: Token) -> bool:
    """Action-item shape "Priya to review the ADR": an infinitive with its own subject and no finite verb."""
    children = list(token.children)
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in children) and any(
        c.dep_ == "nsubj" for c in children)


def _plan_word(token: Token, scope: set[int]) -> str | None:
    word, lemma = token.lower_, _lemma(token)
    if token.dep_ in {"aux", "auxpass"} and token.head.i in scope and word in lx.PLAN_AUX:
        return word
    if token.i in scope and token.pos_ == "VERB" and lemma in lx.PLAN_VERBS:
        if lemma != "go" or any(c.dep_ == "xcomp" for c in token.children):
            return lemma
        return None
    if token.i in scope and token.pos_ == "VERB" and lemma in lx.REQUEST_VERBS and any(
            c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
            for c in token.children):
        return lemma  # "was asked to approve X": requested, not done
    near = token.i in scope or _attached(token, scope)
    if (lemma in lx.PLAN_NOUNS and near) or (word in lx.PLAN_TIME_WORDS and _attached(token, scope)):
        return word
    if token.i in scope and token.pos_ in {"VERB", "ADJ"} and _to_do_form(token):
        return "to-do"
    if _next_unit(token):
        head = token.head
        while head.pos_ not in {"VERB", "AUX"} and head.head.i != head.i:
            head = head.head
        if head.i in scope:
            return f"next {token.head.lower_}"
    return None


def plans(doc: Doc, scope: set[int]) -> tuple[str, ...]:
    return tuple(w for w in (_plan_word(t, scope) for t in doc) if w is not None)
