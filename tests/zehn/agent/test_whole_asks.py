"""Questions without a wh-word: a yes/no question asks whether its statement holds; a bare phrase asks for a
description, or for items when it names a plural."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.whole_asks import open_ask, opens_yes_no, yes_no_ask


def test_an_auxiliary_first_or_after_a_leading_phrase_opens_a_yes_no_question(nlp: Language) -> None:
    assert opens_yes_no(nlp("Does the importer still call the ledger?"))
    assert opens_yes_no(nlp("In March, was the importer paused?"))
    assert not opens_yes_no(nlp("List the owners of the importer."))


def test_a_yes_no_ask_is_a_statement_with_its_negation_and_time(nlp: Language) -> None:
    ask = yes_no_ask(nlp("Did the importer not retry the failed batch?"))
    assert (ask.wh, ask.answer_type, ask.negated) == ("whether", "statement", True)
    assert ask.time.past


def test_a_bare_phrase_naming_a_plural_asks_for_items(nlp: Language) -> None:
    ask = open_ask(nlp("List the services the importer calls."))
    assert (ask.wh, ask.answer_type, ask.focus_head) == ("what", "items", "service")
