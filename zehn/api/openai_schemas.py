"""Wire models of the OpenAI-compatible endpoint (the subset of the Chat Completions API that ZEHN serves), plus
the ``zehn`` extension field that carries what the answer text alone cannot: status, citations, hop grades."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from zehn.answers.digest import AnswerDigest
from zehn.answers.model import EventType

MODEL_ID = "zehn"


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    text: str | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")  # name, tool_calls, ...: accepted, not used
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[ContentPart] | None = None

    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text for p in self.content or [] if p.type == "text" and p.text)


class ChatCompletionRequest(BaseModel):
    """Sampling options (temperature, max_tokens, ...) are accepted and ignored: answers are extractive and gated."""

    model_config = ConfigDict(extra="allow")
    model: str = Field(examples=[MODEL_ID])
    messages: list[ChatMessage] = Field(min_length=1, description="The last user message is the question.")
    stream: bool = False


class AssistantMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class Choice(BaseModel):
    index: int = 0
    message: AssistantMessage
    finish_reason: Literal["stop"] = "stop"
    logprobs: None = None


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[Choice]
    zehn: AnswerDigest = Field(description="ZEHN's extension: status, citations (evidence ids, spans, quotes), "
                               "hop grades. The status tells answered from abstained, refused, ambiguous, ...")


class Delta(BaseModel):
    role: Literal["assistant"] | None = None
    content: str | None = None


class ChunkChoice(BaseModel):
    index: int = 0
    delta: Delta
    finish_reason: Literal["stop"] | None = None
    logprobs: None = None


class ChunkExtension(BaseModel):
    """A step of the answering loop as it happens (``data``), or the final digest (``event: answer``)."""

    event: EventType
    data: dict[str, Any] | None = None
    answer: AnswerDigest | None = None


class ChatCompletionChunk(BaseModel):
    id: str
    object: Literal["chat.completion.chunk"] = "chat.completion.chunk"
    created: int
    model: str
    choices: list[ChunkChoice]
    zehn: ChunkExtension | None = None


class ModelCard(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "zehn"


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]


class OpenAIErrorBody(BaseModel):
    message: str
    type: str
    param: str | None = None
    code: str | None = None


class OpenAIError(BaseModel):
    error: OpenAIErrorBody
    zehn: AnswerDigest | None = Field(default=None, description="The answer, when there is one (status unavailable).")
