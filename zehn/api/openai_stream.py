"""``stream: true`` for the OpenAI-compatible endpoint: chunks in OpenAI's SSE format (``data: {chunk}`` ...
``data: [DONE]``).

Order: a role chunk; one empty-delta chunk per step of the answering loop with the step in ``zehn`` (plan,
tool_call, tool_result, hop_grades, draft, verdict; an OpenAI client that ignores ``zehn`` sees nothing); then the
answer text, line by line, once it has passed the citation gate (a draft is never streamed as content); a final
chunk with ``finish_reason: stop`` and the digest in ``zehn``; ``[DONE]``. A failure after the stream started is
an ``{"error": ...}`` data line (the OpenAI client raises it as an API error) and no ``[DONE]``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import aclosing

from pydantic import BaseModel
from sse_starlette import ServerSentEvent

from extraction.errors import ZehnError
from zehn.agent import AnswerCancelled
from zehn.answers.digest import digest
from zehn.answers.model import Answer
from zehn.api.deps import Services
from zehn.api.errors import error_body
from zehn.api.openai_schemas import ChatCompletionChunk, ChunkChoice, ChunkExtension, Delta, OpenAIError
from zehn.api.streaming import Finished, answer_steps

log = logging.getLogger("zehn.api")
DONE = "[DONE]"


def openai_error(status: int, kind: str, message: str, answer: Answer | None = None) -> OpenAIError:
    """OpenAI's error body; ``type`` follows OpenAI's words for the status, ``code`` is ZEHN's failure kind."""
    type_ = {400: "invalid_request_error", 404: "invalid_request_error", 503: "service_unavailable"}.get(
        status, "server_error")
    return OpenAIError.model_validate({"error": {"message": message, "type": type_, "code": kind},
                                       "zehn": digest(answer) if answer is not None else None})


def error_for(exc: BaseException) -> tuple[int, OpenAIError]:
    if isinstance(exc, ZehnError):
        status, body = error_body(exc)
        status = 400 if status == 422 else status
        return status, openai_error(status, body.kind, body.message)
    log.error("chat completion failed: %s: %s", type(exc).__name__, exc)
    return 500, openai_error(500, "internal", "internal error (see the server log)")


def unavailable(answer: Answer) -> OpenAIError:
    return openai_error(503, "unavailable", answer.reason or answer.text, answer)


def lines(text: str) -> Iterator[str]:
    """The text in pieces that join back to exactly the text (each line keeps its newline)."""
    yield from text.splitlines(keepends=True) or [text]


class ChunkWriter:
    def __init__(self, completion_id: str, created: int, model: str) -> None:
        self.completion_id, self.created, self.model = completion_id, created, model

    def chunk(self, delta: Delta, *, finish: bool = False, zehn: ChunkExtension | None = None) -> ServerSentEvent:
        body = ChatCompletionChunk(id=self.completion_id, created=self.created, model=self.model, zehn=zehn,
                                   choices=[ChunkChoice(delta=delta, finish_reason="stop" if finish else None)])
        return _event(body)


def _event(body: BaseModel) -> ServerSentEvent:
    return ServerSentEvent(data=body.model_dump_json(exclude_none=True))


async def chunks(services: Services, question: str, writer: ChunkWriter) -> AsyncIterator[ServerSentEvent]:
    yield writer.chunk(Delta(role="assistant", content=""))
    async with aclosing(answer_steps(services, question)) as steps:
        async for item in steps:
            if not isinstance(item, Finished):
                if item.type != "answer":  # the final answer goes out once it is persisted
                    yield writer.chunk(Delta(), zehn=ChunkExtension(event=item.type, data=item.data))
                continue
            if item.answer is None:
                if isinstance(item.error, AnswerCancelled):
                    return  # the client went away; nobody to tell
                assert item.error is not None
                yield _event(error_for(item.error)[1])
                return
            if item.answer.status == "unavailable":
                yield _event(unavailable(item.answer))
                return
            for piece in lines(item.answer.text):
                yield writer.chunk(Delta(content=piece))
            yield writer.chunk(Delta(), finish=True, zehn=ChunkExtension(event="answer", answer=digest(item.answer)))
            yield ServerSentEvent(data=DONE)
            return
