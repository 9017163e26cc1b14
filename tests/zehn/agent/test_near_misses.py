"""Near misses: questions on the right topic that the documents do not answer, and the ones they do, on three
documents written the way enterprise documents are (a postmortem with sections, a runbook with labelled lines,
a ticket with front matter; tests/zehn/agent/fixtures)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.fixture_service import service_over
from zehn.agent import AnswerService
from zehn.graph_server import EmbeddedFalkorDB

FIXTURES = Path(__file__).parent / "fixtures"
POSTMORTEM = "fx_postmortem_quote_cache"
RUNBOOK = "fx_runbook_route_planner"
TICKET = "fx_ticket_dsp_77"


@pytest.fixture(scope="module")
def near(falkordb_server: EmbeddedFalkorDB, nlp: Language, embedder: LocalEmbedder) -> Iterator[AnswerService]:
    with service_over(FIXTURES, falkordb_server, nlp, embedder, "near") as service:
        yield service


def _cited(answer: object) -> set[str]:
    return {c.document_id for c in answer.citations}


@pytest.mark.parametrize(("question", "document", "phrase"), [
    ("What was the root cause of the quote-cache eviction storm?", POSTMORTEM, "lowered the cache size limit"),
    ("Why did quote-cache evict its working set on 2026-05-04?", POSTMORTEM, "lowered the cache size limit"),
    ("What mitigation did on-call apply during the quote-cache eviction storm?", POSTMORTEM, "paused the sweeper"),
    ("How long are route-planner logs retained?", RUNBOOK, "30 days"),
    ("Who is DSP-77 assigned to?", TICKET, "Anjali Iyer"),
])
def test_the_asked_thing_is_answered_from_the_section_that_says_it(near: AnswerService, question: str,
                                                                    document: str, phrase: str) -> None:
    answer = near.answer(question)
    assert answer.status == "answered", answer.text
    assert _cited(answer) == {document}
    assert any(phrase in c.text for c in answer.citations), answer.text


@pytest.mark.parametrize("question", [
    "What is the TTL of quote-cache entries?",  # right topic, the attribute is never stated (other durations are)
    "How many replicas of route-planner run in production?",  # right system, no such number anywhere
    "Who approved the quote-cache size change?",  # a change that is described, an approval that is not
])
def test_right_topic_missing_attribute_is_not_answered(near: AnswerService, question: str) -> None:
    answer = near.answer(question)
    assert answer.status in ("abstained", "not_in_graph", "unknown_entity"), answer.text
    assert not answer.citations


def test_a_system_that_exists_nowhere_is_not_answered_from_a_similar_one(near: AnswerService) -> None:
    answer = near.answer("What was the root cause of the zephyr-ledger eviction storm?")
    assert answer.status in ("abstained", "unknown_entity"), answer.text
    assert not answer.citations
    assert "zephyr-ledger" in (answer.reason or "")


def test_a_constraint_the_documents_contradict_is_not_established(near: AnswerService) -> None:
    answer = near.answer("What was the root cause of the quote-cache eviction storm in March 2025?")
    assert answer.status == "abstained", answer.text
    assert answer.reason and "not established" in answer.reason and "March 2025" in answer.reason
    assert answer.decline == "document_unheld"


def test_an_abstention_names_the_gate_that_decided_it(near: AnswerService) -> None:
    assert near.answer("What is the TTL of quote-cache entries?").decline == "unmentioned"  # "TTL": nowhere
    assert near.answer("How many replicas of route-planner run in production?").decline == "document_unheld"
    approved = near.answer("Who approved the quote-cache size change?")  # a change described, no approval
    assert approved.status != "abstained" or approved.decline not in (None, "other"), approved.reason
    assert near.answer("How long are route-planner logs retained?").decline is None  # answered


def test_yes_no_answers_lead_with_their_verdict(near: AnswerService) -> None:
    yes = near.answer("Does route-planner depend on geo-tiles?")
    assert yes.status == "answered" and yes.text.startswith("Yes — "), yes.text
    no = near.answer("Does route-planner depend on quote-cache?")
    assert no.status == "answered" and no.text.startswith("No — "), no.text
    assert "does not depend on quote-cache" in no.citations[0].text


def test_a_hedged_plan_never_becomes_yes(near: AnswerService) -> None:
    answer = near.answer("Does route-planner use a shared route cache?")
    assert not answer.text.startswith("Yes"), answer.text
    if answer.status == "answered":
        assert answer.text.startswith("Not established — ")


def test_metadata_lines_answer_only_what_they_label(near: AnswerService) -> None:
    answer = near.answer("What was the root cause of the DSP-77 dispatch queue backlog?")
    assert answer.status == "answered", answer.text
    assert all('"' not in c.text[:2] for c in answer.citations)  # no front-matter line quoted as the cause
    assert any("empty offset store" in c.text for c in answer.citations)
