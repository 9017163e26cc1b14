"""Hop-grade every returned path against the evidence sentences of its edges (verify.grade_hop).

For each edge the grader sees each of its evidence sentences (``HopInput``: sentence = the evidence text, the
mention spans from the edge's ``spans`` JSON converted to sentence offsets, ``kind`` metadata|sentence); the edge
keeps the strongest grade any of its sentences earns (one sentence that states it is enough). A path is as strong as
its weakest edge; an edge with no sentence is ``insufficient`` (``no_evidence``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spacy.language import Language

from verify import HopGrade, HopInput, grade_hop, via_of
from verify.grades import HopKind, rank, weakest
from zehn.agent.tools import Edge, EvidenceItem
from zehn.answers.model import GradedPath, Hop


@dataclass(frozen=True)
class PathView:
    """One path as the drafter needs it: entity at the far end, names per hop, graded hops with their items."""

    entity_id: str
    entity_name: str
    names: tuple[str, ...]
    hops: tuple[Hop, ...]
    items: tuple[EvidenceItem | None, ...]
    graded: GradedPath


def _span(spans: dict[str, Any] | None, role: str, item: EvidenceItem, name: str) -> tuple[int, int] | None:
    raw = (spans or {}).get(role)
    if not isinstance(raw, list | tuple) or len(raw) != 2:
        return None
    start, end = int(raw[0]), int(raw[1])
    for offset in (0, item.start):  # sentence-relative or document offsets: keep whichever names the entity
        s, e = start - offset, end - offset
        if 0 <= s < e <= len(item.text) and item.text[s:e].casefold() == name.casefold():
            return s, e
    return None


def hop_input(item: EvidenceItem, subject: str, rel_type: str, obj: str) -> HopInput:
    kind: HopKind = "metadata" if item.kind == "metadata" else "sentence"
    return HopInput(subject=subject, rel_type=rel_type, object=obj, evidence_id=item.id, sentence=item.text,
                    subject_span=_span(item.spans, "subject", item, subject),
                    object_span=_span(item.spans, "object", item, obj), kind=kind, via=via_of(item.spans))


def grade_edge(items: list[EvidenceItem], subject: str, rel_type: str, obj: str,
               nlp: Language) -> tuple[HopGrade, EvidenceItem | None]:
    best: tuple[HopGrade, EvidenceItem | None] = (HopGrade("insufficient", ("no_evidence",), ""), None)
    for item in items:
        graded = grade_hop(hop_input(item, subject, rel_type, obj), nlp)
        if best[1] is None or rank(graded.grade) > rank(best[0].grade):
            best = (graded, item)
    return best


def grade_paths(path_rows: list[dict[str, Any]], edges: dict[Edge, list[EvidenceItem]],
                nlp: Language) -> list[PathView]:
    views: list[PathView] = []
    seen: set[tuple[str, ...]] = set()
    for row in path_rows:
        path = row["path"]
        names_by_id = dict(zip(path["node_ids"], path["names"], strict=True))
        signature = tuple(f"{e['source']}|{e['rel_type']}|{e['target']}" for e in path["edges"])
        if signature in seen:
            continue
        seen.add(signature)
        hops: list[Hop] = []
        items: list[EvidenceItem | None] = []
        for edge in path["edges"]:
            subject, obj = str(names_by_id[edge["source"]]), str(names_by_id[edge["target"]])
            key = (edge["source"], edge["rel_type"], edge["target"])
            graded, item = grade_edge(edges.get(key, []), subject, edge["rel_type"], obj, nlp)
            hops.append(Hop(source=subject, rel_type=edge["rel_type"], target=obj,
                            evidence_id=item.id if item else "", grade=graded.grade, reasons=list(graded.reasons)))
            items.append(item)
        grade = weakest(h.grade for h in hops) if hops else "insufficient"
        views.append(PathView(str(row["entity"]["id"]), str(row["entity"]["name"]),
                              tuple(str(n) for n in path["names"]), tuple(hops), tuple(items),
                              GradedPath(hops=hops, grade=grade)))
    return views
