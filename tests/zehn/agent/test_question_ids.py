"""Ticket keys, PR numbers and joined names are identifiers a document must hold; numbers, dates, times and versions
are not (a document writes them its own way)."""

from __future__ import annotations

import pytest

from zehn.agent.question_ids import is_identifier, named_identifiers


@pytest.mark.parametrize("word", ["OPS-77", "#4417", "rate-quoter", "ledger_sync2", "config.yaml", "s3"])
def test_keys_numbers_and_joined_names_are_identifiers(word: str) -> None:
    assert is_identifier(word)


@pytest.mark.parametrize("word", ["3", "2026-03-03", "3am", "10:30", "v2.0", "5.2", "4.2.1-rc1", "3rd", "Q3"])
def test_numbers_dates_times_and_versions_are_not(word: str) -> None:
    assert not is_identifier(word)


def test_a_question_names_its_identifiers_without_edge_punctuation() -> None:
    assert named_identifiers("Who approved PR #4417 on 3 March at 3am?") == ["#4417"]
