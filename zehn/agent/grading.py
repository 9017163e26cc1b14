"""Hop-grade paths against the evidence sentences of their edges (verify.grade_hop), and grade hops bound at
question time the same way.

For each edge the grader sees each of its evidence sentences (``HopInput``: sentence = the evidence text, the
mention spans from the edge's ``spans`` converted to sentence offsets, ``kind`` metadata|sentence); the edge keeps
the strongest grade any of its sentences earns (one sentence that states it is enough). A path is as strong as its
weakest edge; an edge with no sentence is ``insufficient`` (``no_evidence``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from verify import HopGrade, HopInput, grade_hop
from verify.grades import HopKind, rank, weakest
from verify.parsing import Parse
from zehn.agent.bound import PathView
from zehn.agent.rows import PathRow, Sentence, Span
from zehn.answers.model import GradedPath, Hop, ReadAt

EdgeKey = tuple[str, str, str]


def _span(span: Span | None, item: Sentence, name: str) -> tuple[int, int] | None:
    if span is None:
        return None
    for offset in (0, item.start):  # sentence-relative or document offsets: keep whichever names the entity
        s, e = span.start - offset, span.end - offset
        if 0 <= s < e <= len(item.text) and item.text[s:e].casefold() == name.casefold():
            return s, e
    return None


def hop_input(item: Sentence, subject: str, rel_type: str, obj: str) -> HopInput:
    kind: HopKind = "metadata" if item.kind == "metadata" else "sentence"
    spans = item.spans
    return HopInput(subject=subject, rel_type=rel_type, object=obj, evidence_id=item.id, sentence=item.text,
                    subject_span=_span(spans.subject if spans else None, item, subject),
                    object_span=_span(spans.object if spans else None, item, obj), kind=kind,
                    via=spans.via if spans else "text")


def grade_edge(items: Sequence[Sentence], subject: str, rel_type: str, obj: str,
               parse: Parse) -> tuple[HopGrade, Sentence | None]:
    best: tuple[HopGrade, Sentence | None] = (HopGrade("insufficient", ("no_evidence",), ""), None)
    for item in items:
        graded = grade_hop(hop_input(item, subject, rel_type, obj), parse)
        if best[1] is None or rank(graded.grade) > rank(best[0].grade):
            best = (graded, item)
    return best


def view(entity_id: str, entity_name: str, names: tuple[str, ...], hops: list[Hop],
         items: list[Sentence | None]) -> PathView:
    grade = weakest(h.grade for h in hops) if hops else "insufficient"
    return PathView(entity_id, entity_name, names, tuple(hops), tuple(items), GradedPath(hops=hops, grade=grade))


def hop(subject: str, rel_type: str, obj: str, graded: HopGrade, item: Sentence | None,
        read_at: ReadAt = "ingest") -> Hop:
    return Hop(source=subject, rel_type=rel_type, target=obj, evidence_id=item.id if item else "",
               grade=graded.grade, reasons=list(graded.reasons), read_at=read_at)


def grade_paths(paths: Sequence[PathRow], edges: Mapping[EdgeKey, Sequence[Sentence]],
                parse: Parse) -> list[PathView]:
    views: list[PathView] = []
    seen: set[tuple[EdgeKey, ...]] = set()
    for row in paths:
        if row.signature() in seen:
            continue
        seen.add(row.signature())
        hops: list[Hop] = []
        items: list[Sentence | None] = []
        for edge in row.edges:
            subject, obj = row.names.get(edge.source, edge.source), row.names.get(edge.target, edge.target)
            graded, item = grade_edge(edges.get(edge.key(), []), subject, edge.rel_type, obj, parse)
            hops.append(hop(subject, edge.rel_type, obj, graded, item))
            items.append(item)
        views.append(view(row.entity.id, row.entity.name, row.order, hops, items))
    return views
