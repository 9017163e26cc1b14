"""Rules of the twelfth pass (zehn-rules-33): a subject set apart by "but", an identifier misread as an adverb in a
second clause, a reason clause that names a cause and not a system hit, a system phrase owned by a common noun, and
one name read with two types relating nothing to itself. Documents are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.system_phrases import system_phrases
from tests.extraction.test_prose_rules import read

NOTES = "Storage platform notes"
POSTMORTEM = "Postmortem: upload failures on 3 May"


def test_a_subject_set_apart_by_but_is_the_only_doer_of_its_verb(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Both thumb-svc and media-svc use Redis, but only media-svc uses Cassandra.\n")
    assert ("media-svc", "USES", "Cassandra", "") in found
    assert ("thumb-svc", "USES", "Cassandra", "") not in found


def test_an_identifier_misread_as_an_adverb_is_the_subject_of_its_own_clause(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "upload-api calls Redis, but quota-svc uses Postgres.\n")
    assert ("quota-svc", "USES", "Postgres", "") in found
    assert ("upload-api", "USES", "Postgres", "") not in found


def test_a_system_in_a_reason_clause_is_a_cause_not_a_system_the_incident_hit(nlp: Language,
                                                                               tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "Because token-gate was slow, upload-api queued every request.\n")
    assert not any(rel == "AFFECTS" and obj == "token-gate" for subj, rel, obj, _ in found if subj == POSTMORTEM)


def test_a_system_stated_as_down_outside_a_reason_clause_is_still_hit(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, POSTMORTEM, "token-gate was unavailable for twenty minutes.\n")
    assert (POSTMORTEM, "AFFECTS", "token-gate", "d") in found


def test_a_system_phrase_owned_by_a_common_noun_names_no_system(nlp: Language) -> None:
    assert not system_phrases(nlp("The customer's outbound web proxy strips the header."))
    names = [span.text for span, _ in system_phrases(nlp("The outbound web proxy strips the header."))]
    assert names == ["outbound web proxy"]


def test_one_name_read_with_two_types_relates_nothing_to_itself(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Halvard Freight", "Account: Halvard Freight (logistics). Sponsor: their CTO.\n")
    assert not any(subj == obj for subj, _, obj, _ in found)
