"""Every shape of issue 10 in one runbook written for this test: labelled lines, a heading with a list, a table
with header roles, prepositional verbs, passives, coordination, apposition, copular and possessive ownership,
causal verbs with their flags, and "it" read as the document's topic. The exact set is asserted: a missing
relation and an extra one both fail."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read

FIXTURE = Path(__file__).parent / "fixtures" / "runbook-shapes.md"
T, D = "text", "document_subject"
EXPECTED = {
    ("order-router", "CONSUMES", "inventory-cache", T), ("order-router", "PRODUCES", "shipment-queue", T),
    ("order-router", "CALLS", "edge-proxy", D), ("order-router", "USES", "legacy-router", D),
    ("Fulfilment", "OWNS", "order-router", T), ("checkout-api", "CONSUMES", "quote-engine", T),
    ("cart-service", "CONSUMES", "quote-engine", T), ("cart-service", "DEPENDS_ON", "pricing-db", T),
    ("checkout-api", "DEPENDS_ON", "pricing-db", T), ("Storage", "MAINTAINS", "pricing-db", T),
    ("Maya Lindqvist", "OWNS", "quote-engine", T), ("Fulfilment", "OWNS", "label-printer", T),
    ("nightly reindex job", "AFFECTS", "search-api", T), ("label-printer", "AFFECTS", "order-router", T),
    ("token-cache", "AFFECTS", "auth-gateway", T), ("PR #409", "AFFECTS", "checkout-api", T),
    ("Runbook: order-router", "LINKED_TO", "PR #409", D), ("PR #409", "CAUSED", "Runbook: order-router", D),
    ("checkout-api", "CALLS", "quote-engine", T), ("checkout-api", "CALLS", "tax-service", T),
    ("order-router", "DEPENDS_ON", "inventory-cache", D), ("order-router", "DEPENDS_ON", "shipment-queue", D),
    ("Maya Lindqvist", "OWNS", "order-router", D), ("order-router", "DEPENDS_ON", "pricing-db", D),
    ("order-router", "DEPENDS_ON", "tax-service", D), ("order-router", "DEPENDS_ON", "edge-proxy", D),
    ("checkout-api", "DEPENDS_ON", "order-router", D), ("billing-worker", "DEPENDS_ON", "order-router", D),
    ("Tomas Berg", "LEADS", "Fulfilment", T), ("quote-engine", "DEPENDS_ON", "pricing-db", T),
    ("Storage", "OWNS", "tax-service", T), ("tax-service", "DEPENDS_ON", "rates-store", T),
}  # fmt: skip


def test_the_runbook_reads_as_a_careful_reader_would(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, FIXTURE.read_text(encoding="utf-8"), "runbook-shapes.md")
    assert {(r["subject"], r["rel_type"], r["object"], r["via"]) for r in found} == EXPECTED


def test_negation_and_hedging_stay_on_the_edge(nlp: Language, tmp_path: Path) -> None:
    _, found = read(nlp, tmp_path, FIXTURE.read_text(encoding="utf-8"), "runbook-shapes.md")
    flags = {(r["negated"], r["hedged"]) for r in found if (r["subject"], r["object"]) == ("token-cache",
                                                                                          "auth-gateway")}
    assert flags == {(True, False), (False, True)}
    assert not any(r["object"] == "checkout-api" and "disk alert" in r["evidence"] for r in found)
