"""Typed outcomes of the traversal policy turned into API models (resolution, impact paths, neighbourhoods)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from traversal_policy import Ambiguous, PolicyInfo, QueryRecord, Resolution
from zehn.answers.model import PolicyOut
from zehn.api.schemas import (
    CandidateOut,
    EvidenceRef,
    GraphEdge,
    GraphNode,
    ImpactPath,
    PathHop,
    QueryRecordApi,
    ResolutionOut,
)


def policy_out(info: PolicyInfo) -> PolicyOut:
    return PolicyOut(name=info.name, hash=info.hash, evaluation_mode=info.evaluation_mode)


def records(queries: Iterable[QueryRecord]) -> list[QueryRecordApi]:
    return [QueryRecordApi(**q.to_dict()) for q in queries]


def resolution_out(res: Resolution) -> ResolutionOut:
    data = res.to_dict()
    return ResolutionOut(
        outcome=res.outcome, name=res.name, candidates=[CandidateOut(**c) for c in data["candidates"]],
        match=res.match if isinstance(res, Ambiguous) else None, queries=records(res.queries),
        policy=policy_out(res.policy),
    )


def _hops(row: Mapping[str, Any]) -> list[PathHop]:
    """The hops of one shaped path row (``traversal_policy.handlers.path_row``), each as the edge is stored."""
    path = row.get("path") or {}
    names = dict(zip(path.get("node_ids") or [], path.get("names") or [], strict=False))
    return [PathHop(source=str(e["source"]), source_name=names.get(e["source"]), rel_type=str(e["rel_type"]),
                    target=str(e["target"]), target_name=names.get(e["target"]),
                    evidence_ids=[str(i) for i in e.get("evidence_ids") or []])
            for e in path.get("edges") or []]


def path_out(row: Mapping[str, Any]) -> ImpactPath:
    entity = row.get("entity") or {}
    return ImpactPath(entity_id=str(entity.get("id")), entity_name=entity.get("name"),
                      entity_type=entity.get("type"), hops=_hops(row))


def neighborhood(subject: Mapping[str, Any] | None, rows: Iterable[Mapping[str, Any]],
                 ) -> tuple[GraphNode | None, list[GraphNode], list[GraphEdge]]:
    """Nodes and edges of an ``entity_profile`` result (one hop around the subject)."""
    center = None
    nodes: dict[str, GraphNode] = {}
    if subject is not None:
        center = GraphNode(id=str(subject.get("id")), name=subject.get("name"), type=subject.get("type"))
        nodes[center.id] = center
    edges: dict[tuple[str, str, str], GraphEdge] = {}
    for row in rows:
        path = row.get("path") or {}
        for node_id, name, kind in zip(path.get("node_ids") or [], path.get("names") or [],
                                       path.get("types") or [], strict=False):
            nodes.setdefault(str(node_id), GraphNode(id=str(node_id), name=name, type=kind))
        refs = [EvidenceRef(**{k: ev[k] for k in ("id", "text", "document_id", "start", "end")})
                for ev in row.get("evidence") or [] if ev]
        for hop in _hops(row):
            key = (hop.source, hop.rel_type, hop.target)
            if key not in edges:
                edges[key] = GraphEdge(source=hop.source, target=hop.target, rel_type=hop.rel_type,
                                       evidence_ids=hop.evidence_ids, evidence=refs)
    return center, list(nodes.values()), list(edges.values())
