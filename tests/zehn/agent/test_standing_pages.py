"""A question in the present ranks a standing page higher; a record of one event, or a question about an act done or
planned, moves nothing (zehn.agent.standing_pages). Every question and title here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.documents import SOURCE_TYPES
from zehn.agent.analyse import analyse
from zehn.agent.rows import DocumentInfo
from zehn.agent.standing_pages import PAGE_SOURCES, STANDING_WEIGHT, asks_standing, standing_lift, standing_page


def _doc(source_type: str, title: str) -> DocumentInfo:
    return DocumentInfo("d1", title, source_type, None, None)


@pytest.mark.parametrize("question", [
    "What must support never ask a customer whose import is stuck?",
    "Why doesn't the latency probe page off the weekly average?",
    "By default, for how long is an export snapshot kept, and which team owns that setting?",
    "Who is allowed to roll back a ledger schema?",
])
def test_a_question_whose_every_ask_is_in_the_present_asks_how_things_stand(nlp: Language, question: str) -> None:
    assert asks_standing(analyse(question, nlp))


@pytest.mark.parametrize("question", [
    "What was done to drain the import backlog?",
    "Who took over the pager, and when is the snapshot kept until?",  # one ask done is enough
    "Who will roll back the ledger schema?",
])
def test_a_question_about_an_act_done_or_planned_does_not(nlp: Language, question: str) -> None:
    assert not asks_standing(analyse(question, nlp))


@pytest.mark.parametrize("title", [
    "Ledger export retention contract", "Decision record 12: snapshot retention", "Runbook: importer stuck at merge",
    "Workaround: upgrade waits on a lock",
])
@pytest.mark.parametrize("source_type", ["confluence", "google_drive"])
def test_a_wiki_or_drive_page_whose_title_names_no_event_is_standing(source_type: str, title: str) -> None:
    assert standing_page(_doc(source_type, title))


@pytest.mark.parametrize(("source_type", "title"), [
    ("confluence", "Postmortem: ledger export stalled"), ("confluence", "Ledger drift post-mortem"),
    ("google_drive", "Importer backlog - retrospective"), ("confluence", "Failover drill results (2031-04-02)"),
    ("confluence", "Failover drill on March 4, 2031"),
    ("slack", "ops-alerts"), ("jira", "Importer stuck at merge"), ("github", "add-snapshot-retention-setting"),
    ("gmail", "Re: retention contract"),
])
def test_a_record_of_one_event_or_a_conversation_ticket_or_pull_request_is_not(source_type: str, title: str) -> None:
    assert not standing_page(_doc(source_type, title))


def test_only_a_present_question_lifts_a_standing_page(nlp: Language) -> None:
    page = _doc("confluence", "Ledger export retention contract")
    assert standing_lift(analyse("How long is an export snapshot kept?", nlp), page) == STANDING_WEIGHT
    assert standing_lift(analyse("How long was the export snapshot kept?", nlp), page) == 0.0
    assert standing_lift(analyse("How long is an export snapshot kept?", nlp), _doc("jira", "Snapshot kept")) == 0.0


def test_the_page_sources_are_source_types_the_ingest_knows() -> None:
    assert PAGE_SOURCES <= SOURCE_TYPES  # a renamed source type would otherwise silently lift nothing
