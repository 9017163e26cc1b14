"""The tools: the catalogue's named queries as JSON schemas, and one dispatcher that runs them for both modes.

Rules:

- A tool is exactly a catalogue entry; its JSON schema comes from the entry's typed parameters (the ``embedding``
  parameter is left out of the schema: a model never supplies vectors; the executor's embedder does).
- A call to a name outside the catalogue, with arguments that are not a JSON object, or that the executor rejects
  (``QueryRejected`` / ``InputRejected``) is *not run*: it becomes a ``failed`` result with ``rejected: true``.
- Walk results (paths) are enriched with the evidence sentences of each edge through ``evidence_for`` (a catalogue
  query, recorded and announced like any other), so the drafter and the hop grader see the sentences.
- Everything a tool returns this turn lands in :attr:`ToolBox.evidence` (evidence id -> sentence): the only ids the
  citation gate accepts.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from extraction.errors import InputRejected, QueryRejected
from traversal_policy import CATALOGUE, Found, QueryFailed, QueryOutcome, QueryRecord, Resolution, TraversalExecutor
from traversal_policy.params import MAX_K, ParamSpec
from traversal_policy.policy import MAX_HOPS
from zehn.agent.events import Turn

MAX_EDGES = 40  # evidence_for look-ups per turn (a 3-hop impact walk on a real corpus stays well below)
_KIND_SCHEMA: dict[str, dict[str, Any]] = {
    "text": {"type": "string"}, "entity_id": {"type": "string"}, "rel_type": {"type": "string"},
    "depth": {"type": "integer", "minimum": 1, "maximum": MAX_HOPS}, "k": {"type": "integer", "minimum": 1,
                                                                           "maximum": MAX_K},
}
Edge = tuple[str, str, str]


def _param_schema(spec: ParamSpec) -> dict[str, Any]:
    return {**_KIND_SCHEMA[spec.kind], "description": spec.description}


def tool_schemas() -> list[dict[str, Any]]:
    """OpenAI ``tools`` for every catalogue query, generated from the typed parameters."""
    tools = []
    for query in CATALOGUE.values():
        params = [p for p in query.params if p.kind != "embedding"]
        tools.append({"type": "function", "function": {
            "name": query.name, "description": query.description,
            "parameters": {"type": "object", "properties": {p.name: _param_schema(p) for p in params},
                           "required": [p.name for p in params if p.required], "additionalProperties": False}}})
    return tools


@dataclass(frozen=True)
class EvidenceItem:
    id: str
    text: str
    document_id: str
    start: int
    end: int
    kind: str
    spans: dict[str, Any] | None = None


@dataclass
class ToolResult:
    name: str
    outcome: str  # found | no_evidence | failed
    payload: dict[str, Any]  # what the model sees
    result: QueryOutcome | None = None
    rejected: bool = False


@dataclass
class ToolBox:
    executor: TraversalExecutor
    turn: Turn
    records: list[QueryRecord] = field(default_factory=list)
    evidence: dict[str, str] = field(default_factory=dict)
    items: dict[str, EvidenceItem] = field(default_factory=dict)
    edges: dict[Edge, list[EvidenceItem]] = field(default_factory=dict)
    path_rows: list[dict[str, Any]] = field(default_factory=list)
    failures: list[QueryFailed] = field(default_factory=list)
    retrieval_ms: float = 0.0

    def resolve(self, name: str) -> Resolution | QueryFailed:
        """Typed resolution, announced as a ``resolve_entity`` tool call."""
        self.turn.checkpoint()
        self.turn.emit("tool_call", {"name": "resolve_entity", "args": {"name": name}})
        started = time.perf_counter()
        outcome = self.executor.resolve(name)
        self.retrieval_ms += (time.perf_counter() - started) * 1000.0
        self.records.extend(outcome.queries)
        if isinstance(outcome, QueryFailed):
            self.failures.append(outcome)
        label = {"failed": "failed", "unknown": "no_evidence"}.get(outcome.outcome, "found")
        rows = len(getattr(outcome, "candidates", ())) or (1 if hasattr(outcome, "entity") else 0)
        self.turn.emit("tool_result", {"name": "resolve_entity", "outcome": label, "rows": rows,
                                       "resolution": outcome.outcome,
                                       "queries": [q.to_dict() for q in outcome.queries]})
        return outcome

    def call(self, name: str, args: object) -> ToolResult:
        self.turn.checkpoint()
        self.turn.emit("tool_call", {"name": name, "args": args if isinstance(args, dict) else {"raw": str(args)}})
        if name not in CATALOGUE:
            return self._reject(name, f"unknown tool {name!r}: only the catalogue's named queries can be called")
        if isinstance(args, str):
            return self._reject(name, f"malformed tool-call arguments (not valid JSON): {args[:200]!r}")
        if not isinstance(args, dict):
            return self._reject(name, "arguments must be a JSON object")
        started = time.perf_counter()
        try:
            outcome = self.executor.run(name, args)
        except (QueryRejected, InputRejected) as exc:
            return self._reject(name, f"{type(exc).__name__}: {exc}")
        finally:
            self.retrieval_ms += (time.perf_counter() - started) * 1000.0
        self.records.extend(outcome.queries)
        payload = self._absorb(outcome)
        rows = len(outcome.rows) if isinstance(outcome, Found) else 0
        self.turn.emit("tool_result", {"name": name, "outcome": outcome.outcome, "rows": rows,
                                       "queries": [q.to_dict() for q in outcome.queries]})
        if isinstance(outcome, Found) and any(isinstance(r.get("path"), dict) for r in outcome.rows):
            self._enrich(outcome, payload)
        return ToolResult(name, outcome.outcome, payload, outcome)

    def _reject(self, name: str, error: str) -> ToolResult:
        self.turn.emit("tool_result", {"name": name, "outcome": "failed", "rows": 0, "rejected": True,
                                       "error": error, "queries": []})
        return ToolResult(name, "failed", {"outcome": "failed", "error": error, "rejected": True}, rejected=True)

    def _absorb(self, outcome: QueryOutcome) -> dict[str, Any]:
        if isinstance(outcome, QueryFailed):
            self.failures.append(outcome)
            return {"outcome": "failed", "error": str(outcome.error), "kind": outcome.kind}
        if not isinstance(outcome, Found):
            return {"outcome": "no_evidence", "reason": outcome.reason, "message": outcome.message}
        rows: list[dict[str, Any]] = []
        for row in outcome.rows:
            if outcome.query == "search_evidence":
                if row.get("kind") == "evidence":
                    self._add(EvidenceItem(str(row["id"]), str(row["text"]), str(row["document_id"]),
                                           int(row["start"]), int(row["end"]), "sentence"))
                    rows.append({"evidence_id": row["id"], "document_id": row["document_id"],
                                 "document_text": row["text"]})
                continue
            if outcome.query == "evidence_for":
                item = self._item(row)
                rows.append({"evidence_id": item.id, "document_id": item.document_id, "document_text": item.text})
                continue
            if isinstance(row.get("path"), dict):
                self.path_rows.append(row)
            for ev in row.get("evidence") or []:
                self._item(ev)
            rows.append(row)
        return {"outcome": "found", "rows": rows, "notes": list(outcome.notes)}

    def _item(self, row: dict[str, Any]) -> EvidenceItem:
        spans = row.get("spans")
        item = EvidenceItem(str(row.get("evidence_id") or row.get("id")), str(row["text"]), str(row["document_id"]),
                            int(row["start"]), int(row["end"]), str(row.get("kind") or "sentence"),
                            spans if isinstance(spans, dict) else None)
        self._add(item)
        if "source" in row and "rel_type" in row and "target" in row:
            key = (str(row["source"]), str(row["rel_type"]), str(row["target"]))
            if all(i.id != item.id for i in self.edges.setdefault(key, [])):
                self.edges[key].append(item)
        return item

    def _add(self, item: EvidenceItem) -> None:
        self.evidence.setdefault(item.id, item.text)
        self.items.setdefault(item.id, item)

    def _enrich(self, outcome: Found, payload: dict[str, Any]) -> None:
        """Fetch the sentences behind every edge of the returned paths (evidence_for), and show them inline."""
        for row in payload["rows"]:
            path = row.get("path")
            for edge in path.get("edges", []) if isinstance(path, dict) else []:
                key = (edge["source"], edge["rel_type"], edge["target"])
                if key not in self.edges and len(self.edges) < MAX_EDGES:
                    self.call("evidence_for", {"source": key[0], "rel_type": key[1], "target": key[2]})
                    self.edges.setdefault(key, [])
                edge["evidence"] = [{"evidence_id": i.id, "document_id": i.document_id, "document_text": i.text}
                                    for i in self.edges.get(key, [])]


def payload_json(result: ToolResult) -> str:
    return json.dumps(result.payload, default=str)[:24_000]
