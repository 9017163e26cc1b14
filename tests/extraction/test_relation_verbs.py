"""Prepositional verbs, passives and copular positions of a call chain, and roots the small model tags as nouns."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.relations import find_relations


def read(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    doc = nlp(text)
    return {(r.subject.name, r.rel_type, r.object.name) for r in find_relations(doc, 0, find_mentions(doc, 0))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("The checkout-api points to the pricing-gateway in staging.", ("checkout-api", "CALLS", "pricing-gateway")),
     ("The order-router authenticates against the auth-broker.", ("order-router", "CALLS", "auth-broker")),
     ("The quote-engine sits behind the front-proxy.", ("front-proxy", "CALLS", "quote-engine")),
     ("Postgres backs the ledger-sync service.", ("ledger-sync", "USES", "Postgres")),
     ("The rate-engine fails over to the geo-index replica.", ("rate-engine", "USES", "geo-index")),
     ("The billing-export exports to the ledger-store.", ("billing-export", "PRODUCES", "ledger-store")),
     ("The billing-export runs in the batch-cluster.", ("billing-export", "USES", "batch-cluster")),
     ("The geo-index is upstream of the rate-engine.", ("rate-engine", "DEPENDS_ON", "geo-index")),
     ("The rate-engine is downstream of geo-index.", ("rate-engine", "DEPENDS_ON", "geo-index")),
     ("The quote-engine is called from the checkout-api.", ("checkout-api", "CALLS", "quote-engine")),
     ("The quote-engine is a client of the geo-index.", ("quote-engine", "CALLS", "geo-index"))],
)
def test_flow_verbs_and_positions(nlp: Language, text: str, expected: tuple[str, str, str]) -> None:
    assert expected in read(nlp, text)


def test_a_plural_noun_that_is_no_rule_verb_stays_a_noun(nlp: Language) -> None:
    assert read(nlp, "The checkout-api dashboards in Grafana.") == set()


def test_an_owner_label_after_the_system_an_item_opens_with_owns_it(nlp: Language) -> None:
    assert read(nlp, "- ledger-sync (owner: Dana Ruiz)") == {("Dana Ruiz", "OWNS", "ledger-sync")}
    assert read(nlp, "- Add an alert to ledger-sync (owner: Dana Ruiz)") == set()  # an unnamed task
    assert read(nlp, "- ledger-sync: add a lag alert (owner: Dana Ruiz)") == set()  # a task on the system


def test_a_passive_with_an_agent_gives_the_agent_the_prepositional_verb(nlp: Language) -> None:
    found = read(nlp, "Session tokens are read from token-cache by login-gate.")
    assert ("login-gate", "CONSUMES", "token-cache") in found


def test_a_possessive_support_noun_states_what_the_system_stands_on(nlp: Language) -> None:
    assert ("toggle-svc", "DEPENDS_ON", "Consul") in read(nlp, "toggle-svc's main dependency is Consul.")
    assert ("tally-gen", "USES", "Postgres") in read(nlp, "The database of tally-gen is Postgres.")


def test_an_identifier_parsed_as_an_adverb_after_its_verb_is_its_object(nlp: Language) -> None:
    found = read(nlp, "The Ledger team and the Billing team jointly own tally-svc.")
    assert {("Ledger", "OWNS", "tally-svc"), ("Billing", "OWNS", "tally-svc")} <= found
    assert not read(nlp, "The Ledger team quickly rolled back and re-ran the export.")


@pytest.mark.parametrize(
    "text",
    ["The index-builder stores snapshots that hold index deltas in the blob-store.",
     "The report-worker writes summaries that list failed jobs to the audit-queue."],
)
def test_a_preposition_after_a_relative_clause_on_the_object_is_the_verbs(nlp: Language, text: str) -> None:
    subject, target = ("index-builder", "blob-store") if "index" in text else ("report-worker", "audit-queue")
    assert (subject, "PRODUCES", target) in read(nlp, text)


def test_a_relative_clause_keeps_a_preposition_its_own_verb_takes(nlp: Language) -> None:
    found = read(nlp, "The index-builder stores snapshots that the sync-agent reads from the blob-store.")
    assert ("index-builder", "PRODUCES", "blob-store") not in found
