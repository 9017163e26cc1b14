"""Incident and change prose: located problems, "due to", moving and undoing verbs, mislemmatised verb forms."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.relations import find_relations


def triples(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    doc = nlp(text)
    return {(r.subject.name, r.rel_type, r.object.name) for r in find_relations(doc, 0, find_mentions(doc, 0))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The memory leak in the label-printer degraded the order-router.",
         {("label-printer", "AFFECTS", "order-router")}),
        ("The nightly reindex job caused an outage of the search-api.",
         {("nightly reindex job", "AFFECTS", "search-api")}),
        ("A bug in the token-cache led to errors on the auth-gateway.", {("token-cache", "AFFECTS", "auth-gateway")}),
        ("The checkout-api timed out because of the pricing-db.", {("pricing-db", "AFFECTS", "checkout-api")}),
        ("We migrated the ledger-db from MySQL to Postgres.", {("ledger-db", "USES", "Postgres")}),
        ("We migrated from MySQL to Postgres.", {("Postgres", "REPLACES", "MySQL")}),
        ("We switched the cart-service to the session-store.", {("cart-service", "USES", "session-store")}),
        ("The customer rolled back the quote-engine to the legacy-router.",
         {("legacy-router", "REPLACES", "quote-engine")}),
        ("It routes through the edge-proxy.", set()),
        ("The order-router routes through the edge-proxy and falls back to the legacy-router.",
         {("order-router", "CALLS", "edge-proxy"), ("order-router", "USES", "legacy-router")}),
    ],
)  # fmt: skip
def test_causal_and_moving_patterns(nlp: Language, text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(nlp, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The memory leak was found in the label-printer.",  # where a problem is, but nothing it hit
        "The disk alert did not name a service.",
        "We moved the meeting to Thursday.",  # a moving verb between things that are not systems
    ],
)
def test_no_causal_relation_without_two_systems(nlp: Language, text: str) -> None:
    assert not {t for t in triples(nlp, text) if t[1] in ("AFFECTS", "USES", "REPLACES")}


def test_a_moved_system_uses_its_target_not_whoever_moved_it(nlp: Language) -> None:
    found = triples(nlp, "The Payments team will migrate the cart-service to the session-store.")
    assert ("cart-service", "USES", "session-store") in found
    assert not any(s == "Payments" and rel == "USES" for s, rel, _ in found)


def test_one_relation_per_sentence_however_often_it_is_stated(nlp: Language) -> None:
    doc = nlp("Maya Lindqvist is the owner of the quote-engine.")
    found = [(r.subject.name, r.rel_type, r.object.name) for r in find_relations(doc, 0, find_mentions(doc, 0))]
    assert found == [("Maya Lindqvist", "OWNS", "quote-engine")]


def test_a_plain_noun_stands_for_its_system_only_as_a_verbs_argument(nlp: Language) -> None:
    assert ("FP32 pipeline", "REPLACES", "ONNX") in triples(nlp, "We rolled back the ONNX export to the FP32 pipeline.")
    assert not triples(nlp, "Review the queue-depth graphs in the checkout dashboard.")
