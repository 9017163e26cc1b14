"""The cheap look before a sentence is parsed for an ask (stage 4, bind): parsing every sentence of every document
read is the binding's main cost, so only a sentence that could answer is parsed - one that shares a word with the
ask (or its heading or the list items it is nested under do), states a labelled value or a change of the asked
kind, or, for a cause, confirms what was suspected (:mod:`zehn.agent.confirmations`), or, for a "when", holds a
clock time beside the asked words (:mod:`zehn.agent.clock_entries`)."""

from __future__ import annotations

from zehn.agent.clock_entries import stamps_asked
from zehn.agent.confirmations import confirmed_clause
from zehn.agent.focus import heading_words
from zehn.agent.lemmas import identifier_parts, words
from zehn.agent.question import Ask
from zehn.agent.rows import Sentence
from zehn.agent.said_acts import may_say
from zehn.agent.sentence_binding import core_terms
from zehn.agent.sentence_checks import label_states
from zehn.agent.similarity import Similarity
from zehn.agent.value_changes import changed


def worth_parsing(ask: Ask, sentence: Sentence, heading: str, similarity: Similarity,
                  context: tuple[str, ...], frame: tuple[str, ...] = ()) -> bool:
    """A cheap look before the parse: the sentence (or its heading, or the list items it is nested under) shares
    a word with the ask."""
    said = words(sentence.text)
    seen = [*said, *identifier_parts(said), *heading_words(heading), *frame]
    return bool(similarity.matches((*core_terms(ask, context), ask.predicate, ask.focus_head), seen)) or \
        label_states(sentence.text, ask) or bool(changed(ask.predicate, sentence.text)) or \
        (ask.answer_type == "cause" and bool(confirmed_clause(sentence.text))) or \
        stamps_asked(ask, sentence.text, similarity, context) or \
        may_say(ask.answer_type, ask.predicate, sentence.text)  # "Approved." for who signed off (said_acts)

