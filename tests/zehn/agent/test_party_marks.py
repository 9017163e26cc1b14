"""The words a question describes a party by must be written in a document about that party. Every question and text
here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.lemmas import words
from zehn.agent.party_marks import party_marks, unheld_marks
from zehn.agent.similarity import Similarity


@pytest.mark.parametrize(("question", "marks"), [
    ("How long must logs be kept for the insurance prospect?", ("insurance",)),
    ("Which region does the regulated retail customer require?", ("regulated", "retail")),
    ("Which tenants did the top customer add?", ()),  # "top" ranks the party, it does not describe it
    ("Which region does Lumen Freight require?", ()),  # a name, judged by the anchors and names
])
def test_a_party_is_described_by_its_lower_case_modifiers(nlp: Language, question: str,
                                                          marks: tuple[str, ...]) -> None:
    assert party_marks(analyse(question, nlp).parse) == marks


def test_a_mark_is_held_by_another_form_of_the_word(embedder: LocalEmbedder) -> None:
    text = words("The prospect is a mid-size bank with a regulated claims desk and a financial audit team.")
    similarity = Similarity(embedder)
    assert unheld_marks(("banking", "regulated", "finance"), text, similarity) == ()
    assert unheld_marks(("insurance", "retail"), text, similarity) == ("insurance", "retail")


def test_a_hyphenated_mark_is_held_by_its_parts_side_by_side(embedder: LocalEmbedder) -> None:
    assert unheld_marks(("self-hosted",), words("A self hosted deployment."), Similarity(embedder)) == ()


def test_a_verb_form_hung_on_a_party_noun_describes_no_party(nlp: Language) -> None:
    # the tagger may read "breaking" as a modifier of "tenants"; no article makes it a described party either
    assert party_marks(analyse("What stops a schema change from breaking tenants again?", nlp).parse) == ()


def test_a_plural_noun_run_into_a_plural_party_noun_describes_no_party(nlp: Language) -> None:
    # "the backoff settings | customers were told to use": a noun phrase, then a clause, not a kind of customer.
    assert party_marks(analyse("List the backoff settings customers were told to use for 503s.", nlp).parse) == ()
    # before a singular party noun a plural noun still describes it ("the services customer")
    assert party_marks(analyse("Which limits did the financial services customer ask for?", nlp).parse) == \
        ("services",)
