"""The fixed tune/check split, fact-level grading and the paragraph baseline, on hand-made cases."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from zehn.evaluation.facts import answered_right, fact_covered, grade_facts, reference_facts, word_count
from zehn.evaluation.metrics import grade_bench, summarise
from zehn.evaluation.paragraphs import ParagraphBaseline, paragraphs
from zehn.evaluation.questions import BenchQuestion
from zehn.evaluation.records import AnswerRecord, CitedSpan
from zehn.evaluation.report import stability
from zehn.evaluation.split import half_of, select


@dataclass(frozen=True)
class Q:
    id: str


def test_the_half_depends_only_on_the_hash_of_the_id() -> None:
    ids = [f"question-{n}" for n in range(200)]
    for qid in ids:
        even = hashlib.sha256(qid.encode()).digest()[0] % 2 == 0
        assert half_of(qid) == ("tune" if even else "check")
    tune, check = select([Q(i) for i in ids], "tune"), select([Q(i) for i in ids], "check")
    assert {q.id for q in tune}.isdisjoint({q.id for q in check})
    assert len(tune) + len(check) == 200 and 60 < len(tune) < 140
    assert [q.id for q in select([Q(i) for i in ids], "all")] == ids


def test_a_fact_counts_only_when_most_of_its_terms_are_cited() -> None:
    fact = "The nightly export job retries three times before paging the on-call engineer."
    assert fact_covered(fact, "Per the runbook, the nightly export job retries three times, then pages on-call.")
    assert not fact_covered(fact, "The nightly export job runs at 02:00.")
    assert not fact_covered(fact, "")


def test_facts_come_from_answer_facts_or_the_answer_sentences() -> None:
    assert reference_facts(("a", "b"), "ignored.") == ("a", "b")
    assert reference_facts((), "Kafka buffers events. The cache expires after 5 minutes.") == (
        "Kafka buffers events.", "The cache expires after 5 minutes.")


def test_declined_answers_cover_nothing_and_right_needs_half_the_facts() -> None:
    facts = ("Kafka buffers the events.", "The cache entries expire after 5 minutes.")
    cited = "Kafka buffers the events for the indexer."
    half = grade_facts(facts, cited, answered=True)
    assert (half.covered, half.facts) == (1, 2) and answered_right(half, True)
    assert not answered_right(half, False)
    none = grade_facts(facts, cited, answered=False)
    assert none.covered == 0 and none.cited_words == 0
    assert word_count("two words") == 2


def test_summary_reports_facts_right_answers_and_cited_words() -> None:
    q = BenchQuestion("q1", "Basic", "What buffers events and when do entries expire?", "",
                      ("gold",), ("Kafka buffers the events.", "Cache entries expire after 5 minutes."))
    good = AnswerRecord("q1", "answered", "", (CitedSpan("gold", 0, 25, "Kafka buffers the events."),), 5.0)
    declined = AnswerRecord("q1", "abstained", "", (), 5.0)
    ok = summarise([grade_bench(q, good)])
    assert ok["facts_covered"] == 0.5 and ok["answered_right"] == 1.0 and ok["median_cited_words"] == 4.0
    no = summarise([grade_bench(q, declined)])
    assert no["facts_covered"] == 0.0 and no["answered_right"] == 0.0 and no["median_cited_words"] is None


TEXT = "---\ntitle: x\n---\n# Runbook\n\nThe export job writes to the archive bucket nightly.\n\n" \
       "- Owner: storage team\n- Pager: yes, after three retries\n\nThanks!\n"


def test_paragraphs_are_exact_slices_and_lists_stay_whole() -> None:
    found = paragraphs("d1", TEXT, TEXT.index("# Runbook"))
    assert [p.text for p in found] == ["The export job writes to the archive bucket nightly.",
                                       "- Owner: storage team\n- Pager: yes, after three retries"]
    assert all(TEXT[p.start:p.end] == p.text for p in found)


class _Result:
    def __init__(self, rows: list[list[Any]]) -> None:
        self.result_set = rows


class _Docs:
    """The one read the paragraph baseline makes, answered from memory (fails loudly on anything else)."""

    def __init__(self, docs: dict[str, str]) -> None:
        self.docs = docs

    def ro_query(self, q: str, params: dict[str, Any] | None = None, timeout: int | None = None) -> _Result:
        assert q.startswith("MATCH (d:Document)"), q
        return _Result([[k, v, 0] for k, v in self.docs.items()])


def test_paragraph_baseline_ranks_by_bm25_and_cites_slices() -> None:
    docs = {"a": "The export job writes to the archive bucket nightly.\n\nLunch is at noon on Fridays.",
            "b": "The billing service calls the ledger API for every invoice.\n\nNothing else here today."}
    baseline = ParagraphBaseline(_Docs(docs), top=1)
    record = baseline.answer("q", "Which API does the billing service call?")
    assert record.status == "answered" and record.citations[0].document_id == "b"
    cited = record.citations[0]
    assert docs["b"][cited.start:cited.end] == cited.text
    assert baseline.answer("q", "the of and").status == "abstained"


def test_stability_lists_questions_whose_status_changed_between_ingests() -> None:
    qs = [BenchQuestion("q1", "Basic", "?", "", ()), BenchQuestion("q2", "Basic", "?", "", ())]
    first = [AnswerRecord("q1", "answered", "", (), 1.0), AnswerRecord("q2", "abstained", "", (), 1.0)]
    second = [AnswerRecord("q1", "answered", "", (), 1.0), AnswerRecord("q2", "answered", "", (), 1.0)]
    out = stability(qs, [first, second])  # type: ignore[arg-type]
    assert out["status_agreement"] == 0.5 and out["disagreements"] == [{"id": "q2",
                                                                        "statuses": ["abstained", "answered"]}]


def test_stability_counts_answers_citing_the_same_evidence_ids_in_every_ingest() -> None:
    qs = [BenchQuestion("q1", "Basic", "?", "", ()), BenchQuestion("q2", "Basic", "?", "", ())]
    short, long = CitedSpan("d", 0, 10, "x", evidence_id="ev_1"), CitedSpan("d", 0, 24, "y", evidence_id="ev_2")
    first = [AnswerRecord("q1", "answered", "", (short,), 1.0), AnswerRecord("q2", "answered", "", (short,), 1.0)]
    second = [AnswerRecord("q1", "answered", "", (short,), 1.0), AnswerRecord("q2", "answered", "", (long,), 1.0)]
    out = stability(qs, [first, second])  # type: ignore[arg-type]
    assert out["status_agreement"] == 1.0 and out["same_citations"] == 1 and out["citation_disagreements"] == ["q2"]


def test_an_answer_citing_the_excluded_account_is_counted_and_earns_no_fact_for_it() -> None:
    q = BenchQuestion("q1", "Constrained", "What caused the March export stall?", "", ("gold",),
                      ("A full archive bucket stalled the export job.",),
                      ("The answer must not attribute the stall to the expired signing certificate of January.",))
    wrong = "The expired signing certificate stalled exports in January."
    bad = AnswerRecord("q1", "answered", "", (CitedSpan("other", 0, len(wrong), wrong),), 5.0)
    right = "A full archive bucket stalled the export job in March."
    good = AnswerRecord("q1", "answered", "", (CitedSpan("gold", 0, len(right), right),), 5.0)
    graded_bad, graded_good = grade_bench(q, bad), grade_bench(q, good)
    assert graded_bad.excluded_cited is True and graded_bad.facts_covered == 0.0
    assert graded_good.excluded_cited is False and graded_good.facts_covered == 1.0
    assert summarise([graded_bad, graded_good])["exclusions_cited"] == 0.5
    unkeyed = BenchQuestion("q2", "Basic", "What stalled?", "", ("gold",), ("A full archive bucket stalled it.",))
    assert grade_bench(unkeyed, good).excluded_cited is None
    assert summarise([grade_bench(unkeyed, good)])["exclusions_cited"] is None
