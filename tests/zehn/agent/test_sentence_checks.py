"""Sentence checks shared by the binding rules: conditions are not denials, clock times are not quantities."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.sentence_checks import answering_fillers, negated


def test_a_no_inside_a_condition_does_not_deny_the_sentence(nlp: Language) -> None:
    stated = nlp("Add a watchdog that forces a stream flush when no tokens are emitted for 2s.")
    assert not negated(stated, {"token", "flush"})
    denied = nlp("The watchdog emitted no tokens.")
    assert negated(denied, {"token"})


def test_a_clock_time_is_no_quantity_but_a_percentage_is(nlp: Language) -> None:
    ask = analyse("What eviction rate set off the alert?", nlp).asks[0]
    assert ask.answer_type == "quantity"
    assert not answering_fillers(nlp("- 13:06: Eviction alert triggers"), ask, frozenset())
    assert answering_fillers(nlp("- Alert: cache eviction rate exceeded 5% on multiple clusters"), ask, frozenset())
