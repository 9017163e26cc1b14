"""Answering in a worker thread while the event loop streams each real step (``/api/answers/stream`` and the
OpenAI-compatible endpoint with ``stream: true`` share it).

Each step the answerer reports (``on_event``) crosses to the event loop with ``loop.call_soon_threadsafe`` onto an
asyncio queue, in the order it happened; the last item is :class:`Finished` with the persisted answer or the
error. When the consumer stops (the client disconnected and the stream was cancelled, or it closed the iterator),
a flag is set that the answerer's ``cancelled()`` reads, so the work stops too. Use it inside
``contextlib.aclosing`` so that flag is set at once, not when the generator is collected.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import AsyncGenerator
from dataclasses import dataclass

from zehn.answers.model import Answer, AnswerEvent
from zehn.api.answering import answer_question
from zehn.api.deps import Services


@dataclass(frozen=True)
class Finished:
    answer: Answer | None  # persisted and counted (zehn.api.answering)
    error: BaseException | None


async def answer_steps(services: Services, question: str) -> AsyncGenerator[AnswerEvent | Finished, None]:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[AnswerEvent | Finished] = asyncio.Queue()
    cancel = threading.Event()

    def post(item: AnswerEvent | Finished) -> None:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, item)
        except RuntimeError:  # the loop is gone (server shutting down): nobody is listening any more
            cancel.set()

    def work() -> None:
        try:
            post(Finished(answer_question(services, question, on_event=post, cancelled=cancel.is_set), None))
        except BaseException as exc:  # reported to the consumer, never lost in the thread
            post(Finished(None, exc))

    context = contextvars.copy_context()  # the request id travels into the worker thread
    threading.Thread(target=context.run, args=(work,), name="zehn-answer", daemon=True).start()
    try:
        while True:
            item = await queue.get()
            yield item
            if isinstance(item, Finished):
                return
    finally:
        cancel.set()  # disconnected or done: either way the work may stop
