"""Passage binding across documents retrieval cannot tell apart: when the best one states nothing asked, the next
one as near to the question is read; a document well behind it never is. Documents here are our own, built in
memory (a title, one passage, its sentences), so only the binding rules are under test."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.bind_passages import NEAR_DOCUMENT, bind_passages
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.similarity import Similarity

QUESTION = "How long are ledger audit events retained?"
SILENT = ("Ledger audit events are exported to the archive every night.",
          "The ledger audit export runs as the books service account.")
STATES = ("Ledger audit events are retained for 400 days in the archive.",
          "Ledger audit events older than that are deleted by the nightly job.")


def _view(doc_id: str, title: str, lines: tuple[str, ...], score: float) -> DocView:
    body = " ".join(lines)
    heading = f"{title} > Audit events"
    passage = DocPassage(f"{doc_id}#p0", doc_id, heading, "section", 0, len(body), f"{heading}\n{body}", (0.3, 0.3))
    sentences, at = [], 0
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_{doc_id}{n}", line, doc_id, at, at + len(line), "sentence"))
        at += len(line) + 1
    info = DocumentInfo(doc_id, title, "confluence", None, None)
    return DocView(info, (passage,), score, False, lambda: sentences)


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _bind(nlp: Language, similarity: Similarity, *views: DocView) -> tuple[str | None, tuple[str, ...]]:
    bound = bind_passages(analyse(QUESTION, nlp), Retrieved((), views, ()), Parses(ParseCache(nlp)), similarity)
    cited = tuple(s.text for f in bound.findings for s in f.sentences)
    return (bound.document.id if bound.document and bound.findings else None), cited


def test_the_best_document_answers_when_it_states_the_asked_thing(nlp: Language, similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit retention", STATES, 1.0),
                       _view("b", "Ledger audit export", SILENT, 0.99))
    assert doc == "a" and STATES[0] in cited


def test_a_near_tied_document_answers_when_the_best_states_nothing_asked(nlp: Language,
                                                                        similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit export", SILENT, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01))
    assert doc == "b" and STATES[0] in cited


def test_a_document_well_behind_the_best_is_never_read_for_it(nlp: Language, similarity: Similarity) -> None:
    doc, cited = _bind(nlp, similarity, _view("a", "Ledger audit export", SILENT, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT - 0.2))
    assert doc is None and not cited


ISSUES = (("1) Tail latency after the region shift", ("- Symptoms: p95 latency rose for twelve minutes.",
                                          "- Likely cause: the region pool was saturated during the shift.")),
          ("2) Retries stalled during the flush", ("- Symptoms: retries stalled and never resumed.",
                                                  "- Likely cause: the lease renewal raced the final flush.")))


def _issues_view() -> DocView:
    passages, sentences, at = [], [], 0
    for n, (heading, lines) in enumerate(ISSUES):
        body = "\n".join(lines)
        path = f"Issues found > {heading}"
        passages.append(DocPassage(f"g#p{n}", "g", path, "section", at, at + len(body), f"{path}\n{body}",
                                   (0.3, 0.3)))
        for m, line in enumerate(lines):
            sentences.append(Sentence(f"ev_g{n}{m}", line, "g", at, at + len(line), "sentence"))
            at += len(line) + 1
        at += 1
    info = DocumentInfo("g", "Exporter automation game day", "confluence", None, None)
    return DocView(info, tuple(passages), 1.0, False, lambda: sentences)


def test_the_labelled_cause_of_the_asked_issue_answers(nlp: Language, similarity: Similarity) -> None:
    # The issue's own passage holds few of the asked words (its heading and lines say "retries", not "automation"
    # or "oscillate"): its labelled line answers for the document, as a "Root cause" section would.
    analysis = analyse("What caused the exporter automation to oscillate between retries?", nlp)
    bound = bind_passages(analysis, Retrieved((), (_issues_view(),), ()), Parses(ParseCache(nlp)), similarity)
    assert bound.findings, bound.reason
    assert bound.findings[0].bound.text == "- Likely cause: the lease renewal raced the final flush."
    assert bound.findings[0].grade == "source_backed"


def test_of_near_tied_documents_the_one_stating_the_asked_case_answers(nlp: Language, similarity: Similarity) -> None:
    # Both state a retention; only the second states it for the ledger audit events the question asks about.
    other = ("Billing exports are retained for 30 days in the bucket.", "Billing exports are written hourly.")
    doc, cited = _bind(nlp, similarity, _view("a", "Export retention", other, 1.0),
                       _view("b", "Ledger audit retention", STATES, NEAR_DOCUMENT + 0.01))
    assert doc == "b" and STATES[0] in cited
