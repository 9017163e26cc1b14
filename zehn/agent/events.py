"""Event emission and cancellation for one turn: every step reports an :class:`AnswerEvent` in real order."""

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

    def checkpoint(self) -> None:
        """Raise :class:`AnswerCancelled` when the caller asked to stop."""
        if self._cancelled is not None and self._cancelled():
            raise AnswerCancelled("the answer was cancelled by the caller")
