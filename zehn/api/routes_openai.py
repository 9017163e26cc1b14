"""The OpenAI-compatible door: ``GET /v1/models`` and ``POST /v1/chat/completions``.

Any OpenAI client can ask ZEHN: the last user message is the question (earlier turns are not used: each answer
stands on its own citations); ``choices[0].message.content`` is the answer text; the top-level ``zehn`` field
carries the status (answered, abstained, refused, ambiguous, unknown_entity, not_in_graph, unavailable), the
citations with evidence ids, spans and quotes, and the hop grades. ``stream: true`` streams chunks
(:mod:`zehn.api.openai_stream`). The same answering service and citation gate run behind it as behind
``/api/answers``, and the answer is persisted and counted the same way.

Errors use OpenAI's shape ``{"error": {message, type, param, code}}``: 400 for a malformed request or no user
message, 404 for an unknown model, 503 when the graph is unavailable (with the answer in ``zehn`` when there is one).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from sse_starlette import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from zehn.answers.digest import digest
from zehn.api.answering import answer_question
from zehn.api.deps import Services, get_services
from zehn.api.openai_schemas import (
    MODEL_ID,
    AssistantMessage,
    ChatCompletion,
    ChatCompletionRequest,
    Choice,
    ModelCard,
    ModelList,
    OpenAIError,
)
from zehn.api.openai_stream import ChunkWriter, chunks, error_for, openai_error, unavailable
from zehn.api.routes_metrics import probe_graph

STARTED = int(time.time())
PING_S = 15


def _json(status: int, body: OpenAIError) -> JSONResponse:
    return JSONResponse(status_code=status, content=body.model_dump(mode="json"))


class OpenAIRoute(APIRoute):
    """Request validation errors in OpenAI's shape (400), not the rest of the API's (422)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                parts = [f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body')}: {e.get('msg')}"
                         for e in exc.errors()]
                return _json(400, openai_error(400, "invalid_request", "; ".join(parts) or "invalid request"))

        return route


router = APIRouter(prefix="/v1", tags=["openai"], route_class=OpenAIRoute)
Deps = Annotated[Services, Depends(get_services)]
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": OpenAIError}, 404: {"model": OpenAIError}, 503: {"model": OpenAIError},
    200: {"content": {"text/event-stream": {"description": "with stream: true, chat.completion.chunk events"}}},
}


@router.get("/models", response_model=ModelList, summary="The one model: ZEHN's gated answers")
def models() -> ModelList:
    return ModelList(data=[ModelCard(id=MODEL_ID, created=STARTED)])


def _question(body: ChatCompletionRequest) -> str | None:
    user = [m for m in body.messages if m.role == "user"]
    text = user[-1].text().strip() if user else ""
    return text or None


@router.post("/chat/completions", response_model=ChatCompletion, responses=ERRORS,
             summary="Ask ZEHN through the OpenAI Chat Completions API (the last user message is the question)")
async def chat_completions(body: ChatCompletionRequest, services: Deps) -> Response:
    if body.model != MODEL_ID:
        return _json(404, openai_error(404, "model_not_found", f"the model {body.model[:100]!r} does not exist; "
                                       f"use {MODEL_ID!r} (GET /v1/models)"))
    question = _question(body)
    if question is None:
        return _json(400, openai_error(400, "invalid_request", "no user message with text: the last user message "
                                       "is the question"))
    created = int(time.time())
    if body.stream:
        if not await run_in_threadpool(probe_graph, services):
            return _json(503, openai_error(503, "unavailable", f"the graph {services.settings.graph_name!r} is "
                                           "unavailable: FalkorDB does not answer"))
        writer = ChunkWriter(f"chatcmpl-{uuid.uuid4().hex}", created, MODEL_ID)
        return EventSourceResponse(chunks(services, question, writer), ping=PING_S, sep="\n")
    try:
        answer = await run_in_threadpool(answer_question, services, question)
    except Exception as exc:  # typed errors map to their status; anything else is a 500 in OpenAI's shape
        return _json(*error_for(exc))
    if answer.status == "unavailable":
        return _json(503, unavailable(answer))
    completion = ChatCompletion(id=f"chatcmpl-{answer.id}", created=created, model=MODEL_ID,
                                choices=[Choice(message=AssistantMessage(content=answer.text))], zehn=digest(answer))
    return JSONResponse(completion.model_dump(mode="json"))
