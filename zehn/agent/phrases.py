"""The phrases of a question as routing reads them: the subject phrase a noun heads (name, head, type hint,
tracker keys), the relation a verb or a copula names (from the extractor's vocabulary), and the clause's roles.
Used by :mod:`zehn.agent.routing` (part of stage 1, analyse)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from extraction.entity_rules import NOT_TICKETS, PR, TICKET
from extraction.vocabulary import (
    COPULA_RULES,
    OPERATING_VERBS,
    PASSIVE_PREP_RULES,
    SYSTEM_NOUNS,
    TYPE_NOUNS,
    VERB_RULES,
)
from zehn.agent.lemmas import content_terms
from zehn.agent.question import Ask, Route, SubjectPhrase

SUBJECTS = ("nsubj", "nsubjpass")
NP_DEPS = frozenset({"compound", "amod", "nmod", "nummod", "det"})
# A parenthesis of more than three words in a question is an aside ("What did PR #5 (hold time raised, warmup off)
# break?"): it describes a thing, it is not part of the clause, and its words confuse the parse around it. A short
# one names or types the thing before it ("Atlas (the customer)", "the proxy (PR #12)") and stays.
ASIDE = re.compile(r"\((?:[^()\s]+\s+){3,}[^()]*\)")


def without_asides(question: str) -> str:
    bare = re.sub(r"\s{2,}", " ", ASIDE.sub("", question))
    return re.sub(r"\s+([,.;:?!])", r"\1", bare).strip()


@dataclass(frozen=True)
class Routed:
    route: Route
    subject: SubjectPhrase | None = None
    other: SubjectPhrase | None = None
    rel_type: str | None = None


def phrase(token: Token) -> SubjectPhrase:
    """The phrase a noun heads (its subtree), the name to resolve, and a type hint from a type noun."""
    tokens = sorted(token.subtree, key=lambda t: t.i)
    span = token.doc[tokens[0].i: tokens[-1].i + 1]
    core = [t for t in token.subtree if (t.i <= token.i and t.dep_ in ("compound", "amod", "nmod", "nummod",
                                                                       "npadvmod")) or t.i == token.i]
    core = [t for t in sorted(core, key=lambda t: t.i) if t.pos_ not in ("DET", "PRON") and t.dep_ != "poss"
            and t.lemma_ not in ("do", "be", "have")]
    hint: tuple[str, ...] = ()
    if len(core) > 1 and core[-1].lower_ in TYPE_NOUNS:
        hint, core = TYPE_NOUNS[core[-1].lower_], core[:-1]
    apposed = next((c for c in token.children if c.dep_ == "appos" and c.lower_ in TYPE_NOUNS), None)
    if apposed is not None:  # "Atlas (the customer)", "Atlas, the team"
        hint = TYPE_NOUNS[apposed.lower_]
    core_text = " ".join(t.text for t in core).strip(" ,.?")
    names = [t.text for t in core if identifier_like(t) and t.text != core_text]
    name = core_text or token.text
    return SubjectPhrase(span.text.strip(" ,.?"), name, token.lemma_.casefold(), hint, content_terms(span),
                         tuple(names), references(span))


def references(span: Span) -> tuple[str, ...]:
    """Tracker keys ("OPS-412") and pull requests ("PR #428") that overlap a phrase, in order, as the extractor
    names them (the same patterns). Read in the whole question: a parse often leaves "#428" out of "PR"'s phrase."""
    text = span.doc.text
    found = [m for m in PR.finditer(text)]
    found += [m for m in TICKET.finditer(text) if m.group(1) not in NOT_TICKETS]
    inside = [m for m in found if m.start() < span.end_char and m.end() > span.start_char]
    return tuple(dict.fromkeys(m.group(0) for m in sorted(inside, key=lambda m: m.start())))


def identifier_like(token: Token) -> bool:
    text = token.text
    return (any(c in text for c in "-_#/") and any(c.isalpha() for c in text)) or \
        (any(c.isdigit() for c in text) and any(c.isalpha() for c in text))


def child(token: Token, deps: tuple[str, ...], preps: tuple[str, ...] = ()) -> Token | None:
    for child in token.children:
        if child.dep_ in deps:
            return child
        if child.dep_ in ("prep", "agent") and (not preps or child.lower_ in preps):
            obj = next((c for c in child.children if c.dep_ == "pobj"), None)
            if obj is not None and "pobj" in deps:
                return obj
    return None


def prep_of(verb: Token) -> str | None:
    return next((c.lower_ for c in verb.children if c.dep_ in ("prep", "prt") and c.lower_ != "by"), None)


def verb_rel(verb: Token) -> str | None:
    lemma = verb.lemma_.casefold()
    prep = prep_of(verb)
    passive = any(c.dep_ == "auxpass" for c in verb.children) or verb.tag_ == "VBN"
    if lemma in OPERATING_VERBS and (lemma, prep) not in VERB_RULES and not passive and \
            not names_system(child(verb, ("dobj",))):
        return None  # "who will run the restore drill?" asks who does an act, not who operates a system
    rule = (PASSIVE_PREP_RULES.get((lemma, prep or "")) if passive else None) or VERB_RULES.get((lemma, prep)) \
        or VERB_RULES.get((lemma, None))
    return rule[0] if rule else None


