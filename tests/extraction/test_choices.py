"""Decisions between options: the section's system uses what was chosen and not the alternatives."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.choices import section_use
from extraction.chunker import Heading
from tests.extraction.test_prose_rules import read

ADR = "ADR-9: Storage for shelf-sync"
SOURCES = "Runbook: shelf-sync"


def test_the_chosen_store_is_used_and_the_alternative_is_not(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, ADR, "Postgres was chosen over MySQL because it supports JSON columns.")
    assert ("shelf-sync", "USES", "Postgres", "d") in found
    assert ("shelf-sync", "USES", "MySQL", "nd") in found


def test_an_active_choice_with_instead_of_reads_the_same(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, ADR, "We picked Redis instead of Memcached for the session cache.")
    assert {("shelf-sync", "USES", "Redis", "d"), ("shelf-sync", "USES", "Memcached", "nd")} <= found


def test_an_emphasised_option_under_a_sources_heading_is_read_from(nlp: Language, tmp_path: Path) -> None:
    body = "## Data sources\n\n1) **Catalogue Feed Export** was chosen over scraping logs or GitHub as it is typed.\n"
    found = read(nlp, tmp_path, SOURCES, body)
    assert ("shelf-sync", "CONSUMES", "Catalogue Feed Export", "d") in found
    assert ("shelf-sync", "CONSUMES", "GitHub", "nd") in found


def test_a_choice_without_a_system_to_be_about_relates_nothing(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Meeting notes", "Postgres was chosen over MySQL because it supports JSON columns.")
    assert not any(f[2] in ("Postgres", "MySQL") and f[1] == "USES" for f in found), found


def test_a_choice_with_no_alternative_named_is_not_read_here(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, ADR, "Postgres was chosen last spring.")
    assert not any(f[1] == "USES" and f[2] == "Postgres" for f in found), found


def test_a_choice_made_over_a_stretch_of_time_names_no_alternative(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, ADR, "Postgres was chosen over the weekend by the on-call group.")
    assert not any(f[1] == "USES" and f[2] == "Postgres" for f in found), found


def test_an_option_named_by_its_number_is_no_system(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, ADR, "**Option 2** was chosen over Option 1 because it is cheaper.")
    assert not any(f[1] == "USES" for f in found), found


def test_a_sources_heading_makes_the_choice_a_read() -> None:
    headings = [Heading(0, 10, 2, "Our data sources"), Heading(20, 40, 3, "Why we read each source")]
    assert section_use(headings, 50) == "CONSUMES"


def test_no_label_heading_leaves_the_choice_a_use() -> None:
    assert section_use([Heading(0, 10, 2, "What we decided")], 20) == "USES"
