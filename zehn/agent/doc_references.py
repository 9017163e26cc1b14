"""The document a question names by what it is about: "in *the audit-log security review*", "from *the stream
truncation ticket*", "*the March KV cache eviction postmortem*".

Why: a question often names its source document by a definite noun phrase whose head is a kind of document (a
ticket, a review, a postmortem, a thread) and whose modifiers are that document's subject, as its title (or a
thread's opening message) states it. Those few words pick the document out of its siblings (the other reviews,
tickets and threads of the same topic) better than the rest of the question, whose words (the asked retention, the
asked teams) every sibling may hold as well: :func:`zehn.agent.doc_subjects.subject_shares` weighs all of the
question's words alike, so a sibling whose title holds an asked word ("retention") matched as well as the named
document whose title holds the naming words ("audit log", "security review").
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from zehn.agent.doc_subjects import Matcher, subject_text
from zehn.agent.lexical import terms
from zehn.agent.party_marks import describing_words
from zehn.agent.rows import DocPassage, DocumentInfo

# Nouns that name a kind of document or exchange, not what it is about (zehn.agent.every_item reads them too, to
# leave them out of the scene words a document must hold).
DOCUMENT_KINDS = frozenset({"thread", "channel", "chat", "conversation", "incident", "postmortem", "meeting",
                            "call", "retro", "retrospective", "review", "doc", "document", "page", "ticket",
                            "runbook", "playbook", "email", "issue", "spec", "specification", "report", "escalation",
                            "proposal", "memo", "adr", "rfc"})
_DEFINITE = frozenset({"the", "this", "that"})
# The dependencies of a noun's modifiers that say what it is about ("stream truncation ticket", "audit-log review",
# "March 2026 postmortem"); a relative clause or a prepositional phrase after it says something else of it.
_MODIFIERS = frozenset({"amod", "compound", "nmod", "nummod", "npadvmod"})


def referred_words(parse: Doc | None) -> list[str]:
    """The folded words (:func:`zehn.agent.lexical.terms`) of the modifiers of each definite document-kind noun of
    the question ("the stream truncation ticket": stream, truncation); none when it names no document so."""
    if parse is None:
        return []
    said = [t.text for token in _named_documents(parse) for child in token.lefts if child.dep_ in _MODIFIERS
            for t in child.subtree]
    return list(dict.fromkeys(terms(" ".join(said))))


def reference_shares(referred: Sequence[str], read: Sequence[tuple[DocumentInfo, Sequence[DocPassage]]],
                     match: Matcher) -> dict[str, float]:
    """Each read document's share of the ``referred`` words its own subject holds (its title, or a thread's
    opening message: :func:`zehn.agent.doc_subjects.subject_text`), compared by ``match``; 0.0 for every document
    when the question names no document by its subject."""
    if not referred:
        return {info.id: 0.0 for info, _ in read}
    return {info.id: len(match(referred, terms(subject_text(info, passages)))) / len(referred)
            for info, passages in read}


def document_marks(parse: Doc | None) -> tuple[str, ...]:
    """The lower-case words right before a definite document-kind noun: they describe the document the question
    names ("invoice" and "export" of "the invoice export incident"), read as a party's describing words are
    (:func:`zehn.agent.party_marks.describing_words`: not a name, not a word that only ranks or points, "the *existing*
    runbook"). A document that never writes one of them, in any form, is another document
    (:func:`zehn.agent.documents.judge` requires them like anchors): a sibling on the same topic (another incident
    of the same system) holds the asked words, not the naming ones."""
    return () if parse is None else describing_words(_named_documents(parse))


def _named_documents(parse: Doc) -> list[Token]:
    """The question's definite document-kind nouns ("the ... ticket", "this thread")."""
    return [t for t in parse if t.pos_ in ("NOUN", "PROPN") and t.lemma_.casefold() in DOCUMENT_KINDS and
            any(c.dep_ == "det" and c.lower_ in _DEFINITE for c in t.lefts)]
