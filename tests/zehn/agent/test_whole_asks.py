"""Questions without a wh-word: a yes/no question asks whether its statement holds; a bare phrase asks for a
description, or for items when it names a plural."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
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


@pytest.mark.parametrize(("question", "wh", "predicate", "answer_type", "own"), [
    ("How long are audit logs retained, and what about access logs?", "how long", "retain", "duration", "access"),
    ("Who owns the billing service? What about the ledger service?", "who", "own", "agent", "ledger"),
    ("Which region hosts the primary database, and which the replica?", "which", "host", "description", "replica"),
])
def test_an_ask_without_a_verb_after_another_asks_the_same_of_its_own_nouns(
        nlp: Language, question: str, wh: str, predicate: str, answer_type: str, own: str) -> None:
    first, second = analyse(question, nlp).asks
    assert (second.wh, second.predicate, second.answer_type) == (wh, predicate, answer_type)
    assert own in second.core and first.focus == second.focus
    assert not {"audit", "billing", "primary"} & set(second.core)  # the first ask's own nouns are not asked again


def test_an_ask_with_a_verb_of_its_own_keeps_it(nlp: Language) -> None:
    _, second = analyse("Who owns the billing service, and what about the ledger changed?", nlp).asks
    assert second.predicate != "own"
