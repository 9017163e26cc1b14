"""The catalogue's named queries as MCP tools, derived from the catalogue: a new named query is a new tool.

Schemas come from the same generator the answering loop gives a model (``zehn.agent.tool_schemas``), and a
call runs through the same dispatcher (``zehn.agent.dispatch``): arguments are checked by the executor (a bad one is
rejected, not run), path results get the evidence sentences of each edge (``evidence_for``) and every path is
hop-graded with the answering loop's grader when a spaCy pipeline is loaded. The result names every evidence id
it returned, so an agent can cite them, resolve them (``zehn://evidence/{id}``) or pass them on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any, Literal

from pydantic import BaseModel, Field

from extraction.errors import QueryRejected
from traversal_policy import QueryFailed
from zehn.agent.dispatch import Dispatcher
from zehn.agent.events import Turn
from zehn.agent.grading import grade_paths
from zehn.agent.tool_schemas import tool_schemas
from zehn.answers.model import GradedPath, PolicyOut, QueryRecordOut
from zehn.api.deps import Services
from zehn.mcp.registry import ToolOutput, ToolSpec

TEXT_LIMIT = 24_000  # characters of the JSON shown as text content; the structured result is complete


class QueryToolOut(BaseModel):
    tool: str
    outcome: Literal["found", "no_evidence"]
    evidence_ids: list[str] = Field(description="Every evidence id this call returned (rows and path edges).")
    hop_grades: list[GradedPath] = Field(description="Each returned path, hop-graded; empty when there are none.")
    hop_grading: Literal["graded", "no_paths", "not_graded"]
    result: dict[str, Any] = Field(description="Rows (paths with each edge's evidence) and notes, or why nothing.")
    queries: list[QueryRecordOut]
    policy: PolicyOut


def _path_evidence_ids(rows: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for row in rows:
        path = row.get("path")
        for edge in path.get("edges", []) if isinstance(path, dict) else []:
            ids.extend(str(i) for i in edge.get("evidence_ids") or [])
    return ids


def run_named_query(name: str, services: Services, args: Mapping[str, Any]) -> ToolOutput:
    box = Dispatcher(services.executor, Turn(None, None))
    called = box.call(name, dict(args), as_tool=True)
    if called.rejected or called.result is None:
        raise QueryRejected(str(called.payload.get("error") or f"{name}: the arguments were rejected"))
    outcome = called.result
    if isinstance(outcome, QueryFailed):
        raise outcome.error
    failed = next((f for f in box.failures if f.retriable), None)
    if failed is not None:  # an evidence look-up hit a server that went away: not a partial result
        raise failed.error
    grades: list[GradedPath] = []
    grading: Literal["graded", "no_paths", "not_graded"] = "no_paths"
    if box.paths:
        grading = "not_graded"
        if services.nlp is not None:
            grades = [view.graded for view in grade_paths(box.paths, box.edges, services.nlp)]
            grading = "graded"
    evidence_ids = list(dict.fromkeys([*box.evidence, *_path_evidence_ids(called.payload.get("rows") or [])]))
    out = QueryToolOut(
        tool=name, outcome="found" if outcome.outcome == "found" else "no_evidence", evidence_ids=evidence_ids,
        hop_grades=grades, hop_grading=grading, result=called.payload,
        queries=[QueryRecordOut(**{k: v for k, v in q.to_dict().items() if k != "error"}) for q in box.records],
        policy=PolicyOut(**outcome.policy.to_dict()))
    shown = out.model_dump(mode="json", exclude={"queries", "policy"})
    return ToolOutput(out, json.dumps(shown, ensure_ascii=False, default=str)[:TEXT_LIMIT])


def catalogue_tools() -> list[ToolSpec]:
    specs = []
    for schema in tool_schemas():
        function = schema["function"]
        specs.append(ToolSpec(name=function["name"], description=function["description"],
                              input_schema=function["parameters"], run=partial(run_named_query, function["name"])))
    return specs
