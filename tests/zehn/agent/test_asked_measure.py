"""The measure a typed ask asks for, and whether a line's words state it. Every question and line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.asked_measure import unshown_share, unstated_measure
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


@pytest.mark.parametrize(("question", "measure"), [
    ("What is the idle timeout of the billing proxy?", ("idle", "timeout")),  # a kind of timeout, and the head
    ("What is the maximum upload size of the billing proxy?", ("upload",)),  # "maximum" says which value
    ("What error rate trips the billing breaker?", ("error",)),  # "rate" only says a rate is asked
    ("What is the retention period for audit logs?", ("retention",)),
    ("What median payload size did the uploader report?", ("payload",)),  # a qualifier read as a compound noun
    ("Which SDK version does the billing proxy pin?", ()),  # an acronym says whose version, not which measure
])
def test_the_measure_is_the_focus_nouns_less_a_head_naming_only_the_kind_of_value(nlp: Language, question: str,
                                                                                  measure: tuple[str, ...]) -> None:
    assert analyse(question, nlp).asks[0].measure == measure


def test_a_line_for_another_measure_leaves_the_asked_one_unstated(similarity: Similarity) -> None:
    trip = ["breaker", "trip", "rate", "stay", "below", "0.3", "%", "of", "call"]
    assert unstated_measure(("error",), trip, similarity) == "error"


def test_a_derived_form_or_a_verb_of_the_family_states_the_measure(similarity: Similarity) -> None:
    assert unstated_measure(("error",), ["errors", "exceed", "2", "%"], similarity) is None
    assert unstated_measure(("retention",), ["audit", "log", "be", "keep", "for", "90", "day"], similarity) is None


def test_no_measure_asked_is_always_stated(similarity: Similarity) -> None:
    assert unstated_measure((), ["anything"], similarity) is None


def test_a_rate_is_shown_by_its_word_or_a_value_written_as_a_share() -> None:
    assert unshown_share("rate", "The breaker opens after 25 consecutive failed calls.", ["breaker", "fail", "call"])
    assert not unshown_share("rate", "Failures stayed under 0.4% of calls.", ["failure", "stay", "call"])
    assert not unshown_share("rate", "We saw 3 failures per hour.", ["failure", "hour"])
    assert not unshown_share("rate", "The trip rate was low.", ["trip", "rate", "be", "low"])
    assert not unshown_share("timeout", "It gives up after 25 tries.", ["give", "try"])  # no share asked
