"""Rules 31 (written set 7): component lists written "name: what it does", labels that name their own subject
("Depends on X: A, B"), catalogue headings written as cells ("## X | Team"), and the fallback rule of an index
label. Each read through the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

OVERVIEW = "Architecture overview: observatory platform"


def test_a_component_item_names_its_system_then_what_it_does(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, OVERVIEW, "## Components\n\n- dome-ctl: reads weather from sky-feed and writes to "
                                          "shutter-db\n")
    assert ("dome-ctl", "CONSUMES", "sky-feed", "") in found
    assert ("dome-ctl", "PRODUCES", "shutter-db", "") in found


def test_a_speaker_line_is_not_read_as_a_component_item(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "#ops chat", "lena: reads from sky-feed, I think")
    assert not any(f[2] == "sky-feed" for f in found), found


def test_a_preposition_said_again_before_each_object_keeps_both(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, OVERVIEW, "lens-cal pushes offsets to dome-ctl and to mirror-api.")
    assert {("lens-cal", "PRODUCES", "dome-ctl", ""), ("lens-cal", "PRODUCES", "mirror-api", "")} <= found


@pytest.mark.parametrize(
    ("body", "expected"),
    [("Depends on sky-feed: dome-ctl and mirror-api", {("dome-ctl", "DEPENDS_ON", "sky-feed", ""),
                                                        ("mirror-api", "DEPENDS_ON", "sky-feed", "")}),
     ("Calls into mirror-api: dome-ctl, lens-cal", {("dome-ctl", "CALLS", "mirror-api", ""),
                                                    ("lens-cal", "CALLS", "mirror-api", "")}),
     ("Consumers of sky-feed: dome-ctl", {("dome-ctl", "CONSUMES", "sky-feed", "")}),
     ("Dependencies of dome-ctl: sky-feed", {("dome-ctl", "DEPENDS_ON", "sky-feed", "")})],
)
def test_a_label_naming_its_subject_relates_the_values_to_it(nlp: Language, tmp_path: Path, body: str,
                                                            expected: set[tuple[str, str, str, str]]) -> None:
    assert expected <= read(nlp, tmp_path, OVERVIEW, body)


def test_a_label_with_a_name_that_states_no_relation_reads_nothing(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, OVERVIEW, "Notes on dome-ctl: mirror-api restarts are safe")
    assert not any(f[0] == "mirror-api" or f[2] == "mirror-api" for f in found), found


@pytest.mark.parametrize(
    ("line", "expected"),
    [("- DB: Postgres (one replica)", ("dome-ctl", "USES", "Postgres", "d")),
     ("- Cache: Redis", ("dome-ctl", "USES", "Redis", "d")),
     ("- Search index: OpenSearch", ("dome-ctl", "USES", "OpenSearch", "d"))],
)
def test_a_catalogue_heading_written_as_cells_is_about_its_first_cell(nlp: Language, tmp_path: Path, line: str,
                                                                    expected: tuple[str, str, str, str]) -> None:
    found = read(nlp, tmp_path, "Observatory service catalogue", f"## dome-ctl | Telescope Ops team\n\n{line}\n")
    assert expected in found


RUNBOOK = "Runbook: tally-svc"


@pytest.mark.parametrize(
    ("body", "expected"),
    [("- After each upload we validate the file, strip the header rows, and persist the cleaned rows to tally-db "
      "before acknowledging.", ("tally-svc", "PRODUCES", "tally-db", "d")),
     ("- During replay we read the archived events from cold-store and forward them to ledger-gate in batches.",
      ("tally-svc", "CALLS", "ledger-gate", "d")),
     ("- If validation fails we do not write anything to tally-db.", ("tally-svc", "PRODUCES", "tally-db", "nd"))],
)
def test_we_in_a_systems_runbook_states_the_systems_flow(nlp: Language, tmp_path: Path, body: str,
                                                         expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, RUNBOOK, body)


@pytest.mark.parametrize("body", ["We pulled the logs from Grafana.", "We moved the queue to Kafka at noon."])
def test_what_we_did_once_is_no_flow_of_the_system(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, RUNBOOK, body)
    assert not any(f[0] == "tally-svc" and f[1] in ("CONSUMES", "PRODUCES", "CALLS") for f in found), found


def test_committing_to_a_store_writes_to_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, OVERVIEW, "lens-cal commits its offsets to Kafka only on shutdown.")
    assert ("lens-cal", "PRODUCES", "Kafka", "") in found