def names_system(head: Token | None) -> bool:
    """The phrase this token heads can name a system: an identifier ("ledger-db", "v2"), a proper name ("Postgres"),
    or a system noun ("the session store"). A proper name must be written as one: the small model tags lower-case
    words of a fragment as PROPN ("depending on gateway config")."""
    return head is not None and (identifier_like(head) or (head.pos_ == "PROPN" and head.text[:1].isupper()) or
                                 head.lemma_.casefold() in SYSTEM_NOUNS)


def entity_like(token: Token | None) -> bool:
    """A phrase that can name an entity: not a pronoun ("they", "it") and not a bare wh-word."""
    return token is not None and token.pos_ not in ("PRON", "DET") and token.lower_ not in ("what", "which", "who")


# Words that open a condition or time clause ("when X is the cause of Y", "if X is responsible for Y").
SUBORDINATORS = frozenset({"when", "whenever", "if", "unless", "once", "while", "after", "before", "because"})


def in_condition_clause(token: Token) -> bool:
    """The word sits in an adverbial clause ("who do we call *when X is the cause of Y*"): that clause sets the
    situation, the main clause says what is asked. Read from the clause's dependency or, when the parse hangs the
    clause elsewhere, its opening subordinator (not the question's own "when"); a question's parse misplaces
    such clauses more often than :func:`zehn.agent.sentence_checks.in_condition` meets in a document's sentence."""
    return any(t.dep_ == "advcl" or (t.dep_ != "ROOT" and any(
        c.dep_ in ("mark", "advmod") and c.lower_ in SUBORDINATORS and c.i > 0 for c in t.children))
        for t in (token, *token.ancestors))


def copula_rel(clause: Span) -> tuple[str, Token] | None:
    """("responsible", "for") / ("owner", "of") ...: the relation and the object of its preposition (not one said
    in a condition or time clause)."""
    for t in clause:
        if in_condition_clause(t):
            continue
        for child in t.children:
            if child.dep_ == "prep" and (t.lemma_.casefold(), child.lower_) in COPULA_RULES:
                obj = next((c for c in child.children if c.dep_ == "pobj"), None)
                if obj is not None:
                    return COPULA_RULES[(t.lemma_.casefold(), child.lower_)][0], obj
    return None


def clause_of(doc: Doc, ask: Ask) -> Span:
    start = doc.text.find(ask.text)
    span = doc.char_span(start, start + len(ask.text), alignment_mode="expand") if start >= 0 else None
    return span if span is not None else doc[:]


def main_verb(clause: Span) -> Token | None:
    verbs = [t for t in clause if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass", "amod")]
    return min(verbs, key=lambda t: len(list(t.ancestors))) if verbs else None


def serial(token: Token) -> bool:
    """A comma or "and"/"or" between nouns of one list ("models*,* GPU *and* pool"), the serial comma before the
    last "and" included ("models, GPU*,* and pool"): part of the noun phrase."""
    doc = token.doc
    if not (token.lower_ in (",", "and", "or") and 0 < token.i < len(doc) - 1):
        return False
    after = doc[token.i + 1]
    oxford = token.text == "," and after.lower_ in ("and", "or") and token.i + 2 < len(doc)
    return doc[token.i - 1].tag_.startswith("NN") and (after.tag_.startswith("NN") or after.dep_ in NP_DEPS or (
        oxford and (doc[token.i + 2].tag_.startswith("NN") or doc[token.i + 2].dep_ in NP_DEPS)))


def wh_is_subject(clause: Span) -> bool:
    """The wh-phrase is the subject, unless do-support or a modal before a subject says it is the object ("what did
    X break", "what must X go through": a subject wh-phrase is not inverted, "what must happen before X")."""
    wh = clause[0]
    after = [t for t in clause[1:] if t.lemma_ in ("do", "be", "have") or not (
        t.dep_ in NP_DEPS or t.tag_.startswith("NN") or serial(t))]  # "which models, GPU and pool were ..."
    if after and after[0].lemma_ == "do":
        return False
    modal = after[0] if after and after[0].i == wh.i + 1 and after[0].tag_ == "MD" else None
    if modal is not None and modal.i + 1 < clause.end and modal.nbor().tag_.startswith(("DT", "PRP", "NN")):
        return False  # a determiner, a pronoun or a noun after the modal: its subject
    # ... or a subject inside the wh-phrase's list (a parse may hang "which models, GPU and pool" on its second noun)
    run = clause.doc[wh.i + 1:after[0].i] if after else clause[1:]
    return wh.dep_ in SUBJECTS or wh.head.dep_ in SUBJECTS or (bool(after) and after[0].pos_ == "VERB") or any(
        t.dep_ in SUBJECTS for t in run)
