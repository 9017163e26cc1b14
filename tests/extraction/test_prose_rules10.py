"""Rules of the tenth pass (zehn-rules-31): a team that only hosts a gathering is no object; a repository's address
and a pull request's address written without its scheme are linked; a pull request in brackets closing a clause
that opens with a word of fixing is the fix. Sentences are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.gatherings import hosts_a_gathering
from extraction.values import url_mention, url_mentions
from tests.extraction.test_prose_rules import read

NOTES = "Sync notes: storefront platform, week 9"
TICKET = "LAR-812: Export timeouts"
SPEC = "Spec: export worker plugins"


@pytest.mark.parametrize("body", ["Ines Duarte will run the Pricing team offsite.",
                                  "Ines Duarte led the Pricing team retro last week.",
                                  "Ines Duarte joined the Pricing team's weekly sync."])
def test_a_team_named_before_a_gathering_is_not_the_object(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, NOTES, body)
    assert not any(obj == "Pricing" for _, _, obj, _ in found)


def test_a_team_named_alone_is_still_led_or_joined(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, NOTES, "Ines Duarte leads the Pricing team. Meetings move to Tuesday.")
    assert ("Ines Duarte", "LEADS", "Pricing", "") in found


def test_a_gathering_word_after_a_system_is_left_to_the_other_rules() -> None:
    text = "the inventory sync"
    assert not hosts_a_gathering(text, Mention("inventory", "Service", 4, 13))
    assert hosts_a_gathering("the Pricing team sync", Mention("Pricing", "Team", 4, 11))


@pytest.mark.parametrize("url", ["git://code.internal/acme/export-plugins", "ssh://git@code.example.net/acme/core.git",
                                 "https://code.example.net/acme/core.git"])
def test_a_repository_address_names_a_page(url: str) -> None:
    found = url_mention(url, 3)
    assert found is not None and (found.name, found.type, found.start) == (url, "Page", 3)


def test_a_pull_request_address_without_its_scheme_is_found_exactly() -> None:
    text = "Target PR: code.example.net/acme/export/pull/4417. Host code.example.net/acme is up."
    found = url_mentions(text, 0, len(text))
    assert [(m.name, m.type) for m in found] == [("code.example.net/acme/export/pull/4417", "Ticket")]
    assert all(text[m.start : m.end] == m.name for m in found)


def test_a_repository_under_a_related_list_is_linked(nlp: Language, tmp_path: Path) -> None:
    body = "Related pages and artifacts\n- Example plugins live in repo: git://code.internal/acme/export-plugins\n"
    found = read(nlp, tmp_path, SPEC, body)
    assert (SPEC, "LINKED_TO", "git://code.internal/acme/export-plugins", "d") in found


@pytest.mark.parametrize("opening", ["1) Patch export-gw to close sockets on every error path and add unit tests",
                                     "Root cause fix: a patch in export-gw to close the descriptor on accept errors"])
def test_a_pull_request_in_brackets_after_a_patch_is_its_fix(nlp: Language, tmp_path: Path, opening: str) -> None:
    url = "https://code.example.net/acme/export-gw/pull/512"
    found = read(nlp, tmp_path, TICKET, f"{opening} (PR submitted: {url}).")
    assert any(s == url and rel == "FIXES" for s, rel, _, _ in found)


@pytest.mark.parametrize("opening", ["Added extra logging in export-gw for the cookie path",
                                     "Documented the export-gw socket limits in the runbook",
                                     "Root cause: a patch to export-gw that dropped sockets"])
def test_a_pull_request_in_brackets_after_other_work_is_not_its_fix(nlp: Language, tmp_path: Path,
                                                                      opening: str) -> None:
    url = "https://code.example.net/acme/export-gw/pull/4879"
    found = read(nlp, tmp_path, TICKET, f"{opening} (PR link: {url}).")
    assert any(obj == url or s == url for s, _, obj, _ in found)
    assert not any(s == url and rel == "FIXES" for s, rel, _, _ in found)


def test_downstream_consumers_consume_the_page_system(nlp: Language, tmp_path: Path) -> None:
    body = "The fare-cache serves quotes.\n\n- Downstream consumers: quote-api, promo-worker\n"
    found = read(nlp, tmp_path, "Runbook: fare-cache", body)
    assert {(c, "CONSUMES", "fare-cache", "d") for c in ("quote-api", "promo-worker")} <= found
    assert not any(rel == "DEPENDS_ON" for _, rel, _, _ in found)
