"""A read document's subject (its title, or a chat thread's opening message) matched against the question."""

from __future__ import annotations

from extraction.embeddings import LocalEmbedder
from zehn.agent.doc_scores import SUBJECT_WEIGHT, exact_scores
from zehn.agent.doc_subjects import subject_shares, subject_text
from zehn.agent.rows import DocPassage, DocumentInfo
from zehn.agent.similarity import Similarity


def _doc(doc_id: str, title: str, *bodies: str, distance: float = 0.5) -> tuple[DocumentInfo, list[DocPassage]]:
    passages = [DocPassage(f"{doc_id}-meta", doc_id, title, "metadata", 0, 10, f"{title}\n---\nid: {doc_id}",
                           (distance,))]
    passages += [DocPassage(f"{doc_id}-p{n}", doc_id, f"{title} > messages", "section", 10 * n + 10, 10 * n + 20,
                            f"{title} > messages\n{body}", (distance,)) for n, body in enumerate(bodies)]
    return DocumentInfo(doc_id, title, "chat", None, None), passages


def test_a_title_of_several_words_is_the_subject() -> None:
    info, passages = _doc("t", "Exports time out after the quota change", "Ana: looking into it")
    assert subject_text(info, passages) == "Exports time out after the quota change"


def test_a_channel_named_thread_takes_its_opening_message_as_subject() -> None:
    info, passages = _doc("c", "outages", "Ana: the nightly export job is failing in staging", "Ben: on it")
    assert subject_text(info, passages) == "outages\nAna: the nightly export job is failing in staging"


def test_the_thread_whose_opening_names_the_asked_case_gets_the_larger_share() -> None:
    read = [_doc("a", "outages", "Ana: login page is slow for some users", "Ben: the export job failed too"),
            _doc("b", "outages", "Kim: the nightly export job is failing in staging", "Lee: login is fine"),
            _doc("c", "outages", "Raj: badge readers are down on floor two")]
    shares = subject_shares("What fixed the failing export job?", read)
    assert shares["b"] > shares["a"] and shares["c"] == 0.0


def test_a_word_every_subject_holds_tells_none_apart() -> None:
    read = [_doc("a", "Printer 403 on floor one"), _doc("b", "Scanner 403 in the lab")]
    assert subject_shares("Why the 403?", read) == {"a": 0.0, "b": 0.0}


def test_an_asked_noun_meets_its_subject_s_verb_form_through_the_word_vectors(embedder: LocalEmbedder) -> None:
    read = [_doc("a", "Reports stalled while exporting"), _doc("b", "Reports delayed by the queue")]
    shares = subject_shares("Why did the report export stall?", read, Similarity(embedder).matches)
    assert shares["a"] == 1.0 and shares["b"] == 0.0
    assert subject_shares("Why did the report export stall?", read) == {"a": 0.0, "b": 0.0}  # words as written


def test_among_equally_near_documents_the_one_about_the_asked_case_ranks_first() -> None:
    read = [_doc("mentions", "Yearly access audit", "the billing exporter returned 403 once"),
            _doc("about", "Billing exporter 403 after key rotation", "keys were rotated")]
    scores = exact_scores(read, "How was the billing exporter 403 fixed?")
    assert scores["about"] - scores["mentions"] >= SUBJECT_WEIGHT / 2


def test_reading_a_document_whose_subject_holds_another_asked_word_leaves_the_others_shares_alone() -> None:
    read = [_doc("a", "Billing exporter stalled overnight"), _doc("b", "Reports delayed by the queue")]
    question = "Why did the billing exporter stall after the key rotation?"
    before = subject_shares(question, read)
    after = subject_shares(question, [*read, _doc("c", "Key rotation schedule")])
    assert before["a"] > 0.0 and after["a"] == before["a"] and after["c"] > 0.0
