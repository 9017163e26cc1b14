"""The model's tools: every catalogue query as an OpenAI function schema, generated from its typed parameters.

Vector parameters (``embedding``, ``vectors``) are left out: a model never supplies vectors; the executor's
embedder computes them. Running a tool is the dispatcher's job (:mod:`zehn.agent.dispatch`), not this module's.
"""

from __future__ import annotations

from typing import Any

from traversal_policy import CATALOGUE
from traversal_policy.params import MAX_K, MAX_NAMES, ParamSpec
from traversal_policy.policy import MAX_HOPS

_MODEL_KINDS: dict[str, dict[str, Any]] = {
    "text": {"type": "string"},
    "texts": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_NAMES},
    "entity_id": {"type": "string"}, "document_id": {"type": "string"},
    "document_ids": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 8},
    "rel_type": {"type": "string"}, "depth": {"type": "integer", "minimum": 1, "maximum": MAX_HOPS},
    "k": {"type": "integer", "minimum": 1, "maximum": MAX_K},
}


def _param_schema(spec: ParamSpec) -> dict[str, Any]:
    return {**_MODEL_KINDS[spec.kind], "description": spec.description}


def tool_schemas() -> list[dict[str, Any]]:
    """OpenAI ``tools`` for every catalogue query offered as one (``NamedQuery.tool``)."""
    tools = []
    for query in (q for q in CATALOGUE.values() if q.tool):
        params = [p for p in query.params if p.kind in _MODEL_KINDS]
        tools.append({"type": "function", "function": {
            "name": query.name, "description": query.description,
            "parameters": {"type": "object", "properties": {p.name: _param_schema(p) for p in params},
                           "required": [p.name for p in params if p.required], "additionalProperties": False}}})
    return tools
