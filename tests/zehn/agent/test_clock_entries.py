"""A clock time answers "when" only for the stretch of its line it stamps, and only when that stretch holds the
asked act and words. Every question and line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.one_line import binds
from zehn.agent.analyse import analyse
from zehn.agent.clock_entries import stamps_asked, stretches
from zehn.agent.similarity import Similarity

TIMELINE = ("nadia (ops): notes for the review: 13:02 pager fired -> 13:09 ack -> 13:20 export worker drained -> "
            "13:31 queue depth under the limit -> 13:40 handover to omar.")


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_a_run_of_entries_is_cut_at_its_arrows_and_a_label_colon_but_not_a_clocks_own() -> None:
    assert stretches("a: 13:02 pager fired -> 13:09 ack") == ["13:02 pager fired", "13:09 ack"]
    assert stretches("Closing the handover: queue stable at 14:10 UTC.") == ["queue stable at 14:10 UTC."]


def test_the_entry_that_holds_the_asked_state_answers_when(nlp: Language, similarity: Similarity) -> None:
    assert binds("When was the queue depth back under the limit?", TIMELINE, nlp, similarity)
    assert binds("When did the handover happen?", TIMELINE, nlp, similarity)


def test_a_time_inside_the_clause_of_the_act_answers_when(nlp: Language, similarity: Similarity) -> None:
    assert binds("At what time was the export worker drained?",
                 "ops-bot: job 4411 -> export worker DRAINED by omar at 13:20 UTC", nlp, similarity)


def test_a_time_that_stamps_other_words_of_the_line_is_no_answer(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("When did the handover happen?", nlp).asks[0]
    assert not stamps_asked(ask, "omar: Closing the handover: queue stable at 14:10 UTC.", similarity)
    # one of the asked state's two words is another state ("41% depth"), not the asked one
    ask = analyse("When was the queue depth back under the limit?", nlp).asks[0]
    assert not stamps_asked(ask, "13:02 pager fired, 41% depth over 5m.", similarity)


def test_a_clock_time_answers_no_ask_but_when(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("How deep was the queue?", nlp).asks[0]
    assert not stamps_asked(ask, TIMELINE, similarity)


def test_a_time_that_labels_its_entry_stamps_the_words_after_its_colon(nlp: Language, similarity: Similarity) -> None:
    assert stretches("* 09:40: Paused the export worker.") == ["* 09:40 Paused the export worker."]
    # the act said by another verb that reads alike ("disabled" for "switched off")
    assert binds("When was the export retry switched off?", "* 09:55: Disabled export retry after the check.", nlp,
                 similarity)


def test_a_when_asked_of_a_rule_is_its_condition_not_a_clock_time(nlp: Language, similarity: Similarity) -> None:
    ask = analyse("When should on-call drain the export worker?", nlp).asks[0]
    assert not stamps_asked(ask, "1) Drained the export worker (13:20 UTC) to stop the backlog.", similarity)
    ask = analyse("When was the export worker drained?", nlp).asks[0]
    assert stamps_asked(ask, "1) Drained the export worker (13:20 UTC) to stop the backlog.", similarity)
