"""The ``change_review`` tool: review a change (pasted text or diff, or a PR / ticket in the graph) exactly as
``POST /api/change-reviews/preview`` does. Read-only: the review is returned, not stored (storing is a write, behind
the HTTP API's write token). Its text content is the Markdown a PR comment would carry, every line cited."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from extraction.errors import InputRejected
from zehn.api.deps import Services, ensure_ready
from zehn.api.routes_reviews import ChangeReviewRequest, compute
from zehn.mcp.registry import ToolOutput, ToolSpec
from zehn.review.markdown import render

DESCRIPTION = ("Review a change before it ships: give the change as text (a PR description, a unified diff, a "
               "design note) or a pull request / ticket already ingested (document_id: id, key like OPS-412, or "
               "URL). Returns the entities it touches and how each was matched, what they affect by hop (graded), "
               "owners and on-call where the documents say, documents to re-read, and what the review cannot tell. "
               "Every claim cites evidence ids with their sentences.")
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 1, "description": "The change, as text or a unified diff."},
        "document_id": {"type": "string", "minLength": 1, "description": "Or a PR / ticket: id, key or URL."},
        "depth": {"type": "integer", "minimum": 1, "maximum": 3, "description": "Impact hops (default 2)."},
        "as_of": {"type": "string", "description": "Review against the graph as it stood then (a date)."},
    },
    "additionalProperties": False,
}


def run_review(services: Services, args: Mapping[str, Any]) -> ToolOutput:
    try:
        body = ChangeReviewRequest.model_validate(dict(args))
    except ValidationError as exc:
        raise InputRejected("; ".join(e["msg"] for e in exc.errors())) from exc
    ensure_ready(services)
    review = compute(services, body)
    return ToolOutput(review, render(review))


CHANGE_REVIEW = ToolSpec(name="change_review", description=DESCRIPTION, input_schema=SCHEMA, run=run_review)
