"""A small answerer with the shape of ``AnswerService`` that really queries the graph, and fails loudly when it is
called more often than a test expects."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, Literal

from extraction.access import PUBLIC, Scope, ScopedGraph
from extraction.errors import InputRejected
from extraction.evidence_reads import get_evidence
from traversal_policy import Found, QueryFailed, TraversalExecutor
from zehn.answers.model import Answer, AnswerEvent, Citation, PolicyOut, QueryRecordOut

Sink = Callable[[AnswerEvent], None] | None


class Cancelled(Exception):
    pass


class FakeAnswerer:
    mode: Literal["model", "deterministic"] = "deterministic"

    def __init__(self, executor: TraversalExecutor, graph: Any, *, max_calls: int = 1,
                 block_until_cancelled: bool = False) -> None:
        self.executor = executor
        self.graph = graph
        self.max_calls = max_calls
        self.calls = 0
        self.block_until_cancelled = block_until_cancelled
        self.was_cancelled = threading.Event()
        self._lock = threading.Lock()

    def answer(self, question: str, *, scope: Scope = PUBLIC, on_event: Sink = None,
               cancelled: Callable[[], bool] | None = None) -> Answer:
        with self._lock:
            self.calls += 1
            if self.calls > self.max_calls:
                raise AssertionError(f"FakeAnswerer called {self.calls} times; the test expected {self.max_calls}")
        if not question.strip():
            raise InputRejected("the question is blank")

        def emit(kind: Any, **data: Any) -> None:
            if on_event is not None:
                on_event(AnswerEvent(type=kind, data=data))

        emit("plan", steps=["search_evidence"])
        if self.block_until_cancelled:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if cancelled is not None and cancelled():
                    self.was_cancelled.set()
                    raise Cancelled("cancelled")
                time.sleep(0.01)
            raise AssertionError("never cancelled")
        params = {"text": question, "k": 5}
        emit("tool_call", name="search_evidence", params=params)
        outcome = self.executor.scoped(scope).run("search_evidence", params)
        queries = [QueryRecordOut(**{k: v for k, v in q.to_dict().items() if k != "error"}) for q in outcome.queries]
        emit("tool_result", outcome=outcome.outcome, queries=[q.model_dump() for q in queries])
        info = outcome.policy
        base = {"id": f"ans_{uuid.uuid4().hex[:16]}", "question": question, "mode": self.mode, "queries": queries,
                "policy": PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode)}
        if isinstance(outcome, QueryFailed):
            if not outcome.retriable:
                raise outcome.error
            return Answer(status="unavailable", text="The graph is unavailable.", reason=str(outcome.error), **base)
        rows = outcome.rows if isinstance(outcome, Found) else ()
        # only sentences the words themselves matched (a vector search always returns its nearest neighbours)
        ids = [r["id"] for r in rows if r["kind"] == "evidence" and "fulltext_evidence" in r["ranks"]][:2]
        evidence = get_evidence(ScopedGraph(self.graph, scope), ids)
        emit("hop_grades", paths=[])
        citations = [Citation(evidence_id=e["id"], document_id=e["document_id"], document_title=e["document_title"],
                              start=e["start"], end=e["end"], text=e["text"]) for e in evidence]
        text = " ".join(f'"{c.text}" [{c.evidence_id}]' for c in citations) or "I don't know."
        emit("draft", text=text)
        status: Literal["answered", "abstained"] = "answered" if citations else "abstained"
        emit("verdict", status=status)
        answer = Answer(status=status, text=text, citations=citations, retrieved_evidence_ids=ids, **base)
        emit("answer", **answer.model_dump(mode="json"))
        return answer
