"""A list of named things (fields, events, scopes) is answered by lines that name such things."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.lemmas import lemmas_of, words
from zehn.agent.named_items import asks_named_items, asks_one_named, names_items, names_one
from zehn.agent.similarity import Similarity

QUESTION = "Which fields are required in each billing export record?"


def test_a_list_of_fields_is_a_list_of_named_things_but_a_list_of_steps_is_not(nlp: Language) -> None:
    assert asks_named_items(analyse(QUESTION, nlp).asks[0])
    assert not asks_named_items(analyse("What steps must the operator take before the export?", nlp).asks[0])


@pytest.mark.parametrize(("line", "heading", "expected"), [
    ("- Provide the required export outputs for billing reconciliation.", "Goals", False),  # no field named
    ("- Exports must be reviewed by the SRE and PII owners.", "Goals", False),  # acronyms are prose
    ("- Records stay tenant-sensitive and cross-region safe.", "Goals", False),  # English compounds
    ("- `invoice_ref` (string, the invoice the row belongs to)", "Export format", True),
    ("- account.closed_at: when the account was closed", "Export format", True),
    ("- amount and currency of the charge", "Required fields", True),  # the kind noun in its heading
    ("- amount and currency of the charge", "Export format", False),
])
def test_a_line_answers_a_list_of_fields_only_when_it_names_one(
        nlp: Language, embedder: LocalEmbedder, line: str, heading: str, expected: bool) -> None:
    ask = analyse(QUESTION, nlp).asks[0]
    parse = nlp(line)
    read = [*lemmas_of(parse), *words(heading)]
    assert names_items(ask, parse, read, Similarity(embedder), frozenset(words(QUESTION))) is expected


def test_a_name_the_question_itself_gives_does_not_count(nlp: Language, embedder: LocalEmbedder) -> None:
    question = "Which events must the export_job emit?"
    ask = analyse(question, nlp).asks[0]
    parse = nlp("- The export_job runs nightly.")
    assert not names_items(ask, parse, list(lemmas_of(parse)), Similarity(embedder), frozenset(words(question)))


def test_which_one_of_a_plain_kind_asks_for_a_named_thing_but_which_team_or_change_does_not(nlp: Language) -> None:
    assert asks_one_named(analyse("Which vendor does the hospital want incidents filed with?", nlp).asks[0])
    assert not asks_one_named(analyse("Which team runs the nightly export?", nlp).asks[0])
    assert not asks_one_named(analyse("Which change broke the nightly export?", nlp).asks[0])


@pytest.mark.parametrize(("line", "expected"), [
    ("They want every incident filed with their paging vendor (Trackly) within an hour.", True),
    ("Incidents go to the Trackly vendor once triaged.", True),
    ("Failures are filed through the ledger-vendor bridge.", True),  # a name built on the kind noun
    ("Their paging vendor (e.g. a hosted one) must accept webhooks.", False),  # examples, not a name
    ("Customers who file incidents with a paging vendor need stable ids.", False),  # the kind, no one of it
    ("Their vendor (see below) must accept webhooks.", False),
])
def test_a_line_answers_which_one_of_a_kind_only_when_it_names_one_beside_the_kind(
        nlp: Language, line: str, expected: bool) -> None:
    ask = analyse("Which vendor does the clinic want incidents filed with?", nlp).asks[0]
    assert names_one(nlp(line), ask) is expected
