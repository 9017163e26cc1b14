"""Every grader on small hand-made cases, each with a case that must fail."""

from __future__ import annotations

import pytest

from zehn.evaluation.metrics import (
    bucket,
    by_category,
    declined,
    grade_bench,
    grade_graph,
    percentile,
    says_negated_or_planned,
    summarise,
    summarise_graph,
)
from zehn.evaluation.questions import BenchQuestion, GraphQuestion
from zehn.evaluation.records import AnswerRecord, CitedSpan

OWNS = BenchQuestion("q1", "Basic", "Who owns ledger-sync?", "The Payments team owns ledger-sync.", ("arch",))
NOT_FOUND = BenchQuestion("q2", "Info Not Found", "What is the CEO's salary?", "Not answerable.", ())


def rec(qid: str, status: str, *cites: tuple[str, str], text: str = "", ms: float = 10.0,
        unresolved: tuple[str, ...] = ()) -> AnswerRecord:
    spans = tuple(CitedSpan(doc, 0, len(quote), quote, evidence_id=f"ev_{i}") for i, (doc, quote) in enumerate(cites))
    return AnswerRecord(qid, status, text, spans, ms, unresolved=unresolved)


@pytest.mark.parametrize(("status", "expected", "is_declined"), [
    ("answered", "answered", False), ("abstained", "abstained", True), ("unknown_entity", "abstained", True),
    ("not_in_graph", "abstained", True), ("refused", "refused", True), ("ambiguous", "other", True),
    ("unavailable", "other", False), ("error", "other", False),
])
def test_status_buckets_and_declined(status: str, expected: str, is_declined: bool) -> None:
    assert bucket(status) == expected
    assert declined(status) is is_declined


def test_percentile_interpolates_and_handles_edges() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0], 95) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([10.0, 0.0, 20.0], 100) == 20.0
    assert percentile(list(map(float, range(101))), 95) == pytest.approx(95.0)


def test_a_supported_gold_answer_scores_full_marks() -> None:
    g = grade_bench(OWNS, rec("q1", "answered", ("arch", "The Payments team owns ledger-sync.")))
    assert g.all_cited_gold and g.gold_cited and g.support == 1.0 and g.missing_terms == ()


def test_a_citation_outside_gold_breaks_precision_but_not_recall() -> None:
    g = grade_bench(OWNS, rec("q1", "answered", ("arch", "The Payments team owns it."), ("chat", "ledger-sync")))
    assert not g.all_cited_gold and g.gold_cited
    assert g.support == 1.0  # terms may come from any cited sentence


def test_wrong_document_and_missing_terms_fail() -> None:
    g = grade_bench(OWNS, rec("q1", "answered", ("chat", "The Routing team owns geo-index.")))
    assert not g.all_cited_gold and not g.gold_cited
    assert g.support is not None and g.support == pytest.approx(2 / 4)  # team, owns found; Payments, ledger-sync not
    assert set(g.missing_terms) == {"Payments", "ledger-sync"}


def test_answer_text_alone_earns_no_support_and_declining_scores_zero() -> None:
    g = grade_bench(OWNS, rec("q1", "answered", text="The Payments team owns ledger-sync."))
    assert g.support == 0.0 and not g.all_cited_gold
    g = grade_bench(OWNS, rec("q1", "abstained", text="I don't know."))
    assert g.declined and g.support == 0.0 and not g.gold_cited


def test_answer_facts_are_preferred_over_the_reference_answer() -> None:
    q = BenchQuestion("q3", "Basic", "?", "Ignored words here", ("d",), ("Retention is 400 days",))
    g = grade_bench(q, rec("q3", "answered", ("d", "retention: 400 days")))
    assert g.support == 1.0


