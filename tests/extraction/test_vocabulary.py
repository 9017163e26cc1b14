"""The controlled vocabulary: relation types, rule tables and type constraints agree with each other."""

from __future__ import annotations

import extraction.vocabulary as vocab
from extraction.vocabulary import (
    COPULA_RULES,
    ENTITY_TYPES,
    PASSIVE_PREP_RULES,
    REL_TYPES,
    SYSTEM_NOUNS,
    TYPE_NOUNS,
    VERB_RULES,
    normalise,
)
from verify.vocabulary import LABELS, label_key, label_rule


def test_every_rule_maps_into_the_vocabulary() -> None:
    for table in (VERB_RULES, PASSIVE_PREP_RULES, COPULA_RULES):
        for rel_type, inverse in table.values():
            assert rel_type in REL_TYPES
            assert isinstance(inverse, bool)
    assert {t for types in TYPE_NOUNS.values() for t in types} <= set(ENTITY_TYPES)
    assert set(SYSTEM_NOUNS.values()) <= set(ENTITY_TYPES)


def test_vocabulary_is_complete_and_documented() -> None:
    assert len(REL_TYPES) == 23 and len(set(REL_TYPES)) == 23 and {"CAUSED", "FIXES"} <= set(REL_TYPES)
    assert len(ENTITY_TYPES) == 10
    doc = vocab.__doc__ or ""
    for rel_type in REL_TYPES:
        assert rel_type in doc


def test_every_relation_type_has_a_valid_pair() -> None:
    for rel_type in REL_TYPES:
        assert any(normalise(rel_type, s, o) == rel_type for s in ENTITY_TYPES for o in ENTITY_TYPES), rel_type


def test_type_constraints() -> None:
    assert normalise("OWNS", "Team", "Service") == "OWNS"
    assert normalise("OWNS", "Service", "Team") is None
    assert normalise("CALLS", "Person", "Person") is None
    assert normalise("PART_OF", "Person", "Team") == "MEMBER_OF"
    assert normalise("MAINTAINS", "Person", "Team") == "LEADS"
    assert normalise("ASSIGNED_TO", "Ticket", "Person") == "ASSIGNED_TO"
    assert normalise("REPORTED", "Person", "Service") is None
    assert normalise("NOT_A_TYPE", "Team", "Service") is None


def test_the_causal_vocabulary_has_directions() -> None:
    assert normalise("CAUSED", "Ticket", "Page") == "CAUSED"
    assert normalise("FIXES", "Ticket", "Ticket") == "FIXES"
    assert normalise("CAUSED", "Team", "Service") is None  # a team is not a cause in this vocabulary
    assert normalise("FIXES", "Person", "Ticket") is None


def test_labels_map_into_the_vocabulary() -> None:
    for key, rule in LABELS.items():
        assert rule.rel_type in REL_TYPES, key
        assert rule.value_type is None or rule.value_type in ENTITY_TYPES, key
        assert label_key(key) == key, key
    assert label_key("Affected service(s)") == "affected_services"
    assert label_key("**Owner team**") == "owner_team" and label_key("Runbook (internal)") == "runbook"
    assert label_rule("Owners") == LABELS["owners"] and label_rule("Notes") is None


def test_one_name_read_as_customer_and_organisation_is_one_entity_but_a_team_and_service_are_two() -> None:
    from extraction.vocabulary import same_entity

    assert same_entity("Acme Group", "Customer", "acme group", "Organization")
    assert same_entity("ledger-sync", "Component", "ledger-sync", "Service")
    assert not same_entity("Atlas", "Team", "Atlas", "Service")
    assert not same_entity("Atlas", "Customer", "Orion", "Customer")


def test_group_nouns_are_the_team_type_nouns_and_group() -> None:
    assert {n for n, types in vocab.TYPE_NOUNS.items() if "Team" in types} <= vocab.GROUP_NOUNS
    assert "group" in vocab.GROUP_NOUNS and "service" not in vocab.GROUP_NOUNS
