"""A passage question's route comes from its asks; a trailing "at what X" asks about the act before it."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.passage_routes import asks_due_date, passage_route, qualifies


def test_a_cause_ask_makes_a_why_question_and_items_a_list(nlp: Language) -> None:
    assert passage_route(analyse("Why did the nightly export stall, and which tables were skipped?", nlp).asks) \
        == "why"
    assert passage_route(analyse("Which tables were skipped by the nightly export?", nlp).asks) == "list"
    assert passage_route(analyse("When did the nightly export stall?", nlp).asks) == "attribute"


def test_a_wh_phrase_after_its_preposition_with_no_verb_qualifies_the_ask_before(nlp: Language) -> None:
    analysis = analyse("Who was handed the index rebuild, and at what priority?", nlp)
    assert analysis.parse is not None
    first, second = analysis.asks
    assert qualifies(analysis.parse, second) and not qualifies(analysis.parse, first)


def test_a_wh_phrase_with_a_verb_of_its_own_asks_for_itself(nlp: Language) -> None:
    analysis = analyse("Who rebuilt the index, and which tables were skipped?", nlp)
    assert analysis.parse is not None
    assert not qualifies(analysis.parse, analysis.asks[1])


def test_a_due_date_with_no_noun_of_its_own_asks_about_the_item_before(nlp: Language) -> None:
    analysis = analyse("Who owns the index rebuild, and when is it due?", nlp)
    assert analysis.parse is not None
    assert asks_due_date(analysis.parse, analysis.asks[1]) and not asks_due_date(analysis.parse, analysis.asks[0])
    other = analyse("Who owns the index rebuild, and when is the audit due?", nlp)
    assert other.parse is not None and not asks_due_date(other.parse, other.asks[1])


def test_a_due_date_asked_with_its_own_noun_and_a_pronoun_asks_about_the_items_before(nlp: Language) -> None:
    analysis = analyse("Who took the index rebuild and the alert cleanup, and what were their due dates?", nlp)
    assert analysis.parse is not None and asks_due_date(analysis.parse, analysis.asks[1])
    other = analyse("Who took the index rebuild, and what were the audit's due dates?", nlp)
    assert other.parse is not None and not asks_due_date(other.parse, other.asks[1])


def test_a_date_asked_after_by_is_a_deadline_of_the_items_before(nlp: Language) -> None:
    analysis = analyse("Who took the index rebuild and the alert cleanup, and by what dates?", nlp)
    assert analysis.parse is not None and asks_due_date(analysis.parse, analysis.asks[-1])
