"""The baseline over the ingested sample corpus, and the citation check that counts fabricated citations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from extraction.embeddings import LocalEmbedder
from extraction.evidence_reads import sample_evidence
from extraction.pipeline import IngestReport
from zehn.evaluation.baseline import BaselineAnswerer, split_sentences
from zehn.evaluation.records import AnswerRecord, CitedSpan
from zehn.evaluation.runner import CitationChecker


def test_split_sentences_keeps_exact_offsets() -> None:
    text = "  First one here. Second one, too!\n- a list item line\nshort\n"
    spans = split_sentences(text, 100)
    assert [t for _, _, t in spans] == ["First one here.", "Second one, too!", "- a list item line"]
    for start, end, quote in spans:
        assert text[start - 100:end - 100] == quote


def test_baseline_answers_with_verbatim_sentences_from_retrieved_chunks(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    graph = sample_graph[0]
    record = BaselineAnswerer(graph, embedder).answer("q", "Who maintains ledger-sync?")
    assert record.status == "answered" and 1 <= len(record.citations) <= 3
    assert all(c.chunk_id and c.evidence_id is None for c in record.citations)
    assert "lark_confluence_ledger-sync-runbook" in record.cited_documents
    assert "Omar Haddad" in record.cited_text
    assert record.queries == 2 and record.db_ms > 0
    assert CitationChecker(graph).problems(record) == ()


def test_baseline_never_abstains_on_an_unanswerable_question(
        sample_graph: tuple[Any, IngestReport], embedder: LocalEmbedder) -> None:
    record = BaselineAnswerer(sample_graph[0], embedder).answer("q", "What is Omar Haddad's salary?")
    assert record.status == "answered"  # the point of the baseline: no gate
    assert BaselineAnswerer(sample_graph[0], embedder).answer("q", "?? !!").status == "abstained"


def test_citation_check_catches_every_kind_of_bad_citation(sample_graph: tuple[Any, IngestReport]) -> None:
    graph = sample_graph[0]
    ev = sample_evidence(graph, 1, seed=7)[0]
    good = CitedSpan(ev["document_id"], ev["start"], ev["end"], ev["text"], evidence_id=ev["id"])
    checker = CitationChecker(graph)
    record = AnswerRecord("q", "answered", "x", (good,), 1.0)
    assert checker.problems(record) == ()
    bad = [
        replace(good, evidence_id="ev_0000000000000000"),  # does not resolve
        replace(good, text=good.text + " (and more)"),  # not the stored sentence
        replace(good, start=good.start + 1),  # wrong range
        replace(good, document_id="lark_jira_ops-412"),  # wrong document
        replace(good, evidence_id=None, text="made up"),  # a span that is not the document slice
        CitedSpan("no_such_document", 0, 4, "text"),
    ]
    flagged = checker.check([replace(record, citations=(good, b)) for b in bad])
    assert [len(r.unresolved) for r in flagged] == [1] * len(bad)
