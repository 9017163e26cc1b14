"""A ticket handed on or raised in a comment that does not name it (`extraction.ticket_handoffs`), read through the
whole extractor (one small document each) and through the line reader alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.people import People
from extraction.ticket_handoffs import ticket_handoffs
from tests.extraction.test_prose_rules import read

TICKET = "BAKE-77: Oven timer drifts after a restart"


@pytest.mark.parametrize(("body", "expected"), [
    ("Assigning to Marta Kowalski since she owns the timer-svc.", (TICKET, "ASSIGNED_TO", "Marta Kowalski", "d")),
    ("Handing this over to Jonas Berg, who knows the oven firmware.", (TICKET, "ASSIGNED_TO", "Jonas Berg", "d")),
    ("2026-01-02 10:00 - Piet Vermeulen (Support): Reassigned it to Marta Kowalski.",
     (TICKET, "ASSIGNED_TO", "Marta Kowalski", "d")),
    ("Reported by Marta Kowalski via the help desk.", ("Marta Kowalski", "REPORTED", TICKET, "d")),
    ("Raised by Jonas Berg after two bakeries called in.", ("Jonas Berg", "REPORTED", TICKET, "d")),
])
def test_a_comment_that_opens_with_a_hand_off_or_a_raise_is_about_the_ticket(
        nlp: Language, tmp_path: Path, body: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, TICKET, body)


@pytest.mark.parametrize("body", [
    "We will assign this to Marta Kowalski next week.",
    "Should we hand it over to Jonas Berg?",
    "The nightly purge was raised by the scheduler.",
])
def test_a_plan_a_question_or_a_verb_inside_a_sentence_hands_nothing_on(nlp: Language, tmp_path: Path,
                                                                       body: str) -> None:
    assert not any(rel in ("ASSIGNED_TO", "REPORTED") for _, rel, _, _ in read(nlp, tmp_path, TICKET, body))


def test_a_page_that_is_no_ticket_is_not_assigned(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Bakery platform notes", "Assigning to Marta Kowalski since she owns the timer-svc.")
    assert not any(rel == "ASSIGNED_TO" for _, rel, _, _ in found)


def test_the_handed_to_name_must_be_a_person_or_team_of_the_line() -> None:
    text = "Passing it to proofing-api for a retry. Assigning to Dana Ruiz."
    own = Mention("BAKE-77", "Ticket", 0, 0)
    team_mention = Mention("Dana Ruiz", "Person", text.index("Dana"), text.index("Dana") + len("Dana Ruiz"))
    found = ticket_handoffs(text, (0, len(text)), own, [team_mention], People())
    assert [(r.subject.name, r.rel_type, r.object.name) for r in found] == [("BAKE-77", "ASSIGNED_TO", "Dana Ruiz")]


def test_a_person_the_metadata_names_is_found_without_a_mention() -> None:
    text = "Reported by Ines Duarte via chat."
    own = Mention("BAKE-77", "Ticket", 0, 0)
    found = ticket_handoffs(text, (0, len(text)), own, [], People(full_names=frozenset({"Ines Duarte"})))
    assert [(r.subject.name, r.rel_type, r.object.name, r.via) for r in found] == [
        ("Ines Duarte", "REPORTED", "BAKE-77", "document_subject")]
