"""Typed rows: what the named queries return, parsed once at the dispatcher and carried through every stage.

No stage reads a ``dict[str, Any]`` row; the dispatcher turns the executor's rows into these on the way in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from extraction.passages import HEADING_SEP
from verify import Via, via_of

SentenceKind = Literal["sentence", "metadata"]


@dataclass(frozen=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True)
class MentionSpans:
    """Where an edge's subject and object sit in one evidence sentence (sentence- or document-relative)."""

    subject: Span | None
    object: Span | None
    via: Via = "text"  # "document_subject": one end is the document's subject, not named in the sentence


@dataclass(frozen=True)
class Sentence:
    """One citable Evidence row: a sentence of the body or one labelled front-matter line."""

    id: str
    text: str
    document_id: str
    start: int
    end: int
    kind: SentenceKind
    spans: MentionSpans | None = None  # only for a sentence read as an edge's evidence


@dataclass(frozen=True)
class EdgeRef:
    source: str
    rel_type: str
    target: str

    def key(self) -> tuple[str, str, str]:
        return (self.source, self.rel_type, self.target)


@dataclass(frozen=True)
class EntityRef:
    id: str
    name: str
    type: str


@dataclass(frozen=True)
class PathRow:
    """One walk result: the entity at the far end and the directed edges of the path to it."""

    entity: EntityRef
    names: dict[str, str]  # node id -> name
    order: tuple[str, ...]  # node names from the anchor to the far entity
    edges: tuple[EdgeRef, ...]

    def signature(self) -> tuple[tuple[str, str, str], ...]:
        return tuple(e.key() for e in self.edges)


@dataclass(frozen=True)
class PassageHit:
    """A passage found by search_passages, with its fused rank score."""

    id: str
    document_id: str
    heading: str
    kind: str
    start: int
    end: int
    score: float  # fused (reciprocal-rank) score
    similarity: float | None  # 1 - cosine distance to the query vector, when the vector list found it
    fulltext: float  # this passage's reciprocal-rank share from the full-text list (0 when not found there)


def own_heading(heading: str) -> str:
    """The last heading of a stored heading path ("Incident > Root cause" -> "Root cause"): what a passage's own
    section is called, without the headings it sits under."""
    return heading.rsplit(HEADING_SEP, 1)[-1]


@dataclass(frozen=True)
class DocPassage:
    """A passage of one document as document_passages returns it: text (heading + body) and distances."""

    id: str
    document_id: str
    heading: str
    kind: str
    start: int
    end: int
    text: str
    distances: tuple[float, ...]  # cosine distance to each query vector sent
    escaped: bool = False  # its written-out "\\n" end lines (an exported body's, extraction/line_breaks.py)

    @property
    def body(self) -> str:
        """The text under the heading line (``text`` is the heading path, a line break, then the body)."""
        return self.text[len(self.heading) + 1:]

    @property
    def aligned(self) -> bool:
        """The body is the document's text from ``start`` to ``end``, so an offset into it is ``start`` away from
        the document's: false for a passage whose stored text is not heading + body."""
        return len(self.body) == self.end - self.start


def with_distances(passage: DocPassage, distances: tuple[float, ...]) -> DocPassage:
    """``passage`` with other distances, every other field the same objects: what ``dataclasses.replace`` gives,
    copied without running the constructor field by field (about 6x cheaper; a turn rejoins every passage of the
    documents it reads again, ~350 a question, zehn/agent/passage_cache.py)."""
    copied = object.__new__(DocPassage)
    copied.__dict__.update(passage.__dict__)
    copied.__dict__["distances"] = distances  # frozen: set as the constructor would, not through __setattr__
    return copied


@dataclass(frozen=True)
class DocumentInfo:
    id: str
    title: str
    source_type: str
    created: str | None
    updated: str | None


@dataclass(frozen=True)
class ScopePassage:
    """A passage as the whole-corpus word index reads it (``scope_passages``): its text and its document."""

    id: str
    document_id: str
    text: str


# A graph's version as one reader sees it (``scope_version``): the graph's ingest stamp (extraction/ingest_stamp.py)
# as (None, None, stamp), or in a graph written before the stamp (ready documents it may read, latest ingest, None).
ScopeVersion = tuple[int | None, str | None, int | None]


def _span(raw: object) -> Span | None:
    if isinstance(raw, list | tuple) and len(raw) == 2 and all(isinstance(v, int) for v in raw):
        return Span(int(raw[0]), int(raw[1]))
    return None


def mention_spans(raw: object) -> MentionSpans | None:
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
    if not isinstance(raw, dict):
        return None
    return MentionSpans(_span(raw.get("subject")), _span(raw.get("object")), via_of(raw))


def sentence(row: dict[str, Any]) -> Sentence:
    kind: SentenceKind = "metadata" if row.get("kind") == "metadata" else "sentence"
    return Sentence(str(row.get("evidence_id") or row["id"]), str(row["text"]), str(row["document_id"]),
                    int(row["start"]), int(row["end"]), kind, mention_spans(row.get("spans")))


def path_row(row: dict[str, Any]) -> PathRow:
    path = row["path"]
    entity = row["entity"]
    return PathRow(EntityRef(str(entity["id"]), str(entity["name"]), str(entity.get("type") or "")),
                   {str(i): str(n) for i, n in zip(path["node_ids"], path["names"], strict=True)},
                   tuple(str(n) for n in path["names"]),
                   tuple(EdgeRef(str(e["source"]), str(e["rel_type"]), str(e["target"])) for e in path["edges"]))


def passage_hit(row: dict[str, Any], rrf_k: int) -> PassageHit:
    distance = (row.get("source_scores") or {}).get("vector_passage")
    rank = (row.get("ranks") or {}).get("fulltext_passage")
    return PassageHit(str(row["id"]), str(row["document_id"]), str(row.get("heading") or ""),
                      str(row.get("passage_kind") or "section"), int(row["start"]), int(row["end"]),
                      float(row["score"]), None if distance is None else 1.0 - float(distance),
                      0.0 if rank is None else 1.0 / (rrf_k + int(rank)))


def doc_passage(row: dict[str, Any]) -> DocPassage:
    return DocPassage(str(row["id"]), str(row["document_id"]), str(row.get("heading") or ""),
                      str(row.get("kind") or "section"), int(row["start"]), int(row["end"]), str(row["text"]),
                      tuple(map(float, row.get("distances") or ())), row.get("escaped") is True)


def document_info(row: dict[str, Any]) -> DocumentInfo:
    return DocumentInfo(str(row["id"]), str(row.get("title") or ""), str(row.get("source_type") or ""),
                        row.get("created"), row.get("updated"))
