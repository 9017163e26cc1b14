"""The act a question asks when its verb carries another: a verb of choosing carries the act chosen, and an event
that has to come about ("what has to happen before X") is a step still to come, not a consequence."""

from __future__ import annotations

import pytest
from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.focus import roles_for


@pytest.mark.parametrize(("question", "plain"), [
    ("What did the on-call engineer choose to do about the queue backlog?",
     "What did the on-call engineer do about the queue backlog?"),
    ("What did the storage team decide to do about the queue backlog?",
     "What did the storage team do about the queue backlog?"),
    ("What did support opt to do about the queue backlog?", "What did support do about the queue backlog?"),
])
def test_a_verb_of_choosing_asks_about_the_act_chosen(nlp: Language, question: str, plain: str) -> None:
    chosen, direct = analyse(question, nlp).asks[0], analyse(plain, nlp).asks[0]
    assert chosen.predicate == direct.predicate == "do"
    assert not {"choose", "decide", "opt"} & set(chosen.core)


def test_a_choice_with_no_act_after_it_is_still_asked_as_a_choice(nlp: Language) -> None:
    assert analyse("Which option did the storage team choose?", nlp).asks[0].predicate == "choose"


@pytest.mark.parametrize("question", [
    "What still has to happen before the archive ticket can be closed?",
    "What must happen before the archive migration can start?",
    "What needs to happen before the archive migration can go ahead?",
    "What needs to be done before the archive migration can start?",
    "What must be done first before the archive ticket is resolved?",
])
def test_an_event_that_has_to_come_about_asks_for_the_steps_left(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.needed
    assert "next" in roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)
    assert "impact" not in roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)


@pytest.mark.parametrize("question", [
    "What happened after the archive migration started?",
    "What happens when the archive migration fails?",
    "What has happened since the archive ticket was opened?",
])
def test_an_event_that_followed_still_asks_for_the_consequences(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert not ask.needed
    assert "impact" in roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)


@pytest.mark.parametrize(("question", "plain"), [
    ("Which follow-ups from the archive outage are still open?", "Which follow-ups from the archive outage remain?"),
    ("Which tasks for the ledger migration are outstanding?", "Which tasks for the ledger migration remain?"),
])
def test_a_thing_said_to_be_unfinished_asks_what_remains(nlp: Language, question: str, plain: str) -> None:
    state, direct = analyse(question, nlp).asks[0], analyse(plain, nlp).asks[0]
    assert state.predicate == direct.predicate == "remain"
    assert not {"open", "outstanding"} & set(state.core)
    assert "next" in roles_for(state.answer_type, state.focus_head, state.predicate, state.needed)


@pytest.mark.parametrize(("question", "marks"), [
    ("What are the remaining steps before the archive ticket can be closed?", {"remaining", "remain"}),
    ("What are the outstanding items for the ledger migration?", {"outstanding"}),
    ("What questions does the ledger ADR leave undecided?", {"undecided"}),
    ("What open items remain on the ledger migration?", {"open"}),
])
def test_a_thing_marked_unfinished_in_its_noun_phrase_or_left_so_asks_what_remains(nlp: Language, question: str,
                                                                                    marks: set[str]) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.predicate == "remain"
    assert not (marks - {"remain"}) & set(ask.core)
    assert "next" in roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)


def test_a_marked_noun_after_another_verb_keeps_that_verb(nlp: Language) -> None:
    ask = analyse("Which team took over the remaining tickets of the ledger migration?", nlp).asks[0]
    assert ask.predicate == "take"


def test_a_copula_with_another_adjective_keeps_its_verb(nlp: Language) -> None:
    ask = analyse("Which follow-ups from the archive outage are urgent?", nlp).asks[0]
    assert ask.predicate == "be"
