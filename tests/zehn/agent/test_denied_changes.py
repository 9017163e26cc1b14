"""A question about how far a thing was changed is not answered by a document that says it was not changed. Every
line here is our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.denied_changes import change_denied, changed_thing


def test_the_changed_thing_is_read_from_a_passive_an_active_and_a_participle(nlp: Language) -> None:
    assert changed_thing(nlp("How far was the session cache TTL lowered for the drill?")) == ("lower", "ttl")
    assert changed_thing(nlp("By how much did the team raise the worker quota?")) == ("raise", "quota")
    assert changed_thing(nlp("To what value was the upload size limit raised by the patch?")) == ("raise", "limit")


def test_a_yes_no_or_unchanging_question_asks_no_change(nlp: Language) -> None:
    assert changed_thing(nlp("Was the session cache TTL lowered?")) is None  # the denial is its answer
    assert changed_thing(nlp("Who approved the worker quota?")) is None
    assert changed_thing(nlp("Why was the worker quota not raised?")) is None


def test_a_line_of_scope_that_says_no_change_denies_the_change(nlp: Language) -> None:
    assert change_denied([nlp("- Cache: no session cache TTL changes made during the drill.")], "lower", "ttl")
    assert change_denied([nlp("The worker quota was not changed.")], "raise", "quota")


def test_a_denial_of_another_thing_or_a_stated_change_denies_nothing(nlp: Language) -> None:
    assert not change_denied([nlp("No network changes were made during the drill.")], "lower", "ttl")
    assert not change_denied([nlp("The cache TTL was lowered to 30s.")], "lower", "ttl")
    said = [nlp("No TTL changes on the edge tier."), nlp("The origin TTL was lowered to 30s.")]
    assert not change_denied(said, "lower", "ttl")
