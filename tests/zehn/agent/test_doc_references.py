"""The document a question names by its subject, and how much of that name each read document's subject holds
(zehn.agent.doc_references)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.doc_references import document_marks, reference_shares, referred_words
from zehn.agent.lemmas import words
from zehn.agent.party_marks import unheld_marks
from zehn.agent.rows import DocPassage, DocumentInfo
from zehn.agent.similarity import Similarity


def _same(asked: Sequence[str], said: Iterable[str]) -> set[str]:
    return set(asked) & set(said)


def _titled(doc_id: str, title: str, opening: str = "Some text.") -> tuple[DocumentInfo, list[DocPassage]]:
    return (DocumentInfo(doc_id, title, "ticket", None, None),
            [DocPassage(f"{doc_id}-p0", doc_id, "", "section", 0, len(opening), opening, (0.5,))])


def test_the_modifiers_of_a_definite_document_noun_are_the_words_that_name_the_document(nlp: Language) -> None:
    said = nlp("Which teams own the tasks from the ledger reconciliation ticket?")
    assert referred_words(said) == ["ledger", "reconciliation"]
    assert referred_words(nlp("In the payroll-upload security review, what was agreed?")) == [
        "payroll", "upload", "security"]


def test_a_question_that_names_no_document_by_its_subject_refers_to_no_words(nlp: Language) -> None:
    assert referred_words(nlp("Which teams own the reconciliation tasks?")) == []
    assert referred_words(nlp("Who is running the postmortem?")) == []  # a kind alone names no subject
    assert referred_words(nlp("How many tickets were filed for ledger reconciliation?")) == []  # no definite document
    assert referred_words(None) == []


def test_the_document_whose_title_holds_the_naming_words_gets_the_whole_share() -> None:
    read = [_titled("named", "Ledger reconciliation fails after deploy"), _titled("sibling", "Ledger archive is slow"),
            _titled("other", "Login banner reworded")]
    assert reference_shares(["ledger", "reconciliation"], read, _same) == {"named": 1.0, "sibling": 0.5, "other": 0.0}


def test_a_thread_titled_by_its_channel_is_named_by_its_opening_message() -> None:
    read = [_titled("thread", "incidents", "Ledger reconciliation failed overnight, paging finance.")]
    assert reference_shares(["ledger", "reconciliation"], read, _same) == {"thread": 1.0}


def test_no_naming_words_give_every_document_nothing() -> None:
    assert reference_shares([], [_titled("a", "Ledger reconciliation")], _same) == {"a": 0.0}


@pytest.mark.parametrize(("question", "marks"), [
    ("Which jobs failed in the invoice export incident?", ("invoice", "export")),
    ("Who wrote the payroll-upload postmortem?", ("payroll-upload",)),
    ("Why did the existing runbook not help?", ()),  # "existing" points at the runbook, it does not describe it
    ("Which teams own the Northwind ticket?", ()),  # a name, judged by the anchors and names
    ("How many incidents involved ledger reconciliation?", ()),  # no definite document
])
def test_the_lower_case_words_before_a_definite_document_noun_mark_the_named_document(
        nlp: Language, question: str, marks: tuple[str, ...]) -> None:
    assert document_marks(nlp(question)) == marks


def test_a_sibling_that_never_writes_a_naming_word_is_not_the_named_document(nlp: Language,
                                                                              embedder: LocalEmbedder) -> None:
    marks = document_marks(nlp("Which jobs failed in the invoice export incident?"))
    similarity = Similarity(embedder)
    named = words("The nightly job that exports each invoice stalled; we restarted it and the errors stopped.")
    sibling = words("The nightly archive job stalled; we restarted it and the errors stopped.")
    assert unheld_marks(marks, named, similarity) == ()
    assert unheld_marks(marks, sibling, similarity) == ("invoice", "export")
