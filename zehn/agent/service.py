"""The public answering service: one question in, one :class:`Answer` out, with events streamed as they happen.

``AnswerService(executor, nlp, graph, llm=None).answer(question, scope=..., on_event=..., cancelled=...)``.
The question is checked once (:func:`zehn.answers.model.question_problem`: blank or too long is ``InputRejected``),
then the pipeline (:mod:`zehn.agent.pipeline`) runs as the caller's ``scope``. Order of events: ``plan`` ->
(``tool_call`` / ``tool_result``)* -> ``hop_grades`` -> ``draft`` -> ``verdict`` -> ``answer``; a turn that stops
early skips to ``verdict``. A database failure is ``unavailable`` (never an abstention); so is a model endpoint that
does not answer.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal

from spacy.language import Language

from extraction.access import PUBLIC, Scope, ScopedGraph
from extraction.embeddings import LocalEmbedder
from extraction.errors import InputRejected
from extraction.term_store import model_tag, read_terms
from traversal_policy import TraversalExecutor
from traversal_policy.index_sizes import IndexSizes
from traversal_policy.runner import IndexMemo
from zehn.agent.corpus_words import CorpusWords
from zehn.agent.dispatch import Dispatcher
from zehn.agent.events import AnswerCancelled, Turn
from zehn.agent.lemmas import irregular_forms
from zehn.agent.model_loop import LLMConfig
from zehn.agent.passage_cache import PassageCache
from zehn.agent.pipeline import Pipeline
from zehn.agent.similarity import Similarity, StoredTerms
from zehn.answers.model import Answer, AnswerEvent, PolicyOut, QueryRecordOut, question_problem
from zehn.answers.provenance import label_sources

__all__ = ["AnswerCancelled", "AnswerService"]
# How long the search indexes, once found present, are taken to be there for every answer (one check per answer
# was one graph round trip in fourteen; an index goes only with its graph, and a dropped one is noticed this late).
INDEXES_KEPT_S = 10.0


class AnswerService:
    def __init__(self, executor: TraversalExecutor, nlp: Language, graph: Any, llm: LLMConfig | None = None) -> None:
        self.executor = executor
        self.nlp = nlp
        self.graph = graph
        self.llm = llm
        embedder: Any = executor.embedder
        self.similarity = Similarity(embedder if hasattr(embedder, "word_vectors") else None,
                                     irregular=irregular_forms(nlp), stored=stored_terms(graph, embedder))
        self.pipeline = Pipeline(nlp, self.similarity, llm)
        self.indexes = IndexMemo(keep_s=INDEXES_KEPT_S)  # every answer's searches, for INDEXES_KEPT_S
        self.sizes = IndexSizes()  # the vector indexes' sizes, per graph version (traversal_policy/index_sizes.py)
        self.corpus = CorpusWords()  # the whole-corpus word index per reader, rebuilt when the graph changes
        self.kept = PassageCache()  # documents' passages read before, per reader, until the graph changes

    @property
    def mode(self) -> Literal["model", "deterministic"]:
        return "model" if self.llm is not None else "deterministic"

    def answer(self, question: str, *, scope: Scope = PUBLIC, on_event: Callable[[AnswerEvent], None] | None = None,
               cancelled: Callable[[], bool] | None = None) -> Answer:
        """Everything this answer reads (named queries, documents, the cited sentences) it reads as ``scope``: the
        tools return only evidence the caller may read, so the gate accepts no citation outside it."""
        problem = question_problem(question)
        if problem is not None:
            raise InputRejected(problem)
        question = question.strip()
        started = time.perf_counter()
        turn = Turn(on_event, cancelled)
        turn.checkpoint()
        # A deterministic turn reads the typed rows only: no model-facing payloads (the tool calls shown are the same).
        dispatcher = Dispatcher(self.executor.scoped(scope, indexes=self.indexes, sizes=self.sizes), turn,
                                payloads=self.llm is not None, corpus=self.corpus, kept=self.kept)
        run = self.pipeline.run(question, turn, dispatcher, ScopedGraph(self.graph, scope))
        outcome = run.outcome
        timings = {**run.timings, "retrieval_ms": dispatcher.retrieval_ms,
                   "total_ms": (time.perf_counter() - started) * 1000.0}
        answer = Answer(
            id=uuid.uuid4().hex, question=question, status=outcome.status, text=outcome.text, reason=outcome.reason,
            decline=outcome.decline,
            offending=outcome.offending, citations=outcome.citations, retrieved_evidence_ids=list(dispatcher.evidence),
            paths=[v.graded for v in run.paths], candidates=outcome.candidates,
            queries=[QueryRecordOut(name=q.name, cypher=q.cypher, params=q.params, rows=q.rows,
                                    run_time_ms=q.run_time_ms, wall_ms=q.wall_ms) for q in dispatcher.records],
            policy=PolicyOut(**self.executor.policy.info().to_dict()), mode=self.mode,
            timings={k: round(v, 3) for k, v in timings.items()}, created_at=datetime.now(UTC).isoformat())
        answer = label_sources(answer, [])  # the gate labelled each citation; say whether all are conversations
        turn.emit("answer", {"answer": answer.model_dump()})
        return answer


def stored_terms(graph: Any, embedder: Any) -> StoredTerms | None:
    """The word vectors ingest stored with ``embedder``'s model (extraction/term_store.py), read from ``graph``: a
    word's vector says nothing of any document, so it is read as PUBLIC, whoever asks. None for another embedder
    (a test's), whose vectors no ingest stored."""
    if not isinstance(embedder, LocalEmbedder):
        return None
    model = model_tag(embedder)
    handle = ScopedGraph(graph, PUBLIC)
    return lambda words: read_terms(handle, words, model)
