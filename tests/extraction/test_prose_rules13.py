"""Rules of the thirteenth pass (zehn-rules-34): labelled-line shapes - a point of contact named but not tagged as a
person, a table column named by an infrastructure role, a value that gives its kind before its name, a listed
name followed by its purpose. Documents are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.label_fallbacks import USES_RULE, infra_rule
from tests.extraction.test_prose_rules import read

CARD = "Service card: tide-sync"


def test_a_point_of_contact_shaped_as_a_name_owns_the_system_of_the_page(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, CARD, "- Point of contact: Kemi Obi\n")
    assert ("Kemi Obi", "OWNS", "tide-sync", "d") in found


def test_a_point_of_contact_written_as_an_instruction_owns_nothing(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, CARD, "- Point of contact: page whoever is on call\n")
    assert not any(rel == "OWNS" for _, rel, _, _ in found)


def test_a_column_named_by_an_infrastructure_role_is_what_the_row_uses(nlp: Language, tmp_path: Path) -> None:
    table = "| Service | Owner | Store |\n|---|---|---|\n| tide-sync | Harbour team | Cassandra |\n"
    assert ("tide-sync", "USES", "Cassandra", "") in read(nlp, tmp_path, "Service list", table)


def test_only_the_role_word_of_a_header_makes_it_an_infrastructure_column() -> None:
    assert infra_rule("Data store") is USES_RULE
    assert infra_rule("Load balancer") is USES_RULE
    assert infra_rule("Queue added") is USES_RULE  # a state after the role, as any fallback label reads it
    assert infra_rule("Notes") is None
    assert infra_rule("Region") is None


def test_a_value_that_gives_its_kind_before_its_name_is_the_name(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, CARD, "- Cache: a cluster named tide-cache\n")
    assert ("tide-sync", "USES", "tide-cache", "d") in found
    assert not any(obj.startswith("a cluster") for _, _, obj, _ in found)


def test_a_purpose_after_a_listed_name_ends_the_value(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Runbook: tide-sync", "## Tech stack\n\n- Cassandra for the event log\n")
    assert ("tide-sync", "USES", "Cassandra", "d") in found
