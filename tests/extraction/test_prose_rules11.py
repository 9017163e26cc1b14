"""Rules of the eleventh pass (zehn-rules-32): an owners' list keyed by system, headings joined by "and", group
handles, a label's value that is a clause without its subject, and a problem placed in one system that hit another.
Documents are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.list_scopes import list_rule
from extraction.values import value_mentions
from tests.extraction.test_prose_rules import read

PAGE = "Checkout platform overview"
SYSTEM = "pay-gw runbook"
TICKET = "OPS-41: Checkout errors after deploy"
NOTES = "Store platform notes"


def test_an_owners_item_keyed_by_a_system_gives_that_system_its_owner(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, PAGE, "## Owners\n\n- pay-gw: Payments team\n- ledger-svc: Dana Ruiz (backup)\n")
    assert ("Payments", "OWNS", "pay-gw", "") in found
    assert ("Dana Ruiz", "OWNS", "ledger-svc", "") in found
    assert not any(obj == PAGE for _, rel, obj, _ in found if rel == "OWNS")


def test_a_system_keyed_item_under_a_heading_of_no_role_gives_no_owner(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, PAGE, "## Dependencies\n\n- pay-gw: Payments team\n")
    assert not any(rel == "OWNS" for _, rel, _, _ in found)


def test_a_system_name_ending_in_a_role_word_keys_an_owners_item(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, PAGE, "Owners and contacts\n-------------------\n"
                                      "- ledger-runtime: @ledger-team (primary implementer)\n")
    assert ("ledger-team", "OWNS", "ledger-runtime", "") in found


@pytest.mark.parametrize(("label", "rel"), [("Owners and contacts", "OWNS"), ("Service owners & escalation", "OWNS"),
                                            ("Links and references", "LINKED_TO")])
def test_headings_joined_by_and_that_state_one_relation_govern_their_list(label: str, rel: str) -> None:
    rule = list_rule(label)
    assert rule is not None and rule.rel_type == rel


@pytest.mark.parametrize("label", ["Owners and SLAs", "Dependencies and consumers"])
def test_headings_joined_by_and_that_state_two_things_govern_nothing(label: str) -> None:
    assert list_rule(label) is None


def test_a_group_handle_is_a_team_named_without_its_sigil(nlp: Language) -> None:
    from extraction.people import People

    text = "@payments-team, @dana-ruiz"
    found = value_mentions(text, 0, len(text), [], "Person", People())
    assert [(m.name, m.type, text[m.start : m.end]) for m in found] == [("payments-team", "Team", "payments-team")]


def test_an_owner_line_naming_a_group_handle_gives_the_team(nlp: Language, tmp_path: Path) -> None:
    assert ("payments-team", "OWNS", "pay-gw", "d") in read(nlp, tmp_path, SYSTEM, "Owner: @payments-team\n")


@pytest.mark.parametrize(("title", "body", "expected"), [
    (TICKET, "Scope: Affects the billing API only.\n", (TICKET, "AFFECTS", "billing API", "d")),
    (SYSTEM, "Note: depends on ledger-db for balances.\n", ("pay-gw", "DEPENDS_ON", "ledger-db", "d")),
    (SYSTEM, "Summary: Calls ledger-db and fx-svc on every request.\n", ("pay-gw", "CALLS", "fx-svc", "d")),
])
def test_a_value_that_is_a_clause_without_its_subject_is_read_from_its_verb(
        nlp: Language, tmp_path: Path, title: str, body: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, title, body)


@pytest.mark.parametrize("body", ["Risk: Requires a restart of pay-gw.\n", "Background: Affects nothing we run.\n"])
def test_a_verb_value_naming_no_system_first_gives_nothing(nlp: Language, tmp_path: Path, body: str) -> None:
    assert not read(nlp, tmp_path, SYSTEM, body)


@pytest.mark.parametrize(("body", "cause", "hit"), [
    ("The memory leak in quote-cache degraded price-api during the sale.", "quote-cache", "price-api"),
    ("A faulty schema migration of rota-db stalled shift-planner overnight.", "rota-db", "shift-planner"),
    ("Saturated workers inside feed-ingest overloaded the alert-router.", "feed-ingest", "alert-router"),
])
def test_a_problem_placed_in_one_system_affects_the_system_it_hit(nlp: Language, tmp_path: Path, body: str,
                                                                   cause: str, hit: str) -> None:
    assert (cause, "AFFECTS", hit, "") in read(nlp, tmp_path, NOTES, body)


def test_a_phrase_that_names_no_problem_places_no_cause(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The team in rota-db stalled shift-planner.")
    assert ("rota-db", "AFFECTS", "shift-planner", "") not in found
