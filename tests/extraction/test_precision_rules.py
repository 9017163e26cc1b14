"""Relations that must not be read (a swap read as a global replacement, a company's possession read as a part of
a system) and lowercase technology names that must be."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from tests.extraction.test_prose_rules import read

NOTES = "Platform notes: bakery systems"


@pytest.mark.parametrize(("text", "name"), [
    ("The oven-api is backed by etcd.", "etcd"),
    ("The SDKs are python 3.12 and typescript 5.4.", "python"),
    ("We keep the queue in kafka and the state in postgres.", "postgres"),
])
def test_a_lowercase_technology_name_is_a_technology(nlp: Language, text: str, name: str) -> None:
    assert (name, "Technology") in {(m.name, m.type) for m in find_mentions(nlp(text), 0)}


@pytest.mark.parametrize("text", [
    "The shift lead is at the helm tonight.",
    "There is some slack in the budget.",
    "The spark from the oven tripped the breaker.",
])
def test_a_technology_name_that_is_an_everyday_word_counts_only_capitalised(nlp: Language, text: str) -> None:
    assert not any(m.type == "Technology" for m in find_mentions(nlp(text), 0))


def test_moving_a_system_from_one_store_to_another_is_its_use_not_a_global_replacement(nlp: Language,
                                                                                     tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Last month we moved the proof-timer from MySQL to Postgres.")
    assert ("proof-timer", "USES", "Postgres", "") in found
    assert not any(rel == "REPLACES" for _, rel, _, _ in found)


def test_a_company_as_possessor_does_not_make_its_endpoint_a_part(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Each order triggers a call to BakeHaus's webhook endpoint.")
    assert not any(rel == "PART_OF" for _, rel, _, _ in found)
    assert ("rate limiter", "PART_OF", "oven-api", "") in read(
        nlp, tmp_path, NOTES, "The oven-api's rate limiter dropped requests.")



def test_a_second_clause_with_its_own_subject_does_not_share_the_first_clauses_subjects(nlp: Language,
                                                                                       tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES,
                 "The oven-api and the proof-timer read from Kafka, but only the proof-timer writes to S3.")
    assert ("proof-timer", "PRODUCES", "S3", "") in found
    assert ("oven-api", "PRODUCES", "S3", "") not in found
