"""The words a question describes a party by ("the *banking* prospect", "the *healthcare* customer", "a *regulated
financial* account"): a document that never writes them is about another party.

Why: a question that does not name a customer describes it by its kind and the words that set it apart from other
parties of that kind (its industry, its regulation, its deployment). A document about another prospect shares the
topic ("audit log retention for a prospect") and often states a value of the asked type; quoting it answers for a
party the question does not mean. Such a describing word is required like an anchor, anywhere in the document, in
any of its forms as the shared word matcher reads them (:meth:`zehn.agent.similarity.Similarity.matches`: the same
lemma, or a word of the same first letters whose vector is near, "banking" ~ "bank", "financial" ~ "finance"): how
the document states it is its own business, but a document that never says it cannot be about that party.

Only modifiers of a noun that names a party to a business (customer, prospect, client, ...), in lower case (a
capitalised word is a name, which the anchors and names already judge), and not words that only rank or point
("the *top* customer", "the *affected* tenant", "an *older* client").
"""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc, Token

from zehn.agent.compounds import compound_held
from zehn.agent.similarity import Similarity

# Nouns that name a party to the business: English words for the other side of a deal or a service.
PARTY_NOUNS: frozenset[str] = frozenset({"customer", "prospect", "client", "account", "partner", "vendor", "supplier",
                                         "buyer", "tenant", "company", "organization", "organisation", "provider",
                                         "lender", "insurer", "retailer", "bank", "hospital"})
# Modifiers that rank, count or point at a party rather than describe it ("the *top* customers", "the *same*
# account", "the *affected* tenant"): every document may speak of such a party in other words.
_POINTING: frozenset[str] = frozenset({
    "new", "old", "same", "other", "top", "main", "key", "large", "big", "small", "existing", "current", "affected",
    "given", "particular", "specific", "single", "first", "last", "next", "previous", "certain", "impacted",
    "several", "many", "few", "major", "potential", "possible", "typical", "early", "late", "recent", "important"})


def party_marks(parse: Doc | None) -> tuple[str, ...]:
    """The lower-case words that describe a party the question speaks of ("banking" of "the banking prospect")."""
    if parse is None:
        return ()
    return describing_words(t for t in parse if t.lemma_.casefold() in PARTY_NOUNS and t.pos_ in ("NOUN", "PROPN")
                            and any(c.dep_ in ("det", "poss") for c in t.children))


def describing_words(nouns: Iterable[Token]) -> tuple[str, ...]:
    """The words before each of ``nouns`` that describe it (:func:`_describes`), lower-cased, each once in order:
    a party's here, a named document's in :func:`zehn.agent.doc_references.document_marks`."""
    return tuple(dict.fromkeys(m.lower_ for t in nouns for m in t.lefts if _describes(m)))


def _describes(word: Token) -> bool:
    """A lower-case adjective, noun or participle before the party noun ("the *regulated* customer"), not a verb's
    -ing form the tagger hung on it ("stop X from *breaking* tenants"), nor a plural noun before a plural party noun:
    English writes a noun that describes another in the singular ("the *banking* customers"), so "the retry *settings*
    customers were told to use" is a noun phrase the tagger ran into the clause after it, not a kind of customer."""
    return word.dep_ in ("amod", "compound") and word.text.islower() and word.tag_ not in ("JJR", "JJS", "VBG") and \
        not (word.tag_ == "NNS" and word.head.tag_ == "NNS") and \
        (word.pos_ in ("ADJ", "NOUN", "PROPN") or word.tag_ == "VBN") and word.lower_ not in _POINTING and \
        all(part.isalpha() for part in word.lower_.split("-"))


def unheld_marks(marks: tuple[str, ...], words: list[str], similarity: Similarity) -> tuple[str, ...]:
    """The marks ``words`` (a document's lowercase words) never write in any form, nor as the parts of a hyphenated
    mark side by side (as :func:`zehn.agent.documents.why_missing` reads an ask's names)."""
    if not marks:
        return ()
    held = similarity.matches(marks, words)
    return tuple(m for m in marks if m not in held and not compound_held(m, words))
