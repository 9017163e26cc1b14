"""Near misses at the sentence: a value of the asked type that belongs to another thing or act is no answer, and the
same value stated of the asked thing is. Every question and sentence here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.one_line import binds
from zehn.agent.analyse import analyse
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def test_right_topic_missing_attribute_the_number_belongs_to_another_setting(
        nlp: Language, similarity: Similarity) -> None:
    question = "What median queue depth did the ingest worker report after the flush change?"
    assert not binds(question, "The flush change raised FLUSH_WAIT_MS on the ingest worker from 10 to 40.", nlp,
                     similarity)
    assert binds(question, "After the flush change the ingest worker reported a median queue depth of 320.", nlp,
                 similarity)


def test_right_topic_missing_attribute_the_version_belongs_to_another_act(
        nlp: Language, similarity: Similarity) -> None:
    question = "Which CLI version enabled the parquet writer that produced the oversized export files?"
    assert not binds(question, "Operators were asked to upgrade the CLI to 2.8.0, which adds an export size check.",
                     nlp, similarity)
    assert binds(question, "CLI 2.7.0 enabled the parquet writer by default for every export.", nlp, similarity)


def test_the_name_of_a_thing_needs_that_thing_not_a_compound_adjective(nlp: Language, similarity: Similarity) -> None:
    question = "What is the name of the replica that the reads fell back to during the outage?"
    assert not binds(question, "During the outage the reads fell back and showed cache-warming behaviour.", nlp,
                     similarity)
    assert not binds(question, "During the outage the reads fell back and the read_fallback_total metric rose.", nlp,
                     similarity)
    assert binds(question, "During the outage the reads fell back to the replica ledger-ro-2.", nlp, similarity)


def test_a_system_that_exists_nowhere_is_not_answered_from_a_similar_one(nlp: Language, similarity: Similarity) -> None:
    question = "What is the ledger-sync retry limit?"
    assert not binds(question, "The billing-sync retry limit is 5 attempts.", nlp, similarity)
    assert binds(question, "The ledger-sync retry limit is 5 attempts.", nlp, similarity)


def test_a_long_situation_needs_two_of_its_words_not_all(nlp: Language, similarity: Similarity) -> None:
    question = ("For a tenant migrating its search cluster to new hardware, what cutover window did the platform "
                "team say is usual when the reindex is skipped and snapshots are restored?")
    assert binds(question, "- With snapshots restored and no reindex, the usual cutover window is about 20 minutes.",
                 nlp, similarity)


def test_a_phrasal_verb_asked_is_held_by_the_noun_it_makes(nlp: Language, similarity: Similarity) -> None:
    question = "Which upstream store was the billing proxy timing out on in the incident?"
    assert binds(question, "proxy: upstream ledger-db timeout: deadline exceeded", nlp, similarity)
    assert not binds(question, "proxy: upstream ledger-db latency rose to 900 ms", nlp, similarity)


def test_a_count_stated_by_a_clipped_unit_word_answers(nlp: Language, similarity: Similarity) -> None:
    question = "How many dimensions do the vectors from the int8 exporter have?"
    assert binds(question, "The int8 exporter writes vectors of 768 dims with a per-row scale.", nlp, similarity)
    assert not binds(question, "The int8 exporter writes vectors in batches of 64 rows.", nlp, similarity)


def test_a_setting_written_as_a_snake_case_key_states_the_asked_limit(nlp: Language, similarity: Similarity) -> None:
    question = "What maximum payload size does the relay accept?"
    assert binds(question, "The relay accepts requests up to max_payload_bytes=4096 since the config review.", nlp,
                 similarity)
    assert not binds(question, "The relay accepts requests up to max_retry_count=5 since the config review.", nlp,
                     similarity)


def test_the_name_of_a_qualified_thing_needs_its_qualifier(nlp: Language, similarity: Similarity) -> None:
    question = "What is the name of the standby database that the writes failed over to?"
    assert not binds(question, "The writes failed over after the primary database db-main-1 stopped answering.",
                     nlp, similarity)
    assert binds(question, "The writes failed over to the standby database db-standby-2.", nlp, similarity)


@pytest.mark.parametrize("question", [
    "To what value did the config change raise FLUSH_WAIT_MS on the ingest worker?",
    "What value was FLUSH_WAIT_MS raised to on the ingest worker?",
])
def test_a_value_asked_is_stated_by_the_number_not_the_word_value(nlp: Language, similarity: Similarity,
                                                                   question: str) -> None:
    assert binds(question, "The config change raised FLUSH_WAIT_MS on the ingest worker from 10 to 40.", nlp,
                 similarity)
    assert not binds(question, "The config change on the ingest worker was reviewed by two people.", nlp, similarity)


def test_a_count_of_what_a_cause_brought_about_need_not_name_the_cause_again(
        nlp: Language, similarity: Similarity) -> None:
    question = "How many duplicate payment receipts did the clock skew cause?"
    assert binds(question, "About 40 duplicate payment receipts were sent to customers.", nlp, similarity)
    assert not binds(question, "The payment run took 40 minutes longer than usual.", nlp, similarity)


@pytest.mark.parametrize(("question", "answering", "other"), [
    # A support verb ("put") lends the focus its meaning: the value is set with another verb.
    ("How long an expiry was put on the cache-flush job for the billing outage?",
     "bot: expiry set for cache-flush job (7200s)", "bot: retry delay set to 30s for the mailer"),
    # A setting written as key=value, in the asked release, of the name's head noun ("gateway"); not another release.
    ("What maximum body size did upload-gateway 2.3.1 start enforcing on partner uploads?",
     "Config diff: gateway config added 'max_body_bytes=4096' in 2.3.1.",
     "Config diff: cache config added 'max_body_bytes=4096' in 2.2.0."),
])
def test_a_value_stated_in_the_documents_own_words_answers_and_another_things_does_not(
        question: str, answering: str, other: str, nlp: Language, similarity: Similarity) -> None:
    assert binds(question, answering, nlp, similarity)
    assert not binds(question, other, nlp, similarity)


def test_a_value_asked_of_a_possessed_thing_needs_that_thing_not_only_its_possessor(
        nlp: Language, similarity: Similarity) -> None:
    question = "At what error rate does the ledger exporter's circuit breaker stop calls?"
    assert not binds(question, "Roll the ledger exporter back if its error rate stays above 2% for ten minutes.",
                     nlp, similarity)
    assert binds(question, "The ledger exporter's circuit breaker stops calls at an error rate of 5% over a minute.",
                 nlp, similarity)


def test_the_possessed_focus_itself_is_judged_as_before(nlp: Language) -> None:
    assert analyse("What is the ledger exporter's retry limit?", nlp).asks[0].possessed in ((), ("limit",))
    assert analyse("At what error rate does the exporter's breaker stop calls?", nlp).asks[0].possessed == \
        ("breaker",)
    assert analyse("At what error rate does the breaker stop calls?", nlp).asks[0].possessed == ()


def test_the_asked_kind_word_is_not_a_word_of_the_asked_act(nlp: Language, similarity: Similarity) -> None:
    # "days" is what every duration states: a line giving days for another act, beside one more word of the
    # question, does not say after how many days the archive job moves invoices.
    question = "After how many days does the archive job move old invoices to cold storage?"
    assert not binds(question, "Default retention is 30 days for most invoices.", nlp, similarity)
    assert binds(question, "The archive job moves invoices to cold storage after 45 days.", nlp, similarity)


def test_a_counted_thing_asked_still_names_the_asked_act(nlp: Language, similarity: Similarity) -> None:
    # Not a unit: "users" says what is counted, so a line that counts them for the asked sizing answers.
    question = "How many concurrent users is the reporting cluster sized for?"
    assert binds(question, "Early sizing: 2k-4k concurrent users on the reporting cluster.", nlp, similarity)


def test_a_kind_noun_in_the_plural_only_names_the_kind_as_its_singular_does(nlp: Language,
                                                                            similarity: Similarity) -> None:
    # "which TLS versions": "versions" names the kind, as "version" does; "TLS" still says which one is asked.
    for question in ("Which TLS version do the gateways support?", "Which TLS versions do the gateways support?"):
        assert binds(question, "All gateways support TLS 1.2 and TLS 1.3.", nlp, similarity)
        assert not binds(question, "All gateways run agent 1.2 and agent 1.3.", nlp, similarity)
