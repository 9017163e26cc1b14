"""What a title says its document is about: one named system, a dashed-off system, a body "Service:" line."""

from __future__ import annotations

from spacy.language import Language

from extraction.entities import find_mentions
from extraction.title_topics import dashed_topic, first_cell, named_topic, title_subject, topic_line


def _named(nlp: Language, title: str) -> str | None:
    found = named_topic(find_mentions(nlp(title), 0), title, 0)
    return None if found is None else found.name


def test_a_title_that_only_names_its_kind_and_one_system_is_about_that_system(nlp: Language) -> None:
    assert _named(nlp, "Runbook: shelf-sync") == "shelf-sync"


def test_a_title_that_states_something_about_a_system_names_no_topic(nlp: Language) -> None:
    assert _named(nlp, "ADR-4: Store loan records in shelf-sync") is None


def test_a_dashed_off_system_is_what_the_document_is_about(nlp: Language) -> None:
    title = "Quarterly planning notes — shelf-sync"
    found = dashed_topic(find_mentions(nlp(title), 0), title, 0)
    assert found is not None and found.name == "shelf-sync"


def test_a_title_without_a_dash_has_no_dashed_topic(nlp: Language) -> None:
    title = "Quarterly planning notes for shelf-sync"
    assert dashed_topic(find_mentions(nlp(title), 0), title, 0) is None


def test_a_catalogue_heading_is_read_by_its_first_cell() -> None:
    assert first_cell("shelf-sync | Circulation team | tier 2") == "shelf-sync"
    assert first_cell("Overview") == "Overview"


def test_an_affected_service_line_names_the_topic_as_a_slice() -> None:
    text = "# Ticket\n\nSome words.\nAffected service: `loan-ledger`\n"
    found = topic_line(text, 0)
    assert found is not None and found.name == "loan-ledger" and text[found.start : found.end] == "loan-ledger"


def test_no_service_line_no_topic() -> None:
    assert topic_line("# Ticket\n\nService desk hours changed.\n", 0) is None


def _subject(nlp: Language, title: str) -> str | None:
    doc = nlp(title)
    found = title_subject(doc, find_mentions(doc, 0), 0)
    return None if found is None else found.name


def test_a_dashed_clause_that_opens_with_a_system_and_its_state_names_the_subject(nlp: Language) -> None:
    assert _subject(nlp, "Nightly import failed during reindex — loan-ledger unavailable after the rollout") == (
        "loan-ledger")


def test_a_dashed_clause_that_does_not_open_with_the_system_names_none(nlp: Language) -> None:
    assert _subject(nlp, "Nightly import failed during reindex — retries against loan-ledger piled up") is None


def test_the_first_clause_wins_over_the_dashed_one(nlp: Language) -> None:
    assert _subject(nlp, "shelf-sync down after failover — loan-ledger unavailable too") == "shelf-sync"
