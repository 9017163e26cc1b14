"""Weaker subjects: a "Kind: ..." title naming one system, a noun-phrase heading over data-flow bullets, and the
team speaking as "we" for the document's system (all read as inferences)."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.entities import find_mentions
from extraction.section_subjects import flow_heading, kind_titled_system
from tests.extraction.test_lines import read, triples


def _doc(title: str, body: str) -> str:
    return f'---\ntitle: "{title}"\nsource_type: "confluence"\n---\n\n# {title}\n\n{body}'


def test_a_kind_title_naming_one_system_anywhere_is_about_it(nlp: Language) -> None:
    for title, expected in [("Runbook: restarting stock-keeper after a failed push", "stock-keeper"),
                            ("ADR-12: checkpointing for the clip-uploader service", "clip-uploader")]:
        found = kind_titled_system(title, find_mentions(nlp(title), 0))
        assert found is not None and found.name == expected


def test_a_title_without_a_kind_prefix_or_with_two_systems_names_none(nlp: Language) -> None:
    for title in ["Moving stock-keeper off the print-spooler", "Runbook: stock-keeper and print-spooler",
                  "Why stock-keeper restarts: notes"]:
        assert kind_titled_system(title, find_mentions(nlp(title), 0)) is None


def test_a_noun_phrase_heading_over_source_bullets_names_what_reads_them(nlp: Language) -> None:
    text = "# Flows\n\n## Replay archive\n\n- Source: nightly dumps of tally-db\n"
    at = text.index("Replay")
    found = flow_heading(nlp("Replay archive"), at, text, len(text))
    assert found is not None and found.name == "Replay archive" and text[found.start:found.end] == found.name


def test_a_generic_or_verb_heading_names_no_subject(nlp: Language) -> None:
    for heading in ["Background", "Export the orders"]:
        text = f"# Flows\n\n## {heading}\n\n- Source: tally-db\n"
        assert flow_heading(nlp(heading), text.index(heading), text, len(text)) is None


def test_source_and_target_bullets_relate_to_the_heading(nlp: Language, tmp_path: Path) -> None:
    body = "## Replay archive\n\n- Source: tally-db\n- Target: vault-bucket\n"
    _, rels = read(nlp, tmp_path, _doc("Data flows", body))
    assert {("Replay archive", "CONSUMES", "tally-db"), ("Replay archive", "PRODUCES", "vault-bucket")} \
        <= {t[:3] for t in triples(rels)}


def test_we_writing_data_is_the_documents_system_but_a_considered_option_is_not(nlp: Language,
                                                                               tmp_path: Path) -> None:
    body = ("We persist partial state to the part-store so clients can resume.\n\n"
            "We considered storing manifests in Cassandra but rejected it.\n")
    _, rels = read(nlp, tmp_path, _doc("ADR-12: checkpointing for the clip-uploader service", body))
    found = triples(rels)
    assert ("clip-uploader", "PRODUCES", "part-store", "document_subject") in found
    assert not any(o == "Cassandra" for _, _, o, _ in found)
