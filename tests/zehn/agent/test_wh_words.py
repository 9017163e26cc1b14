"""Which wh-words ask: a "who" after a phrase that opens the question is the question's own, not a relative."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.wh_words import wh_tokens


@pytest.mark.parametrize("question", [
    "According to the cache eviction runbook, who owns the warmup flags?",
    "For batch exports on shared pools, who has to approve exceptions for longer retention?",
    "Given the ledger export runbook, who approves the retention exceptions?",
    "After the cache node was replaced, who restarted the sync worker?",
])
def test_who_after_an_opening_phrase_and_a_comma_asks(nlp: Language, question: str) -> None:
    assert [t.lower_ for t in wh_tokens(nlp(question))] == ["who"]


def test_a_when_clause_after_an_opening_phrase_is_no_ask(nlp: Language) -> None:
    doc = nlp("For the deploy bot, when admins use an override, which log entries must be written?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["which"]


def test_who_after_a_noun_and_comma_in_a_question_that_asked_already_is_relative(nlp: Language) -> None:
    doc = nlp("Which ticket was filed by the on-call lead, who owns the ledger service?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["which"]


def test_which_before_a_plural_noun_the_tagger_read_as_a_verb_asks(nlp: Language) -> None:
    # "prechecks" is tagged as a third-person verb; a verb is never followed by a modal, a plural subject is.
    doc = nlp("In the review of the ledger rollout, which prechecks would block the release and which would only warn?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["which", "which"]


def test_which_opening_a_relative_clause_after_a_noun_still_is_no_ask(nlp: Language) -> None:
    doc = nlp("What did the ledger rollout change, which the reviewers approved?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["what"]


@pytest.mark.parametrize("question", [
    "How long is the lease timeout after which a stalled worker gives up its shard?",
    "What is the cutoff date by which every tenant must migrate?",
    "Who is the contact to whom the vendor escalates billing disputes?",
])
def test_a_wh_word_after_a_noun_and_its_preposition_is_relative(nlp: Language, question: str) -> None:
    assert len(wh_tokens(nlp(question))) == 1


def test_which_that_determines_a_noun_after_a_preposition_still_asks(nlp: Language) -> None:
    doc = nlp("The nightly export runs in which region?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["which"]


@pytest.mark.parametrize(("question", "asked"), [
    ("Could you tell me which proxy settings we changed for the import job?", ["which"]),
    ("Do you know why the nightly import stalled after the schema change?", ["why"]),
    ("Can you explain why readers got stale pages when the cache was flushed?", ["why"]),
    ("I'd like to know when the signing certificate expires.", ["when"]),
])
def test_a_wh_word_opening_the_main_verbs_object_clause_asks(nlp: Language, question: str,
                                                            asked: list[str]) -> None:
    # An embedded question ("tell me which X", "know why Y") is what the sentence asks; a clause hung on its verb as
    # an adverbial ("... when the cache was flushed") is still no ask.
    assert [t.lower_ for t in wh_tokens(nlp(question))] == asked


def test_a_when_clause_after_an_interrogative_stays_no_ask(nlp: Language) -> None:
    doc = nlp("Who noticed when the nightly import stalled?")
    assert [t.lower_ for t in wh_tokens(doc)] == ["who"]


@pytest.mark.parametrize(("question", "asking"), [
    # a clause of time after a preposition the first wh-word stranded
    ("What is the billing team nervous about when the ledger queue backs up?", ["what"]),
    ("What are operators concerned about when the archive job overruns?", ["what"]),
    # an embedded question as the object of a preposition
    ("What did the auditor ask about how signing keys are rotated?", ["what"]),
    ("What did the review conclude about whether the canary covered every region?", ["what"]),
    ("What is the vendor unsure about where the replicas are kept?", ["what"]),
    # an embedded question as the object of a verb
    ("Who decided how the archive rollout would proceed?", ["who"]),
    ("Which team explained where the export files are written?", ["which"]),
])
def test_an_embedded_wh_clause_after_a_verb_or_preposition_is_no_second_ask(
        nlp: Language, question: str, asking: list[str]) -> None:
    assert [t.lower_ for t in wh_tokens(nlp(question))] == asking


@pytest.mark.parametrize(("question", "asking"), [
    ("What changed in the archive release and when was it deployed?", ["what", "when"]),
    ("What broke in the ledger queue, and how was it fixed?", ["what", "how"]),
    ("Who approved the archive change and when?", ["who", "when"]),
    ("What was the outage's impact, and for how long did it last?", ["what", "how"]),
    ("Which team owns the archive job and in which region does it run?", ["which", "which"]),
    ("What failed first? When was it noticed?", ["what", "when"]),
])
def test_a_second_question_joined_by_a_coordinator_or_a_new_sentence_still_asks(
        nlp: Language, question: str, asking: list[str]) -> None:
    assert [t.lower_ for t in wh_tokens(nlp(question))] == asking


@pytest.mark.parametrize(("question", "wh", "answer_type"), [
    ("At what time was the export worker drained?", "when", "date"),
    ("What time did the pager fire?", "when", "date"),
    ("What was the drain time?", "what", "duration"),
    ("What time window does the rollup cover?", "what", "duration"),
    ("What time did the drain take?", "what", "duration"),
])
def test_what_time_alone_asks_when_but_a_named_or_taken_time_is_a_span(
        nlp: Language, question: str, wh: str, answer_type: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert (ask.wh, ask.answer_type) == (wh, answer_type)
