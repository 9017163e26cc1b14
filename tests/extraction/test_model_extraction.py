"""Model-mode extraction under the quote-first contract, with a scripted model behind the real `openai` client.

The model is an in-process HTTP handler (httpx.MockTransport) that answers the chat-completions call the real
client makes; nothing leaves the process.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from graphrag_sdk import Context
from spacy.language import Language

from extraction.chunker import ExactSliceChunking
from extraction.loaders import load_file
from extraction.model_extraction import ModelExtraction
from extraction.model_llm import ModelConfig, OpenAIChatModel
from extraction.pipeline import CHUNK_CHARS
from extraction.sdk_strategies import zehn_ontology

TICKET = """---
title: "Labels fail while customs is slow"
source_type: "jira"
source_metadata:
  "key": "LAR-7"
---

# Labels fail while customs is slow

## description

The label-service calls customs-gateway for every international label. Shippers see failures.
"""
GOOD = {"source": "label-service", "target": "customs-gateway", "type": "CALLS",
        "attributes": {"quote": "label-service calls customs-gateway"}}


def completion(content: str) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]}


def scripted(answer: Callable[[str], str | None]) -> OpenAIChatModel:
    """A model whose reply to each prompt is ``answer(prompt)``; None means the call times out."""

    def handle(request: httpx.Request) -> httpx.Response:
        prompt = json.loads(request.content)["messages"][0]["content"]
        reply = answer(prompt)
        if reply is None:
            raise httpx.ReadTimeout("scripted timeout", request=request)
        return httpx.Response(200, json=completion(reply))

    config = ModelConfig(base_url="http://scripted.invalid/v1", api_key="test", model="scripted", timeout_s=1.0)
    client = openai.OpenAI(base_url=config.base_url, api_key=config.api_key, max_retries=0, timeout=1.0,
                           http_client=httpx.Client(transport=httpx.MockTransport(handle)))
    return OpenAIChatModel(config, client)


def relations_json(*relations: dict[str, Any]) -> str:
    return json.dumps({"entities": [], "relationships": list(relations)})


def run(nlp: Language, tmp_path: Path, model: OpenAIChatModel) -> tuple[ModelExtraction, list[dict[str, Any]], str]:
    path = tmp_path / "lar-7.md"
    path.write_text(TICKET, encoding="utf-8")
    document = load_file(path)
    chunks = asyncio.run(ExactSliceChunking(document, CHUNK_CHARS).chunk(document.text, Context()))
    extractor = ModelExtraction(document, nlp, model)
    asyncio.run(extractor.extract(chunks, zehn_ontology(), Context()))
    assert extractor.evidence is not None
    model_rows = [(row, r) for row in extractor.evidence.evidence.values() for r in row.relations
                  if r["raw_verb"] == "model"]
    for row, _ in model_rows:
        assert document.text[row.start : row.end] == row.text
    return extractor, [r for _, r in model_rows], document.text


def test_a_relation_with_a_verbatim_quote_is_kept_as_its_evidence(nlp: Language, tmp_path: Path) -> None:
    extractor, rels, text = run(nlp, tmp_path, scripted(lambda _: relations_json(GOOD)))
    assert extractor.accepted == 1 and not extractor.rejected
    (rel,) = rels
    assert (rel["subject"], rel["rel_type"], rel["object"]) == ("label-service", "CALLS", "customs-gateway")
    s, e = rel["subject_at"]
    assert text[s:e] == "label-service"


@pytest.mark.parametrize(
    ("relation", "reason"),
    [
        ({**GOOD, "attributes": {"quote": "label-service always calls customs-gateway"}}, "bad_quote"),
        ({**GOOD, "type": "TALKS_TO"}, "unknown_type"),
        ({**GOOD, "source": "billing-hub", "attributes": {"quote": "customs-gateway"}}, "invented_entity"),
        ({**GOOD, "target": "Shippers"}, "entity_outside_quote"),
        ({**GOOD, "type": "REPORTED"}, "type_constraint"),
    ],
)
def test_a_relation_that_breaks_the_contract_is_rejected_and_counted(nlp: Language, tmp_path: Path,
                                                                    relation: dict[str, Any], reason: str) -> None:
    extractor, rels, _ = run(nlp, tmp_path, scripted(lambda _: relations_json(relation)))
    assert rels == [] and extractor.accepted == 0
    assert extractor.rejected == {reason: 1}


def test_malformed_json_is_counted_and_the_deterministic_reading_stays(nlp: Language, tmp_path: Path) -> None:
    extractor, rels, _ = run(nlp, tmp_path, scripted(lambda _: "Sure! Here are the relations: label-service"))
    assert rels == [] and extractor.rejected["malformed_json"] >= 1
    assert extractor.evidence is not None
    rule_relations = {(r["subject"], r["rel_type"], r["object"]) for row in extractor.evidence.evidence.values()
                      for r in row.relations if r["raw_verb"] != "model"}
    assert ("label-service", "CALLS", "customs-gateway") in rule_relations


def test_a_model_that_times_out_is_counted_not_fatal(nlp: Language, tmp_path: Path) -> None:
    extractor, rels, _ = run(nlp, tmp_path, scripted(lambda _: None))
    assert rels == [] and extractor.rejected["timeout"] >= 1
