"""The public answering service: one question in, one :class:`Answer` out, with events streamed as they happen.

Order of events: ``plan`` -> (``tool_call`` / ``tool_result``)* -> ``hop_grades`` -> ``draft`` -> ``verdict`` ->
``answer``. A turn that stops early (ambiguous, unknown, unavailable) skips to ``verdict`` and ``answer``.
A database failure is ``unavailable`` (never an abstention); so is a model endpoint that does not answer.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal

import redis
from spacy.language import Language

from extraction.access import PUBLIC, Scope, ScopedGraph
from extraction.errors import InputRejected, ModelUnavailable
from extraction.evidence_reads import get_document
from traversal_policy import TraversalExecutor
from traversal_policy.params import MAX_TEXT_CHARS
from zehn.agent import gate
from zehn.agent.events import AnswerCancelled, Turn
from zehn.agent.grading import PathView, grade_paths
from zehn.agent.intent import route
from zehn.agent.model_loop import LLMConfig, run_model
from zehn.agent.planner import Drafted, Stop, planned_queries, run_plan
from zehn.agent.tools import ToolBox
from zehn.answers.model import Answer, AnswerEvent, PolicyOut, QueryRecordOut

__all__ = ["AnswerCancelled", "AnswerService"]
MAX_QUESTION_CHARS = min(MAX_TEXT_CHARS, 4_000)


class AnswerService:
    def __init__(self, executor: TraversalExecutor, nlp: Language, graph: Any, llm: LLMConfig | None = None) -> None:
        self.executor = executor
        self.nlp = nlp
        self.graph = graph
        self.llm = llm

    @property
    def mode(self) -> Literal["model", "deterministic"]:
        return "model" if self.llm is not None else "deterministic"

    def answer(self, question: str, *, scope: Scope = PUBLIC, on_event: Callable[[AnswerEvent], None] | None = None,
               cancelled: Callable[[], bool] | None = None) -> Answer:
        """Everything this answer reads (named queries, documents, the cited sentences) it reads as ``scope``: the
        tools return only evidence the caller may read, so the gate accepts no citation outside it."""
        if not isinstance(question, str) or not question.strip():
            raise InputRejected("the question is blank")
        if len(question) > MAX_QUESTION_CHARS:
            raise InputRejected(f"the question is {len(question)} characters long (limit {MAX_QUESTION_CHARS})")
        question = question.strip()
        started = time.perf_counter()
        turn = Turn(on_event, cancelled)
        box = ToolBox(self.executor.scoped(scope), turn)
        graph = ScopedGraph(self.graph, scope)
        timings = {"model_ms": 0.0, "verify_ms": 0.0}
        views: list[PathView] = []
        turn.checkpoint()
        if self.llm is None:
            routed = route(question)
            turn.emit("plan", {"mode": "deterministic", "intent": routed.intent,
                               "entities": [m.text for m in routed.mentions], "queries": planned_queries(routed)})
            result = run_plan(routed, question, box, self.nlp, lambda ids: self._documents(graph, ids))
            if isinstance(result, Stop):
                return self._finish(question, turn, box, gate.non_answer(result.status, result.reason, question,
                                    len(box.evidence), result.candidates), views, started, timings)
            views = result.views
            drafted: Drafted = result
        else:
            turn.emit("plan", {"mode": "model", "intent": "model", "entities": [], "queries": ["(model-chosen)"],
                               "model": self.llm.model, "max_steps": self.llm.max_steps})
            try:
                model = run_model(question, self.llm, box)
            except ModelUnavailable as exc:
                return self._finish(question, turn, box, gate.non_answer("unavailable", str(exc), question,
                                    len(box.evidence)), views, started, timings)
            timings["model_ms"] = model.model_ms
            if box.failures and any(f.retriable for f in box.failures):
                return self._finish(question, turn, box, gate.non_answer(
                    "unavailable", f"graph unavailable: {box.failures[0].error}", question, len(box.evidence)),
                    views, started, timings)
            if model.draft is None:
                return self._finish(question, turn, box, gate.non_answer(
                    "refused", f"step limit: the model did not finish within {self.llm.max_steps} steps",
                    question, len(box.evidence)), views, started, timings)
            views = grade_paths(box.path_rows, box.edges, self.nlp)
            drafted = Drafted(model.draft, views, "the model's draft cites nothing")
        turn.checkpoint()
        verify_start = time.perf_counter()
        if self.llm is None:
            views = drafted.views
        turn.emit("hop_grades", {"paths": [v.graded.model_dump() for v in views]})
        turn.emit("draft", {"text": drafted.draft or ""})
        turn.checkpoint()
        try:
            if drafted.draft:
                outcome = gate.judge(drafted.draft, box.evidence, question, graph)
            else:
                outcome = gate.non_answer("abstained", drafted.reason, question, len(box.evidence))
        except gate.GateUnavailable as exc:
            outcome = gate.non_answer("unavailable", str(exc), question, len(box.evidence))
        timings["verify_ms"] = (time.perf_counter() - verify_start) * 1000.0
        return self._finish(question, turn, box, outcome, views, started, timings)

    def _documents(self, graph: ScopedGraph, ids: list[str]) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for doc_id in ids:
            try:
                doc = get_document(graph, doc_id)
            except (redis.RedisError, OSError):
                continue  # only weakens the anchor check (sentence and title still count); never invents support
            if doc:
                out[doc_id] = (str(doc.get("title") or ""), str(doc.get("text") or ""))
        return out

    def _finish(self, question: str, turn: Turn, box: ToolBox, outcome: gate.Outcome, views: list[PathView],
                started: float, timings: dict[str, float]) -> Answer:
        turn.emit("verdict", {"status": outcome.status, "reason": outcome.reason, "offending": outcome.offending})
        timings = {**timings, "retrieval_ms": round(box.retrieval_ms, 3),
                   "total_ms": round((time.perf_counter() - started) * 1000.0, 3)}
        answer = Answer(
            id=uuid.uuid4().hex, question=question, status=outcome.status,  # type: ignore[arg-type]
            text=outcome.text, reason=outcome.reason, offending=outcome.offending, citations=outcome.citations,
            retrieved_evidence_ids=list(box.evidence), paths=[v.graded for v in views],
            candidates=outcome.candidates,
            queries=[QueryRecordOut(name=q.name, cypher=q.cypher, params=q.params, rows=q.rows,
                                    run_time_ms=q.run_time_ms, wall_ms=q.wall_ms) for q in box.records],
            policy=PolicyOut(**self.executor.policy.info().to_dict()), mode=self.mode,
            timings={k: round(v, 3) for k, v in timings.items()},
            created_at=datetime.now(UTC).isoformat())
        turn.emit("answer", {"answer": answer.model_dump()})
        return answer
