"""Entity mentions: types, canonical names, junk filtering, and exact document offsets."""

from __future__ import annotations

import itertools

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.extraction_types import Mention
from extraction.people import People
from extraction.vocabulary import ENTITY_TYPES


def mentions_of(nlp: Language, text: str, offset: int = 0) -> list[Mention]:
    return find_mentions(nlp(text), offset)


def pairs(nlp: Language, text: str) -> set[tuple[str, str]]:
    return {(m.name, m.type) for m in mentions_of(nlp, text)}


def test_same_name_three_types(nlp: Language) -> None:
    text = "The Atlas team owns the Atlas service, and customer Atlas reported OPS-412 last week."
    assert pairs(nlp, text) == {("Atlas", "Team"), ("Atlas", "Service"), ("Atlas", "Customer"), ("OPS-412", "Ticket")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rate-engine depends on ledger-sync and the QuoteCache.",
         {("rate-engine", "Component"), ("ledger-sync", "Component"), ("QuoteCache", "Component")}),
        ("The api-gateway service forwards to the kv_cache service before auth.",
         {("api-gateway", "Component"), ("kv_cache", "Component")}),
        ("Raise the hold time back to 8 on the continuous-batcher.", {("continuous-batcher", "Component")}),
        ("SUP-231 duplicates LAR-91; see PR #428 and ADR-012.",
         {("SUP-231", "Ticket"), ("LAR-91", "Ticket"), ("PR #428", "Ticket"), ("ADR-012", "Page")}),
        ("Shipped PR 5120 and pull request #5121; the fix is in webapp#4471 and acme/ledger#12.",
         {("PR 5120", "Ticket"), ("pull request #5121", "Ticket"), ("webapp#4471", "Ticket"),
          ("acme/ledger#12", "Ticket")}),
        ("Tokenizer workers depend on the shared retry wrapper and the central session store.",
         {("Tokenizer workers", "Component"), ("shared retry wrapper", "Component"),
          ("central session store", "Component")}),
        ("We run Kubernetes with Redis and page through PagerDuty.",
         {("Kubernetes", "Technology"), ("Redis", "Technology"), ("PagerDuty", "Technology")}),
    ],
)  # fmt: skip
def test_technical_names(nlp: Language, text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= pairs(nlp, text)


def test_owner_labels_in_list_items(nlp: Language) -> None:
    text = "- Routing: record decision reasons (Owner: Dana Ruiz / Li Wei)\n- Owner team: SRE\n"
    found = pairs(nlp, text)
    assert {("Dana Ruiz", "Person"), ("Li Wei", "Person"), ("SRE", "Team")} <= found


@pytest.mark.parametrize(
    "text",
    [
        "Set `max_batch_events` and BATCH_HOLD_MS before the rollout.",  # fields and config keys
        "A cache and this service and the new queue were slow.",  # indefinite, demonstrative, not naming
        "The affected pool and the same worker recovered.",
        "Split the work into PR 2 of 3 and retry#2 of step#3.",  # counts, not pull requests or issues
    ],
)
def test_fields_and_unnamed_systems_are_not_entities(nlp: Language, text: str) -> None:
    assert mentions_of(nlp, text) == []


def test_the_documents_own_people_are_found_by_name_and_handle(nlp: Language) -> None:
    people = People(full_names=frozenset({"Ines Okafor"}), handles=frozenset({"owen"}),
                    first_names=frozenset({"Ines"}))
    found = {(m.name, m.type) for m in find_mentions(nlp("owen: paging Ines Okafor now, then @owen and Ines."), 0,
                                                     None, people)}
    assert {("owen", "Person"), ("Ines Okafor", "Person"), ("Ines", "Person")} <= found


def test_an_identifier_keeps_its_type_before_service(nlp: Language) -> None:
    bare = pairs(nlp, "checkout-api depends on ledger-sync.")
    typed = pairs(nlp, "The checkout-api service depends on the ledger-sync service.")
    assert bare == typed == {("checkout-api", "Component"), ("ledger-sync", "Component")}
    assert pairs(nlp, "The billing service and the ledger-sync team.") == {
        ("billing", "Service"),
        ("ledger-sync", "Team"),
    }


def test_team_phrases_drop_the_type_noun(nlp: Language) -> None:
    found = pairs(nlp, "Escalate to the Applied ML team, then ping the payments team and team Orion.")
    assert {("Applied ML", "Team"), ("payments", "Team"), ("Orion", "Team")} <= found
    assert not any("team" in name.casefold() for name, _ in found)


@pytest.mark.parametrize(
    "text",
    [
        "It was short-lived, customer-facing and end-to-end; a follow-up is on-call's job.",
        "Load in us-west-2 and ap-south-1 rose 38% on 2026-04-09 at 08:52 UTC for $4,000.",
        "It ran in staging-eu-central and prod-us-east-2 overnight.",
        "See https://confluence.example.com/pages/rate-engine-notes and /services/kms-wrapper/main.go today.",
        "We saw it, they fixed it, and everyone was happy.",
        "The x-request-id header was sent by the client.",  # a "-bot" name is a system (test_prose_rules8)
        "| Billing & metering | Search & ranking |",  # the recogniser's "Billing &": a name cut off at its joiner
    ],
)
def test_junk_is_not_an_entity(nlp: Language, text: str) -> None:
    assert mentions_of(nlp, text) == []


def test_offsets_are_exact_with_a_chunk_offset(nlp: Language) -> None:
    prefix = "---\ntitle: x\n---\n\n"
    chunk = (
        "## Ownership\n\n- ledger-sync: owned by the Payments team (Owner: Dana Ruiz).\n"
        '- The `rate-engine` service calls "QuoteCache" for OPS-412.\n'
    )
    document_text = prefix + chunk
    found = find_mentions(nlp(chunk), len(prefix))
    assert {m.name for m in found} >= {"ledger-sync", "Payments", "Dana Ruiz", "rate-engine", "QuoteCache", "OPS-412"}
    for m in found:
        assert m.type in ENTITY_TYPES
        assert " ".join(document_text[m.start : m.end].split()) == m.name
        assert m.name == m.name.strip("\"'`.,;:()")
        assert not m.name.casefold().startswith("the ")


def test_hints_retype_a_name(nlp: Language) -> None:
    found = find_mentions(nlp("KestrelPath reports 429s from the edge."), 0, {"kestrelpath": "Customer"})
    assert ("KestrelPath", "Customer") in {(m.name, m.type) for m in found}


def test_mentions_are_sorted_and_disjoint(nlp: Language) -> None:
    found = mentions_of(nlp, "The Atlas team and Dana Ruiz moved ledger-sync off api-gateway in OPS-9.")
    for a, b in itertools.pairwise(found):
        assert a.end <= b.start


def test_a_name_ends_at_its_line_so_a_signature_keeps_its_company(nlp: Language) -> None:
    text = "Thanks,\n— Helen Brandt\nProduct, Security & Compliance\nAcme Widgets Inc\n"
    names = {m.name for m in find_mentions(nlp(text), 0)}
    assert not any("\n" in n or n.endswith("Product") for n in names)
    assert {"Helen Brandt", "Acme Widgets Inc"} <= names
