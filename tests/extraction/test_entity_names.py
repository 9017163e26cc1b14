"""What a capitalised word is, from the text around it: common words, address domains, affiliations, build ids."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.entity_typing import domain_labels, spells_domain
from extraction.relations import find_relations


def typed(nlp: Language, text: str) -> dict[str, str]:
    return {m.name: m.type for m in find_mentions(nlp(text), 0)}


def triples(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    doc = nlp(text)
    return {(r.subject.name, r.rel_type, r.object.name) for r in find_relations(doc, 0, find_mentions(doc, 0))}


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("1) Trigger a scheduled export job that uses the signing token.", "Trigger"),
        ("Node 10.1.2.3 cordoned by the on-call engineer.", "Node"),
        ("The role lacks kms:Decrypt and kms:Encrypt.", "Decrypt"),
    ],
)  # fmt: skip
def test_a_capitalised_common_word_is_no_person(nlp: Language, text: str, word: str) -> None:
    assert typed(nlp, text).get(word) != "Person"


def test_a_name_also_written_in_lowercase_stays_a_person(nlp: Language) -> None:
    assert typed(nlp, "Thanks, I asked Marguerite to check it; marguerite owns the rota.").get("Marguerite") == "Person"


def test_names_opening_an_address_line_stay_people(nlp: Language) -> None:
    found = typed(nlp, "Ingrid, Tomas — please review.")
    assert found.get("Ingrid") == "Person" and found.get("Tomas") == "Person"
    assert typed(nlp, "Tomas (oncall): grabbing the logs now.").get("Tomas") == "Person"


def test_a_name_spelling_an_address_domain_is_an_organisation(nlp: Language) -> None:
    text = "Tickets are answered by Quillfeather within a day (write to help@quillfeather.io)."
    assert typed(nlp, text).get("Quillfeather") == "Organization"


def test_domain_labels_leave_out_server_roles_and_placeholders() -> None:
    labels = domain_labels("see https://www.quillfeather.io/x, mail ops@mail.example.com or docs.tarnwick.net")
    assert labels == {"quillfeather", "tarnwick"}
    assert spells_domain("Tarn Wick", labels)
    assert not spells_domain("Tarn", labels)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi all, I'm Oskar from Brightmoor, thanks for joining.", {("Oskar", "MEMBER_OF", "Brightmoor")}),
        ("Yesterday Oskar Lind at Brightmoor Freight approved the plan.",
         {("Oskar Lind", "MEMBER_OF", "Brightmoor Freight")}),
        ("We will sync with Oskar Lind at Monday noon.", set()),
    ],
)  # fmt: skip
def test_a_person_from_or_at_a_named_group_is_a_member(nlp: Language, text: str,
                                                       expected: set[tuple[str, str, str]]) -> None:
    assert {t for t in triples(nlp, text) if t[1] == "MEMBER_OF"} == expected


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Latency rose after the scheduler build 2031.04.02.1 went out.", "build 2031.04.02.1"),
        ("Customers on release 7.3.0 saw the bug.", "release 7.3.0"),
        ("Pinned to version v2.11 for now.", "version v2.11"),
    ],
)  # fmt: skip
def test_builds_and_releases_by_id_are_named(nlp: Language, text: str, name: str) -> None:
    assert typed(nlp, text).get(name) == "Component"


def test_a_bare_number_after_build_words_in_prose_is_not_a_build(nlp: Language) -> None:
    assert not any(n.startswith("build") for n in typed(nlp, "The build took 12.5 minutes on release day."))
    assert "Release 3.1" not in typed(nlp, "Release 3.1 introduces the fare-cache component.")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("We rotated the tenant signing key last night.", "tenant signing key"),
        ("The GPG key expired on Friday.", "GPG key"),
        ("The new encryption key is stored in the vault.", "encryption key"),
    ],
)  # fmt: skip
def test_cryptographic_keys_are_named_by_their_kind(nlp: Language, text: str, name: str) -> None:
    assert typed(nlp, text).get(name) == "Component"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The Triage Bot v2 reads from the Fare Cache API.", "Triage Bot v2"),
        ("The Triage Bot v2 reads from the Fare Cache API.", "Fare Cache API"),
        ("We moved Quote Engine v3 to the new cluster.", "Quote Engine v3"),
    ],
)  # fmt: skip
def test_title_case_names_ending_in_a_system_noun_are_systems(nlp: Language, text: str, name: str) -> None:
    assert typed(nlp, text).get(name) == "Component"


@pytest.mark.parametrize(
    "text",
    ["Confirm Fare Cache API is healthy before the cutover.", "The upstream answered 502 Bad Gateway twice."],
)
def test_a_line_opening_verb_or_a_status_phrase_is_no_system_name(nlp: Language, text: str) -> None:
    assert not {"Confirm Fare Cache API", "Bad Gateway"} & set(typed(nlp, text))


def test_a_platform_a_system_runs_in_is_not_its_whole(nlp: Language) -> None:
    assert not any(rel == "PART_OF" for _, rel, _ in triples(nlp, "A responder invokes the fare-bot in Slack."))
