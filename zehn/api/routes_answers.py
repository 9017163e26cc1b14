"""Answers: ask (``POST /api/answers``), ask and watch the steps (``POST /api/answers/stream``), history.

Every final answer is persisted and counted (:mod:`zehn.api.answering`) before it is returned, except an
``unavailable`` one: the graph was down, so it is returned with status 503 and not stored.

Streaming runs the answerer in a worker thread (:mod:`zehn.api.streaming`); each real step it reports goes out as
one Server-Sent Event, in the order it happened: ``plan``, ``tool_call`` / ``tool_result`` ..., ``hop_grades``,
``draft``, ``verdict``, then ``answer`` (sent by the API itself once the answer is persisted:
``{"answer": <answer object>}``) or ``error`` (an error body; also for an answer whose status is ``unavailable``:
the graph went away while answering).
Each event's ``data`` is the JSON of ``AnswerEvent.data``. When the client disconnects, the stream is
cancelled and a flag is set that the answerer's ``cancelled()`` reads, so the work stops too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import aclosing
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool

from extraction.errors import ZehnError
from zehn.agent import AnswerCancelled
from zehn.answers.model import Answer, Status
from zehn.api.answering import answer_question
from zehn.api.deps import ReadyServices, Services
from zehn.api.errors import RETRY_AFTER_S, ErrorOut, NotFound, error_body
from zehn.api.inputs import AnswerId
from zehn.api.schemas import AnswerRequest, HistoryOut
from zehn.api.streaming import Finished, answer_steps

log = logging.getLogger("zehn.api")
router = APIRouter(prefix="/api", tags=["answers"])
Deps = ReadyServices  # 503 warming_up / unavailable before any work while the graph is not ready
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut}, 422: {"model": ErrorOut},
    503: {"description": "graph unavailable: an answer with status 'unavailable', or an error body"},
}
PING_S = 15


def _answer_response(answer: Answer) -> Answer | JSONResponse:
    if answer.status == "unavailable":
        return JSONResponse(status_code=503, content=answer.model_dump(mode="json"),
                            headers={"Retry-After": str(RETRY_AFTER_S)})
    return answer


@router.post("/answers", response_model=Answer, responses=ERRORS,
             summary="Answer a question, citing the exact source sentences, or say 'I don't know'")
async def create_answer(body: AnswerRequest, services: Deps) -> Answer | JSONResponse:
    return _answer_response(await run_in_threadpool(answer_question, services, body.question))


def _error_event(exc: BaseException) -> ServerSentEvent:
    if isinstance(exc, AnswerCancelled):
        body = ErrorOut(status="cancelled", kind="cancelled", message="the answer was cancelled")
    elif isinstance(exc, ZehnError):
        _status, body = error_body(exc)
    else:
        log.error("answer stream failed: %s: %s", type(exc).__name__, exc)
        body = ErrorOut(status="error", kind="internal", message="internal error (see the server log)")
    return ServerSentEvent(data=body.model_dump_json(), event="error")


async def _events(services: Services, question: str) -> AsyncIterator[ServerSentEvent]:
    sequence = 0
    async with aclosing(answer_steps(services, question)) as steps:
        async for item in steps:
            sequence += 1
            if isinstance(item, Finished):
                if item.answer is not None and item.answer.status == "unavailable":
                    body = ErrorOut(status="unavailable", kind="unavailable", retriable=True,
                                    message=item.answer.reason or "the graph is unavailable")
                    yield ServerSentEvent(data=body.model_dump_json(), event="error", id=str(sequence))
                elif item.answer is not None:
                    data = json.dumps({"answer": item.answer.model_dump(mode="json")}, ensure_ascii=False)
                    yield ServerSentEvent(data=data, event="answer", id=str(sequence))
                else:
                    assert item.error is not None
                    yield _error_event(item.error)
                return
            if item.type == "answer":
                continue  # the final answer is sent when it is persisted (Finished)
            yield ServerSentEvent(data=json.dumps(item.data, ensure_ascii=False, default=str), event=item.type,
                                  id=str(sequence))


@router.post("/answers/stream", response_class=EventSourceResponse, responses=ERRORS,
             summary="Answer a question, streaming each real step as a Server-Sent Event")
async def stream_answer(body: AnswerRequest, services: Deps) -> EventSourceResponse:
    return EventSourceResponse(_events(services, body.question), ping=PING_S)


@router.get("/answers/{answer_id}", response_model=Answer, responses=ERRORS,
            summary="One stored answer, with 'stale' and the reasons when a cited sentence changed since")
def get_answer(answer_id: AnswerId, services: Deps) -> Answer:
    answer = services.history.get(answer_id, services.caller)
    if answer is None:
        raise NotFound(f"no answer {answer_id!r}")
    return answer


@router.get("/history", response_model=HistoryOut, responses=ERRORS,
            summary="The caller's stored answers, newest first (an admin token lists everyone's)")
def history(services: Deps, limit: Annotated[int, Query(ge=1, le=500)] = 50,
            status: Annotated[Status | None, Query(description="Only answers with this status.")] = None,
            q: Annotated[str | None, Query(max_length=500, description="Only questions containing these words "
                                                                       "(case-insensitive).")] = None,
            stale: Annotated[bool | None, Query(description="true: only stale answers (a cited sentence changed or "
                                                            "was removed since); false: only current ones.")] = None,
            ) -> HistoryOut:
    return HistoryOut(answers=services.history.list(services.caller, limit, status=status, q=q, stale=stale),
                      limit=limit)
