"""Rules of round 19 (written set 8): "-bot" systems and CamelCase names closed by a system acronym, team rosters,
chat asides before a clause, traffic routed through a system, a title's dashed-off system and a noun the tagger
took for a verb inside an object. Each read through the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

NOTES = "Lending desk notes"


def test_a_bot_named_with_a_hyphen_is_a_system(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The renewal-bot reads due dates from loan-ledger.")
    assert ("renewal-bot", "CONSUMES", "loan-ledger", "") in found


def test_plural_bots_name_no_system(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Our chat-bots read from loan-ledger.")
    assert not any(f[0] == "chat-bots" for f in found), found


@pytest.mark.parametrize(("body", "name"), [("shelf-sync writes to CatalogueDB.", "CatalogueDB"),
                                            ("shelf-sync calls the PatronAPI for card checks.", "PatronAPI")])
def test_a_camelcase_name_closed_by_a_system_acronym_is_a_system(nlp: Language, tmp_path: Path, body: str,
                                                                 name: str) -> None:
    assert any(f[0] == "shelf-sync" and f[2] == name for f in read(nlp, tmp_path, NOTES, body))


def test_a_camelcase_name_closed_by_another_acronym_is_none(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "shelf-sync calls ReadingRoomUK for opening hours.")
    assert not any(f[2] == "ReadingRoomUK" for f in found), found


def test_members_on_a_team_page_are_members_of_its_team(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Team page: Circulation team", "Members: Nadia Osei, Bruno Costa")
    assert {("Nadia Osei", "MEMBER_OF", "Circulation", "d"), ("Bruno Costa", "MEMBER_OF", "Circulation", "d")} <= found


def test_a_roster_joins_the_whole_team_name_of_its_page(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Team page: Inter Library Loans team", "Members: Nadia Osei")
    assert ("Nadia Osei", "MEMBER_OF", "Inter Library Loans", "d") in found


def test_members_under_a_team_heading_join_that_team(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Team directory", "## Acquisitions team\n\nMembers: Nadia Osei\n")
    assert ("Nadia Osei", "MEMBER_OF", "Acquisitions", "d") in found


def test_members_with_no_team_to_join_relate_nothing(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Reading group minutes", "Members: Nadia Osei, Bruno Costa")
    assert not any(f[1] == "MEMBER_OF" for f in found), found


@pytest.mark.parametrize("body", ["nadia: fyi shelf-sync publishes to loan-events now",
                                  "nadia: heads up, shelf-sync publishes to loan-events now"])
def test_a_chat_aside_does_not_block_the_clause_after_it(nlp: Language, tmp_path: Path, body: str) -> None:
    assert ("shelf-sync", "PRODUCES", "loan-events", "") in read(nlp, tmp_path, "#library-eng chat", body)


def test_traffic_routed_through_a_system_depends_on_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We route patron-app traffic through the card-proxy.")
    assert ("patron-app", "DEPENDS_ON", "card-proxy", "") in found


def test_traffic_not_routed_through_a_system_is_negated(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We will not route patron-app traffic through the card-proxy.")
    assert ("patron-app", "DEPENDS_ON", "card-proxy", "np") in found


def test_a_routing_only_weighed_states_no_dependency(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "We might route patron-app traffic through the card-proxy next year.")
    assert not any(f[1] == "DEPENDS_ON" for f in found), found


def test_a_route_noun_without_a_routing_verb_relates_nothing(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The route table for patron-app traffic lives in the card-proxy repo.")
    assert not any(f[0] == "patron-app" and f[2] == "card-proxy" for f in found), found


def test_a_system_dashed_off_at_the_end_of_a_title_is_the_document_subject(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Spring planning — shelf-sync", "It reads from the loan-events topic.")
    assert ("shelf-sync", "CONSUMES", "loan-events", "d") in found


def test_a_dashed_title_part_that_says_more_than_a_name_is_no_subject(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Spring planning — shelf-sync and its costs", "It reads from the loan-events topic.")
    assert not any(f[0] == "shelf-sync" for f in found), found


def test_a_noun_tagged_as_a_verb_inside_an_object_keeps_the_flow(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "shelf-sync reads nightly claim snapshots from loan-ledger.")
    assert ("shelf-sync", "CONSUMES", "loan-ledger", "") in found


def test_a_participle_name_before_a_stream_noun_names_the_stream(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "overdue-notifier consumes loan-returned events from the bus.")
    assert ("overdue-notifier", "CONSUMES", "loan-returned", "") in found


def test_a_participle_compound_before_another_noun_is_english(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "overdue-notifier consumes rate-limited batches from the bus.")
    assert not any(f[2] == "rate-limited" for f in found), found
