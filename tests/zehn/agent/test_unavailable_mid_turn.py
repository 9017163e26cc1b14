"""A graph that goes away in the middle of a turn makes the answer ``unavailable``, whichever query it was."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.errors import EmbedderUnavailable
from traversal_policy import TraversalExecutor, load_policy
from zehn.agent import AnswerService

QUESTIONS = ["Who owns ledger-sync?", "What was the cause of the geo-index tile cache eviction storm?"]


class GoesAwayAfter:
    """The read-only graph interface over the real graph, refusing every query after the first ``allowed``."""

    def __init__(self, graph: Any, allowed: int) -> None:
        self.graph = graph
        self.allowed = allowed
        self.calls = 0

    @property
    def name(self) -> str:
        return str(self.graph.name)

    def ro_query(self, q: str, params: dict[str, object] | None = None, timeout: int | None = None) -> Any:
        self.calls += 1
        if self.calls > self.allowed:
            raise redis.ConnectionError("Connection refused (the test took the graph away)")
        return self.graph.ro_query(q, params, timeout=timeout)


def _service(graph: Any, nlp: Language, embedder: LocalEmbedder) -> AnswerService:
    return AnswerService(TraversalExecutor(graph, load_policy(), embedder=embedder), nlp, graph)


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_query_of_a_turn_failing_makes_it_unavailable(sample_graph: tuple[Any, Any], nlp: Language,
                                                            embedder: LocalEmbedder, question: str) -> None:
    counting = GoesAwayAfter(sample_graph[0], 10_000)
    assert _service(counting, nlp, embedder).answer(question).status == "answered"
    for allowed in range(counting.calls):
        answer = _service(GoesAwayAfter(sample_graph[0], allowed), nlp, embedder).answer(question)
        assert answer.status == "unavailable", (allowed, answer.status, answer.reason)
        assert not answer.citations


class ModelGoneEmbedder(LocalEmbedder):
    """The real embedder whose model cannot be loaded (a corrupt export, a missing package file)."""

    @property
    def _forward(self) -> Any:
        raise EmbedderUnavailable("the exported model cannot be read (the test broke it)")


def test_an_embedding_model_that_cannot_load_makes_the_answer_unavailable(sample_graph: tuple[Any, Any],
                                                                         nlp: Language) -> None:
    answer = _service(sample_graph[0], nlp, ModelGoneEmbedder()).answer(QUESTIONS[1])
    assert answer.status == "unavailable", (answer.status, answer.reason)
    assert not answer.citations
