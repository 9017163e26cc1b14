"""When an ask's act happens, read once in the analysis: paraphrases in one tense read alike, whatever their
wh-word, voice or auxiliary. Every question here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse

PAST = [
    "Who merged the billing fix?", "Which team merged the billing fix?", "Did Priya merge the billing fix?",
    "Who has merged the billing fix?", "Has the billing fix been merged to main?",
    "When was the billing fix merged?", "How was the queue backlog drained?", "What was the root cause of the outage?",
    "What did the config push break?", "Which hosts were drained during the maintenance?",
    "Who had approved the change before the freeze?", "What could have caused the ledger to drift?",
    "Who owns the exporter since last week?", "What changed in the scheduler two days ago?",
]
PLANNED = [
    "Who will merge the billing fix?", "Which team will merge the billing fix?", "Who'll merge the billing fix?",
    "Who is going to merge the billing fix?", "What is planned for the billing service?",
    "Which release ships next quarter?", "Who takes over the pager rotation tomorrow?",
    "In which region will the cache be extended?",
]
UNMARKED = [
    "Who merges the billing fixes?", "Who approves schema changes?", "What should on-call do when the disk fills?",
    "Where can audit logs be exported?", "How is the checksum computed?", "Which team is on call for the importer?",
    "What retention does the export policy require?",
]


@pytest.mark.parametrize(("question", "when"), [*((q, "past") for q in PAST), *((q, "planned") for q in PLANNED)])
def test_a_past_or_future_auxiliary_a_perfect_a_plan_verb_or_a_time_expression_marks_when_and_says_why(
        nlp: Language, question: str, when: str) -> None:
    time = analyse(question, nlp).asks[0].time
    assert time.when == when, time
    assert time.evidence  # the words it was read from: "did", "has been", "will", "going to", "next quarter"


@pytest.mark.parametrize("question", UNMARKED)
def test_the_present_or_a_modal_of_duty_or_ability_says_nothing_of_when(nlp: Language, question: str) -> None:
    assert analyse(question, nlp).asks[0].time.when == "unmarked"


def test_a_verb_of_the_scene_or_of_a_relative_clause_does_not_set_the_asks_time(nlp: Language) -> None:
    # The scene and the relative clause are past; what is asked is in the present.
    assert analyse("During the outage where payments failed, which team owns the ledger?", nlp).asks[0].time.when \
        == "unmarked"
    assert analyse("Which dashboard shows the alerts that fired overnight?", nlp).asks[0].time.when == "unmarked"
    # A modal under a subordinate clause is that clause's: "did" sets the ask's time.
    assert analyse("What did security require before the key could be trusted again?", nlp).asks[0].time.past
    # A statement set before the question tells what happened; the question asks about the present.
    assert not analyse("The exporter crashed at noon. Which team owns it?", nlp).asks[0].time.past


def test_each_ask_has_its_own_time_and_an_elided_ask_takes_the_one_before(nlp: Language) -> None:
    asks = analyse("What broke the importer, and what will the team change next?", nlp).asks
    assert [a.time.when for a in asks] == ["past", "planned"]
    asks = analyse("When was the importer paused, and for how long?", nlp).asks
    assert [a.time.when for a in asks] == ["past", "past"]


def test_the_question_asks_about_the_past_when_any_ask_does(nlp: Language) -> None:
    assert analyse("Which team owns the importer, and who paused it?", nlp).asks_past
    assert not analyse("Which team owns the importer, and who will pause it?", nlp).asks_past
