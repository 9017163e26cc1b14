"""Rules of round 24 (written set 9): an identifier the parser took for an adverb or interjection, a passive whose
agent fits the active verb's reading, stores filled by a job and traffic sent through a system. Each read through
the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import read

NOTES = "Kitchen platform notes"


@pytest.mark.parametrize(("body", "expected"), [
    ("oven-api does not depend on recipe-db.", ("oven-api", "DEPENDS_ON", "recipe-db", "n")),
    ("oven-api doesn't depend on recipe-db any more.", ("oven-api", "DEPENDS_ON", "recipe-db", "n")),
    ("oven-api does not call timer-svc.", ("oven-api", "CALLS", "timer-svc", "n")),
])
def test_an_identifier_read_as_an_adverb_is_still_the_subject_or_object(nlp: Language, tmp_path: Path, body: str,
                                                                       expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_a_passive_run_by_a_team_is_the_team_operating_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The oven-api is run by the Grill team.")
    assert ("Grill", "MAINTAINS", "oven-api", "") in found
    assert not any(rel == "USES" for _, rel, _, _ in found), found


def test_a_passive_run_by_a_technology_is_still_a_use(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The oven-api is run by Kubernetes.")
    assert ("oven-api", "USES", "Kubernetes", "") in found
    assert not any(rel == "MAINTAINS" for _, rel, _, _ in found), found


@pytest.mark.parametrize("body", ["RecipeDB is populated by the menu-loader job.",
                                  "RecipeDB is refreshed by menu-loader every hour."])
def test_a_store_filled_by_a_job_is_produced_by_it(nlp: Language, tmp_path: Path, body: str) -> None:
    assert ("menu-loader", "PRODUCES", "RecipeDB", "") in read(nlp, tmp_path, NOTES, body)


@pytest.mark.parametrize(("body", "expected"), [
    ("order-relay sends every ticket through the PrinterAPI.", ("order-relay", "CALLS", "PrinterAPI", "")),
    ("The stock-bot posts its alerts to chef-feed.", ("stock-bot", "PRODUCES", "chef-feed", "")),
])
def test_work_sent_through_a_system_calls_it_and_posting_to_one_produces(
        nlp: Language, tmp_path: Path, body: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


def test_refreshing_a_page_relates_nothing(nlp: Language, tmp_path: Path) -> None:
    assert not read(nlp, tmp_path, NOTES, "Nadia Osei refreshed the dashboard before the review.")


def test_a_change_named_for_a_system_is_placed_in_it(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Postmortem: cold ovens on 2 June", "The timer-svc upgrade did not affect oven-api.")
    assert ("timer-svc", "AFFECTS", "oven-api", "n") in found
    assert not any(via == "nd" for _, _, _, via in found), found


def test_an_unnamed_change_still_stands_for_the_incident(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Postmortem: cold ovens on 2 June", "The bad deploy took down oven-api.")
    assert ("Postmortem: cold ovens on 2 June", "AFFECTS", "oven-api", "d") in found


def test_a_repeated_preposition_joins_both_objects(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Dana Ruiz is the owner of oven-api and of timer-svc.")
    assert {("Dana Ruiz", "OWNS", "oven-api", ""), ("Dana Ruiz", "OWNS", "timer-svc", "")} <= found


def test_a_teams_system_written_after_the_possessive_is_owned(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The Grill team's oven-api handles every order.")
    assert ("Grill", "OWNS", "oven-api", "") in found


def test_a_teams_plain_noun_owns_nothing_named_later(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The Grill team's roadmap mentions oven-api.")
    assert not any(rel == "OWNS" for _, rel, _, _ in found), found


def test_a_participle_tagged_as_past_tense_shares_the_passive(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "The CartCookie is preserved unchanged across the proxy and posted to our "
                                       "checkout return handler.")
    assert not any(rel == "PRODUCES" for _, rel, _, _ in found), found
