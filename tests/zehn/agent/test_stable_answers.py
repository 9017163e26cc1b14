"""Issue 11, stable decisions: an answer's status and citations are a function of the question and the graph, not of
what the process asked or embedded before (word and text vectors, parses and pools are cached per process)."""

from __future__ import annotations

from typing import Any

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from traversal_policy import TraversalExecutor, load_policy
from zehn.agent import AnswerService
from zehn.answers.model import Answer

# Sample-corpus questions of several shapes (owner, dependency, impact, ticket field, unanswerable, near miss).
QUESTIONS = [
    "Who owns ledger-sync?",
    "Who maintains ledger-sync?",
    "What does checkout-api depend on?",
    "What breaks if we change geo-index?",
    "Who is the assignee on OPS-412?",
    "Who owns the Atlas service?",
    "What does tracking-portal use?",
    "Who owns payroll-sync?",
    "What is Omar Haddad's salary?",
]


def _decision(answer: Answer) -> tuple[str, list[tuple[str, int, int]]]:
    return answer.status, sorted((c.document_id, c.start, c.end) for c in answer.citations)


def _service(graph: Any, nlp: Language, embedder: LocalEmbedder) -> AnswerService:
    return AnswerService(TraversalExecutor(graph, load_policy(), embedder=embedder), nlp, graph)


def test_an_answer_does_not_depend_on_the_questions_asked_before_it(
        sample_graph: tuple[Any, Any], nlp: Language, embedder: LocalEmbedder) -> None:
    # One service asks each question first, on a model whose text cache is empty; the other asks them in reverse
    # after all the others, on the embedder the ingest filled (vectors of padded batches): the same decisions.
    graph = sample_graph[0]
    cold = {q: _decision(_service(graph, nlp, embedder.with_empty_cache()).answer(q)) for q in QUESTIONS}
    warm_service = _service(graph, nlp, embedder)
    warm = {q: _decision(warm_service.answer(q)) for q in reversed(QUESTIONS)}
    assert warm == cold
    assert {status for status, _ in cold.values()} >= {"answered"}  # the comparison covers cited answers


def test_asking_a_question_again_gives_the_same_decision(
        sample_graph: tuple[Any, Any], nlp: Language, embedder: LocalEmbedder) -> None:
    service = _service(sample_graph[0], nlp, embedder.with_empty_cache())
    first = [_decision(service.answer(q)) for q in QUESTIONS]
    assert [_decision(service.answer(q)) for q in QUESTIONS] == first
