"""graphrag-sdk's LLM interface over the real `openai` client, for model-mode extraction.

One attempt per call with the client's own timeout (``max_retries=0``): a model that does not answer in time is
a chunk without model relations, counted, never a stall of the whole ingest. Every call is tallied by outcome
(``answered``, ``timeout``, ``unavailable``, ``malformed_json``) so the extractor can report what it rejected.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

import openai
from graphrag_sdk import LLMInterface
from graphrag_sdk.core.models import LLMResponse

from extraction.errors import ModelUnavailable


@dataclass(frozen=True)
class ModelConfig:
    """An OpenAI-compatible chat endpoint (the `ZEHN_LLM_*` settings)."""

    base_url: str
    api_key: str
    model: str
    timeout_s: float = 60.0


def _strip_fences(text: str) -> str:
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[-1].rsplit("```", 1)[0]
    return body.strip()


class OpenAIChatModel(LLMInterface):
    """Text in, text out through ``client.chat.completions.create``; failures raise :class:`ModelUnavailable`."""

    def __init__(self, config: ModelConfig, client: openai.OpenAI | None = None) -> None:
        super().__init__(model_name=config.model, max_concurrency=4)
        self.config = config
        self.client = client or openai.OpenAI(base_url=config.base_url, api_key=config.api_key,
                                              timeout=config.timeout_s, max_retries=0)
        self.calls: Counter[str] = Counter()

    def invoke(self, prompt: str, **kwargs: Any) -> LLMResponse:
        try:
            response = self.client.chat.completions.create(
                model=self.config.model, messages=[{"role": "user", "content": prompt}], temperature=0)
        except openai.APITimeoutError as exc:
            self.calls["timeout"] += 1
            raise ModelUnavailable(f"model {self.config.model} timed out after {self.config.timeout_s}s") from exc
        except openai.APIError as exc:
            self.calls["unavailable"] += 1
            raise ModelUnavailable(f"model {self.config.model} at {self.config.base_url}: {exc}") from exc
        content = response.choices[0].message.content or ""
        try:
            json.loads(_strip_fences(content))
        except json.JSONDecodeError:
            self.calls["malformed_json"] += 1
        else:
            self.calls["answered"] += 1
        return LLMResponse(content=content)

    async def ainvoke(self, prompt: str, *, max_retries: int = 1, timeout: float | None = None,
                      **kwargs: Any) -> LLMResponse:
        """One attempt in a worker thread (the SDK's default would retry with backoff)."""
        return await asyncio.to_thread(self.invoke, prompt)
