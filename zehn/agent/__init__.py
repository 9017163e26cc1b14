"""The answering loop: route or model-drive the named queries, draft, gate, grade, and build the :class:`Answer`.

Public surface: :class:`AnswerService` (``answer(question, on_event=..., cancelled=...)``), :class:`LLMConfig`
and :class:`AnswerCancelled`.
"""

from zehn.agent.model_loop import LLMConfig
from zehn.agent.service import AnswerCancelled, AnswerService

__all__ = ["AnswerCancelled", "AnswerService", "LLMConfig"]
