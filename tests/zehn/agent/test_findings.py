"""What did a test, a trace or an audit show: a line labelled with the instrument, or a clause with it as the
subject of a verb of finding, states its finding."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.findings import asks_finding, states_finding
from zehn.agent.similarity import Similarity

PARAPHRASES = ["What did the load test show?", "What did the load test reveal?", "What did the load test indicate?",
               "What did the load test find?"]


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


@pytest.mark.parametrize("question", PARAPHRASES)
def test_paraphrases_of_what_an_instrument_showed_ask_for_its_finding(nlp: Language, question: str) -> None:
    assert asks_finding(analyse(question, nlp).asks[0])


def test_a_focus_noun_or_another_verb_asks_something_else(nlp: Language) -> None:
    assert not asks_finding(analyse("What latency did the load test show?", nlp).asks[0])
    assert not asks_finding(analyse("What did the load test break?", nlp).asks[0])


@pytest.mark.parametrize(("line", "expected"), [
    ("Load test results: p99 rose to 410 ms at 2k rps.", True),  # the instrument's name and a result noun
    ("Load test: p99 rose to 410 ms.", True),
    ("The load test showed that p99 doubled under burst traffic.", True),  # subject of a verb of finding
    ("Cache summary: 40% hit rate.", False),  # another instrument's label
    ("The dashboard showed p99 at 410 ms.", False),  # another instrument's finding
    ("We ran the load test on Tuesday.", False),  # no finding stated
])
def test_a_finding_is_a_line_labelled_with_the_instrument_or_its_clause(
        nlp: Language, similarity: Similarity, line: str, expected: bool) -> None:
    ask = analyse("What did the load test show?", nlp).asks[0]
    assert states_finding(ask, nlp(line), similarity) is expected