def test_summary_figures_on_a_small_set() -> None:
    grades = [
        grade_bench(OWNS, rec("q1", "answered", ("arch", "The Payments team owns ledger-sync."), ms=10)),
        grade_bench(OWNS, rec("q1", "abstained", ms=20)),
        grade_bench(NOT_FOUND, rec("q2", "abstained", ms=30)),
        grade_bench(NOT_FOUND, rec("q2", "answered", ("x", "salary"), ms=40, unresolved=("ev_0",))),
        grade_bench(NOT_FOUND, rec("q2", "unavailable", ms=50)),
    ]
    s = summarise(grades)
    assert (s["answered"], s["abstained"], s["refused"], s["other"]) == (2, 2, 0, 1)
    assert s["abstention_recall"] == 0.3333
    assert s["false_abstention"] == 0.5
    assert s["cited_doc_precision"] == 1.0  # over answered answerable questions only
    assert s["gold_doc_recall"] == 0.5
    assert s["support_recall"] == 0.5
    assert s["fabricated_citations"] == 1
    assert (s["p50_ms"], s["p95_ms"]) == (30.0, 48.0)
    cats = by_category(grades)
    assert set(cats) == {"Basic", "Info Not Found"} and cats["Basic"]["abstention_recall"] is None


GOLD = ("runbook",)
OWNER = GraphQuestion("g1", "ownership", "Who maintains ledger-sync?", ("answered",), ("Omar Haddad",), GOLD)
NEGATED = GraphQuestion("g2", "negated_or_plan", "Does notify-hub depend on ledger-sync?", ("abstained",), (), GOLD)
UNKNOWN = GraphQuestion("g3", "unknown_entity", "Who owns payroll-sync?", ("unknown_entity", "abstained"), (), ())


def test_graph_answer_needs_terms_status_and_a_gold_document() -> None:
    assert grade_graph(OWNER, rec("g1", "answered", ("runbook", "maintained by Omar Haddad."))).answered_right
    assert grade_graph(OWNER, rec("g1", "answered", ("runbook", "x"), text="omar haddad")).answered_right
    assert not grade_graph(OWNER, rec("g1", "answered", ("chat", "maintained by Omar Haddad."))).answered_right
    missing = grade_graph(OWNER, rec("g1", "answered", ("runbook", "maintained by Omar.")))
    assert not missing.answered_right and missing.missing_terms == ("Omar Haddad",)
    assert not grade_graph(OWNER, rec("g1", "refused", ("runbook", "Omar Haddad"))).answered_right


def test_graph_declines_and_negated_answers() -> None:
    assert grade_graph(UNKNOWN, rec("g3", "unknown_entity")).declined_right
    assert not grade_graph(UNKNOWN, rec("g3", "not_in_graph")).declined_right  # not an accepted status
    assert not grade_graph(UNKNOWN, rec("g3", "answered", ("x", "owned by Platform"))).declined_right
    said_no = rec("g2", "answered", ("runbook", "notify-hub does not depend on ledger-sync"),
                  text="No: notify-hub does not depend on ledger-sync.")
    assert grade_graph(NEGATED, said_no).declined_right
    asserted = rec("g2", "answered", ("runbook", "notify-hub depends on ledger-sync"), text="notify-hub depends on it.")
    assert not grade_graph(NEGATED, asserted).declined_right
    wrong_doc = rec("g2", "answered", ("chat", "it does not"), text="It does not.")
    assert not grade_graph(NEGATED, wrong_doc).declined_right
    by_status = grade_graph(NEGATED, said_no)
    assert not by_status.declined_by_status and grade_graph(NEGATED, rec("g2", "abstained")).declined_by_status
    q = "Does eta-forecaster call geo-index?"
    assert says_negated_or_planned("In Q3 eta-forecaster will call geo-index.", q)
    assert not says_negated_or_planned("eta-forecaster calls geo-index.", q)  # no marker
    assert not says_negated_or_planned("This does not change the docs. geo-index is fast.", q)  # marker elsewhere


def test_graph_summary_reports_both_rates_per_kind() -> None:
    grades = [grade_graph(OWNER, rec("g1", "answered", ("runbook", "Omar Haddad"))),
              grade_graph(OWNER, rec("g1", "abstained")),
              grade_graph(UNKNOWN, rec("g3", "abstained"))]
    s = summarise_graph(grades)
    assert s["by_kind"]["ownership"] == {"questions": 2, "answered_right": 0.5, "declined_right": None,
                                         "declined_by_status": None, "fabricated_citations": 0}
    assert s["by_kind"]["unknown_entity"]["declined_right"] == 1.0
    assert s["overall"]["answered_right"] == 0.5 and s["overall"]["declined_right"] == 1.0
