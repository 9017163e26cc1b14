"""One way to answer a question, whatever the door (``/api/answers``, the OpenAI-compatible endpoint, MCP ``ask``):
run the answering service as the services' caller (it reads only what that caller may read), stamp the request id,
persist in the caller's history, count.

Every final answer is persisted (:mod:`zehn.history`) before it is returned, except an ``unavailable`` one: the
graph was down, so there is nothing to write to. Every answer is counted by status (and refusals by rule).
"""

from __future__ import annotations

from extraction.evidence_reads import get_evidence
from zehn.answers.model import Answer
from zehn.answers.provenance import label_sources
from zehn.api.deps import CancelCheck, EventSink, Services, ensure_ready
from zehn.history import should_persist
from zehn.observability import request_id
from zehn.observability.metrics import METRICS


def finish(services: Services, answer: Answer) -> Answer:
    """Stamp the bound request id, label where each cited sentence was said or written
    (:mod:`zehn.answers.provenance`), persist a final answer (not an unavailable one), count it, return it."""
    if answer.request_id is None:
        answer = answer.model_copy(update={"request_id": request_id.current_or_new()})
    if answer.citations:  # the gate labels what it read; read again only citations it did not label
        unlabelled = [c.evidence_id for c in answer.citations if c.source is None]
        answer = label_sources(answer, get_evidence(services.graph, unlabelled) if unlabelled else [])
    stored = services.history.save(answer, services.caller) if should_persist(answer) else answer
    METRICS.observe_answer(stored)
    return stored


def answer_question(services: Services, question: str, *, on_event: EventSink | None = None,
                    cancelled: CancelCheck | None = None) -> Answer:
    """Blocking: call it from a worker thread. Raises what the answerer raises (``InputRejected``, cancellation), and
    GraphWarmingUp / GraphUnavailable while the graph is not ready (every door: HTTP, OpenAI-compatible, MCP)."""
    ensure_ready(services)
    answer = services.answerer.answer(question, scope=services.caller.scope, on_event=on_event, cancelled=cancelled)
    return finish(services, answer)
