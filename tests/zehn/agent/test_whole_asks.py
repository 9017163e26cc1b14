"""Questions without a wh-word: a yes/no question asks whether its statement holds; a bare phrase asks for a
description, or for items when it names a plural."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.whole_asks import open_ask, opens_yes_no, phrase_asks, yes_no_ask


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


def test_a_bare_noun_phrase_asks_for_what_its_first_noun_names(nlp: Language) -> None:
    [ask] = phrase_asks(nlp("Retry interval of the ledger importer?"))
    assert (ask.wh, ask.focus, ask.focus_head) == ("what", "Retry interval", "interval")
    assert {"ledger", "importer"} <= set(ask.core)


def test_after_a_topic_and_a_colon_each_listed_noun_is_one_ask(nlp: Language) -> None:
    asks = phrase_asks(nlp("ledger importer: regions, schedule, and retention for archives?"))
    assert [a.focus_head for a in asks] == ["region", "schedule", "retention"]
    assert asks[0].answer_type == "items"
    assert "schedule" not in asks[0].core and "importer" in asks[0].core


def test_a_spaced_dash_sets_the_topic_but_a_hyphen_inside_a_word_does_not(nlp: Language) -> None:
    asks = phrase_asks(nlp("cache warm-up job - rollout date and owner?"))
    assert [a.focus_head for a in asks] == ["date", "owner"]


def test_an_imperative_or_a_sentence_is_no_bare_phrase(nlp: Language) -> None:
    assert phrase_asks(nlp("List the services the importer calls.")) == []
