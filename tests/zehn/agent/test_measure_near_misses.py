"""Near misses of the same type: a document that holds a value of the asked type for a different measure (a connect
timeout for the asked read timeout, a trip rate for the asked error rate) does not answer; the asked measure stated
in the sentence, by a labelled line or by a table's column header does. The runbook is our own
(tests/zehn/agent/fixtures_measures)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.fixture_service import service_over
from zehn.agent import AnswerService
from zehn.graph_server import EmbeddedFalkorDB

FIXTURES = Path(__file__).parent / "fixtures_measures"


@pytest.fixture(scope="module")
def measures(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder) -> Iterator[AnswerService]:
    with service_over(FIXTURES, falkordb_server, nlp, embedder, "measures") as service:
        yield service


@pytest.mark.parametrize(("question", "phrase"), [
    ("What is the trip rate of the parcel-router circuit breaker?", "0.3%"),  # the measure stated in the sentence
    ("What is the connect timeout of parcel-router?", "4 s"),  # a labelled line names the measure
    ("What is the page threshold of the lane lookup latency alert?", "900 ms"),  # a table column header names it
])
def test_a_value_stated_for_the_asked_measure_answers(measures: AnswerService, question: str, phrase: str) -> None:
    answer = measures.answer(question)
    assert answer.status == "answered", answer.text
    assert any(phrase in c.text for c in answer.citations), answer.text


@pytest.mark.parametrize(("question", "measure"), [
    ("At what error rate does the parcel-router circuit breaker open?", "error rate"),  # only a trip rate is given
    ("What is the read timeout of parcel-router?", "read timeout"),  # only the connect timeout is given
])
def test_a_value_of_the_asked_type_for_another_measure_is_not_established(measures: AnswerService, question: str,
                                                                            measure: str) -> None:
    answer = measures.answer(question)
    assert answer.status == "abstained", answer.text
    assert not answer.citations
    assert answer.reason and "not established" in answer.reason and measure in answer.reason, answer.reason
