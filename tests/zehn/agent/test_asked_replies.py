"""A typed value given as the reply to a question the document asks: the question must name the asked thing.
Every line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.asked_replies import asks_the_ask
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_a_question_naming_the_asked_thing_asks_the_ask(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("What export retention did the vendor offer by default?", nlp).asks[0]
    assert ask.answer_type == "duration"
    assert asks_the_ask(ask, nlp("what's the default export retention?"), similarity, ())


def test_a_question_about_another_thing_does_not(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("What export retention did the vendor offer by default?", nlp).asks[0]
    assert not asks_the_ask(ask, nlp("how long does the nightly backup take?"), similarity, ())  # no retention
    assert not asks_the_ask(ask, nlp("what retention do auditors expect?"), similarity, ())  # none of the rest


def test_an_untyped_ask_is_not_read_from_a_reply(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("Why did the vendor offer a default export retention?", nlp).asks[0]
    assert not asks_the_ask(ask, nlp("what's the default export retention?"), similarity, ())
