"""Asks put as requests ("Tell me who owns X", "I need the steps for X", "Could you list ...") are read as the
direct question they wrap. Every question here is our own wording."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.requests import direct_question


@pytest.mark.parametrize(("request_form", "direct"), [
    ("Tell me who owns quota-keeper.", "Who owns quota-keeper?"),
    ("Let me know which team approved the schema change.", "Which team approved the schema change?"),
    ("I'd like to know when the signing certificate expires.", "When does the signing certificate expire?"),
    ("Find out how the archive job was rolled back.", "How was the archive job rolled back?"),
    ("Can you tell me how long they're kept in cold storage?", "How long are they kept in cold storage?"),
    ("I want to know why people got stuck at the login page.", "Why did people get stuck at the login page?"),
    ("Tell me what the reviewers are worried about.", "What are the reviewers worried about?"),
    ("Tell me what retention period they agreed on for the backups.",
     "What retention period did they agree on for the backups?"),
])
def test_an_embedded_question_is_asked_in_a_direct_questions_word_order(nlp: Language, request_form: str,
                                                                         direct: str) -> None:
    assert direct_question(nlp(request_form)) == direct


@pytest.mark.parametrize(("request_form", "direct"), [
    ("I need the remaining steps for the archive migration.",
     "What are the remaining steps for the archive migration?"),
    ("Show me the paging threshold for the queue depth alert.",
     "What is the paging threshold for the queue depth alert?"),
    ("Please list the tickets that came out of the storage review.",
     "Which tickets came out of the storage review?"),
])
def test_a_noun_phrase_asked_for_becomes_a_what_or_which_question(nlp: Language, request_form: str,
                                                                  direct: str) -> None:
    assert direct_question(nlp(request_form)) == direct


def test_a_second_noun_phrase_with_its_own_determiner_is_a_second_ask(nlp: Language) -> None:
    direct = direct_question(nlp("Give me the owner of the archive job and the date it is due."))
    assert direct is not None and direct.startswith("What is the owner of the archive job and which date")


@pytest.mark.parametrize("question", [
    "Who owns quota-keeper?",
    "Does billing-relay call quota-keeper?",
    "Why did people get stuck at the login page?",
    "We need the export to finish before noon. Who owns it?",  # a wish for a state of things, not an ask
    "Can you tell me whether billing-relay retries on timeouts?",  # a yes/no question already reads as one
])
def test_a_question_with_no_request_frame_is_left_as_it_is(nlp: Language, question: str) -> None:
    assert direct_question(nlp(question)) is None


@pytest.mark.parametrize(("request_form", "direct"), [
    ("Tell me who owns quota-keeper.", "Who owns quota-keeper?"),
    ("I need the remaining steps for the archive migration.",
     "What are the remaining steps for the archive migration?"),
    ("Please explain why the nightly export stalled.", "Why did the nightly export stall?"),
    ("Could you tell me which team approved the schema change?", "Which team approved the schema change?"),
    ("I'd like to know when the signing certificate expires.", "When does the signing certificate expire?"),
])
def test_a_request_routes_and_types_its_ask_as_the_direct_question(nlp: Language, request_form: str,
                                                                    direct: str) -> None:
    asked, plain = analyse(request_form, nlp), analyse(direct, nlp)
    assert (asked.route, asked.rel_type, asked.subject) == (plain.route, plain.rel_type, plain.subject)
    assert [(a.wh, a.focus_head, a.answer_type) for a in asked.asks] == \
        [(a.wh, a.focus_head, a.answer_type) for a in plain.asks]


def test_a_first_person_need_is_no_dependency_of_the_asker(nlp: Language) -> None:
    analysis = analyse("I need the remaining steps for the archive migration.", nlp)
    assert analysis.route not in ("dependency", "dependents")
    assert [a.focus_head for a in analysis.asks] == ["step"]
