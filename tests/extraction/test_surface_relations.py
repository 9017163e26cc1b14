"""Clauses read in word order where the parser loses the verb after an identifier, and the conjunct fixes."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.extraction_types import RelationCandidate
from extraction.relations import find_relations


def relations(nlp: Language, text: str) -> list[RelationCandidate]:
    doc = nlp(text)
    return find_relations(doc, 0, find_mentions(doc, 0))


def triples(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    return {(r.subject.name, r.rel_type, r.object.name) for r in relations(nlp, text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an identifier the tagger reads as a modifier: "<system> <verb> <object words> <preposition> <system>"
        ("billing-api stores sessions in Redis.", {("billing-api", "PRODUCES", "Redis")}),
        # a speaker-attributed chat line: the speaker is no argument, the clause after the colon is read
        ("dana: billing-api now reads from ledger-sync.", {("billing-api", "CONSUMES", "ledger-sync")}),
        ("omar (sre): rate-engine depends on quote-cache now.", {("rate-engine", "DEPENDS_ON", "quote-cache")}),
        ("dana (sre): we'll move billing-api to session-store tomorrow.",
         {("billing-api", "USES", "session-store")}),
        # coordination inside a relative clause, and a participle conjoined to a passive
        ("The billing-api service, which calls ledger-sync and reads from Kafka, was rolled back.",
         {("billing-api", "CALLS", "ledger-sync"), ("billing-api", "CONSUMES", "Kafka")}),
        ("rate-engine is owned by Dana Ruiz and maintained by Omar Haddad.",
         {("Dana Ruiz", "OWNS", "rate-engine"), ("Omar Haddad", "MAINTAINS", "rate-engine")}),
        # an identifying copula lends its subject to the relative clause
        ("ledger-sync is the service that writes to Kafka and reads from Postgres.",
         {("ledger-sync", "PRODUCES", "Kafka"), ("ledger-sync", "CONSUMES", "Postgres")}),
        # a floating quantifier, a second verb of the same subject, a participle clause, a move with its source
        ("rate-engine and billing-api both call ledger-sync.",
         {("rate-engine", "CALLS", "ledger-sync"), ("billing-api", "CALLS", "ledger-sync")}),
        ("- billing-api reads from ledger-sync and writes to Kafka",
         {("billing-api", "CONSUMES", "ledger-sync"), ("billing-api", "PRODUCES", "Kafka")}),
        ("billing-api, backed by Postgres, handles invoices.", {("billing-api", "USES", "Postgres")}),
        ("The team migrated billing-api from quote-cache to session-store.",
         {("billing-api", "USES", "session-store")}),
    ],
)  # fmt: skip
def test_relations_the_parse_alone_misses(nlp: Language, text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(nlp, text) == expected


@pytest.mark.parametrize(
    ("text", "flags"),
    [
        ("dana: billing-api no longer reads from ledger-sync.", (True, False, False)),
        ("omar: billing-api might read from ledger-sync?", (False, True, False)),
        ("dana (sre): we'll move billing-api to session-store tomorrow.", (False, False, True)),
        ("ledger-sync is not the service that writes to Kafka.", (True, False, False)),  # the copula's "not"
    ],
)
def test_flags_of_a_clause_read_in_word_order(nlp: Language, text: str, flags: tuple[bool, bool, bool]) -> None:
    found = relations(nlp, text)
    assert found, text
    assert {(r.negated, r.hedged, r.planned) for r in found} == {flags}


@pytest.mark.parametrize(
    "text",
    [
        "billing-api, ledger-sync and Kafka were all restarted after the deploy.",  # no verb links them
        "Errors on billing-api rose after ledger-sync deploys finished.",  # the system is not the clause's subject
        "dana: billing-api export failed before ledger-sync came up.",  # "export" is a noun, not the verb
        "rate-engine needs ledger-sync restarted before noon.",  # a complement about the object, not a need of it
    ],
)
def test_no_relation_without_a_subject_verb_object_clause(nlp: Language, text: str) -> None:
    assert triples(nlp, text) == set()


def test_the_evidence_is_the_whole_sentence(nlp: Language) -> None:
    text = "Intro line.\nbilling-api stores sessions in Redis."
    (found,) = relations(nlp, text)
    assert text[found.sentence_start : found.sentence_end] == "billing-api stores sessions in Redis."
    assert text[found.predicate_start : found.predicate_end] == "stores sessions in"
