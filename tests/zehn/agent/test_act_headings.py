"""A how-to or a must-never ask is answered by the section whose own heading names the asked act, in the ask's
polarity, wherever the vectors rank it; not by a section that names the act the other way round, nor by the
title. Fixture text is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.section_view import section_view
from zehn.agent.act_headings import act_sections, heading_negated
from zehn.agent.analyse import analyse
from zehn.agent.retrieve import DocView
from zehn.agent.sentence_binding import Scored
from zehn.agent.similarity import Similarity

TITLE = "Printer queue stalls after driver update"


def _view(sections: tuple[tuple[str, tuple[str, ...]], ...], title: str = TITLE) -> DocView:
    return section_view(sections, title, "jira")


VIEW = _view((
    (TITLE, ("The print queue stalls for office users after the driver update.",)),
    (f"{TITLE} > Steps to reproduce", ("1) Install the new driver on a test host.", "2) Send a large job.")),
    (f"{TITLE} > What to collect from the office", ("- The spooler log.", "- The driver version.")),
    (f"{TITLE} > What NOT to collect", ("- Printed documents.", "- User passwords.")),
))


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _scored(view: DocView) -> list[Scored]:
    return [Scored(p, 1.0, 0.0, 1.0, True, (1.0, True)) for p in view.passages]


def _firsts(question: str, nlp: Language, similarity: Similarity, view: DocView = VIEW) -> list[str]:
    ask = analyse(question, nlp).asks[0]
    return [first.text for first, _, _ in act_sections(ask, _scored(view), view, set(), similarity)]


@pytest.mark.parametrize(("heading", "expected"), [
    ("What NOT to request", True),
    ("Never restart the primary", True),
    ("Don't retry", True),
    ("Request outputs", False),
    ("Notes on the rollout", False),  # a word that merely begins with "no"
])
def test_a_heading_is_negated_by_an_english_negator(heading: str, expected: bool) -> None:
    assert heading_negated(heading) is expected


def test_how_to_do_an_act_binds_the_first_line_of_the_section_headed_with_that_act(
        nlp: Language, similarity: Similarity) -> None:
    assert _firsts("How do you reproduce the print queue stall after the driver update?", nlp, similarity) == [
        "1) Install the new driver on a test host."]


def test_what_must_never_be_done_binds_the_section_that_denies_the_act_not_the_one_that_asks_for_it(
        nlp: Language, similarity: Similarity) -> None:
    assert _firsts("What must the support team never collect from an office whose print queue stalls after the driver "
                   "update?", nlp, similarity) == ["- Printed documents."]
    assert _firsts("What should the support team collect from an office whose print queue stalls after the driver "
                   "update?", nlp, similarity) == ["- The spooler log."]


def test_a_light_verb_an_ask_of_another_kind_or_the_title_naming_the_act_binds_nothing(
        nlp: Language, similarity: Similarity) -> None:
    assert _firsts("What do you do when the print queue stalls after the driver update?", nlp, similarity) == []
    assert _firsts("Why does the print queue stall after the driver update?", nlp, similarity) == []
    title = "Reinstalling the print driver"
    titled = _view(((title, ("Office printers need the signed driver.",)),
                    (f"{title} > Reinstall steps", ("1) Remove the old driver.",))), title)
    assert _firsts("How do you reinstall the print driver on office printers?", nlp, similarity, titled) == [
        "1) Remove the old driver."]


def test_the_first_line_bound_under_an_act_heading_is_no_mail_header_field(
        nlp: Language, similarity: Similarity) -> None:
    mailed = _view((
        (TITLE, ("The print queue stalls for office users after the driver update.",)),
        (f"{TITLE} > Steps to reproduce", ("From: Desk Lead <lead@example.org>", "To: Print Team",
                                           "Subject: Re: queue stall", "Date: 3 May",
                                           "1) Install the new driver on a test host.")),
    ))
    assert _firsts("How do you reproduce the print queue stall after the driver update?", nlp, similarity, mailed) == [
        "1) Install the new driver on a test host."]
