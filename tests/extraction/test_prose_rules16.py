"""Rules of the sixteenth pass (zehn-rules-38): clauses read in word order where the small model loses them - a
plural object noun tagged as a verb before the verb's preposition ("ships audit logs to Y"), a second clause of the
same subject after an adverb ("calls Y directly and writes to Z"). Sentences are our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from tests.extraction.test_surface_relations import triples


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tally-agent ships audit logs to the vault-store.", ("tally-agent", "PRODUCES", "vault-store")),
        ("The quill-api sends audit events to the vault-store.", ("quill-api", "PRODUCES", "vault-store")),
    ],
)  # fmt: skip
def test_a_plural_object_tagged_as_a_verb_still_reaches_the_preposition(
        nlp: Language, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(nlp, text)


@pytest.mark.parametrize(
    "text",
    ["Since Monday, tally-agent calls quill-api directly and writes receipts to vault-store.",
     "tally-agent reads invoices from quill-api nightly and writes totals to vault-store."],
)
def test_a_second_clause_after_an_adverb_keeps_the_subject(nlp: Language, text: str) -> None:
    assert ("tally-agent", "PRODUCES", "vault-store") in triples(nlp, text)


def test_an_adverb_with_no_joiner_after_it_ends_the_clause(nlp: Language) -> None:
    found = triples(nlp, "tally-agent calls quill-api directly; vault-store is idle.")
    assert ("tally-agent", "CALLS", "quill-api") in found
    assert not {t for t in found if t[2] == "vault-store"}
