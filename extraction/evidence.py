"""Turn extracted relations into evidence rows and edge updates (pure; the writer does the I/O).

An Evidence row is one sentence (or one metadata line) and every relation read from it. An edge is keyed by
(source entity, rel_type, target entity) and keeps, per evidence id, the mention spans it was read from, so two
documents asserting different predicates between the same pair keep both edges and every sentence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from extraction.documents import SourceDocument
from extraction.extraction_types import ChunkExtraction, Mention, RelationCandidate
from extraction.identity import entity_id, evidence_id, name_key
from extraction.schema import ACCESS_JOIN, OPEN_END
from extraction.versions import intervals

EdgeKey = tuple[str, str, str]
_WORD = re.compile(r"[^\W\d_]{2,}")  # (source entity id, rel_type, target entity id)


@dataclass(frozen=True)
class EntityRow:
    id: str
    name: str
    type: str
    name_key: str


@dataclass
class EvidenceRow:
    id: str
    document_id: str
    chunk_id: str
    start: int
    end: int
    text: str
    kind: str
    relations: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class DocumentEvidence:
    """What one document contributes: entities, mentions per chunk, evidence rows, and edge support."""

    entities: dict[str, EntityRow] = field(default_factory=dict)
    mentions: set[tuple[str, str]] = field(default_factory=set)  # (chunk id, entity id)
    evidence: dict[str, EvidenceRow] = field(default_factory=dict)
    edges: dict[EdgeKey, dict[str, dict[str, Any]]] = field(default_factory=dict)  # key -> {ev id: support}


def entity_row(mention: Mention) -> EntityRow:
    return EntityRow(entity_id(mention.type, mention.name), mention.name, mention.type, name_key(mention.name))


def _span(start: int, end: int, rel: RelationCandidate) -> list[int] | None:
    """A mention's span relative to the evidence sentence; None when it lies outside it.

    That happens for metadata evidence, whose subject is the document's own entity (a ticket key on another
    front-matter line), and for a relation read ``via="document_subject"`` (one end is what the document or its
    section is about); the absolute document offsets are kept beside it as ``*_at``.
    """
    if rel.sentence_start <= start <= end <= rel.sentence_end:
        return [start - rel.sentence_start, end - rel.sentence_start]
    return None


def _relation_entry(rel: RelationCandidate, subject: EntityRow, obj: EntityRow) -> dict[str, Any]:
    """One relation inside an evidence row; spans are relative to the evidence sentence."""
    return {
        "subject": subject.name,
        "subject_id": subject.id,
        "subject_span": _span(rel.subject.start, rel.subject.end, rel),
        "subject_at": [rel.subject.start, rel.subject.end],
        "predicate": rel.raw_verb,
        "predicate_span": _span(rel.predicate_start, rel.predicate_end, rel),
        "object": obj.name,
        "object_id": obj.id,
        "object_span": _span(rel.object.start, rel.object.end, rel),
        "object_at": [rel.object.start, rel.object.end],
        "rel_type": rel.rel_type,
        "raw_verb": rel.raw_verb,
        "negated": rel.negated,
        "hedged": rel.hedged,
        "planned": rel.planned,
        "via": rel.via,
    }


def collect(document: SourceDocument, extractions: Iterable[ChunkExtraction]) -> DocumentEvidence:
    """Build the document's evidence from its chunk extractions. Offsets are checked, never trusted."""
    out = DocumentEvidence()
    for extraction in extractions:
        for mention in extraction.mentions:
            row = entity_row(mention)
            out.entities.setdefault(row.id, row)
            out.mentions.add((extraction.chunk_id, row.id))
        for rel in extraction.relations:
            _add_relation(document, extraction.chunk_id, rel, out)
        for start, end in extraction.passages:
            _add_passage(document, extraction.chunk_id, start, end, extraction.passage_kind, out)
    return out


