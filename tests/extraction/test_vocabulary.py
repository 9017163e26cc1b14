"""The controlled vocabulary: relation types, rule tables and type constraints agree with each other."""

from __future__ import annotations

import extraction.vocabulary as vocab
from extraction.vocabulary import (
    COPULA_RULES,
    ENTITY_TYPES,
    PASSIVE_PREP_RULES,
    REL_TYPES,
    TYPE_NOUNS,
    VERB_RULES,
    normalise,
)


def test_every_rule_maps_into_the_vocabulary() -> None:
    for table in (VERB_RULES, PASSIVE_PREP_RULES, COPULA_RULES):
        for rel_type, inverse in table.values():
            assert rel_type in REL_TYPES
            assert isinstance(inverse, bool)
    assert set(TYPE_NOUNS.values()) <= set(ENTITY_TYPES)


def test_vocabulary_is_complete_and_documented() -> None:
    assert len(REL_TYPES) == 21 and len(set(REL_TYPES)) == 21
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
