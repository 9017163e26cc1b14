"""False positives found in review: moved requests read as calls, two negations, a team left in charge, an object
"it" bound to a target, written data read as calls, request counts read as errors, ownership disputed or asked
about. Sentences are read through the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import NOTES, POSTMORTEM, read


def test_requests_moved_from_one_system_to_another_are_no_call(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We migrated queries from MySQL to Postgres.")
    assert not any(rel == "CALLS" for _, rel, _, _ in found)


def test_a_call_from_one_system_to_another_is_still_read(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "There is no direct call from ledger-db to relay-hub.")
    assert ("ledger-db", "CALLS", "relay-hub", "n") in found


@pytest.mark.parametrize(
    ("body", "expected"),
    [("Dana Ruiz did not leave the Payments team.", ("Dana Ruiz", "MEMBER_OF", "Payments", "")),
     ("The Orbit team never stopped maintaining relay-hub.", ("Orbit", "MAINTAINS", "relay-hub", "")),
     ("Dana Ruiz left the Payments team.", ("Dana Ruiz", "MEMBER_OF", "Payments", "n"))],
)
def test_a_negated_ending_verb_states_the_relation(nlp: Language, tmp_path: Path, body: str,
                                                   expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_a_team_left_in_charge_is_no_membership_ended(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Dana Ruiz left the Payments team in charge of relay-hub.")
    assert not any(rel == "MEMBER_OF" for _, rel, _, _ in found)


def test_an_object_it_with_two_candidates_is_left_unbound(nlp: Language, tmp_path: Path) -> None:
    body = "Dana Ruiz migrated billing-api to Postgres last year and still maintains it."
    assert not any(rel == "MAINTAINS" for _, rel, _, _ in read(nlp, tmp_path, NOTES, body))


def test_an_object_it_takes_the_one_earlier_direct_object(nlp: Language, tmp_path: Path) -> None:
    body = "Dana Ruiz owns relay-hub on paper, but the Orbit team maintains it."
    assert ("Orbit", "MAINTAINS", "relay-hub", "") in read(nlp, tmp_path, NOTES, body)


def test_requests_written_somewhere_are_data_not_calls(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "audit-proxy writes every query to BigQuery.")
    assert not any(rel == "CALLS" for _, rel, _, _ in found)


@pytest.mark.parametrize("verb", ["passes", "sends"])
def test_requests_passed_on_call_the_receiver(nlp: Language, tmp_path: Path, verb: str) -> None:
    found = read(nlp, tmp_path, NOTES, f"The edge-tier {verb} requests to relay-hub.")
    assert ("edge-tier", "CALLS", "relay-hub", "") in found


@pytest.mark.parametrize(
    ("body", "hit"),
    [("search-api handled 450 requests per second after the index-v2 rollout.", False),  # a count of requests
     ("The ledger-db returned HTTP 503 responses after the relay-hub deployment.", True)],  # a status on its noun
)
def test_a_number_counting_requests_is_no_error_status(nlp: Language, tmp_path: Path, body: str, hit: bool) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, body)
    assert any(rel == "AFFECTS" and via == "h" for _, rel, _, via in found) is hit


@pytest.mark.parametrize(
    ("body", "owns"),
    [("Ownership of pricing-pipeline was disputed by the Billing team.", False),  # disputing holds nothing
     ("Ownership of pricing-pipeline is held by the Billing team.", True)],
)
def test_only_a_holding_verb_makes_the_by_agent_an_owner(nlp: Language, tmp_path: Path, body: str,
                                                         owns: bool) -> None:
    found = read(nlp, tmp_path, NOTES, body)
    assert (("Billing", "OWNS", "pricing-pipeline", "") in found) is owns


@pytest.mark.parametrize(
    ("body", "owns"),
    [("Questions about Kafka go to Dana Ruiz.", False),  # a technology: Dana knows it, answers for no system
     ("Questions about relay-hub go to Dana Ruiz.", True)],
)
def test_questions_about_a_technology_name_no_owner(nlp: Language, tmp_path: Path, body: str, owns: bool) -> None:
    assert any(rel == "OWNS" for _, rel, _, _ in read(nlp, tmp_path, NOTES, body)) is owns
