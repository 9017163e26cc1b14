"""Relations carried by nouns, fragments, impact nouns, cause labels and impact columns (rules 13), read through the
whole extractor from one small document each (fixtures written for these tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

NOTES = "Team notes"
POSTMORTEM = "Postmortem: queue stalls on 9 July"
DESIGN = "Design review: ticket-desk sharding"

Expected = tuple[str, str, str, str]


@pytest.mark.parametrize(
    ("body", "expected"),
    [("The Nova team is on the hook for ticket-desk.", ("Nova", "OWNS", "ticket-desk", "")),
     ("The ticket-desk has a hard dependency on quota-store.", ("ticket-desk", "DEPENDS_ON", "quota-store", "")),
     ("The Nova team takes care of ticket-desk.", ("Nova", "MAINTAINS", "ticket-desk", "")),
     ("Without quota-store, the ticket-desk cannot start.", ("ticket-desk", "DEPENDS_ON", "quota-store", "")),
     ("The ticket-desk is run by the Nova team.", ("Nova", "MAINTAINS", "ticket-desk", "")),
     ("The ticket-desk is the Nova team's responsibility.", ("Nova", "OWNS", "ticket-desk", "")),
     ("Errors in quota-store cascaded into the ticket-desk.", ("quota-store", "AFFECTS", "ticket-desk", "")),
     ("The ticket-desk hands messages off to RabbitMQ.", ("ticket-desk", "PRODUCES", "RabbitMQ", "")),
     ("The ticket-desk reads attachments from S3.", ("ticket-desk", "CONSUMES", "S3", ""))],
)
def test_relations_stated_through_a_noun_or_a_particle(nlp: Language, tmp_path: Path, body: str,
                                                       expected: Expected) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_a_conjoined_passive_shares_its_agent(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The ticket-desk is owned and operated by the Nova team.")
    assert {("Nova", "OWNS", "ticket-desk", ""), ("Nova", "MAINTAINS", "ticket-desk", "")} <= found


def test_a_system_running_another_is_no_maintainer(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The batch-runner runs the ticket-desk export every night.")
    assert not any(rel == "MAINTAINS" for _, rel, _, _ in found)


@pytest.mark.parametrize(
    ("body", "flags"),
    [("There was some spillover to the ticket-desk.", "d"),
     ("The outage had no impact on the ticket-desk.", "nd"),
     ("The p99 latency on ticket-desk spiked to three seconds.", "d"),
     ("The bad deploy took down the ticket-desk for an hour.", "d"),
     ("We saw a sharp degradation of the ticket-desk after the deploy.", "d")],
)
def test_a_postmortem_states_a_hit_through_nouns_and_unnamed_causes(nlp: Language, tmp_path: Path, body: str,
                                                                     flags: str) -> None:
    assert (POSTMORTEM, "AFFECTS", "ticket-desk", flags) in read(nlp, tmp_path, POSTMORTEM, body)


def test_the_impact_of_a_system_is_no_hit_on_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "The impact of the ticket-desk on our error budget was small.")
    assert not any(rel == "AFFECTS" and obj == "ticket-desk" for _, rel, obj, _ in found), found


def test_an_inverted_condition_states_no_hit(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "Had the ticket-desk failed too, the outage would have been global.")
    assert not any(rel == "AFFECTS" for _, rel, _, _ in found)


def test_a_fragment_opening_with_a_participle_is_about_the_document(nlp: Language, tmp_path: Path) -> None:
    assert ("Ines Alvarez", "APPROVED", DESIGN, "d") in read(nlp, tmp_path, DESIGN, "Signed off by Ines Alvarez.")


def test_a_hypothesis_label_gives_a_hedged_cause_seated_in_a_system(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "Root hypothesis: a stale lease in the quota-store.")
    assert ("quota-store", "CAUSED", POSTMORTEM, "hd") in found


def test_a_long_cause_value_names_no_seat(nlp: Language, tmp_path: Path) -> None:
    body = ("Root cause: the retry path, which nobody had touched in years, appends a suffix to the quota-store "
            "keys.")
    assert not any(rel == "CAUSED" for _, rel, _, _ in read(nlp, tmp_path, POSTMORTEM, body))


def test_an_escalation_label_names_the_owner(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Runbook: ticket-desk", "- Escalation: Nova team")
    assert ("Nova", "OWNS", "ticket-desk", "d") in found


def test_an_impact_column_marks_the_rows_system_hit_unless_spared(nlp: Language, tmp_path: Path) -> None:
    table = "| System | Impact |\n|---|---|\n| ticket-desk | full outage |\n| quota-store | none |"
    found = read(nlp, tmp_path, POSTMORTEM, table)
    assert (POSTMORTEM, "AFFECTS", "ticket-desk", "d") in found
    assert not any(obj == "quota-store" and rel == "AFFECTS" for _, rel, obj, _ in found)


def test_a_fault_is_seated_in_the_system_named_before_it_but_an_incident_is_not(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "The quota-store misconfiguration took the ticket-desk down with it.")
    assert ("quota-store", "AFFECTS", "ticket-desk", "") in found
    found = read(nlp, tmp_path, NOTES, "The PagerDuty incident triggered OPS-4512 at noon.")
    assert not any(rel == "CAUSED" and subj == "PagerDuty" for subj, rel, _, _ in found)
