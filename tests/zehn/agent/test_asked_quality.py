"""A degree-adverb-led hyphenated modifier of the asked thing is the asked property: a document that never writes it
establishes nothing for the ask. Every question and text here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.analyse import analyse
from zehn.agent.asked_quality import unheld_quality
from zehn.agent.text_index import TextIndex


def test_adverb_led_modifier_is_the_asked_quality(nlp: Language) -> None:
    ask = analyse("How does the billing relay guarantee strictly-ordered delivery of invoice messages?", nlp).asks[0]
    assert ask.qualities == ("strictly-ordered",)


def test_noun_led_and_frequency_modifiers_are_not_qualities(nlp: Language) -> None:
    assert analyse("How is the cache-flush fix going to reach production?", nlp).asks[0].qualities == ()
    assert analyse("What broke the nightly-build pipeline of the mobile app?", nlp).asks[0].qualities == ()


def test_document_without_the_quality_does_not_hold_it() -> None:
    described = TextIndex("The relay forwards invoice messages with at-least-once delivery and retries on timeouts.")
    assert unheld_quality(("strictly-ordered",), described) == "strictly-ordered"


def test_document_writing_the_quality_with_other_separators_holds_it() -> None:
    stated = TextIndex("Messages are delivered strictly ordered per partition key.")
    assert unheld_quality(("strictly-ordered",), stated) is None
