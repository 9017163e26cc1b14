"""Table-driven hop grading on sentences written like tickets, Slack threads, runbooks and ADRs."""

from __future__ import annotations

from typing import Any

import pytest

from verify.grades import HopInput
from verify.hop_grader import grade_hop, grade_path


def hop(sentence: str, subject: str, rel: str, obj: str, **kw: Any) -> HopInput:
    return HopInput(subject=subject, rel_type=rel, object=obj, evidence_id="ev_00000000000000aa",
                    sentence=sentence, **kw)


@pytest.mark.parametrize(
    ("sentence", "subject", "rel", "obj", "reason"),
    [
        ("checkout-api depends on rate-engine.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "predicate_on_path:depend"),
        ("ledger-sync is owned by the Payments team.", "Payments team", "OWNS", "ledger-sync",
         "predicate_on_path:own"),
        ("The Search team owns geo-index, tile-cache and route-planner.", "Search team", "OWNS", "route-planner",
         "predicate_on_path:own"),
        ("rate-engine's biggest consumer is checkout-api.", "checkout-api", "CONSUMES", "rate-engine",
         "predicate_on_path:consumer"),
        ("The on-call SRE said route-planner calls geo-index for every ETA.", "route-planner", "CALLS",
         "geo-index", "predicate_on_path:call"),
    ],
)
def test_sentence_that_asserts_the_predicate_is_source_backed(
    nlp: Any, sentence: str, subject: str, rel: str, obj: str, reason: str
) -> None:
    graded = grade_hop(hop(sentence, subject, rel, obj), nlp)
    assert graded.grade == "source_backed"
    assert reason in graded.reasons


@pytest.mark.parametrize(
    ("sentence", "subject", "rel", "obj", "reason"),
    [
        ("checkout-api calls rate-engine on every request.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "different_predicate:call"),
        ("checkout-api and rate-engine were redeployed together.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "cooccurrence_only"),
        ("The release pipeline will emit v2 indexes.", "release pipeline", "PRODUCES", "v2 indexes",
         "plan_or_future"),
        ("In Q3 route-planner will call geo-index v2.", "route-planner", "CALLS", "geo-index v2",
         "plan_or_future"),
        ("We plan to have billing consume the ledger topic.", "billing", "CONSUMES", "ledger topic",
         "plan_or_future"),
        ("rate-engine depends on checkout-api for warm-up.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "direction_reversed"),
        ("checkout-api calls rate-engine and billing depends on ledger.", "checkout-api", "DEPENDS_ON",
         "ledger", "clause_boundary"),
    ],
)
def test_edge_present_but_not_asserted_is_inferred(
    nlp: Any, sentence: str, subject: str, rel: str, obj: str, reason: str
) -> None:
    graded = grade_hop(hop(sentence, subject, rel, obj), nlp)
    assert graded.grade == "inferred"
    assert reason in graded.reasons


@pytest.mark.parametrize(
    ("sentence", "subject", "rel", "obj", "reason"),
    [
        ("checkout-api does not depend on rate-engine.", "checkout-api", "DEPENDS_ON", "rate-engine", "negated"),
        ("ledger-sync isn't owned by the Payments team.", "Payments team", "OWNS", "ledger-sync", "negated"),
        ("The Payments team no longer owns ledger-sync.", "Payments team", "OWNS", "ledger-sync", "negated"),
        ("Billing never called rate-engine directly.", "Billing", "CALLS", "rate-engine", "negated"),
        ("If the cache is cold, checkout-api calls rate-engine.", "checkout-api", "CALLS", "rate-engine",
         "hypothetical"),
        ("checkout-api might depend on rate-engine.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "hypothetical"),
        ("Nobody has checked whether checkout-api depends on rate-engine.", "checkout-api", "DEPENDS_ON",
         "rate-engine", "hypothetical"),
        ("Does checkout-api depend on rate-engine?", "checkout-api", "DEPENDS_ON", "rate-engine",
         "hypothetical"),
        ("checkout-api depends on rate-engine.", "cart-api", "DEPENDS_ON", "rate-engine",
         "binding_failed:subject_not_in_sentence"),
        ("checkout-api depends on rate-engine-v2.", "checkout-api", "DEPENDS_ON", "rate-engine",
         "binding_failed:object_not_in_sentence"),
    ],
)
def test_negated_hedged_or_unbound_hop_is_insufficient(
    nlp: Any, sentence: str, subject: str, rel: str, obj: str, reason: str
) -> None:
    graded = grade_hop(hop(sentence, subject, rel, obj), nlp)
    assert graded.grade == "insufficient"
    assert reason in graded.reasons


def test_negation_in_a_neighbouring_clause_does_not_leak(nlp: Any) -> None:
    sentence = "checkout-api depends on rate-engine, which has no retries configured."
    assert grade_hop(hop(sentence, "checkout-api", "DEPENDS_ON", "rate-engine"), nlp).grade == "source_backed"


def test_given_spans_are_checked_against_the_entity_name(nlp: Any) -> None:
    sentence = "checkout-api depends on rate-engine."
    good = hop(sentence, "checkout-api", "DEPENDS_ON", "rate-engine", subject_span=(0, 12), object_span=(24, 35))
    bad = hop(sentence, "checkout-api", "DEPENDS_ON", "rate-engine", subject_span=(0, 12), object_span=(13, 20))
    assert grade_hop(good, nlp).grade == "source_backed"
    graded = grade_hop(bad, nlp)
    assert graded.grade == "insufficient"
    assert graded.reasons == ("binding_failed:span_text_mismatch",)


@pytest.mark.parametrize(
    ("sentence", "subject"),
    [
        ("Rate-Engine's p99 depends on Checkout API traffic.", "Rate-Engine"),
        ("rate engine's p99 depends on checkout-api traffic.", "rate-engine"),
    ],
)
def test_mentions_are_found_case_insensitively_across_hyphens_and_possessives(
    nlp: Any, sentence: str, subject: str
) -> None:
    graded = grade_hop(hop(sentence, subject, "DEPENDS_ON", "checkout-api"), nlp)
    assert not any(r.startswith("binding_failed") for r in graded.reasons)


def test_grade_carries_the_evidence_id(nlp: Any) -> None:
    graded = grade_hop(hop("checkout-api depends on rate-engine.", "checkout-api", "DEPENDS_ON",
                           "rate-engine"), nlp)
    assert graded.evidence_id == "ev_00000000000000aa"


def test_path_grade_is_the_weakest_hop(nlp: Any) -> None:
    strong = hop("checkout-api depends on rate-engine.", "checkout-api", "DEPENDS_ON", "rate-engine")
    weak = HopInput("rate-engine", "CALLS", "geo-index", "ev_00000000000000bb",
                    "rate-engine might call geo-index.")
    graded = grade_path([strong, weak], nlp)
    assert graded.grade == "insufficient"
    assert graded.evidence_ids == ("ev_00000000000000aa", "ev_00000000000000bb")


def test_unknown_rel_type_is_insufficient(nlp: Any) -> None:
    graded = grade_hop(hop("checkout-api depends on rate-engine.", "checkout-api", "LIKES", "rate-engine"), nlp)
    assert graded == type(graded)("insufficient", ("unknown_rel_type:LIKES",), "ev_00000000000000aa")


def test_grading_is_deterministic(nlp: Any) -> None:
    h = hop("The Payments team owns ledger-sync and payout-scheduler.", "Payments team", "OWNS",
            "payout-scheduler")
    assert grade_hop(h, nlp) == grade_hop(h, nlp)


def test_negation_of_one_list_item_does_not_negate_the_others(nlp: Any) -> None:
    sentence = "checkout-api depends on rate-engine and on geo-index, but not on ledger-sync."
    assert grade_hop(hop(sentence, "checkout-api", "DEPENDS_ON", "geo-index"), nlp).grade == "source_backed"
    assert grade_hop(hop(sentence, "checkout-api", "DEPENDS_ON", "ledger-sync"), nlp).grade == "insufficient"


def test_relative_clause_does_not_lend_its_subject_a_predicate(nlp: Any) -> None:
    sentence = "checkout-api, which calls rate-engine, depends on ledger-sync."
    assert grade_hop(hop(sentence, "rate-engine", "DEPENDS_ON", "ledger-sync"), nlp).grade == "inferred"
    assert grade_hop(hop(sentence, "checkout-api", "DEPENDS_ON", "ledger-sync"), nlp).grade == "source_backed"


@pytest.mark.parametrize(
    ("sentence", "subject", "rel", "obj", "signal"),
    [
        ("fx-quotes was owned by Ana Ruiz until March; she moved teams.", "Ana Ruiz", "OWNS", "fx-quotes",
         "signal:until"),
        ("bill-run used to read addresses from the old-reports database.", "bill-run", "CONSUMES",
         "old-reports database", "signal:used to"),
        ("The ledger was formerly owned by Ana Ruiz.", "Ana Ruiz", "OWNS", "ledger", "signal:formerly"),
    ],
)
def test_a_state_the_sentence_says_is_over_is_insufficient(
        nlp: Any, sentence: str, subject: str, rel: str, obj: str, signal: str) -> None:
    graded = grade_hop(hop(sentence, subject, rel, obj), nlp)
    assert graded.grade == "insufficient" and signal in graded.reasons


def test_until_a_future_event_leaves_a_present_state_standing(nlp: Any) -> None:
    graded = grade_hop(hop("checkout-api depends on rate-engine until the migration completes.", "checkout-api",
                           "DEPENDS_ON", "rate-engine"), nlp)
    assert graded.grade == "source_backed"


def test_the_passive_of_purpose_is_no_ended_state(nlp: Any) -> None:
    # "is used to cache" says what a thing is for now; only the past "used to <verb>" says a state is over.
    graded = grade_hop(hop("The retry-wrapper is used to call ledger-db.", "retry-wrapper", "CALLS", "ledger-db"), nlp)
    assert graded.grade == "source_backed" and "signal:used to" not in graded.reasons


def test_an_act_someone_was_asked_to_do_is_requested_not_done(nlp: Any) -> None:
    asked = grade_hop(HopInput("Mara Quist", "APPROVED", "restore runbook", "ev_1",
                               "Mara Quist was asked to approve the restore runbook last week."), nlp)
    done = grade_hop(HopInput("Mara Quist", "APPROVED", "restore runbook", "ev_1",
                              "Mara Quist approved the restore runbook last week."), nlp)
    assert asked.grade != "source_backed" and "plan_or_future" in asked.reasons
    assert done.grade == "source_backed"


def test_ownership_handed_over_is_read_from_the_phrasal_verb_and_its_own_slot(nlp: Any) -> None:
    def grade(owner: str, sentence: str) -> str:
        return grade_hop(HopInput(owner, "OWNS", "ledger-sync", "ev_1", sentence), nlp).grade
    took = "The Platform team takes over the ledger-sync job from the Data team."
    assert grade("Platform team", took) == "source_backed"
    assert grade("Data team", took) != "source_backed"
    assert grade("Platform team", "The ledger-sync job moves to the Platform team in June.") == "source_backed"
    assert grade("EU region", "The ledger-sync job moves to the EU region in June.") != "source_backed"


def test_a_system_run_by_a_team_is_maintained_not_owned_by_it(nlp: Any) -> None:
    def grade(rel_type: str, by: str, sentence: str) -> str:
        return grade_hop(HopInput(by, rel_type, "ledger-sync", "ev_1", sentence), nlp).grade
    run = "The ledger-sync job is run by the Platform team."
    assert grade("MAINTAINS", "Platform team", run) == "source_backed"
    assert grade("OWNS", "Platform team", run) != "source_backed"
    assert grade("MAINTAINS", "ops host", "The ledger-sync job is run by cron on the ops host.") != "source_backed"


def test_a_call_that_runs_the_other_way_is_marked_reversed_for_a_dependency(nlp: Any) -> None:
    sentence = "The quote-api calls the tariff-db before every quote."
    back = grade_hop(HopInput("tariff-db", "DEPENDS_ON", "quote-api", "ev_1", sentence), nlp)
    forth = grade_hop(HopInput("quote-api", "DEPENDS_ON", "tariff-db", "ev_1", sentence), nlp)
    assert "direction_reversed" in back.reasons and back.grade == "inferred"
    assert "direction_reversed" not in forth.reasons
