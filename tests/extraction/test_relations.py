"""Relations from the dependency parse: direction, vocabulary, flags and evidence ranges."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.entities import find_mentions
from extraction.extraction_types import RelationCandidate
from extraction.relations import find_relations
from extraction.vocabulary import REL_TYPES


def relations(nlp: Language, text: str, offset: int = 0) -> list[RelationCandidate]:
    doc = nlp(text)
    return find_relations(doc, offset, find_mentions(doc, offset))


def triples(nlp: Language, text: str) -> set[tuple[str, str, str]]:
    return {(r.subject.name, r.rel_type, r.object.name) for r in relations(nlp, text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rate-engine depends on ledger-sync and the QuoteCache.",
         {("rate-engine", "DEPENDS_ON", "ledger-sync"), ("rate-engine", "DEPENDS_ON", "QuoteCache")}),
        ("billing-api and rate-engine rely on ledger-sync.",
         {("billing-api", "DEPENDS_ON", "ledger-sync"), ("rate-engine", "DEPENDS_ON", "ledger-sync")}),
        ("The ledger-sync service is owned by the Payments team.", {("Payments", "OWNS", "ledger-sync")}),
        ("ledger-sync reads from Kafka and writes to Postgres.",
         {("ledger-sync", "CONSUMES", "Kafka"), ("ledger-sync", "PRODUCES", "Postgres")}),
        ("SUP-231 is assigned to Felix Huang.", {("SUP-231", "ASSIGNED_TO", "Felix Huang")}),
        ("RTE-57 is blocked by RTE-52.", {("RTE-52", "BLOCKS", "RTE-57")}),
        ("QuoteCache is part of rate-engine.", {("QuoteCache", "PART_OF", "rate-engine")}),
        ("The new session-store replaces the legacy token-cache.", {("session-store", "REPLACES", "token-cache")}),
        ("Ravi Iyer is on the Payments team.", {("Ravi Iyer", "MEMBER_OF", "Payments")}),
        ("Dana Ruiz leads the Payments team.", {("Dana Ruiz", "LEADS", "Payments")}),
        ("The billing-api service calls ledger-sync, which is maintained by Omar Haddad.",
         {("billing-api", "CALLS", "ledger-sync"), ("Omar Haddad", "MAINTAINS", "ledger-sync")}),
        ("- OPS-2311: reindex enterprise partitions (owner: Platform Eng)", {("Platform Eng", "OWNS", "OPS-2311")}),
        # a technology in parentheses after a system says what the system is built on
        ("The ingress proxy (Envoy) dropped idle connections.", {("ingress proxy", "USES", "Envoy")}),
    ],
)  # fmt: skip
def test_relations_and_directions(nlp: Language, text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(nlp, text) == expected


def test_the_atlas_types_stay_apart(nlp: Language) -> None:
    found = relations(nlp, "The Atlas team owns the Atlas service.")
    assert [(r.subject.type, r.rel_type, r.object.type) for r in found] == [("Team", "OWNS", "Service")]


@pytest.mark.parametrize(
    ("text", "flags"),
    [
        ("rate-engine no longer calls quote-cache directly.", (True, False, False)),
        ("rate-engine does not depend on ledger-sync.", (True, False, False)),
        ("The api-gateway service might depend on session-store.", (False, True, False)),
        ("Maybe rate-engine depends on ledger-sync.", (False, True, False)),
        ("Next quarter billing-api will use Kafka.", (False, False, True)),
        ("Next sprint the billing-api service is going to call ledger-sync directly.", (False, False, True)),
        ("rate-engine depends on ledger-sync.", (False, False, False)),
    ],
)
def test_flags(nlp: Language, text: str, flags: tuple[bool, bool, bool]) -> None:
    found = relations(nlp, text)
    assert found, text
    assert {(r.negated, r.hedged, r.planned) for r in found} == {flags}


@pytest.mark.parametrize(
    "text",
    [
        "The outage in ledger-sync affected several customers.",  # the subject is not an entity
        "Dana Ruiz called Li Wei about ledger-sync.",  # people do not CALL each other in this vocabulary
        "ledger-sync depends on ledger-sync.",  # subject == object
        "We use a pool of ephemeral keys.",
        "The ingress proxy (see PR #412) dropped idle connections.",  # a parenthesised reference is no technology
    ],
)
def test_no_relation(nlp: Language, text: str) -> None:
    assert relations(nlp, text) == []


def test_ranges_are_exact_and_inside_the_sentence(nlp: Language) -> None:
    prefix = "---\nid: x\n---\n\n# Notes\n\n"
    chunk = (
        "Context first. rate-engine depends on ledger-sync.\n\n"
        "- The ledger-sync service is owned by the Payments team.\n"
        "- OPS-7: rotate keys (owner: Dana Ruiz)\n"
        "billing-api reads from Kafka.\\nThe Atlas team owns ledger-sync.\n"
    )
    text = prefix + chunk
    found = relations(nlp, chunk, len(prefix))
    assert len(found) >= 4
    for r in found:
        assert r.rel_type in REL_TYPES and r.kind == "sentence"
        sentence = text[r.sentence_start : r.sentence_end]
        assert sentence == sentence.strip() and "\n" not in sentence and not sentence.endswith("\\n")
        for start, end in ((r.subject.start, r.subject.end), (r.object.start, r.object.end),
                           (r.predicate_start, r.predicate_end)):  # fmt: skip
            assert r.sentence_start <= start < end <= r.sentence_end
        assert " ".join(text[r.predicate_start : r.predicate_end].split()) == r.raw_verb
        assert " ".join(text[r.subject.start : r.subject.end].split()) == r.subject.name
    owned = next(r for r in found if r.rel_type == "OWNS" and r.object.name == "ledger-sync")
    assert owned.raw_verb == "owned by"
    assert text[owned.sentence_start : owned.sentence_end].startswith("- The ledger-sync service")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The nightly export pipeline run by the batch-runners pool failed.",
         {("nightly export pipeline", "USES", "batch-runners")}),
        ("The policy engine consumes signals from the region-health service.",
         {("policy engine", "CONSUMES", "region-health")}),
        ("The hosted gateway persists checkpoints to the session-store.",
         {("hosted gateway", "PRODUCES", "session-store")}),
        ("PR #881 caused SUP-12.", {("PR #881", "CAUSED", "SUP-12")}),
        ("SUP-12 was caused by PR #881.", {("PR #881", "CAUSED", "SUP-12")}),
        ("The rollout of PR #52 degraded the prefill pipeline.", {("PR #52", "AFFECTS", "prefill pipeline")}),
        ("Deploying PR #52 resolved SUP-77.", {("PR #52", "FIXES", "SUP-77")}),
        ("The Payments team's ledger-sync needs the rate-engine.",
         {("Payments", "OWNS", "ledger-sync"), ("ledger-sync", "DEPENDS_ON", "rate-engine")}),
        ("The owner of billing-export is Dana Ruiz.", {("Dana Ruiz", "OWNS", "billing-export")}),
        ("Hi all, I'm Grace Liu from Meridian Cold Chain.", {("Grace Liu", "MEMBER_OF", "Meridian Cold Chain")}),
    ],
)  # fmt: skip
def test_broader_patterns(nlp: Language, text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= triples(nlp, text)


def test_a_suspected_cause_is_hedged(nlp: Language) -> None:
    found = relations(nlp, "The suspected trigger: PR #881 caused SUP-12.")
    assert found and all(r.hedged for r in found)