def citable(text: str) -> bool:
    """A passage worth citing on its own: at least three words (not a heading fragment or a bare value)."""
    return len(_WORD.findall(text)) >= 3


def _add_passage(document: SourceDocument, chunk_id: str, start: int, end: int, kind: str,
                 out: DocumentEvidence) -> None:
    if not 0 <= start < end <= len(document.text):
        raise ValueError(f"{document.id}: passage range {start}..{end} outside the document")
    text = document.text[start:end]
    ev_id = evidence_id(document.id, chunk_id, start, end)
    if ev_id not in out.evidence and citable(text):
        out.evidence[ev_id] = EvidenceRow(ev_id, document.id, chunk_id, start, end, text, kind)


def _add_relation(document: SourceDocument, chunk_id: str, rel: RelationCandidate, out: DocumentEvidence) -> None:
    start, end = rel.sentence_start, rel.sentence_end
    if not 0 <= start < end <= len(document.text):
        raise ValueError(f"{document.id}: relation sentence range {start}..{end} outside the document")
    subject, obj = entity_row(rel.subject), entity_row(rel.object)
    if subject.id == obj.id or subject.name_key == obj.name_key:
        return  # one name read with two types ("Account: Acme" on Acme's own page) relates nothing to itself
    for row in (subject, obj):
        out.entities.setdefault(row.id, row)
        out.mentions.add((chunk_id, row.id))
    ev_id = evidence_id(document.id, chunk_id, start, end)
    evidence = out.evidence.get(ev_id)
    if evidence is None:
        evidence = EvidenceRow(ev_id, document.id, chunk_id, start, end, document.text[start:end], rel.kind)
        out.evidence[ev_id] = evidence
    entry = _relation_entry(rel, subject, obj)
    if entry not in evidence.relations:
        evidence.relations.append(entry)
    support = out.edges.setdefault((subject.id, rel.rel_type, obj.id), {})
    support.setdefault(
        ev_id,
        {
            "document_id": document.id,
            "subject": entry["subject_span"],
            "predicate": entry["predicate_span"],
            "object": entry["object_span"],
            "raw_verb": rel.raw_verb,
            "via": rel.via,
            "access": list(document.access),
        },
    )


def edge_properties(key: EdgeKey, support: Mapping[str, dict[str, Any]], names: Mapping[str, str]) -> dict[str, Any]:
    """The RELATES edge's stored properties, all derived from its per-evidence support map."""
    source, rel_type, target = key
    ordered = sorted(support)
    periods = [(ev, span) for ev in ordered for span in intervals(support[ev])]
    return {
        "s": source,
        "t": rel_type,
        "o": target,
        "evidence_ids": ordered,
        # one entry per support interval (extraction/versions.py), read by schema.relation_valid_at and
        # schema.visible_evidence_ids
        "sup_ids": [ev for ev, _ in periods],
        "sup_from": [span[0] or "" for _, span in periods],
        "sup_to": [span[1] or OPEN_END for _, span in periods],
        "sup_access": [ACCESS_JOIN.join(support[ev].get("access") or ()) for ev, _ in periods],
        "doc_ids": sorted({support[ev]["document_id"] for ev in ordered}),
        "raw_verbs": sorted({support[ev]["raw_verb"] for ev in ordered}),
        "spans": json.dumps({ev: support[ev] for ev in ordered}, sort_keys=True),
        # Who may read the edge (any supporting document's readers) and, per evidence id, who may read that one:
        # a reader sees the edge and only the sentences of documents in its scope (extraction/access.py).
        "access": sorted({token for ev in ordered for token in support[ev].get("access") or ()}),
        "evidence_access": [ACCESS_JOIN.join(support[ev].get("access") or ()) for ev in ordered],
        # A generated label for display in lists; never rendered as a quote (quotes come from Evidence.text).
        "fact": f"{names.get(source, source)} {rel_type} {names.get(target, target)}",
    }
