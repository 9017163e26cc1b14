"""Event emission and cancellation for one turn: every step reports an :class:`AnswerEvent` in real order.

The pipeline runner owns the turn; the dispatcher reports its tool calls to it (:meth:`Turn.called`,
:meth:`Turn.returned`), so the stages themselves emit nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zehn.answers.model import AnswerEvent, EventType


class AnswerCancelled(Exception):
    """The caller's ``cancelled()`` turned True between two steps; the turn stopped there."""


class Turn:
    """Emits events to the caller's callback and checks for cancellation between steps."""

    def __init__(self, on_event: Callable[[AnswerEvent], None] | None,
                 cancelled: Callable[[], bool] | None) -> None:
        self._on_event = on_event
        self._cancelled = cancelled
        self.events: list[AnswerEvent] = []

    def emit(self, type_: EventType, data: dict[str, Any]) -> None:
        event = AnswerEvent(type=type_, data=data)
        self.events.append(event)
        if self._on_event is not None:
            self._on_event(event)

    def called(self, name: str, args: dict[str, Any]) -> None:
        """A named query is about to run (a checkpoint first: a cancelled turn runs nothing more)."""
        self.checkpoint()
        self.emit("tool_call", {"name": name, "args": args})

    def returned(self, name: str, data: dict[str, Any]) -> None:
        self.emit("tool_result", {"name": name, **data})

    def checkpoint(self) -> None:
        """Raise :class:`AnswerCancelled` when the caller asked to stop."""
        if self._cancelled is not None and self._cancelled():
            raise AnswerCancelled("the answer was cancelled by the caller")
