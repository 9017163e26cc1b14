"""The document rule of answerability: a long question about one document, answered by that document's sentences."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.answerability import judge
from zehn.agent.tools import EvidenceItem

TITLE = "Runbook: regional failover for the dispatch pipeline"
TEXT = (
    "This runbook covers regional failover for the dispatch pipeline. "
    "During failover the on-call engineer drains the primary region within ten minutes. "
    "Traffic is shifted in steps of twenty percent while error budgets are watched."
)
SENTENCES = [
    EvidenceItem("ev_00000000000000a1", "This runbook covers regional failover for the dispatch pipeline.", "doc_r",
                 0, 10, "sentence"),
    EvidenceItem("ev_00000000000000a2", "During failover the on-call engineer drains the primary region within ten "
                 "minutes.", "doc_r", 10, 20, "sentence"),
    EvidenceItem("ev_00000000000000a3", "Traffic is shifted in steps of twenty percent while error budgets are "
                 "watched.", "doc_r", 20, 30, "sentence"),
]
DOCS = {"doc_r": (TITLE, TEXT)}


def test_long_question_about_a_document_is_answered_by_its_sentences(nlp: Language) -> None:
    question = ("In the runbook about regional failover for the dispatch pipeline, in what steps is traffic shifted "
                "and what is watched while it happens?")
    judged = judge(question, SENTENCES, nlp, DOCS)
    assert judged.answerable, judged.reason
    assert SENTENCES[2] in judged.picked


def test_long_question_whose_ask_the_document_never_addresses_abstains(nlp: Language) -> None:
    question = ("In the runbook about regional failover for the dispatch pipeline, which vendor contract sets the "
                "penalty credits owed to customers after an outage?")
    assert not judge(question, SENTENCES, nlp, DOCS).answerable
