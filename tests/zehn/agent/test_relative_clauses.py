"""A relative clause on a noun other than the asked one only says which noun is meant: its verb routes nothing and
its negation denies nothing. Every question here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse


def test_a_relation_verb_in_a_clause_on_another_noun_asks_no_relation(nlp: Language) -> None:
    analysis = analyse("What happens to a legacy worker that cannot use the new queue?", nlp)
    assert analysis.route == "attribute"
    assert not analysis.asks[0].negated


def test_a_relation_verb_of_the_asked_clause_still_routes(nlp: Language) -> None:
    assert analyse("What depends on the session cache?", nlp).route == "dependents"
    assert analyse("Why did the exporter not retry the batch?", nlp).asks[0].negated
